/// The language FocusFlow speaks: its built-in words (rule messages, key hints, prompts) and the
/// flow's own text where the flow gives it in more than one language.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case en
    case ko

    /// The language the locale variables ask for: the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty (POSIX order) decides; `ko`, `ko_KR.UTF-8` and other
    /// `ko…` locales give Korean, anything else (or nothing set) English.
    ///
    /// - Parameter environment: the process's environment, as `ProcessInfo` gives it.
    public init(environment: [String: String]) {
        self.init(variable: { environment[$0] })
    }

    /// The language the locale variables ask for, as ``init(environment:)`` decides, reading
    /// only `LC_ALL`, `LC_MESSAGES` and `LANG`, in that order and no further than the first set:
    /// a command gives `getenv` here, and builds no dictionary of its whole environment at start.
    ///
    /// - Parameter variable: the value of an environment variable, `nil` when it is unset.
    public init(variable: (String) -> String?) {
        var locale: String?
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = variable(name), !value.isEmpty {
                locale = value
                break
            }
        }
        self = locale.flatMap(Language.init(code:)) ?? .en
    }

    /// The language of a locale or language code (`ko`, `ko_KR.UTF-8`, `en-GB`), or `nil`
    /// for one FocusFlow does not speak.
    public init?(code: String) {
        let base = code.prefix { $0.isLetter }.lowercased()
        guard let known = Language(rawValue: base) else { return nil }
        self = known
    }

    /// The built-in words of the engine in this language.
    public var messages: RuleMessages {
        switch self {
        case .en: .english
        case .ko: .korean
        }
    }
}
