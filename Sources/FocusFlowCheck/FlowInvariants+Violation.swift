import FocusFlow

extension FlowInvariants {
    /// An invariant broken on one transition: which one and how, as data rendered in each
    /// language (``message(in:)``); ``message`` and ``description`` are the English. Names
    /// (fields, phases, keyboards, surfaces, events, requests) are quoted as they are; no
    /// case carries a secure value.
    public struct Violation: Error, Sendable, Equatable, CustomStringConvertible {
        /// How the invariant was broken; its number is ``invariant``.
        public var breach: Breach

        /// The violation `breach` is.
        public init(_ breach: Breach) { self.breach = breach }

        /// Which invariant, 1 to ``FlowInvariants/count``.
        public var invariant: Int { breach.invariant }
        /// What went wrong, in English, never quoting a secure value.
        public var message: String { breach.message(in: .en) }
        /// What went wrong, in `language`.
        public func message(in language: Language) -> String { breach.message(in: language) }

        public var description: String { "invariant \(invariant): \(message)" }
    }

    /// Every way a transition can break an invariant. Each language's sentences are one
    /// `switch` over these cases, so a case without a sentence in a language does not compile.
    public enum Breach: Sendable, Equatable {
        // 1
        case focusNotAField(FieldID?)
        case focusHidden(FieldID)
        case focusAfterEditing(phase: String, focus: FieldID?)
        // 2
        case wrongSurface(FieldID, surface: String, secure: Bool, revealed: Bool, expected: String)
        case startsRevealed(FieldID)
        // 3
        case wrongKeyboard(FieldID, keyboard: String, expected: String)
        // 4
        case focusMovedCount(from: FieldID?, to: FieldID?, count: Int, events: String)
        case focusStayedButMoved(FieldID?, count: Int)
        case keyboardChangedCount(from: String, to: String, count: Int)
        case surfaceChangedCount(from: String, to: String, count: Int)
        case jumpSpokeOfPassed(from: FieldID?, to: FieldID?, event: String, field: FieldID?)
        // 5
        case textLost(FieldID, before: Int, after: Int, request: String)
        // 6
        case previousBlocked(from: FieldID, went: FieldID?, target: FieldID)
        case notRevalidated(edited: FieldID, field: FieldID)
        // 7
        case refusedTextLetIn(keyboard: String)
        case rejectedChangedState
        // 8
        case changedCarriesSecret(FieldID)
        case eventShowsSecret(event: String)
        case descriptionShowsSecret
        // 9, 10, 11, 12
        case notAnOption(FieldID, value: String)
        case outOfOrder(FieldID, held: String)
        case filterChangedAnswer(FieldID, from: String, to: String)
        case untouchedAnswerChanged(FieldID, from: String, to: String, request: String)
        // 13
        case reviewWithoutReview
        case reviewListsWrong(listed: String, visible: String)
        case amendLeft(FieldID, phase: String, focus: FieldID?)
        case amendSkippedNeeded(from: FieldID, went: FieldID?, phase: String, target: FieldID)
        case amendNotBackToReview(from: FieldID, went: FieldID?, phase: String)
        // 14
        case editInReview(request: String, phase: String)
        case submitFocusedOther(failing: FieldID, focused: FieldID?)
        case submitNotCompleted(phase: String, completions: Int)
        /// A completion holds a repeating group with fewer than its `minItems` or more than its `maxItems` items.
        case groupOutOfBounds(FieldID, items: Int, least: Int, most: Int)
        // 15
        case snapshotNotRestored
        case restoredHoldsSecret(FieldID)
        case restoredLostAnswer(FieldID)
        case restoredNotCompleted(phase: String, focus: FieldID?)
        case restoredOtherAnswers
        // 16
        case passedUnchecked(FieldID)
        case checkedAfterEdit(FieldID)
        case staleAnswerChanged(request: String)
        case requestShowsSecret(FieldID, of: FieldID)
        case requirementsDisagree(FieldID)
        // 17
        case textNamesHidden(FieldID, named: FieldID)
        case textNamesSecret(FieldID, named: FieldID)

        /// The invariant this breaks.
        public var invariant: Int {
            switch self {
            case .focusNotAField, .focusHidden, .focusAfterEditing: 1
            case .wrongSurface, .startsRevealed: 2
            case .wrongKeyboard: 3
            case .focusMovedCount, .focusStayedButMoved, .keyboardChangedCount, .surfaceChangedCount, .jumpSpokeOfPassed: 4
            case .textLost: 5
            case .previousBlocked, .notRevalidated: 6
            case .refusedTextLetIn, .rejectedChangedState: 7
            case .changedCarriesSecret, .eventShowsSecret, .descriptionShowsSecret: 8
            case .notAnOption: 9
            case .filterChangedAnswer: 10
            case .outOfOrder: 11
            case .untouchedAnswerChanged: 12
            case .reviewWithoutReview, .reviewListsWrong, .amendLeft, .amendSkippedNeeded, .amendNotBackToReview: 13
            case .editInReview, .submitFocusedOther, .submitNotCompleted, .groupOutOfBounds: 14
            case .snapshotNotRestored, .restoredHoldsSecret, .restoredLostAnswer, .restoredNotCompleted, .restoredOtherAnswers: 15
            case .passedUnchecked, .checkedAfterEdit, .staleAnswerChanged, .requestShowsSecret, .requirementsDisagree: 16
            case .textNamesHidden, .textNamesSecret: 17
            }
        }

        /// The sentence in `language`.
        public func message(in language: Language) -> String {
            switch language {
            case .en: english
            case .ko: korean
            }
        }

        private static func name(_ id: FieldID?, _ language: Language) -> String {
            id.map { "\"\($0)\"" } ?? (language == .en ? "nothing" : "없음")
        }

        private var english: String {
            func name(_ id: FieldID?) -> String { Self.name(id, .en) }
            return switch self {
            case .focusNotAField(let focus): "while editing, focus is \(name(focus)), not a field"
            case .focusHidden(let focus): "focus is on \(name(focus)), which is hidden"
            case .focusAfterEditing(let phase, let focus): "the flow is \(phase) but focus is still on \(name(focus))"
            case .wrongSurface(let focus, let surface, let secure, let revealed, let expected):
                "surface is \(surface) on \(name(focus)) (secure: \(secure), revealed: \(revealed)); expected \(expected)"
            case .startsRevealed(let focus): "\(name(focus)) starts revealed; leaving a field must hide it"
            case .wrongKeyboard(let focus, let keyboard, let expected): "keyboard is \(keyboard) on \(name(focus)), whose keyboard is \(expected)"
            case .focusMovedCount(let from, let to, let count, let events):
                "focus went from \(name(from)) to \(name(to)) with \(count) focusMoved events (\(events))"
            case .focusStayedButMoved(let focus, let count): "focus stayed on \(name(focus)) but \(count) focusMoved events were said"
            case .keyboardChangedCount(let from, let to, let count): "keyboard went from \(from) to \(to) but \(count) keyboardChanged events were said"
            case .surfaceChangedCount(let from, let to, let count): "surface went from \(from) to \(to) but \(count) surfaceChanged events were said"
            case .jumpSpokeOfPassed(let from, let to, let event, let field):
                "a jump from \(name(from)) to \(name(to)) said \(event) about \(name(field)), a field it passed"
            case .textLost(let field, let before, let after, let request):
                "the text of \(name(field)) changed (\(before) → \(after) characters) on \(request)"
            case .previousBlocked(let from, let went, let target):
                "previous from \(name(from)) went to \(name(went)), not \(name(target)): going back must never be blocked"
            case .notRevalidated(let edited, let field): "editing \(name(edited)) did not re-validate \(name(field)), which must match it"
            case .refusedTextLetIn(let keyboard): "text the \(keyboard) keyboard refuses was let in"
            case .rejectedChangedState: "a rejected edit changed the state or said more than rejected"
            case .changedCarriesSecret(let field): "changed on secure field \(name(field)) carries its text"
            case .eventShowsSecret(let event): "\(event) shows a secure value"
            case .descriptionShowsSecret: "the state's description shows a secure value"
            case .notAnOption(let field, let value): "\(name(field)) holds \(value), which is none of its options"
            case .outOfOrder(let field, let held): "\(name(field)) holds \(held) out of option order or with a repeat"
            case .filterChangedAnswer(let field, let from, let to): "changing the filter of \(name(field)) changed its answer from \(from) to \(to)"
            case .untouchedAnswerChanged(let field, let from, let to, let request):
                "the answer of \(name(field)) changed from \(from) to \(to) on \(request), which did not act on it"
            case .reviewWithoutReview: "the flow has no review but its phase is review"
            case .reviewListsWrong(let listed, let visible): "the review lists \(listed) but the visible fields are \(visible)"
            case .amendLeft(let id, let phase, let focus):
                "amending \(name(id)) from review left the flow \(phase) on \(name(focus)), not amending \(name(id))"
            case .amendSkippedNeeded(let from, let went, let phase, let target):
                "Next on amended \(name(from)) went to \(name(went)) in phase \(phase); the first field that needs an answer is \(name(target))"
            case .amendNotBackToReview(let from, let went, let phase):
                "Next on amended \(name(from)) went to \(name(went)) in phase \(phase), not back to review; no field needs an answer"
            case .editInReview(let request, let phase):
                "\(request) in review changed the walk (phase \(phase)); only submit, an amend or cancel act there"
            case .submitFocusedOther(let failing, let focused): "submit from review with \(name(failing)) failing focused \(name(focused))"
            case .submitNotCompleted(let phase, let completions):
                "submit from review did not complete with exactly the visible answers (phase \(phase), \(completions) completed events)"
            case .groupOutOfBounds(let group, let items, let least, let most):
                "the walk completed with \(items) items in group \(name(group)), outside its bounds \(least) to \(most)"
            case .snapshotNotRestored: "the snapshot of this state could not be restored"
            case .restoredHoldsSecret(let field): "the walk restored from a snapshot holds secure text in \(name(field)); a snapshot must hold none"
            case .restoredLostAnswer(let field): "the walk restored from a snapshot lost or changed the answer of \(name(field))"
            case .restoredNotCompleted(let phase, let focus):
                "the walk restored from a snapshot of the review, its secure fields answered again, ended \(phase) at \(name(focus)), not completed"
            case .restoredOtherAnswers:
                "the walk restored from a snapshot of the review completed with other non-secure answers than the review listed"
            case .passedUnchecked(let field): "the walk passed \(name(field)), whose check has not passed for the answer it holds"
            case .checkedAfterEdit(let field): "\(name(field)) was edited, but its check still counts as passed"
            case .staleAnswerChanged(let request): "\(request) answers no ticket the walk waits for, yet it changed the walk"
            case .requestShowsSecret(let field, let secure): "the request for \(name(field)) holds the secure answer of \(name(secure))"
            case .requirementsDisagree(let field): "\(name(field)) misses one of its requirements, yet its rules pass"
            case .textNamesHidden(let field, let named):
                "\(name(field)) is shown with a text naming the answer of \(name(named)), which is hidden then: the text shows nothing in its place"
            case .textNamesSecret(let field, let named): "\(name(field)) is shown with a text naming the answer of \(name(named)), which is secure"
            }
        }

        private var korean: String {
            func name(_ id: FieldID?) -> String { Self.name(id, .ko) }
            return switch self {
            case .focusNotAField(let focus): "편집 중인데 포커스가 필드가 아닌 \(name(focus))에 있습니다"
            case .focusHidden(let focus): "포커스가 숨겨진 필드 \(name(focus))에 있습니다"
            case .focusAfterEditing(let phase, let focus): "흐름이 \(phase) 단계인데 포커스가 아직 \(name(focus))에 있습니다"
            case .wrongSurface(let focus, let surface, let secure, let revealed, let expected):
                "\(name(focus))의 surface가 \(surface)입니다(secure: \(secure), revealed: \(revealed)). \(expected)여야 합니다"
            case .startsRevealed(let focus): "\(name(focus))가 보이는 채로 시작합니다. 필드를 떠나면 숨겨야 합니다"
            case .wrongKeyboard(let focus, let keyboard, let expected): "\(name(focus))의 키보드가 \(keyboard)인데, 이 필드의 키보드는 \(expected)입니다"
            case .focusMovedCount(let from, let to, let count, let events):
                "포커스가 \(name(from))에서 \(name(to))로 옮겼는데 focusMoved 이벤트가 \(count)개입니다(\(events))"
            case .focusStayedButMoved(let focus, let count): "포커스는 \(name(focus))에 그대로인데 focusMoved 이벤트가 \(count)개 나왔습니다"
            case .keyboardChangedCount(let from, let to, let count): "키보드가 \(from)에서 \(to)로 바뀌었는데 keyboardChanged 이벤트가 \(count)개 나왔습니다"
            case .surfaceChangedCount(let from, let to, let count): "surface가 \(from)에서 \(to)로 바뀌었는데 surfaceChanged 이벤트가 \(count)개 나왔습니다"
            case .jumpSpokeOfPassed(let from, let to, let event, let field):
                "\(name(from))에서 \(name(to))로 건너뛰면서 지나친 필드 \(name(field))에 대해 \(event) 이벤트를 냈습니다"
            case .textLost(let field, let before, let after, let request):
                "\(request) 요청에 \(name(field))의 텍스트가 바뀌었습니다(\(before) → \(after)자)"
            case .previousBlocked(let from, let went, let target):
                "\(name(from))에서 previous로 \(name(target))가 아닌 \(name(went))로 갔습니다. 뒤로 가기는 막히면 안 됩니다"
            case .notRevalidated(let edited, let field): "\(name(edited))를 고쳤는데 이와 같아야 하는 \(name(field))를 다시 검사하지 않았습니다"
            case .refusedTextLetIn(let keyboard): "\(keyboard) 키보드가 받지 않는 텍스트가 들어갔습니다"
            case .rejectedChangedState: "거부된 편집이 상태를 바꾸었거나 rejected 말고 다른 이벤트도 냈습니다"
            case .changedCarriesSecret(let field): "보안 필드 \(name(field))의 changed 이벤트에 그 텍스트가 들어 있습니다"
            case .eventShowsSecret(let event): "\(event) 이벤트에 보안 값이 보입니다"
            case .descriptionShowsSecret: "상태의 설명에 보안 값이 보입니다"
            case .notAnOption(let field, let value): "\(name(field))가 옵션에 없는 값 \(value)를 가지고 있습니다"
            case .outOfOrder(let field, let held): "\(name(field))가 가진 \(held)가 옵션 순서와 다르거나 겹칩니다"
            case .filterChangedAnswer(let field, let from, let to): "\(name(field))의 필터를 바꾸자 답이 \(from)에서 \(to)로 바뀌었습니다"
            case .untouchedAnswerChanged(let field, let from, let to, let request):
                "\(name(field))에 작용하지 않는 \(request) 요청에 그 답이 \(from)에서 \(to)로 바뀌었습니다"
            case .reviewWithoutReview: "검토가 없는 흐름인데 단계가 review입니다"
            case .reviewListsWrong(let listed, let visible): "검토 목록은 \(listed)인데 보이는 필드는 \(visible)입니다"
            case .amendLeft(let id, let phase, let focus):
                "검토에서 \(name(id))를 고치러 갔는데 흐름이 \(phase) 단계, 포커스 \(name(focus))이고 \(name(id))를 고치는 중이 아닙니다"
            case .amendSkippedNeeded(let from, let went, let phase, let target):
                "고친 \(name(from))에서 Next로 \(phase) 단계의 \(name(went))로 갔습니다. 답이 필요한 첫 필드는 \(name(target))입니다"
            case .amendNotBackToReview(let from, let went, let phase):
                "고친 \(name(from))에서 Next로 검토로 돌아가지 않고 \(phase) 단계의 \(name(went))로 갔습니다. 답이 필요한 필드는 없습니다"
            case .editInReview(let request, let phase):
                "검토 중의 \(request) 요청이 진행을 바꾸었습니다(단계 \(phase)). 검토에서는 submit, 고치기, cancel만 작용합니다"
            case .submitFocusedOther(let failing, let focused): "\(name(failing))가 규칙에 맞지 않는데 검토에서 submit하자 \(name(focused))에 포커스가 갔습니다"
            case .submitNotCompleted(let phase, let completions):
                "검토에서 submit했는데 보이는 답만으로 정확히 마치지 않았습니다(단계 \(phase), completed 이벤트 \(completions)개)"
            case .groupOutOfBounds(let group, let items, let least, let most):
                "그룹 \(name(group))의 항목 \(items)개로 마쳤습니다. 허용 범위 \(least)~\(most)개를 벗어납니다"
            case .snapshotNotRestored: "이 상태의 스냅숏을 되돌려 놓을 수 없습니다"
            case .restoredHoldsSecret(let field): "스냅숏에서 되돌린 진행의 \(name(field))에 보안 텍스트가 있습니다. 스냅숏에는 보안 텍스트가 없어야 합니다"
            case .restoredLostAnswer(let field): "스냅숏에서 되돌린 진행이 \(name(field))의 답을 잃었거나 바꾸었습니다"
            case .restoredNotCompleted(let phase, let focus):
                "검토의 스냅숏에서 되돌려 보안 필드에 다시 답했는데, 진행이 마치지 않고 \(name(focus))에서 \(phase) 단계로 끝났습니다"
            case .restoredOtherAnswers:
                "검토의 스냅숏에서 되돌린 진행이 검토 목록과 다른 보안이 아닌 답으로 마쳤습니다"
            case .passedUnchecked(let field): "진행이 \(name(field))를 지나쳤는데, 그 답은 검사를 통과하지 않았습니다"
            case .checkedAfterEdit(let field): "\(name(field))를 고쳤는데 검사는 여전히 통과한 것으로 남았습니다"
            case .staleAnswerChanged(let request): "\(request)는 진행이 기다리는 티켓의 답이 아닌데 진행을 바꾸었습니다"
            case .requestShowsSecret(let field, let secure): "\(name(field))의 요청에 \(name(secure))의 보안 답이 들어 있습니다"
            case .requirementsDisagree(let field): "\(name(field))가 요구 사항 하나를 채우지 못했는데 규칙은 통과합니다"
            case .textNamesHidden(let field, let named):
                "\(name(field))의 문구가 \(name(named))의 답을 보이는데, 그 필드는 그때 숨겨져 있어 그 자리에 아무것도 보이지 않습니다"
            case .textNamesSecret(let field, let named): "\(name(field))의 문구가 보안 필드 \(name(named))의 답을 보입니다"
            }
        }
    }
}
