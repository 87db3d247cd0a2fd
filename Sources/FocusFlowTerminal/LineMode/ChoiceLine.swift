import FocusFlow

/// How line mode (piped input and the accessible mode) shows a confirm, select or
/// multi-select field and says what a line may be. The parsing itself is the engine's
/// (``FlowReducer/actions(answering:in:)``).
enum ChoiceLine {
    /// What a confirm line may be.
    static let confirmWords = ["y", "yes", "true", "n", "no", "false"]

    /// Whether `line` answers a confirm field (an empty line keeps the current answer).
    static func answersConfirm(_ line: String) -> Bool {
        let word = line.trimmingSpaces.lowercased()
        return word.isEmpty || confirmWords.contains(word)
    }

    /// The numbered options, one a line: `1. Post (post)`; the value is shown when it differs
    /// from the label, since either answers.
    static func numbered(_ field: FieldSpec) -> [String] {
        field.options.enumerated().map { "\($0 + 1). \(describe($1))" }
    }

    /// Why `line` does not answer `field`, naming what it may be. `actions` are the engine's
    /// for the line: a multi-select's first item that names no option is the one quoted.
    static func refusal(_ field: FieldSpec, line: String, actions: [FlowReducer.Action]) -> String {
        switch field.kind {
        case .text:
            return "\(line.debugDescription) is not accepted"
        case .confirm:
            return "\(line.trimmingSpaces.debugDescription) is not an answer here; answer y, yes, n or no"
        case .select:
            return "\(line.trimmingSpaces.debugDescription) is not one of the options; answer with a number from 1 to \(field.options.count), a value or a label: \(listed(field))"
        case .multiSelect:
            let values = Set(field.options.map(\.value))
            let item = actions.lazy.compactMap { action -> String? in
                if case .field(.toggle(let item)) = action, !values.contains(item) { return item }
                return nil
            }.first ?? line.trimmingSpaces
            return "\(item.debugDescription) is not one of the options; answer with numbers from 1 to \(field.options.count), values or labels, separated by commas (write a comma inside a value as \\,): \(listed(field))"
        }
    }

    private static func listed(_ field: FieldSpec) -> String {
        field.options.enumerated().map { "\($0 + 1) \(describe($1))" }.joined(separator: ", ")
    }

    private static func describe(_ option: FieldOption) -> String {
        option.label == option.value ? option.label : "\(option.label) (\(option.value))"
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
