import FocusFlow

/// Where a group's exploration goes in a flow of more than ``FlowExplorer/everyJumpUpTo``
/// fields: the requests that can read what the group's requests change.
///
/// The engine reads a field other than the focused one in the three ways of
/// ``FlowExplorer/runDecomposed(_:_:_:)``. While a group is explored every field outside it
/// holds its background, and what the group's requests change — its fields' values, and so
/// which fields their conditions show (the group's *dependents*: the fields whose `when`
/// conditions read it, or whose texts name it, and theirs in turn) — a request reads only
/// where it passes, skips or lands on a field of the group or a dependent, or finishes the
/// walk (Next on the last field shown checks every field). So:
///
/// - On a field of the group every request is tried, and jumps go to the fields within two of
///   it, the group's fields, its dependents, the fields its conditions read, the first and the
///   last field, and the last field each background shows.
/// - On a field outside it, only Next, Previous, the host's yes to a check or send, and the
///   jumps among those that land on a field of the group or a dependent or pass one: reveal,
///   cancel, submit and the other jumps read nothing of the group, and are explored in that
///   field's own group.
/// - The focus is followed (its state explored on) on the group's fields and dependents, the
///   nearest field shown on each side of each (whose moves pass or skip them first), and the
///   last field each background shows; a state focused elsewhere is checked on the edge that
///   reaches it (every invariant of the transition) but not explored on, nor its description
///   and snapshot searched: a move from there reads the group as the same move does from the
///   nearest field followed, the fields between holding values that pass, and what differs
///   is that field's own, explored in its own group.
struct GroupScope: Sendable {
    /// The group's fields, by position.
    let members: Set<Int>
    /// Where the exploration goes beyond the members; `nil` in a flow of up to
    /// ``FlowExplorer/everyJumpUpTo`` fields, where every request is tried on every field.
    let reach: Reach?

    struct Reach: Sendable {
        /// The group's fields and its dependents, by position in field order.
        let readers: [Int]
        /// The fields a state focused on the group jumps to besides those within two of it,
        /// by position in field order.
        let targets: [Int]
        /// For each field, whether a state focused on it is explored on.
        let followed: [Bool]
    }

    /// Whether a state focused on the field at `position` (or on none, in review) is explored on.
    func follows(_ position: Int?) -> Bool { position.map { reach?.followed[$0] ?? true } ?? true }

    /// The fields a request explored can change, by position: the group's (typed into) and
    /// those followed (Next on a choice field takes its highlighted option); every field when
    /// every field is followed.
    var changing: [Int]? { reach.map { reach in reach.followed.indices.filter { reach.followed[$0] || members.contains($0) } } }

    /// The fields a state focused on the field at `index` jumps to, by position in field order:
    /// the fields within two of it and ``Reach/targets``; from a field outside the group, those
    /// of them that are a field of the group or a dependent, or lie beyond one (a forward jump
    /// checks each field it passes). `nil` when every field is.
    func jumps(from index: Int, fields count: Int) -> [Int]? {
        guard let reach else { return nil }
        let near = max(0, index - 2)...min(count - 1, index + 2)
        let targets = (reach.targets.filter { !near.contains($0) } + near).sorted()
        guard !members.contains(index) else { return targets }
        let firstAfter = reach.readers.first { $0 > index }
        return targets.filter { target in target != index && (reach.readers.contains(target) || firstAfter.map { target > $0 } ?? false) }
    }
}

extension FlowExplorer {
    /// The scope of the exploration of `group` (positions) from `roots` (see ``GroupScope``):
    /// every request on every field in a flow of up to ``everyJumpUpTo`` fields or with
    /// `everywhere` (the tests compare the two).
    func scope(of group: Set<Int>, roots: [FlowReducer.State], everywhere: Bool = false) -> GroupScope {
        let spec = reducer.spec
        let count = spec.fields.count
        guard count > Self.everyJumpUpTo, !everywhere else { return GroupScope(members: group, reach: nil) }
        var readers = Array(repeating: [Int](), count: count)
        var sources = Set<Int>()
        for (index, field) in spec.fields.enumerated() {
            for name in (field.when?.fields ?? []) + field.namedAnswers {
                guard let source = spec.index(of: name) else { continue }
                readers[source].append(index)
                if group.contains(index) { sources.insert(source) }
            }
        }
        var dependents = Set<Int>()
        var pending = Array(group)
        while let index = pending.popLast() {
            for reader in readers[index] where !group.contains(reader) && dependents.insert(reader).inserted { pending.append(reader) }
        }
        // The fields some background shows (a dependent shows or hides as the group's answers
        // say), and the last of them in each: Next there finishes the walk, checking every field.
        let shown = (0..<count).map { position in dependents.contains(position) || roots.contains { reducer.isVisible(spec.fields[position].id, in: $0) } }
        let lastShown = roots.compactMap { root in (0..<count).last { reducer.isVisible(spec.fields[$0].id, in: root) } }
        let read = group.union(dependents)
        var followed = Array(repeating: false, count: count)
        for anchor in read {
            followed[anchor] = true
            // The nearest field shown before it: its Next lands on it or skips it, and its
            // forward jumps pass it.
            if let before = (0..<anchor).last(where: { shown[$0] }) { followed[before] = true }
            // After a field the group's answers may hide (a dependent, or a member whose
            // condition reads the group), the nearest shown, whose Previous skips it or not.
            if dependents.contains(anchor) || spec.fields[anchor].when?.fields.contains(where: { spec.index(of: $0).map(group.contains) ?? false }) == true,
                let after = (anchor + 1..<count).first(where: { shown[$0] })
            {
                followed[after] = true
            }
        }
        for last in lastShown { followed[last] = true }
        let targets = read.union(sources).union(lastShown).union([0, count - 1]).sorted()
        return GroupScope(members: group, reach: .init(readers: read.sorted(), targets: targets, followed: followed))
    }
}
