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

    /// The head of the last state's description, and the state it was made of.
    private var lastHead: (state: FlowReducer.State, text: String)?
    /// The tail of the last state's description, and the state it was made of.
    private var lastTail: (state: FlowReducer.State, text: String)?

    /// ``FlowReducer/State/descriptionHead``, kept while what it says stays.
    private func head(of state: FlowReducer.State) -> String {
        if let lastHead, lastHead.state.phase == state.phase, lastHead.state.focus == state.focus, lastHead.state.surface == state.surface,
            lastHead.state.keyboard == state.keyboard, lastHead.state.revealed == state.revealed
        {
            return lastHead.text
        }
        lastHead = (state, state.descriptionHead)
        return lastHead!.text
    }

    /// ``FlowReducer/State/descriptionTail``, kept while what it says stays.
    private func tail(of state: FlowReducer.State) -> String {
        if let lastTail, lastTail.state.errors.count == state.errors.count,
            lastTail.state.errors.allSatisfy({ state.errors[$0.key]?.isIdentical(to: $0.value) == true }), lastTail.state.checking == state.checking, lastTail.state.skipping == state.skipping,
            lastTail.state.reviewed == state.reviewed
        {
            return lastTail.text
        }
        lastTail = (state, state.descriptionTail)
        return lastTail!.text
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
