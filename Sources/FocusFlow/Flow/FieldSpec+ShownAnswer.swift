extension FieldSpec {
    /// `answer` as a person reads it, the one rule for the review and for a text that names the
    /// answer (``FlowReducer/text(_:of:in:)``): a choice by its option's label, several joined by
    /// `", "`, a confirm as `yes` or `no` in `language`, a number and a date as written, a secure
    /// text as one `mask` per character; empty when there is no answer.
    public func shownAnswer(_ answer: FieldAnswer?, in language: Language, mask: Character = "•") -> String {
        func label(_ value: String) -> String { options.first { $0.value == value }?.label ?? value }
        switch answer {
        case .text(let value)?: return secure ? String(repeating: mask, count: value.count) : value
        case .bool(let value)?: return value.map { $0 ? language.messages.yes : language.messages.no } ?? ""
        case .choice(let value)?: return value.map(label) ?? ""
        case .choices(let values)?: return values.map(label).joined(separator: ", ")
        // The other kinds' answers read as they are written (a number, a date).
        case let other?: return other.plainText
        case nil: return ""
        }
    }
}
