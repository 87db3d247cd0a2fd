import FocusFlow
import FocusFlowProtocol

/// The seventeen invariants of FocusFlow (the design's eight, four for choice fields, two for review, one for snapshots, one for checks and sends, and one for answers in text), checked on one transition. `focusflow check`, the
/// explorer and the test suite hold the engine to them.
///
/// 1. While editing, focus names exactly one visible field; only review, completion or cancel clears it.
/// 2. `surface == (field.secure && !revealed ? .secure : .plain)`; leaving a field hides it.
/// 3. The active keyboard is the focused field's.
/// 4. A focus change says exactly one `focusMoved`; `keyboardChanged` / `surfaceChanged` exactly
///    when they differ; a jump says nothing about the fields it passes.
/// 5. No transition loses text (but removing a repeating group's item from the review, which discards it).
/// 6. Going back is never blocked; editing a field re-validates the fields that `match` it.
/// 7. Input outside the keyboard's set changes nothing and says `rejected`.
/// 8. A secure value appears in no event but `completed`, and in no description.
/// 9. A choice's value is always one of its options (a select's choice and highlight, every
///    value a multi-select holds).
/// 10. Filtering never loses a choice: a change of a choice field's filter keeps its choice.
/// 11. A multi-select's answer keeps option order, without repeats.
/// 12. Hidden choice fields keep their choice: only an action on the focused field (or removing
///     a repeating group's item, whose later items move up), or Next on
///     it (a select takes its highlighted option), changes a field's answer.
/// 13. From review, an amend is a jump to the field; Next on an amended field that passes
///     returns to review (listing every visible field) or goes to the first field that needs an
///     answer (one the review did not list, or one that fails).
/// 14. Submit from review completes with exactly the visible answers, or, when a visible field
///     fails, focuses the first that fails; nothing but submit, an amend, removing an item or
///     cancel changes the walk in review; every completion holds each repeating group's item
///     count within its `minItems` and `maxItems`.
/// 15. A walk restored from its snapshot holds no secure text and every non-secure answer; from
///     the review, answering the secure fields again completes with the same non-secure answers.
/// 16. No walk passes a field whose check is pending or refused: a field with a check is passed
///     only once its check passed for the answer it holds (an edit takes the pass away); an
///     answer with a ticket nothing waits for changes nothing; a check's or a send's request
///     holds no secure answer but the checked field's own; a field that misses a requirement fails
///     (unless it is left empty and not required).
/// 17. No text names a hidden or secure answer: while a field is shown (focused, or listed by the
///     review), every field its texts name (`"Welcome, {name}"`) is visible and not secure, so that
///     the text never shows nothing in the answer's place, nor a secret.
public struct FlowInvariants: Sendable {
    /// How many invariants ``check(before:action:after:events:describing:)`` holds the engine to.
    public static let count = 17

    public var reducer: FlowReducer { tables.reducer }
    /// What the flow itself says (labels, messages, options): a secure value that happens to
    /// appear there is not a leak.
    private var spoken: [String] { tables.spoken }
    /// The fields' ids, and the positions of the secure fields, the others and the choice
    /// fields: found once, as every edge asks.
    var ids: [FieldID] { tables.ids }
    var securePositions: [Int] { tables.securePositions }
    var plainPositions: [Int] { tables.plainPositions }
    var choicePositions: [Int] { tables.choicePositions }
    /// The positions of the non-secure fields a snapshot gives back (``FieldSpec/prefill``).
    var prefilledPositions: [Int] { tables.prefilledPositions }
    /// The option values of each choice field, in ``choicePositions``' order.
    private var choiceValues: [[String]] { tables.choiceValues }
    /// For each choice field's position, where it is in ``choicePositions``.
    private var choiceIndex: [Int: Int] { tables.choiceIndex }
    /// Whether any field has a check, a send or requirements (invariant 16 has nothing to hold otherwise).
    var hasServices: Bool { tables.hasServices }
    /// Whether any field has a check (what invariant 16 says of passed checks has nothing to hold otherwise).
    var hasChecks: Bool { tables.hasChecks }
    /// Whether the flow has a repeating group (invariant 14 says nothing of items otherwise).
    var hasGroups: Bool { tables.hasGroups }
    /// For each field, the fields whose `matches` rule names it.
    private var matchedBy: [FieldID: [FieldID]] { tables.matchedBy }
    /// The positions of the fields with requirements.
    var requiring: Set<Int> { tables.requiring }
    /// The fields whose texts name answers, each with the answers named and whether each is
    /// secure (invariant 17 has nothing to hold otherwise).
    var naming: [(field: FieldID, named: [(id: FieldID, secure: Bool)])] { tables.naming }

    /// What every edge reads of the flow, found once and shared by every copy of the
    /// invariants: a copy, as a check of an edge makes, is one reference.
    private let tables: Tables

    private final class Tables: Sendable {
        let reducer: FlowReducer
        let spoken: [String]
        let ids: [FieldID], securePositions: [Int], plainPositions: [Int], choicePositions: [Int], prefilledPositions: [Int]
        let choiceValues: [[String]]
        let choiceIndex: [Int: Int]
        let hasServices: Bool, hasChecks: Bool, hasGroups: Bool
        let matchedBy: [FieldID: [FieldID]]
        let requiring: Set<Int>
        let naming: [(field: FieldID, named: [(id: FieldID, secure: Bool)])]

        init(reducer: FlowReducer) {
            self.reducer = reducer
            spoken = reducer.spec.fields.flatMap { [$0.label, $0.rules.message ?? "", $0.placeholder ?? "", $0.hint ?? ""] + $0.kind.shownTexts(of: $0) }
            ids = reducer.spec.fields.map(\.id)
            securePositions = reducer.spec.fields.indices.filter { reducer.spec.fields[$0].secure }
            plainPositions = reducer.spec.fields.indices.filter { !reducer.spec.fields[$0].secure }
            let choicePositions = reducer.spec.fields.indices.filter { reducer.spec.fields[$0].kind.hasOptions }
            self.choicePositions = choicePositions
            prefilledPositions = reducer.spec.fields.indices.filter { !reducer.spec.fields[$0].secure && reducer.spec.fields[$0].prefill }
            choiceValues = choicePositions.map { reducer.spec.fields[$0].options.map(\.value) }
            choiceIndex = Dictionary(uniqueKeysWithValues: choicePositions.enumerated().map { ($1, $0) })
            hasServices = reducer.spec.fields.contains { $0.check != nil || $0.send != nil || !$0.requirements.isEmpty || $0.optionSource != nil }
            hasChecks = reducer.spec.fields.contains { $0.check != nil }
            hasGroups = !reducer.spec.groups.isEmpty
            matchedBy = Dictionary(grouping: reducer.spec.fields.filter { $0.rules.matches != nil }, by: { $0.rules.matches! }).mapValues { $0.map(\.id) }
            requiring = Set(reducer.spec.fields.indices.filter { !reducer.spec.fields[$0].requirements.isEmpty })
            naming = reducer.spec.fields.indices.compactMap { position in
                let named = reducer.spec.fields[position].namedAnswers
                return named.isEmpty ? nil : (reducer.spec.fields[position].id, named.map { ($0, reducer.spec[$0]?.secure == true) })
            }
        }
    }

    public init(reducer: FlowReducer) {
        tables = Tables(reducer: reducer)
    }

    /// The first invariant the transition `before --action--> after` (saying `events`) breaks.
    ///
    /// - Complexity: O(*f* + *e*) for *f* fields and *e* events, with secure values searched
    ///   for at `memmem` speed.
    ///
    /// - Parameters:
    ///   - before: the state before the transition.
    ///   - action: what was done.
    ///   - after: the state after it.
    ///   - events: what the transition said.
    ///   - describing: whether to search `after`'s description for secure values (invariant 8).
    ///     A description is the state's alone, so an explorer that has searched it when it first
    ///     reached the state passes `false` for the edges that reach it again.
    public func check(
        before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent], describing: Bool = true
    ) -> Violation? {
        check(before: before, action: action, after: after, events: events, describing: describing, describer: nil, eventTexts: nil)
    }

    /// ``check(before:action:after:events:describing:)``, with `after`'s description searched
    /// by `describer` (which finds what the description says from the parts of the last state
    /// it was asked about where the fields hold the same) and the events' texts made by
    /// `eventTexts` (once for each event) when they are given.
    func check(
        before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent], describing: Bool, describer: StateDescriber?,
        eventTexts: EventTexts?
    ) -> Violation? {
        let spec = reducer.spec
        func fail(_ breach: Breach) -> Violation { Violation(breach) }
        let moves = events.filter { if case .focusMoved = $0 { true } else { false } }

        // 1
        if after.phase == .editing {
            guard let focus = after.focus, spec.index(of: focus) != nil else { return fail(.focusNotAField(after.focus)) }
            guard reducer.isVisible(focus, in: after) else { return fail(.focusHidden(focus)) }
        } else if after.focus != nil {
            return fail(.focusAfterEditing(phase: "\(after.phase)", focus: after.focus))
        }
        if let focus = after.focus, let index = spec.index(of: focus) {
            // 2
            let secure = spec.fields[index].secure
            let surface: Surface = secure && !after.revealed ? .secure : .plain
            if after.surface != surface { return fail(.wrongSurface(focus, surface: "\(after.surface)", secure: secure, revealed: after.revealed, expected: "\(surface)")) }
            if before.focus != after.focus && after.revealed { return fail(.startsRevealed(focus)) }
            // 3
            let keyboard = spec.fields[index].keyboard
            if after.keyboard != keyboard { return fail(.wrongKeyboard(focus, keyboard: "\(after.keyboard)", expected: "\(keyboard)")) }
        }
        // 4
        if before.focus != after.focus {
            guard moves == [.focusMoved(from: before.focus, to: after.focus)] else {
                return fail(.focusMovedCount(from: before.focus, to: after.focus, count: moves.count, events: moves.map(\.description).joined(separator: ", ")))
            }
        } else if !moves.isEmpty {
            return fail(.focusStayedButMoved(after.focus, count: moves.count))
        }
        let keyboardChanges = events.filter { if case .keyboardChanged = $0 { true } else { false } }
        let expectedKeyboard: [FlowEvent] = before.keyboard != after.keyboard && after.phase == .editing ? [.keyboardChanged(from: before.keyboard, to: after.keyboard)] : []
        if keyboardChanges != expectedKeyboard { return fail(.keyboardChangedCount(from: "\(before.keyboard)", to: "\(after.keyboard)", count: keyboardChanges.count)) }
        let surfaceChanges = events.filter { if case .surfaceChanged = $0 { true } else { false } }
        if surfaceChanges.count != (before.surface != after.surface ? 1 : 0) {
            return fail(.surfaceChangedCount(from: "\(before.surface)", to: "\(after.surface)", count: surfaceChanges.count))
        }
        if case .focus = action {
            let allowed: Set<FieldID?> = [before.focus, after.focus]
            for event in events where !allowed.contains(event.field) && event.field != nil {
                return fail(.jumpSpokeOfPassed(from: before.focus, to: after.focus, event: event.name, field: event.field))
            }
        }
        // 5 (removing a group's item from the review discards that item's text by design)
        let edits: Bool = { if case .field(let a) = action { a != .submit } else { false } }()
        let removes: Bool = { if case .removeItem = action { true } else { false } }()
        // The fields that hold something else after the transition, in order (none when the
        // fields' storage is shared): every other field holds what `before` was found to hold.
        let changed = before.fields.positions(differingFrom: after.fields)
        for position in changed where !(edits && ids[position] == before.focus) && !removes {
            let id = ids[position]
            if !before.text(at: position).isIdentical(to: after.text(at: position)) {
                return fail(.textLost(id, before: before.text(of: id).count, after: after.text(of: id).count, request: String(FlowRequest(action)?.text.prefix(while: { $0 != " " }) ?? "submit")))
            }
        }
        // 6
        if case .previous = action, before.phase == .editing, let from = before.focus, let index = spec.index(of: from),
            let target = spec.fields[..<index].last(where: { reducer.isVisible($0.id, in: before) })?.id, after.focus != target
        {
            return fail(.previousBlocked(from: from, went: after.focus, target: target))
        }
        if edits, let edited = before.focus, events.contains(where: { if case .changed = $0 { true } else { false } }) {
            for field in matchedBy[edited] ?? [] where reducer.isVisible(field, in: after) {
                let touched = !after.text(of: field).isEmpty || before.errors[field] != nil
                if touched && after.errors[field] != reducer.failure(of: field, in: after) {
                    return fail(.notRevalidated(edited: edited, field: field))
                }
            }
        }
        // 7
        let rejected = events.contains { if case .rejected = $0 { true } else { false } }
        if case .field(.textChanged(let value)) = action, before.phase == .editing, !before.keyboard.accepts(value) {
            if !rejected || after != before { return fail(.refusedTextLetIn(keyboard: "\(before.keyboard)")) }
        }
        if rejected && (after != before || events.count != 1) {
            return fail(.rejectedChangedState)
        }
        // 9, 10, 11, 12
        let textEdit: Bool = { if case .field(let a) = action { a == .clear || { if case .textChanged = a { true } else { false } }() } else { false } }()
        // A field as it was, held to the same list, holds what `before` was found to hold.
        let listsKept = before.optionLists == after.optionLists
        var choices = listsKept ? changed.filter { choiceIndex[$0] != nil } : choicePositions
        if !listsKept { choices.removeAll { !changed.contains($0) && before.optionLists[ids[$0]] == after.optionLists[ids[$0]] } }
        for position in choices {
            let id = ids[position]
            let flowValues = choiceValues[choiceIndex[position]!]
            // Options from the service: the list the walk holds now is the only one an answer may come from.
            let values = reducer.spec.fields[position].optionSource == nil ? flowValues : after.optionLists[id]?.options?.map(\.value) ?? []
            let held = after.fields[position: position].optionValues
            for value in held.chosen + [held.highlight].compactMap({ $0 }) where !values.contains(where: { $0.isIdentical(to: value) }) {
                return fail(.notAnOption(id, value: value.debugDescription))
            }
            let order = held.chosen.map { value in values.firstIndex { $0.isIdentical(to: value) } ?? -1 }
            if order != order.sorted() || Set(order).count != order.count {
                return fail(.outOfOrder(id, held: "\(held.chosen)"))
            }
            let answerBefore = before.fields[position: position].answer, answerAfter = after.fields[position: position].answer
            if textEdit && before.focus == id && answerBefore != answerAfter {
                return fail(.filterChangedAnswer(id, from: "\(answerBefore)", to: "\(answerAfter)"))
            }
            let acts: Bool =
                before.focus == id && { if case .field = action { true } else { action == .next } }()
                || { if case .options(let ticket, _) = action { before.optionLists[id]?.ticket == ticket } else { false } }()
            if !acts && !removes && answerBefore != answerAfter {
                return fail(.untouchedAnswerChanged(id, from: "\(answerBefore)", to: "\(answerAfter)", request: FlowRequest(action)?.text ?? "submit"))
            }
        }
        // 16
        if hasServices, let violation = serviceViolation(before: before, action: action, after: after, events: events) { return violation }
        // 17
        if !naming.isEmpty, let violation = textViolation(after: after) { return violation }
        // 13, 14
        if let violation = reviewViolation(before: before, action: action, after: after, events: events) { return violation }
        if hasGroups, let breach = groupBreach(events) { return fail(breach) }
        // 8
        for case .changed(let field, let old, let new) in events where after.fields.isSecure(field) && (old != nil || new != nil) {
            return fail(.changedCarriesSecret(field))
        }
        // A secure value typed, before or after, is what a leak would show.
        if securePositions.isEmpty { return nil }
        let described = describing && after != before
        guard described || events.contains(where: { if case .completed = $0 { false } else { true } }) else { return nil }
        var typed: [String] = []
        for position in securePositions {
            let was = before.text(at: position), now = after.text(at: position)
            if was.utf8.count >= 3 { typed.append(was) }
            if now.utf8.count >= 3, !now.isIdentical(to: was) { typed.append(now) }
        }
        guard !typed.isEmpty else { return nil }
        // A typed value the flow or a plain field also says is not a leak where it shows.
        let spoken = spoken, plainPositions = plainPositions
        func isSecret(_ text: String) -> Bool {
            !spoken.contains { $0.containsVerbatim(text) }
                && !plainPositions.contains { before.text(at: $0).containsVerbatim(text) || after.text(at: $0).containsVerbatim(text) }
        }
        func shows(_ texts: [String]) -> Bool { typed.contains { secret in texts.contains { $0.containsVerbatim(secret) } && isSecret(secret) } }
        for event in events {
            if case .completed = event { continue }
            let texts = eventTexts?.texts(of: event, secure: after.fields) ?? [event.description, ProtocolSession.json(event, secure: after.fields)]
            if shows(texts) { return fail(.eventShowsSecret(event: event.name)) }
        }
        if described {
            let says = describer.map { describer in { describer.description(of: after, says: $0) } } ?? { [description = after.description] in description.containsVerbatim($0) }
            if typed.contains(where: { says($0) && isSecret($0) }) { return fail(.descriptionShowsSecret) }
        }
        return nil
    }
}
