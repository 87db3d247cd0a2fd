/// The engine's built-in words in one language: the messages of the default rules, and the
/// words for yes and no. One value per language (``english``, ``korean``); the memberwise
/// initialiser makes every language give every message.
public struct RuleMessages: Sendable {
    /// `Email is required.`
    public let required: @Sendable (_ label: String) -> String
    /// `Confirm does not match Password.`
    public let doesNotMatch: @Sendable (_ label: String, _ other: String) -> String
    /// `Name must be at least 3 characters.`
    public let atLeastCharacters: @Sendable (_ label: String, _ count: Int) -> String
    /// `Name must be at most 3 characters.`
    public let atMostCharacters: @Sendable (_ label: String, _ count: Int) -> String
    /// `Code is not in the expected format.`
    public let notInFormat: @Sendable (_ label: String) -> String
    /// `Size must be one of: S, M, L.`
    public let oneOf: @Sendable (_ label: String, _ options: [String]) -> String
    /// `Terms needs a yes or no.`
    public let needsYesOrNo: @Sendable (_ label: String) -> String
    /// `Terms must be yes.`
    public let mustBe: @Sendable (_ label: String, _ yes: Bool) -> String
    /// `Plan: choose one of a, b.`
    public let chooseOne: @Sendable (_ label: String, _ options: [String]) -> String
    /// `Topics: choose at least one option.`
    public let chooseAny: @Sendable (_ label: String) -> String
    /// `Topics: choose at least 2 options.`
    public let chooseAtLeast: @Sendable (_ label: String, _ count: Int) -> String
    /// `Topics: choose at most 2 options.`
    public let chooseAtMost: @Sendable (_ label: String, _ count: Int) -> String
    /// `Country: the filter shows no option to choose.`, when Enter is pressed on a select whose filter
    /// shows no option.
    public let noOptionMatches: @Sendable (_ label: String) -> String
    /// `Age must be between 13 and 120.` (`at least 13`, `at most 120`, `a number` when a bound
    /// is missing), for a value out of its range or not a number; the bounds as the field writes them.
    public let outOfRange: @Sendable (_ label: String, _ min: String?, _ max: String?) -> String
    /// `Weight takes at most 1 decimal place.` (`no decimal places` for 0), for a number with
    /// more digits after the point than the field's `decimals`.
    public let atMostDecimals: @Sendable (_ label: String, _ decimals: Int) -> String
    /// `Arrival must be between 2026-12-01 and 2027-12-01.` (`on or after`, `on or before` with one
    /// bound), for a date out of its range.
    public let outOfDates: @Sendable (_ label: String, _ min: String?, _ max: String?) -> String
    /// `Birthday must be a date written YYYY-MM-DD.`, for a date not typed whole.
    public let notADate: @Sendable (_ label: String, _ shape: String) -> String
    /// `Birthday: 2023-02-29 is not a day of the calendar.`
    public let notARealDate: @Sendable (_ label: String, _ text: String) -> String
    /// What a keyboard takes, in words: `digits 0-9`.
    public let keyboardTakes: @Sendable (KeyboardType) -> String
    /// `yes` and `no`, as a review shows a confirm answer.
    public let yes: String
    public let no: String

    public static let english = RuleMessages(
        required: { "\($0) is required." },
        doesNotMatch: { "\($0) does not match \($1)." },
        atLeastCharacters: { "\($0) must be at least \($1) character\($1 == 1 ? "" : "s")." },
        atMostCharacters: { "\($0) must be at most \($1) character\($1 == 1 ? "" : "s")." },
        notInFormat: { "\($0) is not in the expected format." },
        oneOf: { "\($0) must be one of: \($1.joined(separator: ", "))." },
        needsYesOrNo: { "\($0) needs a yes or no." },
        mustBe: { "\($0) must be \($1 ? "yes" : "no")." },
        chooseOne: { "\($0): choose one of \($1.joined(separator: ", "))." },
        chooseAny: { "\($0): choose at least one option." },
        chooseAtLeast: { "\($0): choose at least \($1) option\($1 == 1 ? "" : "s")." },
        chooseAtMost: { "\($0): choose at most \($1) option\($1 == 1 ? "" : "s")." },
        noOptionMatches: { "\($0): the filter shows no option to choose." },
        outOfRange: { label, min, max in
            switch (min, max) {
            case let (min?, max?): "\(label) must be between \(min) and \(max)."
            case let (min?, nil): "\(label) must be at least \(min)."
            case let (nil, max?): "\(label) must be at most \(max)."
            case (nil, nil): "\(label) must be a number."
            }
        },
        atMostDecimals: { label, decimals in
            decimals == 0 ? "\(label) takes a whole number." : "\(label) takes at most \(decimals) decimal place\(decimals == 1 ? "" : "s")."
        },
        outOfDates: { label, min, max in
            switch (min, max) {
            case let (min?, max?): "\(label) must be between \(min) and \(max)."
            case let (min?, nil): "\(label) must be on or after \(min)."
            case let (nil, max?): "\(label) must be on or before \(max)."
            case (nil, nil): "\(label) must be a date."
            }
        },
        notADate: { "\($0) must be a date written \($1)." },
        notARealDate: { "\($0): \($1) is not a day of the calendar." },
        keyboardTakes: { $0.summary },
        yes: "yes", no: "no")

    public static let korean = RuleMessages(
        required: { "\($0) 항목은 필수입니다." },
        doesNotMatch: { "\($0) 항목이 \($1) 항목과 일치하지 않습니다." },
        atLeastCharacters: { "\($0) 항목은 \($1)자 이상이어야 합니다." },
        atMostCharacters: { "\($0) 항목은 \($1)자 이하여야 합니다." },
        notInFormat: { "\($0) 항목의 형식이 올바르지 않습니다." },
        oneOf: { "\($0) 항목은 다음 중 하나여야 합니다: \($1.joined(separator: ", "))." },
        needsYesOrNo: { "\($0) 항목에 예 또는 아니요로 답해 주세요." },
        mustBe: { "\($0) 항목은 \($1 ? "예" : "아니요")여야 합니다." },
        chooseOne: { "\($0): 다음 중 하나를 고르세요: \($1.joined(separator: ", "))." },
        chooseAny: { "\($0): 하나 이상 고르세요." },
        chooseAtLeast: { "\($0): \($1)개 이상 고르세요." },
        chooseAtMost: { "\($0): \($1)개 이하로 고르세요." },
        noOptionMatches: { "\($0): 검색어에 맞는 선택지가 없어 고를 수 없습니다." },
        outOfRange: { label, min, max in
            switch (min, max) {
            case let (min?, max?): "\(label) 항목은 \(min) 이상 \(max) 이하여야 합니다."
            case let (min?, nil): "\(label) 항목은 \(min) 이상이어야 합니다."
            case let (nil, max?): "\(label) 항목은 \(max) 이하여야 합니다."
            case (nil, nil): "\(label) 항목은 숫자여야 합니다."
            }
        },
        atMostDecimals: { label, decimals in
            decimals == 0 ? "\(label) 항목은 정수여야 합니다." : "\(label) 항목은 소수점 아래 \(decimals)자리까지 입력할 수 있습니다."
        },
        outOfDates: { label, min, max in
            switch (min, max) {
            case let (min?, max?): "\(label) 항목은 \(min)부터 \(max)까지여야 합니다."
            case let (min?, nil): "\(label) 항목은 \(min) 또는 그 뒤여야 합니다."
            case let (nil, max?): "\(label) 항목은 \(max) 또는 그 앞이어야 합니다."
            case (nil, nil): "\(label) 항목은 날짜여야 합니다."
            }
        },
        notADate: { "\($0) 항목은 \($1) 꼴의 날짜여야 합니다." },
        notARealDate: { "\($0): \($1)은(는) 달력에 없는 날짜입니다." },
        keyboardTakes: { keyboard in
            switch keyboard {
            case .default, .twitter, .webSearch: "제어 문자를 뺀 모든 문자"
            case .asciiCapable: "출력할 수 있는 ASCII 문자"
            case .emailAddress, .url: "공백을 뺀 출력할 수 있는 ASCII 문자"
            case .numberPad, .asciiCapableNumberPad: "숫자 0-9"
            case .decimalPad: "숫자, '.', ','"
            case .phonePad: "숫자, 공백, + * # ( ) -"
            case .namePhonePad: "글자, 숫자, 공백, + * # ( ) -"
            case .numbersAndPunctuation: "숫자, 공백, 문장 부호"
            }
        },
        yes: "예", no: "아니요")
}
