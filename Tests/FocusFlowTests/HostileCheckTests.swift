import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// A flow of `count` text fields `f0`, `f1`, … with `extra` JSON members in each field.
private func generatedFlow(_ count: Int, rules: String? = nil) throws -> FlowSpec {
    let fields = (0..<count).map { i in
        #"{"id":"f\#(i)","label":"F\#(i)"\#(rules.map { #","rules":\#($0)"# } ?? "")}"#
    }
    return try FlowSpec(json: Data(#"{"id":"g","title":"G","fields":[\#(fields.joined(separator: ","))]}"#.utf8))
}

@Suite("check under hostile rules: bounded values, linear work a state")
struct HostileCheckTests {
    @Test(
        "A length rule of any size the loader takes gives candidate values of bounded size, and check ends",
        arguments: [
            #"{"maxLength":65536}"#, #"{"minLength":65536}"#, #"{"minLength":65535,"maxLength":65536}"#,
            #"{"required":true,"minLength":60000,"maxLength":65536}"#, #"{"minLength":65,"maxLength":66}"#,
        ])
    func hugeLengthRules(rules: String) throws {
        let spec = try generatedFlow(2, rules: rules)
        let explorer = FlowExplorer(spec: spec)
        for (field, values) in explorer.values {
            #expect(values.allSatisfy { $0.count <= FlowExplorer.valueLengthCap }, "\(field) gets a value of \(values.map(\.count).max() ?? 0) characters")
        }
        let report = explorer.run(.init(depth: 6, maxStates: 2_000))
        #expect(report.counterexample == nil)
    }

    @Test("A length rule within the cap is tested on both sides of its boundary", arguments: [(3, 5), (1, 1), (0, 63), (64, 64)])
    func lengthBoundary(min: Int, max: Int) throws {
        let spec = try generatedFlow(1, rules: #"{"minLength":\#(min),"maxLength":\#(max)}"#)
        let values = FlowExplorer(spec: spec).values["f0"] ?? []
        let lengths = Set(values.map(\.count))
        #expect(values.contains { $0.count >= min && $0.count <= max }, "a passing value among \(lengths)")
        if max < FlowExplorer.valueLengthCap { #expect(values.contains { $0.count > max } || min > 0 && values.contains { $0.count < min }) }
    }

    @Test(
        "focusflow check on a flow with the longest maxLength or minLength the loader takes ends with its report, no crash",
        arguments: [#"{"maxLength":65536}"#, #"{"minLength":65536}"#, #"{"required":true,"minLength":65536,"maxLength":65536}"#])
    func checkCommandSurvives(rules: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-huge-\(UUID()).json")
        try Data(#"{"id":"h","title":"H","fields":[{"id":"a","label":"A","rules":\#(rules)}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Command.run(["check", file.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("invariants hold on every edge explored"))
    }

    @Test("A state of a flow of untied fields tries a number of requests that does not grow with the fields", arguments: [30, 300])
    func boundedRequestsAState(count: Int) throws {
        let explorer = FlowExplorer(spec: try generatedFlow(count))
        var state = explorer.reducer.initialState()
        let first = explorer.requests(from: state).count
        // Middle of the flow: the alphabet, and jumps to first, last and the fields within two.
        state = explorer.reducer.initialState()
        _ = explorer.reducer.reduce(into: &state, action: .focus(FieldID("f\(count / 2)")))
        let middle = explorer.requests(from: state)
        #expect(first <= 16 && middle.count <= 20, "\(first) and \(middle.count) requests a state for \(count) fields")
        let jumps = middle.compactMap { if case .focus(let id) = $0.action { id } else { nil } }
        let expected = [0, count - 1, count / 2 - 2, count / 2 - 1, count / 2, count / 2 + 1, count / 2 + 2].map { FieldID("f\($0)") }
        #expect(Set(jumps) == Set(expected))
    }

    @Test("Every edge of a 300-field flow costs work linear in the fields: edges per state stay bounded")
    func edgesPerState() throws {
        let report = FlowExplorer(spec: try generatedFlow(300)).run(.init(depth: 50, maxStates: 200))
        #expect(report.edges <= report.states * 20, "\(report.edges) edges for \(report.states) states")
    }

    @Test("Fields tied by a rule or a condition are jumped to from every state")
    func tiedFieldsAreJumpTargets() throws {
        var fields = (0..<20).map { FieldSpec(id: FieldID(rawValue: "f\($0)")) }
        fields[15] = FieldSpec(id: "f15", rules: .init(matches: "f7"))
        fields[18] = FieldSpec(id: "f18", when: .init(field: "f10", test: .notEmpty(true)))
        let explorer = FlowExplorer(spec: try FlowSpec(id: "t", title: "T", fields: fields))
        #expect(explorer.jumpTargets(from: 0) == ["f0", "f1", "f2", "f7", "f10", "f15", "f18", "f19"])
    }

    @Test("check shows its progress only on a terminal: nothing at all on a piped stderr, explored whole or stopped by its budget")
    func noProgressWhenPiped() throws {
        for arguments in [["check", "Flows/signup.json"], ["check", "Flows/signup.json", "--budget", "0.001"]] {
            let result = try Command.run(arguments)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasSuffix("every edge explored\n") || result.stdout.contains("partial proof: stopped by --budget 0.001 s"))
        }
    }
}

@Suite("Quadratic paths: when chains and did-you-mean")
struct QuadraticPathTests {
    /// `count` fields, each shown when the one before is not empty, all answered.
    static func chain(_ count: Int) throws -> (FlowReducer, FlowReducer.State) {
        let fields = (0..<count).map { i in
            FieldSpec(id: FieldID(rawValue: "c\(i)"), when: i == 0 ? nil : .init(field: FieldID(rawValue: "c\(i - 1)"), test: .notEmpty(true)))
        }
        let reducer = FlowReducer(spec: try FlowSpec(id: "chain", title: "Chain", fields: fields))
        var state = reducer.initialState()
        for i in 0..<count { state.fields[FieldID(rawValue: "c\(i)")] = .init(text: "x") }
        return (reducer, state)
    }

    @Test("A chain of 8,000 when conditions costs linear time a request: progress, previous, a jump and the result")
    func whenChain() throws {
        let (reducer, filled) = try Self.chain(8_000)
        var state = filled
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = reducer.reduce(into: &state, action: .focus("c7999"))
            _ = reducer.progress(in: state)
            _ = reducer.result(of: state)
            _ = reducer.reduce(into: &state, action: .previous)
            _ = reducer.progress(in: state)
        }
        #expect(state.focus == "c7998")
        // Quadratic: tens of millions of condition checks, seconds even in release; linear: milliseconds.
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }

    @Test("A chain of 24,000 when conditions is walked without recursion: no stack overflow")
    func deepChain() throws {
        let (reducer, state) = try Self.chain(24_000)
        #expect(reducer.isVisible("c23999", in: state))
    }

    @Test("Did you mean over 5,000 names with a 20 kB unknown name compares nothing and answers at once")
    func boundedSuggestion() throws {
        let names = (0..<5_000).map { "field\($0)" }
        let word = String(repeating: "fieldx", count: 3_400)
        var cells = 0
        #expect(Suggestion.nearest(to: word, in: names, cells: &cells) == nil)
        #expect(cells == 0)
        var near = 0
        #expect(Suggestion.nearest(to: "feild12", in: names, cells: &near) == "field12")
        #expect(near < 5_000 * 8 * 8, "\(near) cells")
    }

    @Test("A serve focus request naming a 20 kB unknown field over 5,000 fields is answered quickly")
    func boundedSuggestionThroughProtocol() throws {
        var session = ProtocolSession(spec: try generatedFlow(5_000))
        let line = #"{"action":"focus","field":"\#(String(repeating: "f1x", count: 7_000))"}"#
        let clock = ContinuousClock()
        var response = ""
        let elapsed = clock.measure { response = session.respond(toLine: Array(line.utf8)) }
        #expect(response.hasPrefix(#"{"error":"#))
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }
}
