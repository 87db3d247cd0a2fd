import Testing
@testable import FocusFlow
import FocusFlowProtocol

/// What a kind says it takes (``FieldKind/takes(_:)``) is what its reducer does: an action it does
/// not take changes nothing, one it takes changes something, and the request table and `serve`
/// read the same answer.
@Suite("A kind takes exactly the actions it says")
struct KindActionTests {
    /// One field of each kind, first in a flow with a text field after it, each with two options
    /// where it takes options.
    static func flow(_ kind: FieldKind) throws -> FlowSpec {
        let options: [FieldOption] = kind.hasOptions ? [.init(value: "a"), .init(value: "b")] : []
        return try FlowSpec(
            id: "k", title: "K",
            fields: [
                FieldSpec(id: "f", kind: kind, label: "F", options: options), FieldSpec(id: "after", label: "After"),
            ])
    }

    /// Every action, with a value each kind that takes it takes.
    static let actions: [FieldAction] = [.textChanged("1"), .submit, .clear, .set(true), .select("a"), .toggle("a"), .highlight(1), .step(1)]

    /// The states a field may be in when the action comes: untouched, and with text typed where it takes text.
    static func states(_ reducer: FlowReducer, _ kind: FieldKind) -> [FlowReducer.State] {
        let initial = reducer.initialState()
        guard kind.takes(.textChanged("")) else { return [initial] }
        var typed = initial
        _ = reducer.reduce(into: &typed, action: .field(.textChanged("1")))
        return [initial, typed]
    }

    @Test("An action the kind does not take changes nothing and says nothing", arguments: FieldKind.allCases)
    func refusedChangesNothing(kind: FieldKind) throws {
        let reducer = FlowReducer(spec: try Self.flow(kind))
        for action in Self.actions where !kind.takes(action) {
            for state in Self.states(reducer, kind) {
                var after = state
                let events = reducer.reduce(into: &after, action: .field(action))
                #expect(events.isEmpty && after == state, "\(kind) does not take \(action.source(secure: false)), yet it said \(events)")
            }
        }
    }

    @Test("An action the kind takes does something in some state", arguments: FieldKind.allCases)
    func takenDoesSomething(kind: FieldKind) throws {
        let reducer = FlowReducer(spec: try Self.flow(kind))
        for action in Self.actions where kind.takes(action) {
            let said = Self.states(reducer, kind).contains { state in
                var after = state
                return !reducer.reduce(into: &after, action: .field(action)).isEmpty
            }
            #expect(said, "\(kind) takes \(action.source(secure: false)), yet it never says anything")
        }
    }

    @Test("Each request of a field applies to the kinds that take its action", arguments: FieldKind.allCases)
    func requestRowsAgree(kind: FieldKind) {
        let rows: [(String, FieldAction)] = [
            ("text", .textChanged("")), ("clear", .clear), ("set", .set(true)), ("select", .select("")),
            ("toggle", .toggle("")), ("highlight", .highlight(1)), ("step", .step(1)),
        ]
        for (name, action) in rows {
            let row = FlowRequest.table.first { $0.name == name }
            #expect(row?.kinds?.contains(kind) == kind.takes(action), "\(name) and \(kind)")
        }
    }
}
