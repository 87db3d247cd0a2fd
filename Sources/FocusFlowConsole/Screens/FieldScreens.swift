import FocusFlow

/// A kind's reducer that names its terminal screen. Each screen's file makes its kind's reducer
/// conform (`extension NumberFieldReducer: ScreenedKind`), so a kind's terminal is that one
/// file; `TerminalKindSeamTests` fails for a kind that has none.
package protocol ScreenedKind {
    /// A new screen showing `field`, a field of this kind.
    static func screen(for field: FieldSpec) -> any FieldScreen
}

/// Finds the screen of a field's kind.
package enum FieldScreens {
    /// The screen of `field`, speaking `words`.
    package static func screen(for field: FieldSpec, words: TerminalWords) -> any FieldScreen {
        guard let kind = field.kind.reducerType as? any ScreenedKind.Type else {
            preconditionFailure("no screen shows \(field.kind) fields: the screen's file makes \(field.kind.reducerType) a ScreenedKind")
        }
        let screen = kind.screen(for: field)
        screen.words = words
        return screen
    }
}
