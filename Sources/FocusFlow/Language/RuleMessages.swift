/// The engine's built-in words in one language: the messages of the default rules, and the
/// words for yes and no.
///
/// The words every kind shares are here; each kind's own messages (a text's length, a
/// multi-select's count) are methods its own file adds, each one `switch` over ``language``, so
/// that a language without a sentence does not compile.
public struct RuleMessages: Sendable {
    /// The language the words are in.
    public let language: Language

    public static let english = RuleMessages(language: .en)
    public static let korean = RuleMessages(language: .ko)

    /// `Email is required.`
    public func required(_ label: String) -> String {
        switch language {
        case .en: "\(label) is required."
        case .ko: "\(label) 항목은 필수입니다."
        }
    }

    /// `Company is not asked with these answers, so it takes none.`: verifying answers, one
    /// given to a field the other answers hide.
    public func hiddenAnswer(_ label: String) -> String {
        switch language {
        case .en: "\(label) is not asked with these answers, so it takes none."
        case .ko: "이 답으로는 \(label) 항목을 묻지 않으므로 답을 받지 않습니다."
        }
    }

    /// `Phone numbers needs at least 1 item.`: verifying answers, a group with too few.
    public func tooFewItems(_ label: String, _ least: Int) -> String {
        switch language {
        case .en: "\(label) needs at least \(least) item\(least == 1 ? "" : "s")."
        case .ko: "\(label) 항목은 \(least)개 이상이어야 합니다."
        }
    }

    /// `Phone numbers takes at most 3 items.`: verifying answers, a group with too many.
    public func tooManyItems(_ label: String, _ most: Int) -> String {
        switch language {
        case .en: "\(label) takes at most \(most) item\(most == 1 ? "" : "s")."
        case .ko: "\(label) 항목은 \(most)개까지입니다."
        }
    }

    /// `Confirm does not match Password.`
    public func doesNotMatch(_ label: String, _ other: String) -> String {
        switch language {
        case .en: "\(label) does not match \(other)."
        case .ko: "\(label) 항목이 \(other) 항목과 일치하지 않습니다."
        }
    }

    /// `Code is not in the expected format.`
    public func notInFormat(_ label: String) -> String {
        switch language {
        case .en: "\(label) is not in the expected format."
        case .ko: "\(label) 항목의 형식이 올바르지 않습니다."
        }
    }

    /// `Nickname could not be checked; try again, or go back.`
    public func checkUnavailable(_ label: String) -> String {
        switch language {
        case .en: "\(label) could not be checked; try again, or go back."
        case .ko: "\(label) 항목을 확인하지 못했습니다. 다시 시도하거나 이전으로 돌아가세요."
        }
    }

    /// `Nickname could not be checked.`: a check that gave no answer, said of answers held to the
    /// flow without a walk (``FlowReducer/verify(_:optionLists:checking:with:)``), where there is
    /// nothing to try again or go back to.
    public func checkNotMade(_ label: String) -> String {
        switch language {
        case .en: "\(label) could not be checked."
        case .ko: "\(label) 항목을 확인하지 못했습니다."
        }
    }

    /// `Nickname was not accepted.`: a refusal that said nothing the person could be shown.
    public func checkRefused(_ label: String) -> String {
        switch language {
        case .en: "\(label) was not accepted."
        case .ko: "\(label) 항목이 받아들여지지 않았습니다."
        }
    }

    /// `The code could not be sent; send it again.`
    public var sendUnavailable: String {
        switch language {
        case .en: "The code could not be sent; send it again."
        case .ko: "코드를 보내지 못했습니다. 다시 보내세요."
        }
    }

    /// `Verification code has expired; send a new one.`
    public func expired(_ label: String) -> String {
        switch language {
        case .en: "\(label) has expired; send a new one."
        case .ko: "\(label) 항목의 유효 시간이 지났습니다. 새로 보내세요."
        }
    }

    /// `Password needs a digit.`: the first requirement the answer does not meet.
    public func unmet(_ label: String, _ requirement: String) -> String {
        switch language {
        case .en: "\(label) needs \(requirement)."
        case .ko: "\(label) 항목의 요구 사항: \(requirement)"
        }
    }

    /// What a keyboard takes, in words: `digits 0-9`.
    public func keyboardTakes(_ keyboard: KeyboardType) -> String {
        switch language {
        case .en: keyboard.summary
        case .ko:
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
        }
    }

    /// `yes` and `no`, as a review shows a confirm answer.
    public var yes: String {
        switch language {
        case .en: "yes"
        case .ko: "예"
        }
    }

    public var no: String {
        switch language {
        case .en: "no"
        case .ko: "아니요"
        }
    }
}
