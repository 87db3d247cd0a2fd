extension FlowSpecError.Reason {
    /// The English sentence: the one table of the loader's errors in English.
    var english: String {
        switch self {
        case .noSuchFile: "no such file"
        case .cannotBeRead: "cannot be read"
        case .emptyFile: "the file is empty; a flow is a JSON object with \"id\", \"title\" and \"fields\""
        case .notText: "not a text file (it is not valid UTF-8); a flow is a JSON file"
        case .textAfterEnd: "unexpected text after the object ends"
        case .nestedTooDeeply: "nested too deeply"
        case .endsWhereValueShouldBe: "the text ends where a value should be"
        case .expectedValue: "expected a value (a string, number, object, list, true, false or null)"
        case .commaBeforeBrace: "a comma before '}' is not allowed"
        case .expectedKey: "expected a key in double quotes"
        case .duplicateKey(let key): "the key \(key.debugDescription) is given twice in this object; keep one"
        case .expectedColon: "expected ':' after the key"
        case .endsInsideObject: "the text ends inside an object; expected '}'"
        case .expectedCommaOrBrace: "expected ',' or '}' after a value in an object"
        case .commaBeforeBracket: "a comma before ']' is not allowed"
        case .endsInsideList: "the text ends inside a list; expected ']'"
        case .expectedCommaOrBracket: "expected ',' or ']' after a value in a list"
        case .unknownEscape: "unknown escape in a string"
        case .expectedHexDigits: "expected four hex digits after \\u"
        case .loneSurrogate: "a lone surrogate in \\u escapes: half of a pair (\\ud83d\\ude00) without the other"
        case .controlInString: "a line break or control character inside a string; write it as an escape"
        case .unterminatedString: "a string that never ends; expected a closing '\"'"
        case .expectedLiteral(let word): "expected \(word)"
        case .expectedDigit: "expected a digit"
        case .expectedDigitAfterPoint: "expected a digit after '.'"
        case .expectedDigitInExponent: "expected a digit in the exponent"
        case .notWholeNumber(let text): "\(text) is not a whole number; a count in a flow is written without '.' or 'e' (only a range's bounds, a step and answers take any number)"
        case .numberTooLarge(let text, let limit): "\(text) is too large; no number in a flow goes beyond \(limit)"
        case .expected(let type, let top):
            "expected \(Self.english(type))" + (top ? "; a flow is a JSON object with \"id\", \"title\" and \"fields\"" : "")
        case .foundNull(let type): "expected \(Self.english(type)), found null"
        case .missingKey(let key): "missing \"\(key)\""
        case .unknownKey(let key, let hint): "unknown key \"\(key)\"" + Self.english(hint, known: "known keys: ")
        case .unknownKind(let name, let hint): "unknown kind \"\(name)\"" + Self.english(hint, known: "expected one of ")
        case .unknownKeyboard(let name, let hint): "unknown keyboard \"\(name)\"" + Self.english(hint, known: "expected one of ")
        case .conditionNeedsOneHead:
            "a condition needs exactly one of \"field\" (with its test), \"all\", \"any\" or \"not\"; a list or \"not\" takes no test beside it"
        case .emptyCombination(let key): "an empty \"\(key)\" list decides nothing; list at least one condition"
        case .conditionReadsSecret(let name):
            "\"\(name)\" is secure: a condition may only ask whether it is empty (\"notEmpty\"), never test its value"
        case .conditionNeedsOneTest: "a condition needs exactly one of \"equals\", \"in\" or \"notEmpty\", or bounds \"min\" and/or \"max\""
        case .expectedLocalizedText: "expected a string, or an object of language codes and strings"
        case .notLanguageCode(let code): "\(code.debugDescription) is not a language code; write a code such as \"en\", \"ko\" or \"en-GB\""
        case .noLanguage: "give the text in at least one language, as {\"en\": \"Email\", \"ko\": \"이메일\"}"
        case .controlCharacter(let scalar):
            "contains the control character \(Self.code(scalar))\(Self.controlNames[scalar].map { " (\($0))" } ?? ""); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"
        case .invisibleCharacter(let scalar):
            "contains the invisible character \(Self.code(scalar))\(Self.unicodeName(scalar).map { " (\($0))" } ?? ""), which reorders the text around it on the terminal or hides in it, so that the text reads other than it is: remove it"
                + (Self.joins(scalar) ? " (a joiner or a tag is kept only where it joins an emoji sequence or the letters of a script)" : "")
        case .noFields: "a flow needs at least one field"
        case .emptyID: "a field id cannot be empty"
        case .emptySection: "a section needs a name: give one, or leave the key out"
        case .duplicateID(let id, let first): "duplicate id \"\(id)\" (fields[\(first)] has it already)"
        case .loneBrace(let brace, let column):
            "a lone \"\(brace)\" at character \(column): write {id} to show an earlier field's answer, or \"\(brace)\(brace)\" for the brace itself"
        case .emptyAnswerName(let column): "{} at character \(column) names no field: write {id} to show an earlier field's answer, or {{}} for the braces"
        case .textNamesItself(let name): "{\(name)} names this field itself; a text may show the answer of an earlier field only"
        case .textNamesSecret(let name): "\"\(name)\" is secure: a text never shows its answer; name a field that is not secure"
        case .namesNoEarlierField(let name, let earlier):
            switch earlier {
            case .nearest(let near): "\"\(name)\" names no earlier field; did you mean \"\(near)\"?"
            case .first: "\"\(name)\" names no earlier field; it is the first field"
            case .listed(let ids): "\"\(name)\" names no earlier field (earlier fields: \(ids.joined(separator: ", ")))"
            }
        case .matchesNonText(let other, let kind): "\"\(other)\" is a \(kind) field; matches compares text with a text field"
        case .noTextToHide(let kind): "a \(kind) field has no text to hide; remove \"secure\""
        case .noTextToType(let kind): "a \(kind) field has no text to type; remove \"keyboard\""
        case .needsOption(let kind): "a \(kind) field needs at least one option"
        case .duplicateOption(let value, let first): "duplicate value \(JSONText.quote(value)) (options[\(first)] has it already)"
        case .optionsNotAllowed(let kind, let owners):
            "a \(kind) field has no options; options belong to \(owners.map(\.rawValue).joined(separator: " and ")) fields"
        case .wrongDefault(let kind): "the default of a \(kind) field must be \(kind.behavior.answerType.english)"
        case .emptyConditionList: "an empty list shows the field never; list at least one value"
        case .wrongConditionValue(let source, let kind, let value):
            "\"\(source)\" is a \(kind) field, so compare it with \(kind.behavior.conditionType.english), not \(value)"
        case .notAnOption(let value, let source, let hint):
            "\(JSONText.quote(value)) is not \(source.map { "an option of \"\($0)\"" } ?? "one of the options")" + Self.english(hint, known: "expected one of ")
        case .ruleNotForKind(let rule, let owners, let kind):
            "\(rule) applies to \(owners.map(\.rawValue).joined(separator: " and ")) fields, and this is a \(kind) field"
        case .tooSmall(let value, let least): "must be \(least) or more, not \(value)"
        case .moreThanOptions(let count, let options): "\(count) is more than the \(options) options: no answer could pass"
        case .tooLarge(let value, let limit, let key): "\(value) is more than \(limit), the longest a value may be; leave \(key) out for no limit"
        case .minAboveMax(let min, let max, let minKey, let maxKey): "\(minKey) \(min) is more than \(maxKey) \(max): no value could pass"
        case .badServiceName(let name): "\(JSONText.quote(name)) cannot name a check or a send: use letters, digits, \"-\", \"_\" and \".\" (at most 64)"
        case .needsSend(let key): "\"\(key)\" belongs to a field that sends something; add \"send\" or remove it"
        case .requirementNeedsOneTest(let keys): "a requirement needs one test: \(keys.map { "\"\($0)\"" }.joined(separator: " or "))"
        case .requirementsNotForKind(let kind): "a \(kind) field has no text to show requirements for; remove \"requirements\""
        case .defaultWithOptionSource(let name):
            "the options come from the service \(JSONText.quote(name)), so no option is known when the flow is loaded; remove \"default\""
        case .defaultNotPrefilled: "a field with \"prefill\": false is answered only by the person; remove \"default\""
        case .notPositive(let value): "must be more than 0, not \(value)"
        case .notWithin(let value, let least, let most): "must be from \(least) to \(most), not \(value)"
        case .wrongBound(let kind): "min and max of a \(kind) field must be \(kind.behavior.answerType.english)"
        case .rangeNotForKind(let source, let kind):
            "\"\(source)\" is a \(kind) field, whose answers have no order; min and max compare \(FieldKind.allCases.filter { $0.behavior.ordersAnswers }.map(\.rawValue).joined(separator: " and ")) fields"
        case .emptyList(let key): "an empty list allows no value; leave \(key) out instead"
        case .kind(let problem): problem.english
        case .badPattern(let pattern, let problem, let column):
            "the pattern \(PatternProblem.quoted(pattern, around: column)) does not compile as a regular expression: \(problem.english)" + (column.map { ", at character \($0)" } ?? "")
        case .noStyle: #"no colour or attribute; name one (as "bold cyan") or leave the key out"#
        case .onNeedsColour: #""on" needs a colour after it, as "white on blue""#
        case .twoBackgrounds: #"two backgrounds; give one "on COLOUR""#
        case .twoColours(let first, let second): #"two colours, "\#(first)" and "\#(second)"; write "\#(first) on \#(second)" for a coloured background"#
        case .colourNumber(let text): "colour numbers go from 0 to 255, not \(text)"
        case .unknownStyleWord(let word, let hint):
            switch hint {
            case .nearest(let near): #"unknown colour or attribute "\#(word)"; did you mean "\#(near)"?"#
            case .known:
                #"unknown colour or attribute "\#(word)"; expected \#(TextStyle.Attribute.allCases.map(\.rawValue).joined(separator: ", ")), a colour (\#(TerminalColor.names.prefix(8).joined(separator: ", ")), bright-…, or 0–255) and "on COLOUR""#
            }
        case .nestedGroup: "a group cannot hold a group; put the inner group's fields in the outer one, or make it a group of its own"
        case .groupNeedsFields: "a group needs at least one field to ask for each item"
        case .bracketInID(let id): "the id \"\(id)\" holds a bracket; brackets name a field inside a group's item (phones[0].number)"
        case .namesFieldInGroup(let name): "\"\(name)\" names a field inside a group; only a field of the same item may name it, by its own id"
        case .sectionInGroup: "a field inside a group has no section of its own: each item is shown as a section"
        case .tooManyItems(let value, let limit): "\(value) items is more than \(limit), the most a group may ask for"
        case .other(let text): text
        }
    }

    /// The names of the control characters that have one.
    static let controlNames: [UInt32: String] = [
        0x00: "null", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed", 0x0B: "vertical tab",
        0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete",
    ]

    private static func english(_ hint: Hint, known: String) -> String {
        switch hint {
        case .nearest(let near): "; did you mean \"\(near)\"?"
        case .known(let names): "; \(known)\(names.joined(separator: ", "))"
        }
    }

    private static func english(_ type: JSONType) -> String {
        switch type {
        case .bool: "true or false"
        case .string: "a string"
        case .wholeNumber: "a whole number"
        case .number: "a number"
        case .strings: "a list of strings"
        case .fieldList: "a list of fields"
        case .list: "a list"
        case .object: "an object"
        }
    }
}
