@preconcurrency import CReadline
import FocusFlow

/// The review screen of a flow with review: the title, every visible answer with its label
/// (secure values as masks), the focused row marked with `›` (not by colour alone), and the
/// keys: Up/Down (Ctrl-P/Ctrl-N) move, Enter changes the marked answer, `s` submits,
/// Shift-Tab changes the last answer, Ctrl-C (or Ctrl-D) cancels.
enum ReviewScreen {
    /// The key that submits the answers from the review.
    static let submitKeys = ["s", "S"]

    /// The header: the title, what this screen is, and one row per answer.
    static func header(flow: FlowSpec, answers: ReviewAnswers, row: Int, theme: Theme) -> [String] {
        let title = flow.title.isEmpty ? flow.id : flow.title
        let rows = answers.rows.enumerated().map { index, answer -> String in
            let line = "\(answer.label): \(answer.shown)"
            return index == row ? "› " + theme.bold(line) : "  " + line
        }
        return ["\(theme.bold(title))  \(theme.dim(theme.words.review))", theme.words.checkYourAnswers] + rows
    }

    /// The line where the input would be: what to do.
    static func placeholder(_ words: TerminalWords) -> String { words.reviewPlaceholder }

    /// The lines under the input: a note, then the keys.
    static func footer(note: String?, error: String?, theme: Theme) -> [String] {
        var lines: [String] = []
        if let error { lines.append(theme.red("✗ \(error)")) }
        if let note { lines.append(note) }
        let words = theme.words
        lines.append(theme.dim([words.moveKeys, words.enterChange, words.sSubmit, words.shiftTabLastAnswer, words.ctrlCCancel].joined(separator: " · ")))
        return lines
    }

    /// A row moved by `delta` among `count` rows, kept in range (no wrap-around).
    static func move(_ row: Int, by delta: Int, count: Int) -> Int {
        max(0, min(count - 1, row + delta))
    }
}

// The review keymap's commands (C function pointers, so functions).
func reviewUpKey(_: Int32, _: Int32) -> Int32 { InteractiveSession.current?.moveReviewRow(by: -1); return 0 }
func reviewDownKey(_: Int32, _: Int32) -> Int32 { InteractiveSession.current?.moveReviewRow(by: 1); return 0 }
func reviewSubmitKey(_: Int32, _: Int32) -> Int32 { InteractiveSession.current?.submitReview(); return 0 }
func reviewOtherKey(_: Int32, _: Int32) -> Int32 {
    InteractiveSession.current?.refuseInReview()
    return 0
}
