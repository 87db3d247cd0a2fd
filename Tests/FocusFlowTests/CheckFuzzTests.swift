import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// Small flows made at random (seeded, so a failure repeats with its seed), checked by the
/// explorer: no crash, bounded work, and every counterexample replays. Runs two seconds in the
/// normal suite; `FOCUSFLOW_FUZZ_SECONDS=600 swift test --filter CheckFuzz` runs longer.
@Suite("check fuzzer over generated flows")
struct CheckFuzzTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SECONDS"].flatMap(Double.init) ?? 2
    }

    /// Lengths hostile and ordinary: the explorer's values must stay bounded whatever they are.
    static let lengths: [Int?] = [nil, 0, 1, 3, 8, 63, 64, 65, 1_000_000, 2_147_483_648, Int.max - 1, Int.max]
    static let patterns: [String?] = [nil, "^[0-9]+$", "^a.*$", "^[^@ ]+@[^@ ]+$", "^(ab|c)?$"]
    static let keyboards: [KeyboardType] = [.default, .asciiCapable, .numberPad, .emailAddress, .phonePad]

    /// A flow of `fields` fields (two to four unless told) with random rules, ties and
    /// conditions, as JSON (so the loader sees it as a file would give it).
    static func flow(_ random: inout SplitMix, fields range: ClosedRange<Int> = 2...4) -> String {
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        let count = range.lowerBound + Int(random.next() % UInt64(range.count))
        var fields: [String] = []
        for i in 0..<count {
            var rules: [String] = []
            if random.next() % 2 == 0 { rules.append(#""required":true"#) }
            var lengths = [pick(lengths), pick(lengths)].compactMap { $0 }.sorted()
            if random.next() % 2 == 0, !lengths.isEmpty { lengths.removeLast() }
            if lengths.count == 2 { rules += [#""minLength":\#(lengths[0])"#, #""maxLength":\#(lengths[1])"#] }
            if lengths.count == 1 { rules.append(random.next() % 2 == 0 ? #""minLength":\#(lengths[0])"# : #""maxLength":\#(lengths[0])"#) }
            if let pattern = pick(patterns) { rules.append(#""pattern":\#(JSONText.quote(pattern))"#) }
            if i > 0, random.next() % 4 == 0 { rules.append(#""matches":"f\#(Int(random.next() % UInt64(i)))""#) }
            var field = #""id":"f\#(i)","label":"F\#(i)","keyboard":"\#(pick(keyboards).rawValue)""#
            if random.next() % 3 == 0 { field += #","secure":true"# }
            if !rules.isEmpty { field += #","rules":{\#(rules.joined(separator: ","))}"# }
            if i > 0, random.next() % 3 == 0 { field += #","when":{"field":"f\#(Int(random.next() % UInt64(i)))","notEmpty":true}"# }
            fields.append("{\(field)}")
        }
        return #"{"id":"fuzz","title":"Fuzz","fields":[\#(fields.joined(separator: ","))]}"#
    }

    /// A machine broken on purpose (it drops `keyboardChanged`), so that counterexamples are
    /// found and their replay is tested.
    static func forgetsKeyboard(_ reducer: FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent] {
        { state, action in reducer.reduce(into: &state, action: action).filter { if case .keyboardChanged = $0 { false } else { true } } }
    }

    /// Replays `script` from the initial state through `transition`: the invariants must break on
    /// the last request and on no earlier one.
    static func replays(_ script: [FlowRequest], _ reducer: FlowReducer, _ transition: (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]) -> Bool {
        let invariants = FlowInvariants(reducer: reducer)
        var state = reducer.initialState()
        for (step, request) in script.enumerated() {
            guard let action = request.action else { return false }
            let before = state
            let events = transition(&state, action)
            let broke = invariants.check(before: before, action: action, after: state, events: events) != nil
            if broke != (step == script.count - 1) { return false }
        }
        return !script.isEmpty
    }

    @Test("Generated flows: check ends without a crash, within its limits, and every counterexample replays")
    func fuzz() throws {
        let deadline = ContinuousClock.now + .seconds(Self.seconds)
        var seed: UInt64 = 20_261_130
        var flows = 0, replayed = 0
        repeat {
            seed += 1
            var random = SplitMix(seed: seed)
            let json = Self.flow(&random)
            let spec: FlowSpec
            do { spec = try FlowSpec(json: Data(json.utf8)) } catch { continue }  // a flow the loader refuses is fine
            flows += 1
            let explorer = FlowExplorer(spec: spec)
            for (field, values) in explorer.values {
                #expect(values.allSatisfy { $0.count <= FlowExplorer.valueLengthCap }, "seed \(seed): \(field)")
            }
            let limits = FlowExplorer.Options(depth: 8, maxStates: 1_500)
            let started = ContinuousClock.now
            let report = explorer.run(limits)
            #expect(report.states <= limits.maxStates && report.depth <= limits.depth, "seed \(seed)")
            #expect(ContinuousClock.now - started < .seconds(20), "seed \(seed): check took \(ContinuousClock.now - started)")
            if let counterexample = report.counterexample {
                Issue.record("seed \(seed): the real reducer breaks \(counterexample.violation) in \(json)")
                #expect(Self.replays(counterexample.script, explorer.reducer) { explorer.reducer.reduce(into: &$0, action: $1) }, "seed \(seed)")
            }
            let broken = Self.forgetsKeyboard(explorer.reducer)
            let brokenReport = FlowExplorer(spec: spec, transition: broken).run(limits)
            if let counterexample = brokenReport.counterexample {
                replayed += 1
                #expect(Self.replays(counterexample.script, explorer.reducer, broken), "seed \(seed): the script does not replay to its violation")
            }
        } while ContinuousClock.now < deadline
        #expect(flows > 0)
        #expect(replayed > 0, "no generated flow changed keyboard, so no replay was tried")
    }
}
