extension FlowSpecError {
    /// Every way a flow file can be wrong, with the names the sentence quotes. Each language's
    /// sentences are one `switch` over these cases (`FlowSpecError+English.swift`,
    /// `FlowSpecError+Korean.swift`), so a case without a sentence in a language does not compile.
    public enum Reason: Error, Sendable, Equatable {
        // The file.
        case noSuchFile
        case cannotBeRead
        case emptyFile
        case notText
        // JSON syntax, at a line and column.
        case textAfterEnd
        case nestedTooDeeply
        case endsWhereValueShouldBe
        case expectedValue
        case commaBeforeBrace
        case expectedKey
        case duplicateKey(String)
        case expectedColon
        case endsInsideObject
        case expectedCommaOrBrace
        case commaBeforeBracket
        case endsInsideList
        case expectedCommaOrBracket
        case unknownEscape
        case expectedHexDigits
        /// A `\u` escape of half a surrogate pair without its other half.
        case loneSurrogate
        case controlInString
        case unterminatedString
        case expectedLiteral(String)
        case expectedDigit
        case expectedDigitAfterPoint
        case expectedDigitInExponent
        case notWholeNumber(String)
        case numberTooLarge(String, limit: Int)
        // The shape of the flow, at a field path.
        case expected(JSONType, topLevel: Bool)
        case foundNull(JSONType)
        case missingKey(String)
        case unknownKey(String, Hint)
        case unknownKind(String, Hint)
        case unknownKeyboard(String, Hint)
        case conditionNeedsOneTest
        case expectedLocalizedText
        case notLanguageCode(String)
        case noLanguage
        case controlCharacter(UInt32)
        case noFields
        case emptyID
        case duplicateID(String, first: Int)
        case namesNoEarlierField(String, EarlierFields)
        case matchesNonText(String, kind: FieldKind)
        case noTextToHide(FieldKind)
        case noTextToType(FieldKind)
        case needsOption(FieldKind)
        case duplicateOption(String, first: Int)
        case optionsNotAllowed(FieldKind, owners: [FieldKind])
        case wrongDefault(FieldKind)
        case emptyConditionList
        case wrongConditionValue(source: String, kind: FieldKind, value: String)
        /// A choice's value that is none of the options: of this field (`source` nil) or of `source`.
        case notAnOption(String, source: String?, Hint)
        case ruleNotForKind(String, owners: [FieldKind], kind: FieldKind)
        case tooSmall(Int, least: Int)
        /// A count rule (`minSelected`) above the number of options, so that no answer could pass.
        case moreThanOptions(Int, options: Int)
        /// A length rule above the largest a flow may give; the sentence names `key`.
        case tooLarge(Int, limit: Int, key: String)
        /// A lower bound (`min`, `minLength`) above its upper one, as the file writes them.
        case minAboveMax(String, String, minKey: String = "min", maxKey: String = "max")
        /// A `step` of 0 or less.
        case notPositive(String)
        /// A whole number outside `least...most`.
        case notWithin(Int, least: Int, most: Int)
        /// A `min` or `max` rule that is not of the kind's answer type.
        case wrongBound(FieldKind)
        /// A `when` with `min`/`max` on a field whose answers have no order.
        case rangeNotForKind(source: String, kind: FieldKind)
        /// An empty list (`oneOf`), which allows no value.
        case emptyList(key: String)
        /// What one kind alone checks of its keys, in the kind's own words in each language.
        case kind(KindProblem)
        /// A pattern ICU does not compile: why, and at which character (from 1) it stopped.
        case badPattern(String, PatternProblem, column: Int?)
        /// ICU's regular expressions could not be loaded, so no pattern can be checked.
        case patternsUnavailable(library: String, package: String)
        // A theme's text style.
        case noStyle
        case onNeedsColour
        case twoBackgrounds
        case twoColours(String, String)
        case colourNumber(String)
        case unknownStyleWord(String, Hint)
        /// A check's or a send's name with a character a command line cannot name it by.
        case badServiceName(String)
        /// `resendAfter` or `expiresAfter` on a field that sends nothing.
        case needsSend(String)
        /// A requirement with neither or both of `minLength` and `pattern`.
        case requirementNeedsOneTest(keys: [String])
        /// Requirements on a field with no text to type.
        case requirementsNotForKind(FieldKind)
        /// A `default` on a field only a person may answer.
        case defaultNotPrefilled
        /// A message from a decoder this package did not write, passed on as it is.
        case other(String)

        /// What a JSON value should have been.
        public enum JSONType: Sendable, Equatable {
            case bool, string, wholeNumber, number, strings, fieldList, list, object
        }

        /// After an unknown name: the nearest known one, or every known one.
        public enum Hint: Sendable, Equatable {
            case nearest(String)
            case known([String])
        }

        /// After a field name that names no earlier field.
        public enum EarlierFields: Sendable, Equatable {
            case nearest(String)
            case first
            case listed([String])
        }

        /// The sentence in `language`.
        public func message(in language: Language) -> String {
            switch language {
            case .en: english
            case .ko: korean
            }
        }

        /// The hint for an unknown name, from `candidates`.
        static func hint(for name: String, in candidates: [String]) -> Hint {
            Suggestion.nearest(to: name, in: candidates).map(Hint.nearest) ?? .known(candidates)
        }
    }
}

extension FlowSpecError.Reason {
    /// `U+001B`.
    static func code(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension DecodingError {
    /// A flow decoder's refusal at `codingPath`: the reason rides in the context (the loader
    /// renders it in the caller's language), its English sentence in the description.
    static func flow(_ reason: FlowSpecError.Reason, at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason.message(in: .en), underlyingError: reason))
    }
}

/// The JSON type of a kind's answer or of what a `when` compares it with, as errors name it in
/// each language (each kind's ``FieldBehavior`` says which; the shapes several kinds share are here).
struct AnswerShape: Sendable {
    let english: String
    let korean: String

    static let string = AnswerShape(english: "a string", korean: "문자열")
    static let bool = AnswerShape(english: "true or false", korean: "true 또는 false")
    static let optionValue = AnswerShape(english: "one of the option values (a string)", korean: "선택지 값 하나(문자열)")
    static let optionValues = AnswerShape(english: "a list of option values", korean: "선택지 값 목록")
    static let number = AnswerShape(english: "a number", korean: "숫자")
}

/// A sentence in each language about what one kind alone checks (a number's `decimals`), which
/// the kind's own file words.
public struct KindProblem: Sendable, Equatable {
    public let english: String
    public let korean: String
}

/// Why ICU does not compile a pattern, in words a person can act on.
public enum PatternProblem: Sendable, Equatable {
    case syntax, parenthesis, bracket, escape, property, interval, maxBelowMin, backReference, lookBehind, range, other

    var english: String {
        switch self {
        case .syntax: "a syntax error"
        case .parenthesis: "a parenthesis without its pair"
        case .bracket: "a '[' without its ']'"
        case .escape: "an unknown escape after '\\'"
        case .property: "a \\p{…} property ICU does not know"
        case .interval: "a {m,n} count that is not two numbers, or too large"
        case .maxBelowMin: "a {m,n} count whose n is below m"
        case .backReference: "a back reference to a group the pattern does not have"
        case .lookBehind: "a look-behind whose length has no bound"
        case .range: "a range whose end comes before its start"
        case .other: "an error ICU does not name"
        }
    }

    var korean: String {
        switch self {
        case .syntax: "문법 오류"
        case .parenthesis: "짝이 없는 괄호"
        case .bracket: "']'가 없는 '['"
        case .escape: "'\\' 뒤의 알 수 없는 이스케이프"
        case .property: "ICU가 모르는 \\p{…} 속성"
        case .interval: "두 수가 아니거나 너무 큰 {m,n} 횟수"
        case .maxBelowMin: "n이 m보다 작은 {m,n} 횟수"
        case .backReference: "패턴에 없는 그룹을 가리키는 역참조"
        case .lookBehind: "길이에 한계가 없는 후방 탐색"
        case .range: "끝이 시작보다 앞선 범위"
        case .other: "ICU가 이름을 말하지 않는 오류"
        }
    }
}
