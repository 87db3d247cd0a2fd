import FocusFlow

/// What a command's help says, in one language: the line of the general help, and the rest of
/// its own help after its usage lines. Options, commands and examples are written verbatim in
/// every language.
struct HelpText: Sendable {
    /// One line for the general help.
    var summary: String
    /// The rest of the command's own help, after its usage lines.
    var details: String
}

/// A command's help in every language FocusFlow speaks: one value per language, so a command
/// without its help in a language does not compile.
struct HelpTexts: Sendable {
    var en: HelpText
    var ko: HelpText

    subscript(_ language: Language) -> HelpText {
        switch language {
        case .en: en
        case .ko: ko
        }
    }
}
