import Foundation
import Testing
@testable import FocusFlow

/// Sections: a field's `section` (per-language text like a label), read the same by both
/// loaders and made by the factories; the engine's section and step within it, counted as the
/// flow's progress counts steps; the review's groups; and what `serve` says of them.
@Suite("Sections")
struct SectionTests {
    /// Account (name, a nickname only for Ada, a PIN), then Confirm (agree).
    static func flow() throws -> FlowSpec {
        let account = LocalizedText([.init(code: "en", text: "Account"), .init(code: "ko", text: "계정")])
        return try FlowSpec(
            id: "sections", title: "Sections",
            fields: [
                .text("name", required: true, section: "Account", localizedText: [.section: account]),
                .text("nick", when: FieldCondition(field: "name", test: .equals("Ada")), section: "Account", localizedText: [.section: account]),
                .text("pin", secure: true, section: "Account", localizedText: [.section: account]),
                .confirm("agree", section: "Confirm"),
                .text("note"),
            ], review: true)
    }

    /// The state after answering `answers` in turn, each followed by Next.
    static func walked(_ reducer: FlowReducer, _ answers: [String]) -> FlowReducer.State {
        var state = reducer.initialState()
        for answer in answers {
            for action in reducer.actions(answering: answer, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        return state
    }

    @Test(
        "The section and the step within it count the section's visible fields and the ones an answer to come can show",
        arguments: [
            ([String](), "1/5", "Account · 1/3"),
            (["Ada"], "2/5", "Account · 2/3"),
            (["Ada", "ace"], "3/5", "Account · 3/3"),
            (["Grace"], "2/4", "Account · 2/2"),
            (["Grace", "1234"], "3/4", "Confirm · 1/1"),
            (["Grace", "1234", "y"], "4/4", nil),
        ])
    func progress(answers: [String], flow: String, section: String?) throws {
        let reducer = FlowReducer(spec: try Self.flow())
        let progress = reducer.progress(in: Self.walked(reducer, answers))
        #expect(progress.description == flow)
        #expect(progress.section?.description == section)
    }

    @Test("A section's last field that can show reads n/n while a hidden field after it cannot show")
    func lastFieldOfSection() throws {
        let spec = try FlowSpec(
            id: "x", title: "X",
            fields: [
                .text("a", section: "A"), .text("b", section: "A"),
                .text("c", when: FieldCondition(field: "a", test: .equals("show")), section: "A"), .text("d", section: "B"),
            ])
        let reducer = FlowReducer(spec: spec)
        #expect(reducer.progress(in: Self.walked(reducer, ["x"])).section == .init(name: "A", step: 2, steps: 2))
        #expect(reducer.progress(in: Self.walked(reducer, ["show"])).section == .init(name: "A", step: 2, steps: 3))
    }

    @Test("The same name after another section starts a second section of that name")
    func sameNameAgain() throws {
        let spec = try FlowSpec(id: "x", title: "X", fields: [.text("a", section: "A"), .text("b", section: "B"), .text("c", section: "A")])
        let reducer = FlowReducer(spec: spec)
        #expect(reducer.progress(in: Self.walked(reducer, ["1", "2"])).section == .init(name: "A", step: 1, steps: 1))
        #expect(reducer.sectionGroups(in: Self.walked(reducer, ["1", "2", "3"])).map(\.section) == ["A", "B", "A"])
    }

    @Test("The review's groups follow the sections of the visible fields; a hidden field is in none")
    func groups() throws {
        let reducer = FlowReducer(spec: try Self.flow())
        let groups = reducer.sectionGroups(in: Self.walked(reducer, ["Grace", "1234", "y", "x"]))
        #expect(groups.map(\.section) == ["Account", "Confirm", nil])
        #expect(groups.map { $0.fields.map(\.rawValue) } == [["name", "pin"], ["agree"], ["note"]])
    }

    @Test("Sections change no answer: the flow completes with what the same flow without them completes with")
    func noAnswerChanged() throws {
        let spec = try Self.flow()
        let plain = try FlowSpec(
            id: spec.id, title: spec.title,
            fields: spec.fields.map { field in
                var field = field
                field.section = nil
                field.localizedText[.section] = nil
                return field
            }, review: true)
        #expect(plain.fields.allSatisfy { $0.section == nil })
        let answers = ["Ada", "ace", "1234", "y", "note"]
        for spec in [spec, plain] {
            let reducer = FlowReducer(spec: spec)
            #expect(reducer.result(of: Self.walked(reducer, answers)).answers.map(\.field) == ["name", "nick", "pin", "agree", "note"])
        }
        let a = FlowReducer(spec: spec), b = FlowReducer(spec: plain)
        #expect(a.result(of: Self.walked(a, answers)) == b.result(of: Self.walked(b, answers)))
    }

    @Test("Both loaders read a section given as text or in several languages; localizing chooses its language")
    func decoding() throws {
        let json = #"{"id":"x","fields":[{"id":"a","section":{"en":"Account","ko":"계정"}},{"id":"b","section":"Extra"},{"id":"c"}]}"#
        for directly in [true, false] {
            let spec = try FlowSpec(json: Data(json.utf8), file: nil, directly: directly)
            #expect(spec.fields.map(\.section) == ["Account", "Extra", nil], "directly: \(directly)")
            #expect(spec.localized(to: .ko).fields.map(\.section) == ["계정", "Extra", nil], "directly: \(directly)")
            #expect(spec.fields[0] == .text("a", section: "Account", localizedText: [.section: LocalizedText([.init(code: "en", text: "Account"), .init(code: "ko", text: "계정")])]))
        }
        #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(#"{"id":"x","fields":[{"id":"a","section":"\u001b[31m"}]}"#.utf8), file: nil) }
    }

    @Test(
        "validate refuses a section that names nothing, with its place, in every language given",
        arguments: [
            (#"{"id":"x","fields":[{"id":"a"},{"id":"b","section":" "}]}"#, #"fields[1] ("b").section: a section needs a name"#),
            (#"{"id":"x","fields":[{"id":"a","section":{"en":"Account","ko":""}}]}"#, #"fields[0] ("a").section.ko: a section needs a name"#),
        ])
    func emptySection(json: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("section-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Command.run(["validate", path.path])
        #expect(result.status != 0)
        #expect(result.stdout.contains(message) || result.stderr.contains(message), "\(result.stdout)\(result.stderr)")
    }

    @Test("serve's state says the section and the step within it only in a flow with sections; describe says each field's")
    func serve() throws {
        let result = try Command.run(["serve", "Flows/account.json"], input: "text ada@example.com\nnext\ndescribe\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""section":"Account","sectionStep":1,"sectionSteps":3"#), "\(lines[0])")
        #expect(lines[2].contains(#""section":"Account","sectionStep":2,"sectionSteps":3"#), "\(lines[2])")
        #expect(lines[3].contains(#""id":"terms","kind":"confirm","label":"I accept the terms of service","hint":null,"placeholder":null,"section":"Confirm""#), "\(lines[3])")
        let korean = try Command.run(["serve", "--lang", "ko", "Flows/account.json"], input: "describe\n")
        #expect(korean.stdout.contains(#""state":{"phase":"editing","focus":"email","step":1,"steps":8,"#), "\(korean.stdout)")
        #expect(korean.stdout.contains(#""section":"계정","sectionStep":1,"sectionSteps":3"#), "\(korean.stdout)")
        #expect(korean.stdout.contains(#""section":"프로필""#), "\(korean.stdout)")
        let plain = try Command.run(["serve"], input: "describe\n")
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("section"), "a flow without sections keeps its state and fields as they are: \(plain.stdout)")
    }
}
