/// The words a repeating group adds to the fields it unrolls to: the question whether to add an
/// item, and each item's section (`Phone numbers 2`), in every language the engine speaks, built
/// from the group's label in that language.
enum GroupWords {
    /// "Add another to Phone numbers?" (for the first item: "Add an item to Phone numbers?").
    static func question(item: Int, in language: Language, label: String) -> String {
        switch (language, item) {
        case (.en, 0): "Add an item to \(label)?"
        case (.en, _): "Add another to \(label)?"
        case (.ko, 0): "\(label)에 항목을 추가할까요?"
        case (.ko, _): "\(label)에 하나 더 추가할까요?"
        }
    }

    /// The question in the flow's first language, and in every language, for the field's label.
    static func question(item: Int, label: String, languages: LocalizedText?) -> (text: String, languages: LocalizedText) {
        let variants = Language.allCases.map { language in
            LocalizedText.Variant(
                code: language.rawValue, text: question(item: item, in: language, label: languages?.text(in: language) ?? label))
        }
        return (variants[0].text, LocalizedText(variants))
    }

    /// Item `item`'s section: the label and the item's number counted from 1 (`Phone numbers 2`).
    static func section(item: Int, label: String) -> String { "\(label) \(item + 1)" }

    /// Item `item`'s section in every language the label is given in, or `nil` for a plain label.
    static func sections(item: Int, _ group: FieldGroup) -> LocalizedText? {
        group.localizedLabel.map { labels in
            LocalizedText(labels.variants.map { .init(code: $0.code, text: section(item: item, label: $0.text)) })
        }
    }
}
