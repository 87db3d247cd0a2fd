extension PrefillError {
    /// What is wrong with prefilled answers or a snapshot, with the names the sentence quotes.
    /// Each language's sentences are one `switch` over these cases, so a case without a sentence
    /// in a language does not compile. A secure value is never held here.
    public enum Detail: Sendable, Equatable {
        /// The answer for `id` breaks its rules; `message` is the rule's own, in the flow's language.
        case breaksRules(String, label: String, message: String)
        /// An answer given for a field only the person may answer (`"prefill": false`).
        case personOnly(String, label: String)
        case unknownField(String, flow: String, FlowSpecError.Reason.Hint)
        /// `value` is `nil` for a secure field, whose value is never repeated.
        case notAnOption(String?, String, FlowSpecError.Reason.Hint)
        /// An option a multi-select's answer names twice (the value, the field's id).
        case optionTwice(String, String)
        /// A key given whole (a group's array) and by a path into it too.
        case givenTwice(String, path: String)
        case wrongKind(String, kind: FieldKind)
        /// `character` is `nil` for a secure field.
        case refusedCharacter(String, label: String, character: String?, keyboard: KeyboardType)
        case malformedAnswers
        /// Answers that are not valid UTF-8.
        case notText
        /// A JSON syntax error (or a key given twice) at a 1-based line and column.
        case syntax(line: Int, column: Int, FlowSpecError.Reason)
        case notSnapshot(version: Int)
        /// A snapshot of `flow`: this one before it changed, or another.
        case otherFlow(String, changed: Bool)
        /// A sentence given by the caller.
        case other(String)

        /// The sentence in `language`.
        public func message(in language: Language) -> String {
            switch language {
            case .en: english
            case .ko: korean
            }
        }

        /// The English sentence: the one table of these errors in English.
        var english: String {
            switch self {
            case .personOnly(let id, let label): "\"\(id)\" (\(label)) is answered only by the person in the walk (\"prefill\": false); leave it out"
            case .breaksRules(let id, let label, let message): "the answer given for \"\(id)\" (\(label)) breaks its rules: \(message)"
            case .unknownField(let id, let flow, let hint):
                "no field \"\(id)\" in the flow \"\(flow)\"" + Self.english(hint, known: "the fields are ")
            case .notAnOption(let value, let id, let hint):
                "\(value?.debugDescription ?? "the value") is not an option of \"\(id)\"" + Self.english(hint, known: "the options are ")
            case .wrongKind(let id, let kind): "\"\(id)\" is a \(kind) field: give \(kind.behavior.answerType.english)"
            case .optionTwice(let value, let id): "\(value.debugDescription) is chosen twice for \"\(id)\"; name each option once"
            case .givenTwice(let id, let path): "\"\(id)\" is given whole and by the path \"\(path)\" too; give it one way"
            case .refusedCharacter(let id, let label, let character, let keyboard):
                "the answer given for \"\(id)\" (\(label)) has \(character?.debugDescription ?? "a character"), which this field does not take; it takes \(keyboard.summary)"
            case .malformedAnswers:
                "the answers must be one JSON object of field ids and values (a string, true or false, a number, an array of strings, null, or a repeating group's array of objects)"
            case .notText: "not a text file (it is not valid UTF-8); the answers are a JSON object"
            case .syntax(let line, let column, let reason): "line \(line), column \(column): \(reason.message(in: .en))"
            case .notSnapshot(let version): "this is not a focusflow snapshot (a JSON object with version \(version), flow, fingerprint, focus and answers)"
            case .otherFlow(let flow, let changed):
                "the saved answers are of \(changed ? "the flow \"\(flow)\" as it was before it changed" : "another flow (\"\(flow)\")"); they cannot be resumed with this one"
            case .other(let text): text
            }
        }

        /// The Korean sentence: the one table of these errors in Korean.
        var korean: String {
            switch self {
            case .personOnly(let id, let label): "\"\(id)\" (\(label)) 항목은 사람이 직접 답해야 합니다 (\"prefill\": false). 빼 주세요"
            case .breaksRules(let id, let label, let message): "\"\(id)\" (\(label))에 준 답이 규칙에 맞지 않습니다: \(message)"
            case .unknownField(let id, let flow, let hint):
                "흐름 \"\(flow)\"에 \"\(id)\" 필드가 없습니다" + Self.korean(hint, known: "필드: ")
            case .notAnOption(let value, let id, let hint):
                "\(value?.debugDescription ?? "그 값")는 \"\(id)\"의 선택지가 아닙니다" + Self.korean(hint, known: "선택지: ")
            case .wrongKind(let id, let kind):
                "\"\(id)\"은(는) \(kind) 필드입니다. \(kind.behavior.answerType.korean)을(를) 주세요"
            case .optionTwice(let value, let id): "\"\(id)\"에 \(value.debugDescription)을(를) 두 번 골랐습니다. 선택지는 한 번씩만 적어 주세요"
            case .givenTwice(let id, let path): "\"\(id)\"을(를) 통째로도, 경로 \"\(path)\"로도 주었습니다. 한 가지로만 주세요"
            case .refusedCharacter(let id, let label, let character, let keyboard):
                "\"\(id)\" (\(label))에 준 답에 이 필드가 받지 않는 \(character.map { "문자 \($0.debugDescription)" } ?? "문자")가 있습니다. 받는 문자: \(RuleMessages.korean.keyboardTakes(keyboard))"
            case .malformedAnswers: "답은 필드 id와 값(문자열, true 또는 false, 숫자, 문자열 배열, null, 반복 그룹의 객체 배열)으로 된 JSON 객체 하나여야 합니다"
            case .notText: "텍스트 파일이 아닙니다 (올바른 UTF-8이 아닙니다). 답은 JSON 객체입니다"
            case .syntax(let line, let column, let reason): "\(line)행 \(column)열: \(reason.message(in: .ko))"
            case .notSnapshot(let version): "focusflow 스냅숏이 아닙니다 (version \(version), flow, fingerprint, focus, answers가 있는 JSON 객체여야 합니다)"
            case .otherFlow(let flow, let changed):
                "저장된 답은 \(changed ? "바뀌기 전의 흐름 \"\(flow)\"" : "다른 흐름 (\"\(flow)\")")의 것이라 이 흐름으로 이어서 할 수 없습니다"
            case .other(let text): text
            }
        }

        private static func english(_ hint: FlowSpecError.Reason.Hint, known: String) -> String {
            switch hint {
            case .nearest(let near): "; did you mean \"\(near)\"?"
            case .known(let names): "; \(known)\(names.joined(separator: ", "))"
            }
        }

        private static func korean(_ hint: FlowSpecError.Reason.Hint, known: String) -> String {
            switch hint {
            case .nearest(let near): ". 혹시 \"\(near)\"인가요?"
            case .known(let names): ". \(known)\(names.joined(separator: ", "))"
            }
        }
    }
}
