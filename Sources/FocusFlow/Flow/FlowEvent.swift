/// What a flow says happened, in the order it happened.
///
/// A secure field's text appears in no event but ``completed(_:)``: its ``changed(field:old:new:)``
/// carries `nil` for both texts.
public enum FlowEvent: Sendable, Equatable {
    /// Focus moved; `to` is `nil` when the flow completed or was cancelled.
    case focusMoved(from: FieldID?, to: FieldID?)
    /// The surface of the focused text field changed (a step to or from a secure field, or a reveal).
    case surfaceChanged(field: FieldID, from: Surface, to: Surface)
    /// The active keyboard changed.
    case keyboardChanged(from: KeyboardType, to: KeyboardType)
    /// The field's text changed (the ``TextFieldEvent/changed(old:new:)`` of its reducer);
    /// `nil` texts for a secure field.
    case changed(field: FieldID, old: String?, new: String?)
    /// The field was submitted (Return, or the keyboard's Next key).
    case submitted(field: FieldID)
    /// The field was cleared.
    case cleared(field: FieldID)
    /// Input outside the field's keyboard was refused; nothing changed.
    case rejected(field: FieldID)
    /// A rule failed, so focus did not move forward.
    case invalid(field: FieldID, message: String)
    /// Every visible field passed its rules: the answers.
    case completed(FlowResult)
    /// The person cancelled the flow.
    case cancelled

    /// The event's name as the JSON-lines protocol spells it.
    public var name: String {
        switch self {
        case .focusMoved: "focusMoved"
        case .surfaceChanged: "surfaceChanged"
        case .keyboardChanged: "keyboardChanged"
        case .changed: "changed"
        case .submitted: "submitted"
        case .cleared: "cleared"
        case .rejected: "rejected"
        case .invalid: "invalid"
        case .completed: "completed"
        case .cancelled: "cancelled"
        }
    }
}

extension FlowEvent: CustomStringConvertible {
    /// The event as Swift source (`focusMoved(from: "email", to: "password")`), never showing a
    /// secure value: a secure field's `changed` has `nil` texts, and `completed` masks them.
    public var description: String {
        func name(_ id: FieldID?) -> String { id.map { "\"\($0)\"" } ?? "nil" }
        func text(_ value: String?) -> String { value.map { $0.debugDescription } ?? "nil" }
        switch self {
        case .focusMoved(let from, let to): return "focusMoved(from: \(name(from)), to: \(name(to)))"
        case .surfaceChanged(let field, let from, let to): return "surfaceChanged(field: \(name(field)), from: .\(from), to: .\(to))"
        case .keyboardChanged(let from, let to): return "keyboardChanged(from: .\(from), to: .\(to))"
        case .changed(let field, let old, let new): return "changed(field: \(name(field)), old: \(text(old)), new: \(text(new)))"
        case .submitted(let field): return "submitted(field: \(name(field)))"
        case .cleared(let field): return "cleared(field: \(name(field)))"
        case .rejected(let field): return "rejected(field: \(name(field)))"
        case .invalid(let field, let message): return "invalid(field: \(name(field)), message: \(message.debugDescription))"
        case .completed(let result): return "completed(\(result))"
        case .cancelled: return "cancelled"
        }
    }
}
