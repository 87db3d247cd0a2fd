import FocusFlow
import FocusFlowProtocol

/// The fifteen invariants of FocusFlow (the design's eight, four for choice fields, two for review and one for snapshots), checked on one transition. `focusflow check`, the
/// explorer and the test suite hold the engine to them.
///
/// 1. While editing, focus names exactly one visible field; only review, completion or cancel clears it.
/// 2. `surface == (field.secure && !revealed ? .secure : .plain)`; leaving a field hides it.
/// 3. The active keyboard is the focused field's.
/// 4. A focus change says exactly one `focusMoved`; `keyboardChanged` / `surfaceChanged` exactly
///    when they differ; a jump says nothing about the fields it passes.
/// 5. No transition loses text.
/// 6. Going back is never blocked; editing a field re-validates the fields that `match` it.
/// 7. Input outside the keyboard's set changes nothing and says `rejected`.
/// 8. A secure value appears in no event but `completed`, and in no description.
/// 9. A choice's value is always one of its options (a select's choice and highlight, every
///    value a multi-select holds).
/// 10. Filtering never loses a choice: a change of a choice field's filter keeps its choice.
/// 11. A multi-select's answer keeps option order, without repeats.
/// 12. Hidden choice fields keep their choice: only an action on the focused field changes a
///     field's answer.
/// 13. From review, an amend is a jump to the field; Next on an amended field that passes
///     returns to review (listing every visible field) or goes to the first field that needs an
///     answer (one the review did not list, or one that fails).
/// 14. Submit from review completes with exactly the visible answers, or, when a visible field
///     fails, focuses the first that fails; nothing but submit, an amend or cancel changes the
///     walk in review.
/// 15. A walk restored from its snapshot holds no secure text and every non-secure answer; from
///     the review, answering the secure fields again completes with the same non-secure answers.
public struct FlowInvariants: Sendable {
    /// How many invariants ``check(before:action:after:events:)`` holds the engine to.
    public static let count = 15

    public struct Violation: Error, Sendable, Equatable, CustomStringConvertible {
        /// Which invariant, 1 to 15.
        public var invariant: Int
        /// What went wrong, never quoting a secure value.
        public var message: String

        public var description: String { "invariant \(invariant): \(message)" }
    }

    public let reducer: FlowReducer
    /// What the flow itself says (labels, messages, options): a secure value that happens to
    /// appear there is not a leak.
    private let spoken: [String]
    /// The fields' ids, the secure ones, the others, and the positions of the choice fields:
    /// found once, as every edge asks.
    private let ids: [FieldID], secureIDs: [FieldID], plainIDs: [FieldID], choicePositions: [Int]

    public init(reducer: FlowReducer) {
        self.reducer = reducer
        spoken = reducer.spec.fields.flatMap { [$0.label, $0.rules.message ?? "", $0.placeholder ?? "", $0.hint ?? ""] + ($0.rules.oneOf ?? []) }
        ids = reducer.spec.fields.map(\.id)
        secureIDs = reducer.spec.fields.filter(\.secure).map(\.id)
        plainIDs = reducer.spec.fields.filter { !$0.secure }.map(\.id)
        choicePositions = reducer.spec.fields.indices.filter { reducer.spec.fields[$0].kind.hasOptions }
    }

    /// The first invariant the transition `before --action--> after` (saying `events`) breaks.
    ///
    /// - Complexity: O(*f* + *e*) for *f* fields and *e* events, with secure values searched
    ///   for at `memmem` speed.
    public func check(
        before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent]
    ) -> Violation? {
        let spec = reducer.spec
        func fail(_ invariant: Int, _ message: String) -> Violation { Violation(invariant: invariant, message: message) }
        func name(_ id: FieldID?) -> String { id.map { "\"\($0)\"" } ?? "nothing" }
        let moves = events.filter { if case .focusMoved = $0 { true } else { false } }

        // 1
        if after.phase == .editing {
            guard let focus = after.focus, spec.index(of: focus) != nil else { return fail(1, "while editing, focus is \(name(after.focus)), not a field") }
            guard reducer.isVisible(focus, in: after) else { return fail(1, "focus is on \(name(focus)), which is hidden") }
        } else if after.focus != nil {
            return fail(1, "the flow is \(after.phase) but focus is still on \(name(after.focus))")
        }
        if let focus = after.focus, let field = spec[focus] {
            // 2
            let surface: Surface = field.secure && !after.revealed ? .secure : .plain
            if after.surface != surface { return fail(2, "surface is \(after.surface) on \(name(focus)) (secure: \(field.secure), revealed: \(after.revealed)); expected \(surface)") }
            if before.focus != after.focus && after.revealed { return fail(2, "\(name(focus)) starts revealed; leaving a field must hide it") }
            // 3
            if after.keyboard != field.keyboard { return fail(3, "keyboard is \(after.keyboard) on \(name(focus)), whose keyboard is \(field.keyboard)") }
        }
        // 4
        if before.focus != after.focus {
            guard moves == [.focusMoved(from: before.focus, to: after.focus)] else {
                return fail(4, "focus went from \(name(before.focus)) to \(name(after.focus)) with \(moves.count) focusMoved events (\(moves.map(\.description).joined(separator: ", ")))")
            }
        } else if !moves.isEmpty {
            return fail(4, "focus stayed on \(name(after.focus)) but \(moves.count) focusMoved events were said")
        }
        let keyboardChanges = events.filter { if case .keyboardChanged = $0 { true } else { false } }
        let expectedKeyboard: [FlowEvent] = before.keyboard != after.keyboard && after.phase == .editing ? [.keyboardChanged(from: before.keyboard, to: after.keyboard)] : []
        if keyboardChanges != expectedKeyboard { return fail(4, "keyboard went from \(before.keyboard) to \(after.keyboard) but \(keyboardChanges.count) keyboardChanged events were said") }
        let surfaceChanges = events.filter { if case .surfaceChanged = $0 { true } else { false } }
        if surfaceChanges.count != (before.surface != after.surface ? 1 : 0) {
            return fail(4, "surface went from \(before.surface) to \(after.surface) but \(surfaceChanges.count) surfaceChanged events were said")
        }
        if case .focus = action {
            let allowed: Set<FieldID?> = [before.focus, after.focus]
            for event in events where !allowed.contains(event.field) && event.field != nil {
                return fail(4, "a jump from \(name(before.focus)) to \(name(after.focus)) said \(event.name) about \(name(event.field)), a field it passed")
            }
        }
        // 5
        let edits: Bool = { if case .field(let a) = action { a != .submit } else { false } }()
        for id in ids where !(edits && id == before.focus) {
            if !before.text(of: id).utf8.elementsEqual(after.text(of: id).utf8) {
                return fail(5, "the text of \(name(id)) changed (\(before.text(of: id).count) → \(after.text(of: id).count) characters) on \(FlowRequest(action)?.text.prefix(while: { $0 != " " }) ?? "submit")")
            }
        }
        // 6
        if case .previous = action, before.phase == .editing, let from = before.focus, let index = spec.index(of: from),
           let target = spec.fields[..<index].last(where: { reducer.isVisible($0.id, in: before) })?.id, after.focus != target {
            return fail(6, "previous from \(name(from)) went to \(name(after.focus)), not \(name(target)): going back must never be blocked")
        }
        if edits, let edited = before.focus, events.contains(where: { if case .changed = $0 { true } else { false } }) {
            for field in spec.fields where field.rules.matches == edited && reducer.isVisible(field.id, in: after) {
                let touched = !after.text(of: field.id).isEmpty || before.errors[field.id] != nil
                if touched && after.errors[field.id] != reducer.failure(of: field.id, in: after) {
                    return fail(6, "editing \(name(edited)) did not re-validate \(name(field.id)), which must match it")
                }
            }
        }
        // 7
        let rejected = events.contains { if case .rejected = $0 { true } else { false } }
        if case .field(.textChanged(let value)) = action, before.phase == .editing, !before.keyboard.accepts(value) {
            if !rejected || after != before { return fail(7, "text the \(before.keyboard) keyboard refuses was let in") }
        }
        if rejected && (after != before || events.count != 1) {
            return fail(7, "a rejected edit changed the state or said more than rejected")
        }
        // 9, 10, 11, 12
        let textEdit: Bool = { if case .field(let a) = action { a == .clear || { if case .textChanged = a { true } else { false } }() } else { false } }()
        for position in choicePositions {
            let field = spec.fields[position]
            let id = field.id
            guard let state = after.fields[field: id] else { continue }
            let held = state.optionValues
            for value in held.chosen + [held.highlight].compactMap({ $0 }) where !field.options.contains(where: { $0.value.isIdentical(to: value) }) {
                return fail(9, "\(name(id)) holds \(value.debugDescription), which is none of its options")
            }
            let order = held.chosen.map { value in field.options.firstIndex { $0.value.isIdentical(to: value) } ?? -1 }
            if order != order.sorted() || Set(order).count != order.count {
                return fail(11, "\(name(id)) holds \(held.chosen) out of option order or with a repeat")
            }
            let answerBefore = before.fields[position: position].answer, answerAfter = after.fields[position: position].answer
            if textEdit && before.focus == id && answerBefore != answerAfter {
                return fail(10, "changing the filter of \(name(id)) changed its answer from \(answerBefore) to \(answerAfter)")
            }
            let acts: Bool = { if case .field = action { before.focus == id } else { false } }()
            if !acts && answerBefore != answerAfter {
                return fail(12, "the answer of \(name(id)) changed from \(answerBefore) to \(answerAfter) on \(FlowRequest(action)?.text ?? "submit"), which did not act on it")
            }
        }
        // 13, 14
        if let violation = reviewViolation(before: before, action: action, after: after, events: events) { return violation }
        // 8
        for case .changed(let field, let old, let new) in events where after.fields.isSecure(field) && (old != nil || new != nil) {
            return fail(8, "changed on secure field \(name(field)) carries its text")
        }
        let typed = secureIDs.flatMap { [before.text(of: $0), after.text(of: $0)] }.filter { $0.utf8.count >= 3 }
        guard !typed.isEmpty else { return nil }
        let said = spoken + plainIDs.flatMap { [before.text(of: $0), after.text(of: $0)] }
        let secrets = typed.filter { secret in !said.contains { $0.containsVerbatim(secret) } }
        guard !secrets.isEmpty else { return nil }
        for event in events {
            if case .completed = event { continue }
            let texts = [event.description, ProtocolSession.json(event, secure: after.fields)]
            if secrets.contains(where: { secret in texts.contains { $0.containsVerbatim(secret) } }) {
                return fail(8, "\(event.name) shows a secure value")
            }
        }
        if after != before {
            let description = after.description
            if secrets.contains(where: { description.containsVerbatim($0) }) { return fail(8, "the state's description shows a secure value") }
        }
        return nil
    }
}
