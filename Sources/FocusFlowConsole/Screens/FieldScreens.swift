import FocusFlow

/// Finds the screen of a field's kind: the one place outside a kind's own screen file that
/// names the kinds, by a switch the compiler holds to every kind.
package enum FieldScreens {
    /// The screen of `field`, speaking `words`.
    ///
    /// A switch rather than a lookup of the kind's reducer's conformance: a dynamic cast to a
    /// protocol scans every conformance record in the program the first time, which a start
    /// would pay before its first prompt.
    package static func screen(for field: FieldSpec, words: TerminalWords) -> any FieldScreen {
        let screen: any FieldScreen =
            switch field.kind {
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
