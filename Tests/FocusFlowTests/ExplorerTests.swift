import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
@testable import focusflow

@Suite("Model-based check")
struct ExplorerTests {
    @Test("Every shipped flow holds all invariants over every reachable state", arguments: ["signup", "login", "delivery"])
    func shippedFlowsHold(name: String) throws {
        // The sign-up as the program embeds it: Flows/signup.json's checks and sends multiply its
        // states some hundredfold as one, and ServiceCheckTests explores them group by group.
        let spec = name == "signup" ? try FlowSpec.signup() : try Fixtures.flow(name)
        let report = FlowExplorer(spec: spec).run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive)
        #expect(report.completed && report.cancelled)
        #expect(report.fieldsFocused.count == spec.fields.count)
        #expect(report.noPassingValue.isEmpty)
        #expect(report.eventsSeen.isSuperset(of: ["focusMoved", "keyboardChanged", "changed", "rejected", "invalid", "completed", "cancelled"]))
    }

    /// Machines broken on purpose, each against the invariant it breaks: the checker can fail.
    static let broken: [(String, Int, @Sendable (FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])] = [
        (
            "loses the text of the field it leaves on previous", 5,
            { reducer in
                { state, action in
                    let left = state.focus
                    let events = reducer.reduce(into: &state, action: action)
                    if case .previous = action, let left, state.focus != left { state.fields[left] = .init(text: "") }
                    return events
                }
            }
        ),
        (
            "forgets to say keyboardChanged", 4,
            { reducer in
                { state, action in
                    reducer.reduce(into: &state, action: action).filter { if case .keyboardChanged = $0 { false } else { true } }
                }
            }
        ),
        (
            "lets refused text in", 7,
            { reducer in
                { state, action in
                    let events = reducer.reduce(into: &state, action: action)
                    if let focus = state.focus, events == [.rejected(field: focus)], case .field(.textChanged(let text)) = action { state.fields[focus] = .init(text: text) }
                    return events.filter { $0 != .rejected(field: state.focus ?? "") }
                }
            }
        ),
        (
            "says the secure text in changed", 8,
            { reducer in
                { state, action in
                    let focus = state.focus
                    return reducer.reduce(into: &state, action: action).map { event in
                        if case .changed(let field, nil, nil) = event, field == focus { return .changed(field: field, old: "", new: state.text(of: field)) }
                        return event
                    }
                }
            }
        ),
        (
            "keeps a secure field revealed after leaving it", 2,
            { reducer in
                { state, action in
                    let revealed = state.revealed
                    let events = reducer.reduce(into: &state, action: action)
                    if revealed, case .next = action { state.revealed = true; state.surface = .plain }
                    return events
                }
            }
        ),
    ]

    /// Replaying `script` through the broken machine `transition` breaks an invariant on the
    /// last step and not before; through the real reducer it breaks none.
    static func expectReplays(
        _ script: [FlowRequest], reducer: FlowReducer,
        through transition: (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]
    ) {
        let invariants = FlowInvariants(reducer: reducer)
        var broken = reducer.initialState(), real = reducer.initialState()
        for (step, request) in script.enumerated() {
            let before = broken
            let events = transition(&broken, request.action!)
            let violation = invariants.check(before: before, action: request.action!, after: broken, events: events)
            #expect((violation != nil) == (step == script.count - 1))
            let realBefore = real
            let realEvents = reducer.reduce(into: &real, action: request.action!)
            #expect(invariants.check(before: realBefore, action: request.action!, after: real, events: realEvents) == nil)
        }
    }

    @Test("The explorer finds a deliberately broken machine and gives the shortest replayable script", arguments: broken.indices)
    func findsBrokenMachine(index: Int) throws {
        let (what, invariant, breakIt) = Self.broken[index]
        let spec = try FlowSpec.signup()
        let reducer = FlowReducer(spec: spec)
        let report = FlowExplorer(spec: spec, transition: breakIt(reducer)).run()
        let counterexample = try #require(report.counterexample, "no violation found for a machine that \(what)")
        #expect(counterexample.violation.invariant == invariant, "\(counterexample.violation)")
        Self.expectReplays(counterexample.script, reducer: reducer, through: breakIt(reducer))
        // Shortest: no script one request shorter reaches a violation (breadth first).
        let shorter = FlowExplorer(spec: spec, transition: breakIt(reducer)).run(.init(depth: counterexample.script.count - 1))
        #expect(shorter.counterexample == nil)
    }

    @Test("focusflow check passes the shipped flows and prints what it covered")
    func checkCommand() throws {
        let result = try Command.run(["check", "Flows/signup.json"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Flows/signup.json: ") && lines[0].hasSuffix("every reachable state"))
        #expect(lines[1] == "covered: 6/6 fields focused; completed: yes; cancelled: yes")
        #expect(lines.last == "all 17 invariants hold on every edge explored")
    }

    @Test("focusflow check stops at its limits and says so")
    func checkLimits() throws {
        let result = try Command.run(["check", "Flows/signup.json", "--depth", "3"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(", partial, to depth 3 at most within a group\n"))
        #expect(result.stdout.hasSuffix("\npartial proof: stopped by --depth 3 (limits: --depth 3, --max-states 200000, --budget 60 s); nothing is claimed beyond the edges explored\n"))
        let bad = try Command.run(["check", "--depth", "zero"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--depth takes a whole number from 1 to 1000, not \"zero\""))
    }

    @Test("The random-walk invariants test and the library checker agree: every shipped walk holds")
    func libraryCheckerOnWalks() throws {
        for name in ["signup", "delivery"] {
            let reducer = FlowReducer(spec: try Fixtures.flow(name))
            let invariants = FlowInvariants(reducer: reducer)
            var generator = SplitMix(seed: 7)
            for _ in 0..<100 {
                var state = reducer.initialState()
                let explorer = FlowExplorer(spec: reducer.spec)
                for _ in 0..<30 where state.phase == .editing {
                    let requests = explorer.requests(from: state)
                    let request = requests[Int(generator.next() % UInt64(requests.count))]
                    let before = state
                    let events = reducer.reduce(into: &state, action: request.action!)
                    #expect(invariants.check(before: before, action: request.action!, after: state, events: events) == nil)
                }
            }
        }
    }
}

@Suite("focusflow check's report")
struct CheckReportTests {
    @Test("A violation prints the invariant and a script that focusflow replay takes")
    func violationReport() throws {
        let spec = try FlowSpec.signup()
        let reducer = FlowReducer(spec: spec)
        let (_, _, breakIt) = ExplorerTests.broken[0]
        let report = FlowExplorer(spec: spec, transition: breakIt(reducer)).run()
        let text = Check.summary(report, name: "Flows/signup.json", spec: spec, options: .init())
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("VIOLATION of invariant 5: the text of") })
        #expect(lines[header + 1].hasPrefix("shortest script ("))
        let script = lines[(header + 2)...].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(script.count == report.counterexample?.script.count)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-\(UUID()).jsonl")
        try Data(script.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let replayed = try Command.run(["replay", "Flows/signup.json", file.path])
        #expect(replayed.status == 0)
        #expect(replayed.stdout.split(separator: "\n").count == script.count + 1)
        #expect(!replayed.stdout.contains("{\"error\":"), "every scripted request applies")
    }

    @Test("In Korean, the violation after 위반: is the invariant's Korean sentence")
    func violationReportInKorean() throws {
        let spec = try FlowSpec.signup()
        let (_, _, breakIt) = ExplorerTests.broken[0]
        let report = FlowExplorer(spec: spec, transition: breakIt(FlowReducer(spec: spec))).run()
        let violation = try #require(report.counterexample?.violation)
        let text = Check.summary(report, name: "Flows/signup.json", spec: spec, options: .init(), words: Language.ko.commandWords)
        #expect(text.contains("\n위반: 불변식 5: \(violation.message(in: .ko))\n"), "\(text)")
        #expect(!text.contains(violation.message))
    }
}
