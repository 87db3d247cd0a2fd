/// Which characters a field accepts, named as UIKit names its keyboards.
///
/// ``accepts(_:)-(Unicode.Scalar)`` is the one place that decides; every other check in the
/// package (typing, paste, yank, scripted input) goes through it.
///
/// | keyboard | accepts |
/// |---|---|
/// | `default`, `twitter`, `webSearch` | any character but control characters |
/// | `asciiCapable` | printable ASCII, U+0020–U+007E |
/// | `numberPad`, `asciiCapableNumberPad` | `0`–`9` |
/// | `decimalPad` | `0`–`9`, `.` and `,` |
/// | `phonePad` | `0`–`9`, space and `+ * # ( ) -` |
/// | `namePhonePad` | letters, space, and what `phonePad` accepts |
/// | `emailAddress`, `url` | printable ASCII without space |
/// | `numbersAndPunctuation` | `0`–`9`, space and ASCII punctuation |
public enum KeyboardType: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case `default`
    case asciiCapable
    case numbersAndPunctuation
    case url
    case numberPad
    case phonePad
    case namePhonePad
    case emailAddress
    case decimalPad
    case twitter
    case webSearch
    case asciiCapableNumberPad

    /// Whether this keyboard can type `scalar`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func accepts(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch self {
        case .default, .twitter, .webSearch:
            if v < 0x80 { return v >= 0x20 && v != 0x7F }
            return scalar.properties.generalCategory != .control
        case .asciiCapable:
            return v >= 0x20 && v <= 0x7E
        case .emailAddress, .url:
            return v > 0x20 && v <= 0x7E
        case .numberPad, .asciiCapableNumberPad:
            return Self.isDigit(v)
        case .decimalPad:
            return Self.isDigit(v) || v == 0x2E || v == 0x2C
        case .phonePad:
            return Self.isPhone(v)
        case .namePhonePad:
            return Self.isPhone(v) || scalar.properties.isAlphabetic
        case .numbersAndPunctuation:
            return Self.isDigit(v) || v == 0x20 || Self.isASCIIPunctuation(v)
        }
    }

    /// Whether this keyboard can type every part of `character`.
    public func accepts(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(accepts)
    }

    /// Whether this keyboard can type all of `text`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public func accepts(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy(accepts)
    }

    /// The first character of `text` this keyboard refuses, or `nil` when it accepts them all.
    public func firstRefused(in text: some StringProtocol) -> Character? {
        text.first { !accepts($0) }
    }

    /// A short badge for the terminal, as English speakers read it: `abc`, `123`, `@`, `한/A`…
    /// (the terminal's words give each language's).
    public var badge: String {
        switch self {
        case .default, .twitter, .webSearch: "한/A"
        case .asciiCapable: "abc"
        case .numbersAndPunctuation: "1+#"
        case .url: "url"
        case .numberPad, .asciiCapableNumberPad: "123"
        case .phonePad: "☎"
        case .namePhonePad: "a☎"
        case .emailAddress: "@"
        case .decimalPad: "1.5"
        }
    }

    /// What the keyboard accepts, in English words, for messages and help (each language's is
    /// ``RuleMessages/keyboardTakes(_:)``).
    public var summary: String {
        switch self {
        case .default, .twitter, .webSearch: "any character but control characters"
        case .asciiCapable: "printable ASCII"
        case .emailAddress, .url: "printable ASCII without spaces"
        case .numberPad, .asciiCapableNumberPad: "digits 0-9"
        case .decimalPad: "digits, '.' and ','"
        case .phonePad: "digits, space and + * # ( ) -"
        case .namePhonePad: "letters, digits, space and + * # ( ) -"
        case .numbersAndPunctuation: "digits, space and punctuation"
        }
    }

    public var description: String { rawValue }

    @usableFromInline
    static func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

    @usableFromInline
    static func isPhone(_ v: UInt32) -> Bool {
        isDigit(v) || v == 0x20 || v == 0x2B || v == 0x2A || v == 0x23 || v == 0x28 || v == 0x29
            || v == 0x2D
    }

    @usableFromInline
    static func isASCIIPunctuation(_ v: UInt32) -> Bool {
        (v >= 0x21 && v <= 0x2F) || (v >= 0x3A && v <= 0x40) || (v >= 0x5B && v <= 0x60)
            || (v >= 0x7B && v <= 0x7E)
    }
}
