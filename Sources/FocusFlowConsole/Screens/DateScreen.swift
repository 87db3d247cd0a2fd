import FocusFlow

/// A date field (a ``SteppedScreen``, the stepping the number's screen brought): the
/// `YYYY-MM-DD` shape, in which the engine places the separators, as the placeholder; Up/Down
/// move a day; it takes a date in the shape, within the range when there is one.
package final class DateScreen: SteppedScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var stepHint: String { words.dayKeys }
    package var placeholderText: String? { field.placeholder ?? DateFieldReducer.shape }

    /// How to write it, and the range when there is one.
    package var takes: String {
        let format = field.dateFormat
        let shape = words.rules.notADate(field.label, DateFieldReducer.shape)
        return format.min == nil && format.max == nil ? shape : shape + " " + field.dateRangeMessage(words.rules)
    }
}

extension TerminalWords {
    /// The date's key hint: `↑/↓ day`.
    var dayKeys: String {
        switch rules.language {
        case .en: "↑/↓ day"
        case .ko: "↑/↓ 하루씩"
        }
    }
}
