import Foundation
@testable import FocusFlow

/// Flows and helpers shared by the engine's tests.
enum Fixtures {
    /// The package's top folder, found from this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func flow(_ name: String) throws -> FlowSpec {
        try FlowSpec(contentsOf: root.appendingPathComponent("Flows/\(name).json"))
    }

    /// A two-field flow: `a` then `b`, with the given presentation.
    static func pair(
        _ first: KeyboardType = .default, secure firstSecure: Bool = false,
        _ second: KeyboardType = .default, secure secondSecure: Bool = false
    ) throws -> FlowSpec {
        try FlowSpec(
            id: "pair", title: "Pair",
            fields: [
                FieldSpec(id: "a", secure: firstSecure, keyboard: first),
                FieldSpec(id: "b", secure: secondSecure, keyboard: second),
            ])
    }

    /// Valid answers for `Flows/signup.json`.
    static let signupAnswers: [(FieldID, String)] = [
        ("email", "ada@example.com"), ("password", "correct horse"), ("confirm", "correct horse"),
        ("nickname", "에이다 🙂"), ("phone", "+82 10 1234 5678"), ("code", "123456"),
    ]

    /// Runs `actions` from the flow's initial state, returning the state and every event.
    static func run(_ reducer: FlowReducer, _ actions: [FlowReducer.Action], from start: FlowReducer.State? = nil)
        -> (FlowReducer.State, [FlowEvent])
    {
        var state = start ?? reducer.initialState()
        var events: [FlowEvent] = []
        for action in actions {
            // Typed text answers a choice field as line mode reads a line: a value, label or number.
            if case .field(.textChanged(let line)) = action, let focus = state.focus, reducer.spec[focus]?.kind != .text {
                for answer in reducer.actions(answering: line, in: state) { events += reducer.reduce(into: &state, action: answer) }
                continue
            }
            events += reducer.reduce(into: &state, action: action)
        }
        return (state, events)
    }

    /// Types `value` into the focused field (answers a choice field with it) and presses Next.
    static func answer(_ value: String) -> [FlowReducer.Action] {
        [.field(.textChanged(value)), .next]
    }
}
