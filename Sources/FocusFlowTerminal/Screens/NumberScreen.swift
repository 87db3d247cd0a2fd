import FocusFlow

/// A number field (a ``SteppedScreen``): the badge `123`, `↑/↓ step`, and the field's range as
/// what it takes.
final class NumberScreen: SteppedScreen {
    let field: FieldSpec

    var words = TerminalWords.english

    init(_ field: FieldSpec) { self.field = field }

    var stepHint: String { words.stepKeys }
    var placeholderText: String? { field.placeholder }
    var takes: String { field.numberRangeMessage(words.rules) }
}
