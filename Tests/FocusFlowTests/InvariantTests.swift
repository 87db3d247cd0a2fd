import Testing
@testable import FocusFlow

/// The eight invariants of DESIGN.md, held over every pair of surfaces and every reveal.
@Suite("Invariants")
struct InvariantTests {
    /// Surfaces of two neighbouring fields: plain→secure, secure→plain, secure→secure, plain→plain.
    static let surfacePairs: [(Bool, Bool)] = [(false, true), (true, false), (true, true), (false, false)]

    @Test("No transition loses text or the focus, over every surface pair, with and without reveal",
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

    @Test("Every event sequence keeps the invariants, on every shipped flow", arguments: ["signup", "login", "delivery"])
    func invariantsOnRandomWalks(name: String) throws {
        let reducer = FlowReducer(spec: try Fixtures.flow(name))
        var generator = SplitMix(seed: 0xF0C05)
        let values = ["", "x", "ada@example.com", "correct horse", "post", "pickup", "123456", "한글", "+82 10", "1 Road"]
        for _ in 0..<300 {
            var state = reducer.initialState()
            for _ in 0..<25 where state.phase == .editing {
                let action: FlowReducer.Action
                switch generator.next() % 7 {
                case 0, 1: action = .field(.textChanged(values[Int(generator.next() % UInt64(values.count))]))
                case 2: action = .next
                case 3: action = .previous
                case 4: action = .focus(reducer.spec.fields[Int(generator.next() % UInt64(reducer.spec.fields.count))].id)
                case 5: action = .toggleReveal
                default: action = .field(.clear)
                }
                let before = state
                let events = reducer.reduce(into: &state, action: action)
                try Self.checkInvariants(reducer, before, action, state, events)
            }
        }
    }

    /// Checks invariants 1 to 8 on one transition.
    static func checkInvariants(
        _ reducer: FlowReducer, _ before: FlowReducer.State, _ action: FlowReducer.Action,
        _ after: FlowReducer.State, _ events: [FlowEvent]
    ) throws {
        let context = Comment(rawValue: "after \(action) from \(before)")
        if after.phase == .editing {
            let focus = try #require(after.focus, context)
            #expect(reducer.isVisible(focus, in: after), context)                                       // 1
            let field = try #require(reducer.spec[focus])
            #expect(after.surface == (field.secure && !after.revealed ? .secure : .plain), context)      // 2
            #expect(after.keyboard == field.keyboard, context)                                          // 3
        } else {
            #expect(after.focus == nil, context)
        }
        let moves = events.filter { if case .focusMoved = $0 { true } else { false } }
        #expect(moves.count == (before.focus != after.focus ? 1 : 0), context)                         // 4
        let keyboardChanges = events.filter { if case .keyboardChanged = $0 { true } else { false } }
        #expect(keyboardChanges.count == (before.keyboard != after.keyboard ? 1 : 0), context)
        let surfaceChanges = events.filter { if case .surfaceChanged = $0 { true } else { false } }
        #expect(surfaceChanges.count == (before.surface != after.surface ? 1 : 0), context)
        for id in reducer.spec.fields.map(\.id) where id != before.focus {                             // 5
            #expect(after.text(of: id).utf8.elementsEqual(before.text(of: id).utf8), context)
        }
        if case .previous = action, before.phase == .editing, before.focus != reducer.spec.fields.first?.id {
            #expect(after.focus != before.focus, context)                                               // 6
        }
        if events.contains(where: { if case .rejected = $0 { true } else { false } }) {                 // 7
            #expect(after == before, context)
            #expect(events.count == 1, context)
        }
        let plainTexts = reducer.spec.fields.filter { !$0.secure }.flatMap { [before.text(of: $0.id), after.text(of: $0.id)] }
        let secrets = reducer.spec.fields.filter(\.secure).map { after.text(of: $0.id) }
            .filter { secret in secret.count >= 3 && !plainTexts.contains { $0.contains(secret) } }
        for event in events {                                                                           // 8
            if case .completed = event { continue }
            for secret in secrets { #expect(!"\(event)".contains(secret), context) }
        }
    }
}

/// A small deterministic generator, so that a failing walk repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
