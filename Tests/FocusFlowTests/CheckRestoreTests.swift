import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
@testable import FocusFlowProtocol

/// `check` holds snapshots and drafts to invariant 15, and tries in review every request that
/// must change nothing there, so machines broken in those ways are caught.
@Suite("check: restored walks and the review's whole alphabet")
struct CheckRestoreTests {
    @Test("Invariant 15 holds on the shipped flows and the review flow", arguments: ["signup", "account", "preferences"])
    func holds(flow: String) throws {
        let spec = try Fixtures.flow(flow)
        let report = FlowExplorer(spec: spec).run(.init(depth: 12, maxStates: 20_000))
        #expect(report.counterexample == nil, "\(report.counterexample.map { "\($0.violation)" } ?? "")")
    }

    /// Snapshot-and-restore round trips broken on purpose.
    static let brokenRoundTrips: [(String, @Sendable (FlowReducer) -> @Sendable (FlowReducer.State) -> FlowReducer.State?)] = [
        (
            "keeps the secure text",
            { reducer in
                { state in
                    guard var restored = try? reducer.restore(reducer.snapshot(of: state)) else { return nil }
                    for field in reducer.spec.fields where field.secure { restored.fields[field.id] = state.fields[field.id] }
                    return restored
                }
            }
        ),
        (
            "drops the last non-secure answer",
            { reducer in
                { state in
                    let snapshot = reducer.snapshot(of: state)
                    var answers = snapshot.answers
                    if let last = reducer.spec.fields.last(where: { answers[$0.id] != nil }) { answers[last.id] = nil }
                    return try? reducer.restore(FlowSnapshot(flow: snapshot.flow, fingerprint: snapshot.fingerprint, focus: snapshot.focus, answers: answers))
                }
            }
        ),
    ]

    @Test("check finds a snapshot round trip broken on purpose (invariant 15)", arguments: brokenRoundTrips.indices)
    func brokenRoundTrip(index: Int) throws {
        let (what, breakIt) = Self.brokenRoundTrips[index]
        let spec = try ReviewTests.spec()
        let report = FlowExplorer(spec: spec, roundTrip: breakIt(FlowReducer(spec: spec))).run()
        let counterexample = try #require(report.counterexample, "no violation found for a round trip that \(what)")
        #expect(counterexample.violation.invariant == 15, "\(counterexample.violation)")
        #expect(!counterexample.violation.message.contains(ReviewTests.secret))
    }

    /// Machines broken in review on requests that must change nothing there.
    static let brokenInReview: [(String, @Sendable (FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])] = [
        (
            "completes on next in review, unchecked",
            { reducer in
                { state, action in
                    guard state.phase == .review, case .next = action else { return reducer.reduce(into: &state, action: action) }
                    state.phase = .completed
                    return [.completed(reducer.result(of: state))]
                }
            }
        ),
        (
            "reveals a secure answer on reveal in review",
            { reducer in
                { state, action in
                    guard state.phase == .review, case .toggleReveal = action else { return reducer.reduce(into: &state, action: action) }
                    state.revealed.toggle()
                    return []
                }
            }
        ),
    ]

    @Test("check tries next and reveal in review and finds a machine that acts on them (invariant 14)", arguments: brokenInReview.indices)
    func brokenReviewAlphabet(index: Int) throws {
        let (what, breakIt) = Self.brokenInReview[index]
        let spec = try ReviewTests.spec()
        let report = FlowExplorer(spec: spec, transition: breakIt(FlowReducer(spec: spec))).run()
        let counterexample = try #require(report.counterexample, "no violation found for a machine that \(what)")
        #expect(counterexample.violation.invariant == 14, "\(counterexample.violation)")
    }

    @Test("In review the explorer tries submit, an amend of every field, previous, cancel, next and reveal")
    func reviewAlphabet() throws {
        let spec = try ReviewTests.spec()
        let explorer = FlowExplorer(spec: spec)
        var review = FlowReducer(spec: spec).initialState()
        review.phase = .review
        review.focus = nil
        let requests = explorer.requests(from: review)
        for request in [FlowRequest.submit, .previous, .cancel, .next, .reveal] + spec.fields.map({ .focus($0.id) }) {
            #expect(requests.contains(request), "\(request.text)")
        }
    }

    /// The shipped flows and generated ones, for the restore key's tests.
    static let keyedFlows: [String] = FlowSpecTests.shipped + ["generated-1", "generated-2", "generated-3"]

    static func keyedFlow(_ name: String) throws -> FlowSpec {
        guard name.hasPrefix("generated-"), let seed = UInt64(name.dropFirst("generated-".count)) else { return try Fixtures.flow(name) }
        return try FlowSpec(json: Data(FlowGenerator.flow(seed: seed, fields: 30).utf8))
    }

    @Test("States an exploration keys alike have the same snapshot, so one restore stands for them all", arguments: keyedFlows)
    func restoreKeyTellsSnapshotsApart(name: String) throws {
        let spec = try Self.keyedFlow(name)
        let explorer = FlowExplorer(spec: spec)
        let reducer = explorer.reducer
        let background = reducer.initialState()
        // Every field may change: every state of a walk is keyed.
        let restores = FlowExplorer.Restores(explorer, changing: Array(spec.fields.indices))
        var snapshots: [FlowExplorer.Restores.GroupKey: FlowSnapshot] = [:]
        var states = 0, shared = 0
        for seed in UInt64(1)...20 {
            _ = VerifyTests.randomWalk(explorer, seed: seed, steps: 300) { state in
                guard state.phase == .editing || state.phase == .review else { return }
                states += 1
                guard let key = restores.key(of: state, root: 0, background: background) else {
                    Issue.record("a state whose fields all may change was not keyed")
                    return
                }
                let snapshot = reducer.snapshot(of: state)
                if let known = snapshots[key] {
                    shared += 1
                    #expect(known == snapshot, "seed \(seed): two states keyed alike have different snapshots")
                } else {
                    snapshots[key] = snapshot
                }
            }
        }
        #expect(states > 100 && shared > 10, "\(name): \(states) states, \(shared) keyed like an earlier one")
    }

    @Test("A state whose field outside the group's holds something else than its root's is not keyed, but restored itself")
    func restoreKeyNeedsTheBackground() throws {
        let spec = try Fixtures.flow("signup")
        let explorer = FlowExplorer(spec: spec)
        let reducer = explorer.reducer
        let background = reducer.initialState()
        let first = try #require(spec.fields.indices.first { !spec.fields[$0].secure && spec.fields[$0].kind.typesFreeText })
        let other = try #require(spec.fields.indices.last { !spec.fields[$0].secure && spec.fields[$0].kind.typesFreeText && $0 != first })
        let restores = FlowExplorer.Restores(explorer, changing: [first])
        var inGroup = background
        inGroup.fields[spec.fields[first].id] = .init(text: "ada")
        #expect(restores.key(of: inGroup, root: 0, background: background) != nil)
        var outside = inGroup
        outside.fields[spec.fields[other].id] = .init(text: "someone else")
        #expect(restores.key(of: outside, root: 0, background: background) == nil)
        // Outside a group's exploration nothing is keyed.
        #expect(FlowExplorer.Restores(explorer).key(of: inGroup, root: 0, background: background) == nil)
    }
}
