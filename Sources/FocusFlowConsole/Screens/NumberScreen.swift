import FocusFlow

/// A number field (a ``SteppedScreen``): the badge `123`, `↑/↓ step`, and the field's range as
/// what it takes.
package final class NumberScreen: SteppedScreen {
    package let field: FieldSpec

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var stepHint: String { words.stepKeys }
    package var placeholderText: String? { field.placeholder }
    package var takes: String { field.numberRangeMessage(words.rules) }
}

extension TerminalWords {
    /// The number's key hint: `↑/↓ step`.
    var stepKeys: String {
        switch rules.language {
        case .en: "↑/↓ step"
        case .ko: "↑/↓ 증감"
        }
    }
}
