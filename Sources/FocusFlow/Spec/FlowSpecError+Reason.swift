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
        /// A condition object is one of a test of a field, "all", "any" or "not".
        case conditionNeedsOneHead
        /// An "all" or "any" with no condition in it.
        case emptyCombination(String)
        /// A condition tests a secure field's value (only "notEmpty" may read a secret).
        case conditionReadsSecret(String)
        case expectedLocalizedText
        case notLanguageCode(String)
        case noLanguage
        case controlCharacter(UInt32)
        /// A format character, or a line or paragraph separator, in text shown on the terminal
        /// (see `DisplayText.isInvisible(_:)`).
        case invisibleCharacter(UInt32)
        case noFields
        case emptyID
        /// A `section` that names nothing (empty or only white space): a header would show ` · 1/2`.
        case emptySection
        case duplicateID(String, first: Int)
        /// A `{` or `}` in a text that is neither doubled (`{{`) nor part of an answer's place
        /// (`{name}`), at a character (from 1).
        case loneBrace(String, column: Int)
        /// `{}` in a text: the place of an answer that names no field, at a character (from 1).
        case emptyAnswerName(column: Int)
        /// A text that names its own field's answer, which it is asking for.
        case textNamesItself(String)
        /// A text that names a secure field's answer, which is never shown.
        case textNamesSecret(String)
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
        /// A pattern that does not compile: why, and at which character (from 1) the problem starts.
        case badPattern(String, PatternProblem, column: Int?)
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
        /// A `default` on a field whose options the service gives (named here): no option is known at load.
        case defaultWithOptionSource(String)
        /// A repeating group inside a repeating group.
        case nestedGroup
        /// A repeating group with no fields.
        case groupNeedsFields
        /// An id with `[` or `]`, which would read as a path into a group (`phones[0].number`).
        case bracketInID(String)
        /// A name of a field inside a group from outside its item.
        case namesFieldInGroup(String)
        /// A `section` on a field inside a group: each item is its own section.
        case sectionInGroup
        /// A group's `maxItems` above the limit.
        case tooManyItems(Int, limit: Int)
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

    /// `right-to-left override`: Unicode's name of the character, in lower case.
    static func unicodeName(_ scalar: UInt32) -> String? { Unicode.Scalar(scalar)?.properties.name?.lowercased() }

    /// Whether the character is a joiner or a tag, which some text keeps (see
    /// `DisplayText.refusedScalars(in:)`).
    static func joins(_ scalar: UInt32) -> Bool { scalar == 0x200C || scalar == 0x200D || (0xE0020...0xE007F).contains(scalar) }
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

/// Why a pattern does not compile, in words a person can act on.
public enum PatternProblem: Sendable, Equatable {
    /// `pattern` in quotes as a message shows it: its backslashes as written, so that a column
    /// counts the characters shown; control characters and quotes escaped; a long one cut to the
    /// characters around `column`, so that a message is a line, not the whole pattern again.
    static func quoted(_ pattern: String, around column: Int?) -> String {
        let characters = Array(pattern)
        let window = 60
        var shown = characters[...]
        var before = "", after = ""
        if characters.count > window {
            let center = Swift.min(Swift.max((column ?? 1) - 1, 0), characters.count - 1)
            let start = Swift.max(0, Swift.min(center - window / 2, characters.count - window))
            shown = characters[start..<start + window]
            if start > 0 { before = "…" }
            if start + window < characters.count { after = "…" }
        }
        var text = ""
        for character in shown {
            if character == "\"" {
                text += "\\\""
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                text += character.unicodeScalars.map { "\\u{" + String($0.value, radix: 16) + "}" }.joined()
            } else {
                text.append(character)
            }
        }
        return "\"" + before + text + after + "\""
    }

    case parenthesis, bracket, escape, posixClass, property, range, nothingToRepeat, interval, maxBelowMin
    case repeatedRepetition, group, tooLarge
    /// What matching in linear time rules out, refused before RE2 sees the pattern.
    case backReference, lookaround, atomicGroup
    /// What RE2 would read differently from the syntax flows are written in.
    case negatedClassInSet, setInSet
    /// What the engine's own matcher (a build without RE2) does not match as RE2 does.
    case needsRE2
    case other

    var english: String {
        switch self {
        case .parenthesis: "a parenthesis without its pair"
        case .bracket: "a '[' without its ']'"
        case .escape: "an unknown escape after '\\'"
        case .posixClass: "a [:…:] class that does not exist, or one ICU and RE2 read differently ([:graph:], [:print:], [:xdigit:]): write the set"
        case .property: "a \\p{…} property that is not a general category (\\p{L}) or a script (\\p{Hangul})"
        case .range: "a range whose end comes before its start"
        case .nothingToRepeat: "a repetition (*, +, ?, {m,n}) with nothing before it"
        case .interval: "a {m,n} count that is not two numbers, or above 1000 (counts inside counts multiply)"
        case .maxBelowMin: "a {m,n} count whose n is below m"
        case .repeatedRepetition: "a repetition of a repetition (a** or a possessive a*+)"
        case .group: "a (?…) group that does not exist; the flags are i, m and s"
        case .tooLarge:
            "a pattern too large to build: a count copies what it repeats ([\\w\\s]{1,500} is 500 sets of Unicode's letters), and one pattern holds at most 500 Unicode classes; repeat with + or *, and bound the length with the field's length rules"
        case .backReference: "a back reference (\\1, \\k<name>), which no pattern may have: matching stays linear in time"
        case .lookaround:
            "a look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which no pattern may have: matching stays linear in time; give each condition a requirement of its own"
        case .atomicGroup: "an atomic group (?>…), which no pattern needs: matching never backtracks; write (…)"
        case .negatedClassInSet: "\\W, \\S or a negated [:^…:] class of several properties inside [ ]: write what may not match as [^…]"
        case .setInSet: "a set inside a set ([[a-z][0-9]], &&): write one set, like [a-z0-9]"
        case .needsRE2:
            "a part only RE2 matches, which this build does not have: a \\p{…} script other than \(PatternUnicode.scriptNames), or \\C; write the set of characters"
        case .other: "an error RE2 does not name"
        }
    }

    var korean: String {
        switch self {
        case .parenthesis: "짝이 없는 괄호"
        case .bracket: "']'가 없는 '['"
        case .escape: "'\\' 뒤의 알 수 없는 이스케이프"
        case .posixClass: "없는 [:…:] 클래스, 또는 ICU와 RE2가 다르게 읽는 클래스([:graph:], [:print:], [:xdigit:]). 집합을 직접 쓰세요"
        case .property: "일반 범주(\\p{L})도 문자 체계(\\p{Hangul})도 아닌 \\p{…} 속성"
        case .range: "끝이 시작보다 앞선 범위"
        case .nothingToRepeat: "앞에 반복할 것이 없는 반복(*, +, ?, {m,n})"
        case .interval: "두 수가 아니거나 1000을 넘는 {m,n} 횟수(횟수 안의 횟수는 곱해짐)"
        case .maxBelowMin: "n이 m보다 작은 {m,n} 횟수"
        case .repeatedRepetition: "반복의 반복(a** 또는 소유 한정자 a*+)"
        case .group: "없는 (?…) 그룹. 플래그는 i, m, s입니다"
        case .tooLarge:
            "너무 커서 만들 수 없는 패턴. 횟수는 되풀이할 것을 그만큼 복사하고([\\w\\s]{1,500}은 유니코드 문자 집합 500개), 패턴 하나에는 유니코드 클래스가 500개까지 들어갑니다. + 또는 *로 되풀이하고 길이는 필드의 길이 규칙으로 제한하세요"
        case .backReference: "역참조(\\1, \\k<name>). 맞춰 보는 시간이 선형이도록 패턴에는 쓸 수 없습니다"
        case .lookaround:
            "전방·후방 탐색((?=, (?!, (?<=, (?<!). 맞춰 보는 시간이 선형이도록 패턴에는 쓸 수 없습니다. 조건마다 요구 사항을 따로 두세요"
        case .atomicGroup: "원자 그룹 (?>…). 되돌아가며 맞춰 보지 않으므로 필요 없습니다. (…)로 쓰세요"
        case .negatedClassInSet: "[ ] 안의 \\W, \\S 또는 여러 속성의 부정 [:^…:] 클래스. 맞으면 안 되는 것을 [^…]로 쓰세요"
        case .setInSet: "집합 안의 집합([[a-z][0-9]], &&). [a-z0-9]처럼 집합 하나로 쓰세요"
        case .needsRE2:
            "RE2만 맞춰 볼 수 있는 부분인데 이 빌드에는 RE2가 없습니다: \(PatternUnicode.scriptNames) 밖의 \\p{…} 문자 체계, 또는 \\C. 문자 집합으로 쓰세요"
        case .other: "RE2가 이름을 말하지 않는 오류"
        }
    }
}
