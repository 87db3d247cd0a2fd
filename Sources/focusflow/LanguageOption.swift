import FocusFlow
import Glibc

/// `--lang en|ko`: the language of FocusFlow's own words and of the flow's text where the flow
/// gives it in several languages.
enum LanguageOption {
    static let help = """
          --lang en|ko    the language of FocusFlow's words (keys, notes, rule messages,
                          errors) and of the flow's text given in several languages; by
                          default the first set of LC_ALL, LC_MESSAGES and LANG decides
                          (ko_KR.UTF-8 gives Korean, anything else English)
        """

    /// `--lang`'s language, else `fallback` (the locale's, or English where output must not
    /// depend on the environment).
    ///
    /// - Throws: a usage ``CommandError`` for a language FocusFlow does not speak.
    static func decide(_ arguments: Arguments, command: String, fallback: @autoclosure () -> Language) throws(CommandError) -> Language {
        guard let name = arguments.values["lang"] else { return fallback() }
        guard let language = Language(rawValue: name.lowercased()) else {
            throw .usage(.unknownLanguage(name, known: Language.allCases.map(\.rawValue)), command: command)
        }
        return language
    }

    /// The language of `focusflow`'s own messages: `--lang`'s wherever it is on the command line
    /// (before `--`), found before the words are parsed so that a mistake before it is said in
    /// it too; else the locale's, or English for a command that does not follow the locale.
    static func forMessages(_ words: [String], command: Subcommand) -> Language {
        var rest = words[...]
        while let word = rest.popFirst(), word != "--" {
            let value = word == "--lang" ? rest.first : word.hasPrefix("--lang=") ? String(word.dropFirst(7)) : nil
            if let value, let language = Language(rawValue: value.lowercased()) { return language }
        }
        return command.followsLocale ? fromEnvironment : .en
    }

    /// The language the locale variables ask for, read with `getenv`: `ProcessInfo`'s
    /// environment would copy the whole environment into a dictionary on every start.
    static var fromEnvironment: Language { Language(variable: { getenv($0).map { String(cString: $0) } }) }
}
