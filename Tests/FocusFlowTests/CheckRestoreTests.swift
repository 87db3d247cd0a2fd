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
}
