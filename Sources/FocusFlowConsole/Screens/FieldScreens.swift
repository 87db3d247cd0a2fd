import FocusFlow

/// The one place that knows which screen shows which kind. The switch is exhaustive: a new
/// ``FieldKind`` does not compile until it has a screen here.
package enum FieldScreens {
    /// The screen of `field`, speaking `words`.
    package static func screen(for field: FieldSpec, words: TerminalWords) -> any FieldScreen {
        let screen: any FieldScreen = switch field.kind {
        case .text: TextScreen(field)
        case .confirm: ConfirmScreen(field)
        case .select: SelectScreen(field)
        case .multiSelect: MultiSelectScreen(field)
        case .number: NumberScreen(field)
        case .date: DateScreen(field)
        }
        screen.words = words
        return screen
    }
}
