/// What a person or host does to the focused field. Which actions a kind takes, its
/// ``FieldKind/takes(_:)`` says; the others change nothing.
public enum FieldAction: Sendable, Equatable {
    /// The whole new text: a text field's value, or a choice field's filter query.
    case textChanged(String)
    /// Return, or the keyboard's Next key: the flow validates and moves on.
    case submit
    /// Empties the text (a choice field's filter). The choice of a select stays.
    case clear
    /// Answers a confirm field.
    case set(Bool)
    /// Chooses a select field's option by its value.
    case select(String)
    /// Adds or removes a multi-select field's option, by its value.
    case toggle(String)
    /// Moves a choice field's highlight over the visible options (`1` down, `-1` up).
    case highlight(Int)
    /// Moves a number field's value by its step (`1` up, `-1` down), within its range.
    case step(Int)
}

extension FieldAction {
    /// The action as Swift source (`.select("kr")`); with `secure`, typed text shows as `<secure>`.
    package func source(secure: Bool) -> String {
        switch self {
        case .textChanged(let value): ".textChanged(\(secure ? "<secure>" : value.debugDescription))"
        case .submit: ".submit"
        case .clear: ".clear"
        case .set(let value): ".set(\(value))"
        case .select(let value): ".select(\(value.debugDescription))"
        case .toggle(let value): ".toggle(\(value.debugDescription))"
        case .highlight(let delta): ".highlight(\(delta))"
        case .step(let delta): ".step(\(delta))"
        }
    }
}

extension FieldAction {
    /// The search-field reducer's (``TextFieldReducer``) action this is, for a kind whose text (a value, a
    /// filter) takes `textChanged`, `clear` and `submit` as a text field does; `nil` for the rest.
    var textAction: TextFieldReducer.Action? {
        switch self {
        case .textChanged(let new): .textChanged(new)
        case .submit: .submit
        case .clear: .clear
        default: nil
        }
    }
}
