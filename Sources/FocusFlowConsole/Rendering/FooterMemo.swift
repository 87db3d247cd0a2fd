import FocusFlow

/// The lines under the input as ``Theme/footer(error:note:secure:progress:keys:toReview:)``
/// made them last, with what it made them from. A keystroke that changes none of that (typing
/// in a field with no message) gets the same lines back without building them again, and the
/// renderer, given the same array, finds at once that they are drawn already.
package struct FooterMemo {
    /// What the lines are made from.
    package struct Inputs: Equatable {
        /// Rows drawn first, styled already: a field's requirements, a check running.
        var rows: [String]
        var error: String?
        var note: String?
        var secure: Bool
        var progress: FlowProgress
        var keys: [String]
        var toReview: Bool

        package init(rows: [String] = [], error: String?, note: String?, secure: Bool, progress: FlowProgress, keys: [String], toReview: Bool) {
            self.rows = rows
            self.error = error
            self.note = note
            self.secure = secure
            self.progress = progress
            self.keys = keys
            self.toReview = toReview
        }
    }

    private var last: (inputs: Inputs, lines: [String])?

    package init() {}

    /// The lines for `inputs` in `theme`: those made last when the inputs are the same.
    package mutating func lines(_ inputs: Inputs, theme: Theme) -> [String] {
        if let last, last.inputs == inputs { return last.lines }
        let lines =
            inputs.rows
            + theme.footer(
                error: inputs.error, note: inputs.note, secure: inputs.secure, progress: inputs.progress,
                keys: inputs.keys, toReview: inputs.toReview)
        last = (inputs, lines)
        return lines
    }
}
