/// Whether a state's ``FlowReducer/State/description`` says a text, asked of states much like
/// the last one asked about: the explorer of `check` searches the description of every state it
/// reaches for the secure values typed (invariant 8), and in a flow of hundreds of fields the
/// states it meets one after another differ in a few fields.
///
/// A description is a head that ends with `[`, each field's part (``FieldStates/description(at:)``)
/// joined with `", "`, and a tail that begins with `]`. A text without a bracket, a comma or a
/// space can only be said within the head, one part or the tail, so the describer keeps each
/// field's part from the last state and makes it anew only where the field holds something else
/// (a text compared byte for byte, as states compare), and keeps, for each text asked about, the
/// fields whose parts say it. Any other text is searched for in the whole description. One
/// describer serves one thread: it is a class so that a caller can lend it without `inout`.
package final class StateDescriber {
    private var last: FieldStates?
    private var parts: [String] = []
    /// For each text asked about, the positions of the fields whose parts say it.
    private var saying: [String: Set<Int>] = [:]

    package init() {}

    /// Whether `state.description` holds `text`'s bytes (``String/containsVerbatim(_:)``).
    ///
    /// - Complexity: O(*f*) comparisons for *f* fields (O(1) when `state` shares its fields'
    ///   storage with the last state asked about), and a part made and searched for each field
    ///   that differs.
    package func description(of state: FlowReducer.State, says text: String) -> Bool {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") }) else {
            return state.description.containsVerbatim(text)
        }
        update(to: state.fields)
        if head(of: state).containsVerbatim(text) || tail(of: state).containsVerbatim(text) { return true }
        if let positions = saying[text] { return !positions.isEmpty }
        let positions = Set(parts.indices.filter { parts[$0].containsVerbatim(text) })
        saying[text] = positions
        return !positions.isEmpty
    }

    /// What a head says: the walk's phase, focus, surface, keyboard and whether it is revealed.
    private struct Head: Hashable {
        let phase: FlowReducer.Phase, focus: FieldID?, surface: Surface, keyboard: KeyboardType, revealed: Bool
    }

    /// The heads made so far: a flow has few of them (a focus, a keyboard and a surface a field).
    private var heads: [Head: String] = [:]

    /// ``FlowReducer/State/descriptionHead``, made once for each head.
    private func head(of state: FlowReducer.State) -> String {
        let head = Head(phase: state.phase, focus: state.focus, surface: state.surface, keyboard: state.keyboard, revealed: state.revealed)
        if let text = heads[head] { return text }
        let text = state.descriptionHead
        heads[head] = text
        return text
    }

    /// What a tail says: the errors shown, the check waited for, the fields passed over and
    /// those the review lists.
    private struct Tail: Equatable {
        let errors: [FieldID: String], checking: FlowReducer.PendingCheck?, skipping: Set<FieldID>, reviewed: [FieldID]?
    }

    /// The tail of a state with no error, check, skipping or review, which most states are.
    private var plainTail: String?
    /// The last other tail made, and what it says: the states an exploration asks about one
    /// after another mostly share it (the same review's list of every field, the same error).
    private var lastTail: (said: Tail, text: String)?

    /// ``FlowReducer/State/descriptionTail``, made once for the states that have nothing to say
    /// in it, and once for a run of states that say the same in it.
    private func tail(of state: FlowReducer.State) -> String {
        guard state.errors.isEmpty, state.checking == nil, state.skipping.isEmpty, state.reviewed == nil else {
            let said = Tail(errors: state.errors, checking: state.checking, skipping: state.skipping, reviewed: state.reviewed)
            if let lastTail, lastTail.said == said { return lastTail.text }
            let text = state.descriptionTail
            lastTail = (said, text)
            return text
        }
        if let plainTail { return plainTail }
        plainTail = state.descriptionTail
        return plainTail!
    }

    /// Makes the parts those of `fields`.
    private func update(to fields: FieldStates) {
        guard let last, last.layout === fields.layout else {
            parts = fields.ids.indices.map { fields.description(at: $0) }
            saying = [:]
            self.last = fields
            return
        }
        for position in fields.positions(differingFrom: last) {
            parts[position] = fields.description(at: position)
            for text in saying.keys {
                if parts[position].containsVerbatim(text) { saying[text]!.insert(position) } else { saying[text]!.remove(position) }
            }
        }
        self.last = fields
    }
}
