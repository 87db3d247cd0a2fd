/// What a screen shows: the input line after the prompt, where the cursor is in it, the
/// placeholder while it is empty, and rows between the input and the key line (a list).
struct ScreenBody {
    var content: FormRenderer.Content
    /// Bytes (UTF-8) of a plain content, masks of a masked one.
    var cursor: Int
    /// Already styled.
    var placeholder: String? = nil
    var rows: [String] = []
}
