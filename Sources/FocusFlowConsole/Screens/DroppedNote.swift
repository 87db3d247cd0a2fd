import FocusFlow

/// What the fronts say of ``FlowEvent/dropped(fields:because:)``: `Dropped: Company, VAT number
/// — hidden by Plan`, labels only (a secure field is named, never shown). Line mode says it as
/// the event comes; the review screen gathers the events said while it was away and says those
/// it no longer lists, once, until the next key.
package final class DroppedNote {
    private var gathered: [(fields: [FieldID], because: FieldID)] = []

    package init() {}

    /// The note for one event, in the flow's language, naming each field by its label as `store`
    /// shows it (a label that names an earlier answer shows that answer); `nil` for any other event.
    package static func text(_ event: FlowEvent, in store: FlowStore, words: TerminalWords) -> String? {
        guard case .dropped(let fields, let because) = event else { return nil }
        func label(_ id: FieldID) -> String { store.field(id)?.label ?? id.rawValue }
        return words.dropped(fields.map(label), label(because))
    }

    /// Keeps a `dropped` event for the review.
    package func hear(_ event: FlowEvent) {
        if case .dropped(let fields, let because) = event { gathered.append((fields, because)) }
    }

    /// The note for the review that shows `listed` (the engine's ``FlowReducer/State/reviewed``):
    /// each field gathered and not listed again, under the last field that hid it; `nil` when
    /// there is none. What was gathered is forgotten.
    package func take(listed: [FieldID], in store: FlowStore, words: TerminalWords) -> String? {
        defer { gathered.removeAll() }
        var named: Set<FieldID> = Set(listed)
        var notes: [String] = []
        for (fields, because) in gathered.reversed() {
            let left = fields.filter { !named.contains($0) }
            named.formUnion(left)
            if let note = Self.text(.dropped(fields: left, because: because), in: store, words: words), !left.isEmpty { notes.insert(note, at: 0) }
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
