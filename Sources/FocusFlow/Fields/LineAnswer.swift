/// What every kind's line-mode parsing shares: trimming a line and finding the option it names.
enum LineAnswer {
    /// `line` without the spaces at either end.
    static func trimmed(_ line: Substring) -> String {
        String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The value of the option `item` names, or `nil` when it names none or several (see
    /// ``FieldSpec/option(named:)``).
    static func option(_ item: String, of field: FieldSpec) -> String? {
        if case .option(let value) = field.option(named: item) { value } else { nil }
    }
}

/// What a typed item (a line, or one item of a multi-select's line) names among a field's options.
public enum OptionMatch: Sendable, Equatable {
    /// The option with this value.
    case option(String)
    /// Several options, none of them more than the others: the item says too little.
    case ambiguous([FieldOption])
    /// No option.
    case none
}

extension FieldSpec {
    /// The option `item` names, as a person typing a line names one: its number (from 1), its
    /// value or its label as written; else, folded for case, diacritics and width (see the
    /// filter's fold), its value, its label or one part of a label that joins several names
    /// with ` · ` (`한국어` for `한국어 · Korean`); else the start of one of those. The first of
    /// these steps that finds anything decides: one option is taken, several are
    /// ``OptionMatch/ambiguous(_:)`` and taken by none.
    ///
    /// - Complexity: O(*n*) in the options' labels and values.
    public func option(named item: String) -> OptionMatch {
        if let number = Int(item), options.indices.contains(number - 1) { return .option(options[number - 1].value) }
        if let exact = options.first(where: { $0.value.isIdentical(to: item) }) ?? options.first(where: { $0.label.isIdentical(to: item) }) {
            return .option(exact.value)
        }
        let folded = SearchFold.bytes(item)
        guard !folded.isEmpty else { return .none }
        let names = options.map { option in
            ([option.value, option.label] + Self.labelParts(option.label)).map(SearchFold.bytes)
        }
        for matches in [{ (name: [UInt8]) in name == folded }, { (name: [UInt8]) in name.starts(with: folded) }] {
            let found = options.indices.filter { names[$0].contains(where: matches) }
            if found.count == 1 { return .option(options[found[0]].value) }
            if found.count > 1 { return .ambiguous(found.map { options[$0] }) }
        }
        return .none
    }

    /// The names a label joins with ` · ` (`한국어 · Korean`), each trimmed; none for a label of one name.
    private static func labelParts(_ label: String) -> [String] {
        let parts = label.split(separator: "·").map { LineAnswer.trimmed($0) }.filter { !$0.isEmpty }
        return parts.count > 1 ? parts : []
    }
}

extension RuleMessages {
    /// `"p" could be Post or Pick up in store; type more of it.`: an item that names several options.
    public func ambiguousOption(_ item: String, _ labels: [String]) -> String {
        let listed: String
        switch language {
        case .en: listed = labels.count > 1 ? labels.dropLast().joined(separator: ", ") + " or " + labels[labels.count - 1] : labels.joined()
        case .ko: listed = labels.joined(separator: ", ")
        }
        return switch language {
        case .en: "\(item) could be \(listed); type more of it."
        case .ko: "\(item)에 맞는 선택지가 여럿입니다: \(listed). 더 입력하세요."
        }
    }
}
