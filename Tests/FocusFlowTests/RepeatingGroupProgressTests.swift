import Foundation
import Testing
@testable import FocusFlow

/// What a person meets of a repeating group besides its walk: the review lists each item under
/// its own heading and the question answered no as one row after them (never a question answered
/// yes), and the progress counts the steps the walk will ask under the answers given, an item
/// not added none.
@Suite("Repeating groups in the review and the progress")
struct RepeatingGroupProgressTests {
    @Test(
        "The step counter counts the items added and each question asked, never an item not added",
        arguments: [
            (1, [], "1/6", nil),
            (1, ["Ada"], "2/6", "Phone numbers 1 1/3"),
            (1, ["Ada", "mobile"], "3/5", "Phone numbers 1 2/2"),
            (1, ["Ada", "mobile", "010"], "4/5", "Phone numbers 1/1"),
            (1, ["Ada", "mobile", "010", "y"], "5/9", "Phone numbers 2 1/3"),
            (1, ["Ada", "mobile", "010", "y", "home", "020"], "7/8", "Phone numbers 1/1"),
            (1, ["Ada", "mobile", "010", "y", "home", "020", "y", "work", "030"], "10/11", "Phone numbers 3 3/3"),
            (1, ["Ada", "mobile", "010", "n"], "5/5", nil),
            (0, [], "1/3", nil),
            (0, ["Ada", "y"], "3/7", "Phone numbers 1 1/3"),
        ] as [(Int, [String], String, String?)])
    func progress(minItems: Int, answers: [String], counter: String, section: String?) throws {
        let reducer = FlowReducer(spec: try RepeatingGroupTests.flow(minItems: minItems))
        let state = RepeatingGroupTests.walked(reducer, answers)
        let progress = reducer.progress(in: state)
        #expect("\(progress.step)/\(progress.steps)" == counter, "at \(state.focus?.rawValue ?? "-")")
        #expect(progress.section.map { "\($0.name) \($0.step)/\($0.steps)" } == section, "at \(state.focus?.rawValue ?? "-")")
    }

    @Test("Walking to the end, the counter's last step is the steps it counted once every question was answered")
    func counterMeetsEnd() throws {
        let reducer = FlowReducer(spec: try RepeatingGroupTests.flow())
        var state = reducer.initialState()
        var counters: [String] = []
        for answer in ["Ada", "mobile", "010", "y", "home", "020", "n", "note"] {
            let progress = reducer.progress(in: state)
            counters.append("\(progress.step)/\(progress.steps)")
            for action in reducer.actions(answering: answer, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        #expect(counters == ["1/6", "2/6", "3/5", "4/5", "5/9", "6/8", "7/8", "8/8"])
    }

    /// The contact flow with a review, walked to it with `items` phone numbers.
    static func reviewed(items: Int) throws -> (FlowReducer, FlowReducer.State) {
        let spec = try RepeatingGroupTests.flow()
        let reducer = FlowReducer(spec: try FlowSpec(id: spec.id, title: spec.title, entries: spec.entries, review: true))
        let phones = [["mobile", "010"], ["home", "020"], ["work", "030", "9"]].prefix(items)
        let answers = ["Ada"] + phones.enumerated().flatMap { number, item in (number == 0 ? [] : ["y"]) + item } + (items < 3 ? ["n"] : []) + ["note"]
        return (reducer, RepeatingGroupTests.walked(reducer, answers))
    }

    @Test(
        "The review heads each item and lists the question answered no as one row after the items, never one answered yes",
        arguments: [
            (1, ["-: name", "Phone numbers 1: phones[0].type phones[0].number", "Phone numbers: phones[1]", "-: note"]),
            (
                2,
                [
                    "-: name", "Phone numbers 1: phones[0].type phones[0].number", "Phone numbers 2: phones[1].type phones[1].number",
                    "Phone numbers: phones[2]", "-: note",
                ]
            ),
            (
                3,
                [
                    "-: name", "Phone numbers 1: phones[0].type phones[0].number", "Phone numbers 2: phones[1].type phones[1].number",
                    "Phone numbers 3: phones[2].type phones[2].number phones[2].ext", "-: note",
                ]
            ),
        ])
    func reviewRows(items: Int, rows: [String]) throws {
        let (reducer, state) = try Self.reviewed(items: items)
        #expect(state.phase == .review)
        let groups = reducer.sectionGroups(in: state).map { "\($0.section ?? "-"): " + $0.fields.map(\.rawValue).joined(separator: " ") }
        #expect(groups == rows)
    }

    @Test("Amending the question answered no to yes at the review adds an item, asked field by field, then the review again")
    func amendNoAddsItem() throws {
        var (reducer, state) = try Self.reviewed(items: 2)
        _ = reducer.reduce(into: &state, action: .focus("phones[2]"))
        state = RepeatingGroupTests.walked(reducer, ["y", "work", "030", "9"], from: state)
        #expect(state.phase == .review)
        _ = reducer.reduce(into: &state, action: .submit)
        #expect(
            reducer.result(of: state).json
                == #"{"name":"Ada","phones":[{"type":"mobile","number":"010"},{"type":"home","number":"020"},{"type":"work","number":"030","ext":"9"}],"note":"note"}"#
        )
    }

    @Test("Piped input's review numbers the rows shown: no question answered yes, the one answered no after the items, and its number amends it")
    func pipedReview() throws {
        let run = try Command.run(["run", "Flows/contact.json"], input: "Ada\nmobile\n010\ny\nhome\n020\nn\nevening\n6\ny\nwork\n030\n9\n\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("?: yes"), "\(run.stderr)")
        #expect(
            run.stderr.contains("  Phone numbers 2:\n  4. Type: Home\n  5. Number: 020\n  Phone numbers:\n  6. Add another to Phone numbers?: no\n  7. Best time to call: Evening"),
            "\(run.stderr)")
        #expect(
            run.stdout
                == #"{"name":"Ada","phones":[{"type":"mobile","number":"010"},{"type":"home","number":"020"},{"type":"work","number":"030","extension":"9"}],"best":"evening"}"#
                + "\n")
    }
}
