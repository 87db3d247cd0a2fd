import FocusFlow

/// The states an exploration has visited, each with its number: a hash table whose hash reads
/// the fields that can change rather than every field.
///
/// A state's own hash reads every field, and a group's exploration in a flow of hundreds of
/// fields looks a state up on every edge while only the group's fields and those the focus
/// stands on change. The hash here reads everything of the state but the fields, and the fields
/// at `changing` positions; equality is the state's own, so two states that differ elsewhere
/// (a machine under test that writes a field it should not) are still told apart, at the cost
/// of comparing them.
struct VisitedStates {
    private struct Key: Hashable {
        let state: FlowReducer.State
        let changing: [Int]

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.state == rhs.state }

        func hash(into hasher: inout Hasher) {
            hasher.combine(state.phase)
            hasher.combine(state.focus)
            hasher.combine(state.surface)
            hasher.combine(state.keyboard)
            hasher.combine(state.revealed)
            hasher.combine(state.errors)
            hasher.combine(state.reviewed)
            hasher.combine(state.skipping)
            hasher.combine(state.checking)
            hasher.combine(state.checked)
            hasher.combine(state.sends)
            hasher.combine(state.clock)
            hasher.combine(state.lastTicket)
            hasher.combine(state.optionLists)
            for position in changing { hasher.combine(state.fields[position: position]) }
        }
    }

    private var table: [Key: Int] = [:]
    /// The positions of the fields the hash reads.
    private let changing: [Int]

    /// - Parameters:
    ///   - changing: the positions of the fields that the hash reads; every field when `nil`.
    ///   - fields: how many fields the flow has.
    ///   - capacity: how many states to make room for at once.
    init(changing: [Int]?, fields: Int, capacity: Int) {
        self.changing = changing ?? Array(0..<fields)
        table.reserveCapacity(capacity)
    }

    /// The number of `state` when visited.
    subscript(state: FlowReducer.State) -> Int? {
        get { table[Key(state: state, changing: changing)] }
        set { table[Key(state: state, changing: changing)] = newValue }
    }
}
