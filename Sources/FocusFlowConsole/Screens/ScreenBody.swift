/// What a screen shows: the input line after the prompt, where the cursor is in it, the
/// placeholder while it is empty, and rows between the input and the key line (a list).
package struct ScreenBody {
    package var content: FormRenderer.Content
    /// Bytes (UTF-8) of a plain or revealed content, masks of a masked one.
    package var cursor: Int
    /// Already styled.
    package var placeholder: String? = nil
    package var rows: [String] = []

    package init(content: FormRenderer.Content, cursor: Int, placeholder: String? = nil, rows: [String] = []) {
        self.content = content
        self.cursor = cursor
        self.placeholder = placeholder
        self.rows = rows
    }
}
