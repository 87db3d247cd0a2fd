/// A key of a flow file that a one-field question (`focusflow ask`) sets from its command line:
/// a kind's own keys of the field (a number's step) and rules, and the shared rules the kind
/// reads. The command line asks the kind for them, so a kind's words stay in the kind's files.
package struct QuestionKey: Sendable, Equatable {
    /// Where the key goes: the field object, or its `rules`.
    package enum Place: Sendable, Equatable { case field, rules }

    /// What its value is, as the command line reads it.
    package enum Value: Sendable, Equatable {
        /// `true` or `false`.
        case flag
        /// A whole number, 0 or more.
        case count
        /// A number.
        case number
        /// Words separated by commas.
        case strings
        /// Any text.
        case text
        /// The kind's own value (a number, or a day): a number when it reads as one, else text.
        case bound
    }

    /// The flow file's key (`minLength`).
    package var key: String
    package var place: Place
    package var value: Value

    /// The command line's option for the key: its words in lower case joined by `-`
    /// (`minLength` is `min-length`).
    package var option: String {
        var option = ""
        for character in key {
            if character.isUppercase { option += "-" + character.lowercased() } else { option.append(character) }
        }
        return option
    }
}

extension FieldKind {
    /// The shared rules a question may set, with what their values are; `matches` names another
    /// field, which a question of one field has none of.
    private static let sharedRules: [(String, QuestionKey.Value)] = [("pattern", .text), ("min", .bound), ("max", .bound)]

    /// The keys a question of this kind takes besides those every field has: its own field keys,
    /// its own rules, then the shared rules it reads.
    package var questionKeys: [QuestionKey] {
        func value(_ shape: KindKey.Shape) -> QuestionKey.Value {
            switch shape {
            case .flag: .flag
            case .count: .count
            case .number: .number
            case .strings: .strings
            }
        }
        let behavior = behavior
        var keys = behavior.fieldKeys.map { QuestionKey(key: $0.name, place: .field, value: value($0.shape)) }
        keys += behavior.ownRules.map { QuestionKey(key: $0.name, place: .rules, value: value($0.shape)) }
        let own = Set(behavior.ownRules.map(\.name))
        for (key, value) in Self.sharedRules where behavior.ruleKeys.contains(key) && !own.contains(key) {
            keys.append(QuestionKey(key: key, place: .rules, value: value))
        }
        return keys
    }
}
