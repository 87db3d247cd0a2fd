import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import FocusFlowProtocol

/// `check` on the flows people write: choice fields that fail untouched, ties of every kind.
/// A flow is checked within a bounded number of states (the bench times them: a test never
/// does), and exploring apart proves what exploring as one proves.
@Suite("check on choice fields and mixed flows")
struct CheckChoiceTests {
    /// The states a flow of ten fields may take to be checked apart: about a second's work for
    /// the release build, which explores 6,000 to 14,000 states a second on this machine (the
    /// bench's "Check on real flows" times it; a test never does).
    static let stateBudget = 8_000

    static let shipped = [
        "account", "booking", "contact", "delivery", "delivery-city", "login", "plan", "preferences", "profile", "signup", "team",
    ]

    @Test("Every shipped flow is explored apart to every reachable state, within the budget for its fields", arguments: shipped)
    func shippedFlow(name: String) throws {
        let spec = try Fixtures.flow(name)
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive, "\(name) stopped at a limit after \(report.states) states")
        #expect(report.notDecomposed == nil, "\(name) explored as one: \(String(describing: report.notDecomposed))")
        // A repeating group's items count as the fields they unroll to (Flows/team.json has 14).
        #expect(report.states <= Self.stateBudget * max(spec.fields.count, 10) / 10, "\(name): \(report.states) states")
        #expect(report.fieldsFocused.count == spec.fields.count && report.completed && report.cancelled)
    }

    @Test("Generated flows of ten fields of every kind with when and matches ties are explored apart within the budget", arguments: Array(UInt64(1)...10))
    func generatedTen(seed: UInt64) throws {
        let json = FlowGenerator.flow(seed: seed, fields: 10)
        let spec = try FlowSpec(json: Data(json.utf8))
        #expect(Set(spec.fields.map(\.kind)) == Set(FieldKind.allCases), "every kind in \(json)")
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.counterexample == nil, "seed \(seed): \(String(describing: report.counterexample)) in \(json)")
        #expect(report.exhaustive, "seed \(seed): stopped at a limit after \(report.states) states")
        #expect(report.states <= Self.stateBudget, "seed \(seed): \(report.states) states, groups \(report.groups), \(String(describing: report.notDecomposed))")
    }

    @Test("A required select is explored untouched as well as chosen: a machine that chooses for the person when they go back is caught apart")
    func choiceFailsUntouched() throws {
        let spec = try Fixtures.flow("account")
        let reducer = FlowReducer(spec: spec)
        // Previous from a select with nothing chosen picks its first option, saying nothing:
        // only a walk that reaches the select untouched can see it.
        let picksForThePerson: @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent] = { state, action in
            if case .previous = action, let focus = state.focus, case .choice(nil)? = state.answer(of: focus), let first = spec[focus]?.options.first {
                _ = reducer.reduce(into: &state, action: .field(.select(first.value)))
            }
            return reducer.reduce(into: &state, action: action)
        }
        let report = FlowExplorer(spec: spec, transition: picksForThePerson).run(.init(decompose: true))
        #expect(report.groups.contains(["country"]) && report.groups.contains(["terms"]))
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.violation.invariant == 12, "\(counterexample.violation)")
        #expect(counterexample.group == ["country"])
        #expect(CheckFuzzTests.replays(counterexample.script, reducer, picksForThePerson))
        // The engine itself passes, each group explored to every reachable state.
        let engine = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(engine.counterexample == nil && engine.exhaustive)
    }

    @Test("A choice field's options are tried one of each value class, and enough to break its count rules")
    func optionClasses() throws {
        let preferences = try Fixtures.flow("preferences")
        let explorer = FlowExplorer(spec: preferences)
        // phone shows when channels holds sms or push: email and post are one class, sms and push another.
        #expect(explorer.options["channels"] == ["email", "sms"])
        #expect(explorer.options["language"]?.count == 2)
        let spec = try FlowSpec(
            json: Data(
                #"{"id":"m","title":"M","fields":[{"id":"m","label":"M","kind":"multiSelect","options":[{"value":"a","label":"A"},{"value":"b","label":"B"},{"value":"c","label":"C"},{"value":"d","label":"D"},{"value":"e","label":"E"}],"rules":{"maxSelected":3}},{"id":"n","label":"N","when":{"field":"m","equals":"e"}}]}"#
                    .utf8))
        // One class for a to d, one for e; four options, one past maxSelected.
        #expect(FlowExplorer(spec: spec).options["m"] == ["a", "b", "c", "e"])
    }

    @Test("A group whose sources answer in more ways together than the explorer takes backgrounds is tied to them, as conditions tied before")
    func tooManyBackgrounds() throws {
        // d0 … d6 are tied by matches, each shown by its own source: 2^7 backgrounds, more than the 64 taken.
        var fields = (0..<7).map { #"{"id":"s\#($0)","label":"S"}"# }
        fields.append(#"{"id":"d0","label":"D","when":{"field":"s0","notEmpty":true}}"#)
        fields += (1..<7).map { #"{"id":"d\#($0)","label":"D","when":{"field":"s\#($0)","notEmpty":true},"rules":{"matches":"d0"}}"# }
        fields.append(#"{"id":"z","label":"Z"}"#)
        let spec = try FlowSpec(json: Data(#"{"id":"h","title":"H","fields":[\#(fields.joined(separator: ","))]}"#.utf8))
        let explorer = FlowExplorer(spec: spec)
        #expect(FlowExplorer.independentGroups(in: spec).count == 9)
        guard case .groups(let groups) = explorer.decomposition() else {
            Issue.record("explored as one: \(explorer.decomposition())")
            return
        }
        #expect(groups == [Array(0..<14), [14]])
        // Six sources take 64 backgrounds: apart, as the conditions say.
        let six = try FlowSpec(json: Data(#"{"id":"h","title":"H","fields":[\#((fields[..<6] + fields[7..<13] + [fields[14]]).joined(separator: ","))]}"#.utf8))
        guard case .groups(let apart) = FlowExplorer(spec: six).decomposition() else {
            Issue.record("six sources explored as one")
            return
        }
        #expect(apart.count == 8)
    }
}
