import FocusFlow

extension FlowInvariants {
    /// Invariant 14 for repeating groups: a completion holds each shown group's items within
    /// its bounds.
    func groupBreach(_ events: [FlowEvent]) -> Breach? {
        for case .completed(let result) in events {
            for found in result.groups {
                guard let group = reducer.spec.groups.first(where: { $0.id == found.id }) else { continue }
                if !(group.minItems...group.maxItems).contains(found.items.count) {
                    return .groupOutOfBounds(group.id, items: found.items.count, least: group.minItems, most: group.maxItems)
                }
            }
        }
        return nil
    }
}
