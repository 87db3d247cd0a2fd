/// A flow's text given in several languages (`{"en": "Email", "ko": "이메일"}`), in the order
/// the flow gives them.
///
/// Two are equal when they give the same texts for the same codes, in any order: encoding a
/// flow keeps every language but not their order (`JSONEncoder` does not keep key order).
public struct LocalizedText: Sendable, Hashable {
    /// One language's text.
    public struct Variant: Sendable, Hashable {
        /// The language code as the flow writes it: `en`, `ko`, `en-GB`, `pt_BR`.
        public var code: String
        public var text: String

        public init(code: String, text: String) {
            self.code = code
            self.text = text
        }
    }

    /// At least one, in the flow's order.
    public var variants: [Variant]

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.variants.count == rhs.variants.count && Set(lhs.variants) == Set(rhs.variants)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(Set(variants)) }

    public init(_ variants: [Variant]) {
        precondition(!variants.isEmpty, "a LocalizedText needs at least one language")
        self.variants = variants
    }

    /// The text in `language`: the variant whose code is the language's (`ko`, `ko-KR`),
    /// else the first given.
    public func text(in language: Language) -> String {
        (variants.first { $0.code == language.rawValue } ?? variants.first { Language(code: $0.code) == language } ?? variants[0]).text
    }

    /// Whether `code` has the shape of a language code: two or three letters, then
    /// optional `-` or `_` parts of two to eight letters or digits (`en`, `ko-KR`, `zh_Hant`).
    static func isCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
