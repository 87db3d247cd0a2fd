import FocusFlowCheck
import Testing
@testable import FocusFlow

/// Surfaces and text over every pair of surfaces and every reveal. (The eight invariants on
/// random walks and on every reachable state are in `ExplorerTests`.)
@Suite("Invariants")
struct InvariantTests {
    /// Surfaces of two neighbouring fields: plain→secure, secure→plain, secure→secure, plain→plain.
    static let surfacePairs: [(Bool, Bool)] = [(false, true), (true, false), (true, true), (false, false)]

    @Test(
        "No transition loses text or the focus, over every surface pair, with and without reveal",
        arguments: surfacePairs, [false, true])
    func surfaceTransitions(pair: (Bool, Bool), reveal: Bool) throws {
        let (firstSecure, secondSecure) = pair
        let reducer = FlowReducer(spec: try Fixtures.pair(.asciiCapable, secure: firstSecure, .asciiCapable, secure: secondSecure))
        var state = reducer.initialState()
        func surface(_ secure: Bool, _ revealed: Bool) -> Surface { secure && !revealed ? .secure : .plain }

        _ = reducer.reduce(into: &state, action: .field(.textChanged("first")))
        if reveal {
            let events = reducer.reduce(into: &state, action: .toggleReveal)
            #expect(events == (firstSecure ? [.surfaceChanged(field: "a", from: .secure, to: .plain)] : []))
        }
        #expect(state.surface == surface(firstSecure, reveal && firstSecure))

        var events = reducer.reduce(into: &state, action: .next)
        let before = surface(firstSecure, reveal && firstSecure), after = surface(secondSecure, false)
        #expect(events.first == .focusMoved(from: "a", to: "b"))
        #expect(events.contains(.surfaceChanged(field: "b", from: before, to: after)) == (before != after))
        #expect(state.surface == after, "leaving a field hides it again")
        #expect(!state.revealed)

        _ = reducer.reduce(into: &state, action: .field(.textChanged("second")))
        if reveal { _ = reducer.reduce(into: &state, action: .toggleReveal) }
        events = reducer.reduce(into: &state, action: .previous)
        #expect(events.first == .focusMoved(from: "b", to: "a"))
        #expect(state.surface == surface(firstSecure, false))
        #expect(state.text(of: "a") == "first")
        #expect(state.text(of: "b") == "second")
        #expect(state.focus == "a")
        #expect(state.keyboard == .asciiCapable)
    }
}

/// A small deterministic generator, so that a failing walk repeats.
typealias SplitMix = FlowGenerator.Random
