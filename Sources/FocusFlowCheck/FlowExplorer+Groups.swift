import FocusFlow
import FocusFlowProtocol

/// Exploring independent groups of fields apart (``FlowExplorer/Options/decompose``).
///
/// The engine reads a field other than the focused one in three ways only: a `matches` rule
/// reads its partner's text, a `when` condition reads its source's answer, and a move (Next, a
/// forward jump, completion, submit from review) asks each field it passes whether it passes
/// its rules, stopping at the first that fails. Fields that no `matches` rule or `when`
/// condition ties together, even through others, form independent groups. For each group the
/// explorer walks from the start to its *background*: every field outside the group holds a
/// value that passes its rules (a choice field stays untouched), the group's fields are as at
/// the start, and focus is on the first field. From there it explores breadth first, typing
/// only into the group's fields and making every move on every field.
///
/// What that proves: every invariant holds on every edge of every state reachable, by the
/// explored requests, with the other groups in their background. It holds for every
/// combination of the groups' values because a field outside a group is read only as passing
/// or failing a move's check, and a move stops at the first field that fails, focusing it with
/// its `invalid`: that same move, over fields that pass, is explored in the failing field's own
/// group. This rests on how the reducer reads fields (the three ways above), not on exploring
/// the product; `--no-decompose` explores the product, within its limits.
extension FlowExplorer {
    /// What ``run(_:)`` does with ``Options/decompose``: explore these groups apart, or the
    /// flow as one, and why.
    enum Decomposition {
        case groups([[Int]])
        case whole(WholeReason)
    }

    /// Why a flow asked to be explored in groups was explored as one.
    public enum WholeReason: Sendable, Hashable, CustomStringConvertible {
        /// A rule or a condition ties every field to the others: there is one group.
        case allTied
        /// The field has no value the explorer found passing, so it cannot stand passing.
        case noPassingValue(FieldID)
        /// The field (a choice) fails untouched, so it cannot stand passing.
        case failsUntouched(FieldID)

        public var description: String {
            switch self {
            case .allTied: "a rule or a condition ties every field to the others"
            case .noPassingValue(let id): "\"\(id)\" has no value the explorer found passing, so it cannot stand passing while the others are explored"
            case .failsUntouched(let id): "\"\(id)\" fails untouched, so it cannot stand passing while the others are explored"
            }
        }
    }

    /// The fields of `spec` in groups that no `matches` rule or `when` condition ties
    /// together, even through other fields: positions, each group in field order, the groups
    /// ordered by their first field.
    public static func independentGroups(in spec: FlowSpec) -> [[Int]] {
        var parent = Array(spec.fields.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        func tie(_ a: Int, _ b: Int) {
            let (x, y) = (root(a), root(b))
            if x != y { parent[max(x, y)] = min(x, y) }
        }
        for (index, field) in spec.fields.enumerated() {
            if let other = field.rules.matches, let source = spec.index(of: other) { tie(index, source) }
            if let condition = field.when, let source = spec.index(of: condition.field) { tie(index, source) }
        }
        var groups: [Int: [Int]] = [:]
        for index in spec.fields.indices { groups[root(index), default: []].append(index) }
        return groups.keys.sorted().map { groups[$0]! }
    }

    /// The groups to explore apart, or why the flow is explored as one: it has a single group,
    /// or a field cannot stand passing in the background (a text field for which no passing
    /// value was found, a choice field that fails untouched).
    func decomposition() -> Decomposition {
        let spec = reducer.spec
        let groups = Self.independentGroups(in: spec)
        guard groups.count > 1 else { return .whole(.allTied) }
        let start = reducer.initialState()
        for field in spec.fields {
            if field.kind.typesAnswer ? passing[field.id] == nil : reducer.failure(of: field.id, in: start) != nil {
                return .whole(field.kind.typesAnswer ? .noPassingValue(field.id) : .failsUntouched(field.id))
            }
        }
        return .groups(groups)
    }

    /// Explores each group from its background, in field order, until one breaks an invariant.
    func runDecomposed(_ groups: [[Int]], _ options: Options, _ start: Report) -> Report {
        var report = start
        let ids = reducer.spec.fields.map(\.id)
        report.groups = groups.map { $0.map { ids[$0] } }
        for group in groups {
            let members = Set(group)
            guard let (background, prefix) = walkToBackground(of: members, into: &report) else { return report }
            if explore(from: background, prefix: prefix, group: members, options, into: &report) { return report }
        }
        return report
    }

    /// Walks from the initial state to the background of `group`, checking every invariant on
    /// the way: forward with Next, typing each field's passing value where the field is outside
    /// the group or fails as it is; then back, clearing what was typed into the group's fields;
    /// then a jump to the first field. `nil` when an invariant broke (``Report/counterexample``).
    func walkToBackground(of group: Set<Int>, into report: inout Report) -> (FlowReducer.State, [FlowRequest])? {
        let spec = reducer.spec
        var state = reducer.initialState()
        var script: [FlowRequest] = []
        func send(_ request: FlowRequest) -> Bool {
            let before = state
            let events = transition(&state, request.action!)
            script.append(request)
            report.edges += 1
            for event in events { report.eventsSeen.insert(event.name) }
            if let focus = state.focus { report.fieldsFocused.insert(focus) }
            guard let violation = invariants.check(before: before, action: request.action!, after: state, events: events) else { return true }
            let ids = group.sorted().map { spec.fields[$0].id }
            report.counterexample = Counterexample(violation: violation, script: script, groupStart: script.count, group: ids)
            return false
        }
        // Forward: each field gets its passing value where needed, then Next, up to the last visible field.
        for _ in 0...spec.fields.count {
            guard state.phase == .editing, let focus = state.focus, let index = spec.index(of: focus) else { break }
            if spec.fields[index].kind.typesAnswer, let pass = passing[focus], !state.text(of: focus).isIdentical(to: pass),
                !group.contains(index) || reducer.failure(of: focus, in: state) != nil
            {
                guard send(.text(pass)) else { return nil }
            }
            guard (index + 1..<spec.fields.count).contains(where: { reducer.isVisible(spec.fields[$0].id, in: state) }) else { break }
            guard send(.next) else { return nil }
            // The host says yes to each check and send on the way: the background passes.
            if let pending = state.checking, pending.field == focus {
                guard send(.checked(ticket: pending.ticket, .ok)) else { return nil }
            }
            for ticket in state.sends.values.compactMap(\.ticket).sorted() {
                guard send(.sent(ticket: ticket, .ok)) else { return nil }
            }
            if state.focus == focus { break }
        }
        // Back: clear the group's typed fields, last first, so every jump is backward.
        for index in group.sorted().reversed() where spec.fields[index].kind.typesAnswer {
            let id = spec.fields[index].id
            guard state.phase == .editing, !state.text(of: id).isEmpty, reducer.isVisible(id, in: state),
                let focus = state.focus, let at = spec.index(of: focus), index <= at
            else { continue }
            if focus != id { guard send(.focus(id)) else { return nil } }
            guard send(.clear) else { return nil }
        }
        if state.phase == .editing, let focus = state.focus, focus != spec.fields[0].id {
            guard send(.focus(spec.fields[0].id)) else { return nil }
        }
        return (state, script)
    }
}
