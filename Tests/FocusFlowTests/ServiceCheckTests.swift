import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// `check` on flows that talk to their service: every check and send answered each way, stale
/// tickets, the clock; machines broken on purpose against invariant 16.
@Suite("check: checks, sends and requirements")
struct ServiceCheckTests {
    /// The services flow of ``ServiceTests`` (every kind of check, send, requirement and
    /// `prefill: false`) and the shipped sign-up.
    static func specs() throws -> [FlowSpec] { [try ServiceTests.spec(), try Fixtures.flow("signup")] }

    /// Machines broken on purpose against invariant 16.
    static let broken: [(String, @Sendable (FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])] = [
        (
            "passes a field without asking its check",
            { reducer in
                { state, action in
                    if case .next = action, let focus = state.focus, reducer.spec[focus]?.check != nil { state.checked.insert(focus) }
                    return reducer.reduce(into: &state, action: action)
                }
            }
        ),
        (
            "takes an answer whose ticket is stale",
            { reducer in
                { state, action in
                    if case .checked(let ticket, let answer) = action, let pending = state.checking, pending.ticket != ticket {
                        return reducer.reduce(into: &state, action: .checked(ticket: pending.ticket, answer))
                    }
                    return reducer.reduce(into: &state, action: action)
                }
            }
        ),
        (
            "keeps a check passed after an edit",
            { reducer in
                { state, action in
                    let focus = state.focus
                    let passed = focus.map { state.checked.contains($0) } ?? false
                    let events = reducer.reduce(into: &state, action: action)
                    if passed, case .field = action, let focus, state.focus == focus { state.checked.insert(focus) }
                    return events
                }
            }
        ),
    ]

    @Test("The engine holds every invariant on flows with checks, sends, requirements and prefill: false, apart and as one; every answer is explored each way")
    func engineHolds() throws {
        // Explored as one, the flows above are some 200,000 states each (every combination of the
        // fields' values and the services' answers): a debug build explores a two-field flow both ways.
        let pair = try FlowSpec(
            json: Data(#"{"id":"pair","fields":[{"id":"nickname","check":"nickname-free"},{"id":"code","send":"sms","resendAfter":30,"expiresAfter":60,"check":"code-valid"}]}"#.utf8))
        for spec in try Self.specs() + [pair] {
            for decompose in spec.id == "pair" ? [false, true] : [true] {
                let report = FlowExplorer(spec: spec).run(.init(decompose: decompose))
                #expect(report.counterexample == nil, "\(spec.id) decompose \(decompose): \(String(describing: report.counterexample))")
                #expect(report.exhaustive && report.completed, "\(spec.id) decompose \(decompose): \(report.states) states, depth \(report.depth)")
                for event in ["checking", "waiting", "checked", "sending", "sent", "expired", "completed"] {
                    #expect(report.eventsSeen.contains(event), "\(spec.id) decompose \(decompose): \(event) never seen")
                }
            }
        }
    }

    @Test("Tickets and the clock are keyed by what can follow: a check asked again reaches a state already seen")
    func finiteKeys() throws {
        let explorer = FlowExplorer(spec: try ServiceTests.spec())
        let reducer = explorer.reducer
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ada")))
        _ = reducer.reduce(into: &state, action: .next)
        let first = state
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .unavailable))
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.lastTicket == 2 && first.lastTicket == 1)
        #expect(explorer.key(state) == explorer.key(first))
        _ = reducer.reduce(into: &state, action: .tick(seconds: 5))
        #expect(explorer.key(state) == explorer.key(first), "a clock with no send running is no part of the key")
    }

    @Test("The explorer finds each machine broken against invariant 16, with a script that replays to it", arguments: broken.indices)
    func findsBroken(index: Int) throws {
        let (what, breakIt) = Self.broken[index]
        for spec in try Self.specs() {
            let reducer = FlowReducer(spec: spec)
            let report = FlowExplorer(spec: spec, transition: breakIt(reducer)).run()
            let counterexample = try #require(report.counterexample, "no violation found in \(spec.id) for a machine that \(what)")
            #expect(counterexample.violation.invariant == 16, "\(counterexample.violation)")
            ExplorerTests.expectReplays(counterexample.script, reducer: reducer, through: breakIt(reducer))
        }
    }

    @Test("focusflow check on the sign-up with checks says every invariant holds")
    func command() throws {
        let result = try Command.run(["check", "Flows/signup.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("all 17 invariants hold"))
    }
}
