@preconcurrency import CReadline

/// What a screen shows: the input line after the prompt, where the cursor is in it, the
/// placeholder while it is empty, and rows between the input and the key line (a list).
struct ScreenBody {
    var content: FormRenderer.Content
    /// Bytes (UTF-8) of a plain content, masks of a masked one.
    var cursor: Int
    /// Already styled.
    var placeholder: String? = nil
    var rows: [String] = []

    /// A history search (Ctrl-R, M-p) in a field with text: readline's search prompt (in
    /// `words`' language), then the search string or the match, drawn where the input goes.
    static func historySearch(_ words: TerminalWords) -> ScreenBody {
        let prompt = words.historySearch(String(cString: ff_display_prompt()))
        let line = String(cString: ff_line_buffer())
        let point = min(Int(ff_point()), line.utf8.count)
        return ScreenBody(content: .plain(prompt + line), cursor: prompt.utf8.count + point)
    }
}
