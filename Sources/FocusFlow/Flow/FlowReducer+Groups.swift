/// Removing an item of a repeating group from the review (``FlowReducer/Action/removeItem(_:)``).
extension FlowReducer {
    /// The group and item that `id` names: an item's field (`phones[1].number`) or the question
    /// whether to add it (`phones[1]`).
    package func groupItem(named id: FieldID) -> (group: FieldGroup, item: Int)? {
        if let found = spec.groupItem(of: id) { return (found.group, found.item) }
        if let found = spec.groupQuestion(id) { return found }
        // An item asked without a question (`phones[0]` of a group with a minimum) has no field.
        for group in spec.groups where id.rawValue.hasPrefix(group.id.rawValue + "[") && id.rawValue.hasSuffix("]") {
            let number = id.rawValue.dropFirst(group.id.rawValue.count + 1).dropLast()
            if let item = Int(number), (0..<group.maxItems).contains(item) { return (group, item) }
        }
        return nil
    }

    /// The item of a repeating group that the review's row `id` is in, and whether the review may
    /// remove it (``Action/removeItem(_:)``: the group holds more than its fewest items); `nil`
    /// for a row in no item (a field outside groups, the question answered no after the last item).
    package func reviewItem(of id: FieldID, in state: State) -> (group: FieldGroup, item: Int, removable: Bool)? {
        guard let (group, item) = groupItem(named: id) else { return nil }
        let count = itemCount(of: group.id, in: state)
        guard item < count else { return nil }
        return (group, item, count > group.minItems)
    }

    /// How many items `group` holds in `state`: as many as the result would give.
    public func itemCount(of group: FieldID, in state: State) -> Int {
        result(of: state).groups.first { $0.id == group }?.items.count ?? 0
    }

    /// Removes the item `id` names: each later item's answers move up one, and the last item's
    /// question (or, past none, nothing) says no, its fields emptied. The review lists what is
    /// visible then.
    func removeItem(_ state: inout State, naming id: FieldID) {
        guard let (group, item) = groupItem(named: id) else { return }
        let count = itemCount(of: group.id, in: state)
        guard item < count, count > group.minItems else { return }
        for later in item..<(count - 1) {
            for field in group.fields {
                let to = group.path(of: field.id, item: later)
                let from = group.path(of: field.id, item: later + 1)
                guard let moved = state.fields[field: from] else { continue }
                state.fields[field: to] = moved
                state.errors[to] = state.errors[from]
                if state.checked.contains(from) { state.checked.insert(to) } else { state.checked.remove(to) }
            }
        }
        let last = count - 1
        for field in group.fields {
            let path = group.path(of: field.id, item: last)
            guard let position = spec.index(of: path) else { continue }
            state.fields[position: position] = FieldState(spec.fields[position])
            state.errors[path] = nil
            state.checked.remove(path)
        }
        if let position = spec.index(of: group.question(item: last)) {
            state.fields[position: position] = FieldState(spec.fields[position])
        }
        var visibility = VisibilityMemo(self)
        state.reviewed = spec.fields.indices.filter { visibility.isVisible($0, in: state) }.map { spec.layout.ids[$0] }
    }
}

/// Progress through repeating groups (``FlowReducer/progress(in:)``).
extension FlowReducer {
    /// For each field asked only once a question whether to add an item says yes, the index of
    /// that question: each field of an item that has a question, and each question after a
    /// group's first (asked once the one before says yes).
    static func itemGates(of spec: FlowSpec) -> [Int: Int] {
        var gates: [Int: Int] = [:]
        for group in spec.groups {
            guard let first = group.firstQuestion else { continue }
            for item in first..<group.maxItems {
                guard let question = spec.index(of: group.question(item: item)) else { continue }
                if item > first, let previous = spec.index(of: group.question(item: item - 1)) { gates[question] = previous }
                for field in group.fields {
                    if let index = spec.index(of: group.path(of: field.id, item: item)) { gates[index] = question }
                }
            }
        }
        return gates
    }
}
