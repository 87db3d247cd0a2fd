import FocusFlow
import FocusFlowCheck
import Testing

/// `check`'s invariant sentences in Korean: every way to break an invariant has a Korean
/// sentence of its own, and the check library's `description` stays English.
@Suite("Languages: every invariant violation has its own Korean sentence")
struct InvariantLanguageTests {
    typealias Breach = FlowInvariants.Breach

    static let breaches: [Breach] = [
        .focusNotAField(nil), .focusHidden("email"), .focusAfterEditing(phase: "completed", focus: "email"),
        .wrongSurface("password", surface: "plain", secure: true, revealed: false, expected: "secure"), .startsRevealed("password"),
        .wrongKeyboard("code", keyboard: "default", expected: "numberPad"),
        .focusMovedCount(from: "email", to: "password", count: 2, events: "focusMoved, focusMoved"),
        .focusStayedButMoved("email", count: 1), .keyboardChangedCount(from: "default", to: "numberPad", count: 0),
        .surfaceChangedCount(from: "plain", to: "secure", count: 2),
        .jumpSpokeOfPassed(from: "email", to: "code", event: "changed", field: "phone"),
        .textLost("email", before: 3, after: 0, request: "next"), .previousBlocked(from: "code", went: "code", target: "phone"),
        .notRevalidated(edited: "password", field: "confirm"), .refusedTextLetIn(keyboard: "numberPad"), .rejectedChangedState,
        .changedCarriesSecret("password"), .eventShowsSecret(event: "changed"), .descriptionShowsSecret,
        .notAnOption("plan", value: "\"gold\""), .outOfOrder("topics", held: "[\"b\", \"a\"]"),
        .filterChangedAnswer("plan", from: "a", to: "b"), .untouchedAnswerChanged("plan", from: "a", to: "b", request: "next"),
        .reviewWithoutReview, .reviewListsWrong(listed: "[email]", visible: "[email, code]"),
        .amendLeft("email", phase: "review", focus: nil),
        .amendSkippedNeeded(from: "email", went: "code", phase: "editing", target: "phone"),
        .amendNotBackToReview(from: "email", went: "code", phase: "editing"), .editInReview(request: "next", phase: "editing"),
        .submitFocusedOther(failing: "email", focused: "code"), .submitNotCompleted(phase: "review", completions: 0),
        .snapshotNotRestored, .restoredHoldsSecret("password"), .restoredLostAnswer("email"),
        .restoredNotCompleted(phase: "editing", focus: "password"), .restoredOtherAnswers,
        .passedUnchecked("nickname"), .checkedAfterEdit("nickname"), .staleAnswerChanged(request: "checked 7"),
        .requestShowsSecret("nickname", of: "password"), .requirementsDisagree("password"),
        .textNamesHidden("nickname", named: "email"), .textNamesSecret("nickname", named: "password"),
        .groupOutOfBounds("email", items: 4, least: 1, most: 3),
    ]

    /// Fails to compile when ``FlowInvariants/Breach`` gains a case: add a sample above, then here.
    static func sampled(_ breach: Breach) -> Bool {
        switch breach {
        case .focusNotAField, .focusHidden, .focusAfterEditing, .wrongSurface, .startsRevealed, .wrongKeyboard, .focusMovedCount,
            .focusStayedButMoved, .keyboardChangedCount, .surfaceChangedCount, .jumpSpokeOfPassed, .textLost, .previousBlocked,
            .notRevalidated, .refusedTextLetIn, .rejectedChangedState, .changedCarriesSecret, .eventShowsSecret,
            .descriptionShowsSecret, .notAnOption, .outOfOrder, .filterChangedAnswer, .untouchedAnswerChanged,
            .reviewWithoutReview, .reviewListsWrong, .amendLeft, .amendSkippedNeeded, .amendNotBackToReview, .editInReview,
            .submitFocusedOther, .submitNotCompleted, .snapshotNotRestored, .restoredHoldsSecret, .restoredLostAnswer,
            .restoredNotCompleted, .restoredOtherAnswers, .passedUnchecked, .checkedAfterEdit, .staleAnswerChanged,
            .requestShowsSecret, .requirementsDisagree, .textNamesHidden, .textNamesSecret, .groupOutOfBounds:
            true
        }
    }

    /// Latin words a Korean sentence may hold: the names it quotes (events, phases, surfaces,
    /// keyboards, requests, fields).
    static let names: Set<String> = [
        "focusMoved", "keyboardChanged", "surfaceChanged", "changed", "rejected", "completed", "review",
        "editing", "submit", "cancel", "previous", "next", "Next", "surface", "secure", "revealed",
        "plain", "true", "false", "default", "numberPad", "email", "password", "confirm", "code",
        "phone", "plan", "topics", "gold", "a", "b", "nickname", "checked",
    ]

    @Test("Every invariant violation reads in Korean, with Hangul and no English but the names it quotes", arguments: breaches)
    func korean(_ breach: Breach) {
        #expect(Self.sampled(breach))
        let violation = FlowInvariants.Violation(breach)
        let korean = violation.message(in: .ko)
        #expect(korean != violation.message)
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
        let latin = korean.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init).filter { !Self.names.contains($0) }
        #expect(latin.isEmpty, "\(korean)")
        #expect(violation.description == "invariant \(breach.invariant): \(violation.message)")
        #expect(violation.message == breach.message(in: .en))
    }

    @Test("No two violations read the same in Korean")
    func distinct() {
        let korean = Self.breaches.map { $0.message(in: .ko) }
        #expect(Set(korean).count == korean.count)
    }

    @Test("Every invariant has a way to be broken")
    func everyInvariant() {
        #expect(Set(Self.breaches.map(\.invariant)) == Set(1...FlowInvariants.count))
    }
}
