/// What every kind's line-mode parsing shares: trimming a line and finding the option it names.
enum LineAnswer {
    /// `line` without the spaces at either end.
    static func trimmed(_ line: Substring) -> String {
        String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The value of the option `item` names: its number (from 1), its value, its label, or its
    /// value or label folded for case, diacritics and width; `nil` when it names none.
    static func option(_ item: String, of field: FieldSpec) -> String? {
        let options = field.options
        if let number = Int(item), options.indices.contains(number - 1) { return options[number - 1].value }
        return options.first { $0.value.isIdentical(to: item) }?.value
            ?? options.first { $0.label.isIdentical(to: item) }?.value
            ?? options.first { SearchFold.bytes($0.label) == SearchFold.bytes(item) || SearchFold.bytes($0.value) == SearchFold.bytes(item) }?.value
    }
}
