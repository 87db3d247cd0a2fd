/// What a text field tells its delegate.
public enum TextFieldEvent: Sendable, Equatable {
    /// The text changed from `old` to `new` (both verbatim).
    case changed(old: String, new: String)
    /// The person pressed Return (or the keyboard's Next key).
    case submitted
    /// The field was cleared.
    case cleared
}
