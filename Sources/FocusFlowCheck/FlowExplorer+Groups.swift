import Dispatch
import FocusFlow
import FocusFlowProtocol
import Synchronization

/// Exploring independent groups of fields apart (``FlowExplorer/Options/decompose``).
///
/// The engine reads a field other than the focused one in three ways only: a `matches` rule
/// reads its partner's text, a `when` condition reads its source's answer, and a move (Next, a
/// forward jump, completion, submit from review) asks each field it passes whether it passes
/// its rules, stopping at the first that fails. (A text that names an answer, `"Welcome,
/// {name}"`, reads it too, but only to show it: no rule, move or condition reads a text, and
/// the one invariant about it, 17, asks only whether the named field is shown, which its own
/// `when` decides.) Fields that no `matches` rule ties together, even through others, form
/// independent groups. For each group the explorer walks from the
/// start to its *backgrounds*: every field outside the group holds a value that passes its
/// rules (a choice field stays untouched where that passes), the group's fields are as at the
/// start, and focus is on the first field; there is one background for each way the fields
/// that the group's `when` conditions read (its *sources*) can answer, passing, that the
/// conditions tell apart. From them it explores breadth first, typing only into the group's
/// fields and making every move on every field.
///
/// What that proves: every invariant holds on every edge of every state reachable, by the
/// explored requests, with the other groups in their backgrounds. It holds for every
/// combination of the groups' values because a field outside a group is read in two ways
/// only. As a source, by its answer's row of conditions: no request inside the group edits
/// it, so each row the walk can give it is a background. As passing or failing a move's check:
/// a move stops at the first field that fails, focusing it with its `invalid`, and that same
/// move, over fields that pass, is explored in the failing field's own group, whose sources
/// take every row. A field a condition hides is skipped by every move whatever it holds. This
/// rests on how the reducer reads fields (the three ways above), not on exploring the product;
/// `--no-decompose` explores the product, within its limits.
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

    /// The fields of `spec` in groups that no `matches` rule ties together, even through other
    /// fields: positions, each group in field order, the groups ordered by their first field.
    /// A `when` condition does not tie its field to its source (the group is explored from a
    /// background for each way the source can tell the condition, see ``run(_:)``), nor a text
    /// to the answer it names, unless `tyingConditions`.
    public static func independentGroups(in spec: FlowSpec, tyingConditions: Bool = false) -> [[Int]] {
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
            if tyingConditions {
                for name in (field.when?.fields ?? []) + field.namedAnswers { if let source = spec.index(of: name) { tie(index, source) } }
            }
        }
        var groups: [Int: [Int]] = [:]
        for index in spec.fields.indices { groups[root(index), default: []].append(index) }
        return groups.keys.sorted().map { groups[$0]! }
    }

    /// The most backgrounds a group is explored from for the ways its sources answer (see
    /// ``runDecomposed(_:_:_:)``); a flow with a group that would need more is explored with
    /// every `when` condition tying its field to its source.
    static let mostBackgrounds = 64

    /// The groups to explore apart, or why the flow is explored as one: it has a single group,
    /// or a field cannot stand passing in the background (a text field for which no passing
    /// value was found, a choice field that fails untouched).
    func decomposition() -> Decomposition {
        let spec = reducer.spec
        var groups = Self.independentGroups(in: spec)
        if groups.contains(where: { backgroundCount(of: Set($0)) > Self.mostBackgrounds }) {
            groups = Self.independentGroups(in: spec, tyingConditions: true)
        }
        guard groups.count > 1 else { return .whole(.allTied) }
        for field in spec.fields {
            if field.kind.typesAnswer ? passing[field.id] == nil : passingChoice[field.id] == nil {
                return .whole(field.kind.typesAnswer ? .noPassingValue(field.id) : .failsUntouched(field.id))
            }
        }
        return .groups(groups)
    }

    /// Explores each group from its backgrounds, until one breaks an invariant: side by side,
    /// as many at once as the machine has cores, and reported as if one after another in field
    /// order — the groups before the first that breaks an invariant and that one, whole, as an
    /// exploration group by group would have seen them.
    ///
    /// A group whose fields are shown by `when` conditions on fields outside it has a background
    /// for each way those *sources* can tell the conditions apart (and, for a source itself
    /// shown by a condition, its source's ways in turn): each source holds an answer that passes
    /// its rules and makes each condition hold or not, one answer per row of which hold
    /// (``settings(of:telling:)``). Nothing inside the group edits a source, so which of its
    /// fields are shown stays as the background set it; every row a walk can reach is a
    /// background.
    ///
    /// A group with a choice field that fails untouched (a required select, a confirm that must
    /// be yes) has two more: the walk must choose on it to pass it, and nothing lets a choice go
    /// back to untouched as `clear` empties a text. So the group is explored at once from the
    /// background where the walk chose on it, and from the one where the walk stopped before it
    /// (the fields after it as at the start): every state the person can reach with the field
    /// untouched is a state of the second, since nothing past it can be reached before it passes.
    func runDecomposed(_ groups: [[Int]], _ options: Options, _ start: Report) -> Report {
        var report = start
        let ids = reducer.spec.fields.map(\.id)
        report.groups = groups.map { $0.map { ids[$0] } }
        let shared = sharedWalk(options, into: &report)
        // Each group's report and how far it went, once explored; the first group known to
        // break an invariant, so that no group after it is begun; the states each group has
        // shown the progress so far.
        let explored = Mutex<[(report: Report, coverage: Coverage?)?]>(Array(repeating: nil, count: groups.count))
        let firstBroken = Atomic<Int>(groups.count)
        let shown = Mutex<(total: Int, each: [Int])>((0, Array(repeating: 0, count: groups.count)))
        DispatchQueue.concurrentPerform(iterations: groups.count) { position in
            guard position < firstBroken.load(ordering: .relaxed) else { return }
            var own = options
            if let progress = options.progress {
                let group = Progress.Group(index: position, count: groups.count, fields: groups[position].map { ids[$0] })
                own.progress = { told in
                    shown.withLock { counts in
                        counts.total += told.states - counts.each[position]
                        counts.each[position] = told.states
                        progress(Progress(states: counts.total, depth: told.depth, group: group, elapsed: told.elapsed))
                    }
                }
            }
            var groupReport = Report()
            let coverage = exploreGroup(groups[position], own, shared: shared, into: &groupReport)
            if coverage == nil { firstBroken.min(position, ordering: .relaxed) }
            explored.withLock { $0[position] = (groupReport, coverage) }
        }
        let reports = explored.withLock { $0 }
        for position in groups.indices {
            guard let (groupReport, coverage) = reports[position] else { break }
            report.add(groupReport)
            report.coverage.append(coverage ?? .partial)
            if groupReport.counterexample != nil { break }
        }
        return report
    }

    /// Explores one group from each of its backgrounds into `report`: how far it went, or `nil`
    /// when an invariant broke (``Report/counterexample`` then says which).
    private func exploreGroup(_ group: [Int], _ options: Options, shared: SharedWalk?, into report: inout Report) -> Coverage? {
        guard !options.timing.isSpent else {
            report.reached(.budget)
            return Coverage.none
        }
        let members = Set(group)
        var roots: [(state: FlowReducer.State, script: [FlowRequest])] = []
        for sources in sourceSettings(of: members) {
            guard let passed = walkToBackground(of: members, sources: sources, stoppingAtChoice: false, shared: shared, options: options, into: &report) else {
                return report.counterexample == nil ? Coverage.none : nil
            }
            roots.append((passed.state, passed.script))
            if passed.choseInGroup {
                guard let stopped = walkToBackground(of: members, sources: sources, stoppingAtChoice: true, shared: shared, options: options, into: &report) else {
                    return report.counterexample == nil ? Coverage.none : nil
                }
                roots.append((stopped.state, stopped.script))
            }
        }
        let scope = scope(of: members, roots: roots.map(\.state), everywhere: options.followsEveryField)
        if explore(from: roots, group: scope, options, into: &report) { return nil }
        return report.limits.isEmpty ? .complete : .partial
    }

    /// The walk of no group to its background, recorded for each group's walk to take up to
    /// where it acts otherwise (``SharedWalk``); `nil` when an invariant breaks on it, and each
    /// group walks on its own and finds where.
    /// A budget spent on the way leaves it unrecorded too (and says so in `report`).
    func sharedWalk(_ options: Options = Options(), into report: inout Report) -> SharedWalk? {
        var scratch = Report()
        let recorder = SharedWalk.Recorder(spec: reducer.spec)
        guard walkToBackground(of: [], stoppingAtChoice: false, options: options, into: &scratch, recording: recorder) != nil else {
            if scratch.limits.contains(.budget) { report.reached(.budget) }
            return nil
        }
        return SharedWalk(recorder, transition: transition)
    }

    /// Every combination of the ways the sources of `group`'s conditions answer: for each, the
    /// requests the walk makes on each source (by position), in place of its passing value.
    func sourceSettings(of group: Set<Int>) -> [[Int: [FlowRequest]]] {
        var combinations: [[Int: [FlowRequest]]] = [[:]]
        for (source, ways) in sourceWays(of: group) {
            combinations = combinations.flatMap { combination in
                ways.map { way in combination.merging([source: way]) { $1 } }
            }
        }
        return combinations
    }

    /// How many combinations ``sourceSettings(of:)`` makes, counted without making them (up to
    /// one past ``mostBackgrounds``).
    func backgroundCount(of group: Set<Int>) -> Int {
        sourceWays(of: group).reduce(1) { count, source in min(count * max(source.ways.count, 1), Self.mostBackgrounds + 1) }
    }

    /// The sources outside `group`, and theirs in turn (every field whose answer decides which of
    /// the group's fields are shown, or whether an answer their texts name is), in field order,
    /// each with its ways to answer that the conditions reading it tell apart; a source with
    /// none found is left out (it keeps its passing value). A field a text of the group names
    /// is a source with no condition of its own to tell: what the text shows of it decides
    /// nothing, but the fields that show or hide it are its sources in turn.
    private func sourceWays(of group: Set<Int>) -> [(source: Int, ways: [[FlowRequest]])] {
        let spec = reducer.spec
        var sources: Set<Int> = []
        var pending = Array(group)
        while let index = pending.popLast() {
            let named = group.contains(index) ? spec.fields[index].namedAnswers : []
            for name in (spec.fields[index].when?.fields ?? []) + named {
                guard let source = spec.index(of: name), !group.contains(source) else { continue }
                if sources.insert(source).inserted { pending.append(source) }
            }
        }
        return sources.sorted().compactMap { source in
            let readers = spec.fields.indices.filter { group.contains($0) || sources.contains($0) }
            let ways = settings(of: spec.fields[source], telling: spec.leafConditions(reading: spec.fields[source].id, in: readers))
            return ways.isEmpty ? nil : (source, ways)
        }
    }

    /// Walks from the initial state to the background of `group`, checking every invariant on
    /// the way: forward with Next, typing each field's passing value where the field is outside
    /// the group or fails as it is, and making each choice field that fails pass (its
    /// ``passingChoice``, after the host gave it the first list of its source when its options
    /// come from the service), and making on each of `sources` (by position, outside the group) its
    /// requests instead; then back, clearing what was typed into the group's fields; then a
    /// jump to the first field. `stoppingAtChoice` stops going forward at the first field of the
    /// group that the walk would have to choose on. `nil` when an invariant broke
    /// (``Report/counterexample``) or the budget of `options` was spent (``Report/limits``); else
    /// the background, the script to it, and whether the walk chose on a field of the group.
    /// With `shared`, the requests it makes as the walk of no group does are taken from there.
    func walkToBackground(
        of group: Set<Int>, sources: [Int: [FlowRequest]] = [:], stoppingAtChoice: Bool, shared: SharedWalk? = nil, options: Options = Options(),
        into report: inout Report, recording record: SharedWalk.Recorder? = nil
    ) -> (state: FlowReducer.State, script: [FlowRequest], choseInGroup: Bool)? {
        let spec = reducer.spec
        var state = reducer.initialState()
        var script: [FlowRequest] = []
        let describer = StateDescriber(), eventTexts = EventTexts()
        func send(_ request: FlowRequest) -> Bool {
            if script.count % Self.requestsBetweenLooks == 0 {
                if options.timing.isSpent {
                    report.reached(.budget)
                    return false
                }
                options.tell(states: report.states, depth: 0)
            }
            let before = state
            let events = transition(&state, request.action!)
            script.append(request)
            report.edges += 1
            for event in events { report.eventsSeen.insert(event.name) }
            if let focus = state.focus { report.fieldsFocused.insert(focus) }
            record?.step(request, events: events, focus: state.focus)
            guard let violation = invariants.check(before: before, action: request.action!, after: state, events: events, describing: true, describer: describer, eventTexts: eventTexts)
            else { return true }
            let ids = group.sorted().map { spec.fields[$0].id }
            report.counterexample = Counterexample(violation: violation, script: script, groupStart: script.count, group: ids)
            return false
        }
        // The host gives a field whose options come from the service the first list of its
        // source, as the field's settings were found with it.
        func answerOptions(of id: FieldID) -> Bool {
            for request in reducer.pendingOptions(in: state) where request.field == id {
                guard let list = optionLists[request.source]?.first else { continue }
                guard send(.options(ticket: request.ticket, .list(list))) else { return false }
            }
            return true
        }
        var choseInGroup = false
        // The walk of no group, while this one has done the same (see ``SharedWalk``): the
        // iteration of the forward loop the two are at.
        var together = shared.map { _ in 0 }
        let own = group.union(sources.keys)
        // Forward: each field gets its passing value where needed, then Next, up to the last visible field.
        var iteration = 0
        forward: while iteration <= spec.fields.count {
            defer { iteration += 1 }
            if let shared, let at = together {
                // Up to the next iteration that acts on a field of the group or a source, this
                // walk is the shared one: its requests, already checked, are taken as they are.
                guard let next = shared.iterations[at...].firstIndex(where: { own.contains($0.index) }) else {
                    shared.adopt(from: at, to: nil, state: &state, script: &script, into: &report)
                    break forward
                }
                shared.adopt(from: at, to: next, state: &state, script: &script, into: &report)
                iteration += next - at
                together = next
            }
            record?.iteration(state: state)
            let start = script.count
            defer {
                if let shared, let at = together {
                    together = shared.iterations.indices.contains(at + 1) && shared.requests(of: at) == script[start...] ? at + 1 : nil
                }
            }
            guard state.phase == .editing, let focus = state.focus, let index = spec.index(of: focus) else { break }
            if let setting = sources[index] {
                guard answerOptions(of: focus) else { return nil }
                for request in setting { guard send(request) else { return nil } }
                // A typed answer that a `matches` partner refuses here: the passing value instead.
                if spec.fields[index].kind.typesAnswer, reducer.failure(of: focus, in: state) != nil, let pass = passing[focus] {
                    guard send(.text(pass)) else { return nil }
                }
            } else if spec.fields[index].kind.typesAnswer, let pass = passing[focus], !state.text(of: focus).isIdentical(to: pass),
                !group.contains(index) || reducer.failure(of: focus, in: state) != nil
            {
                guard send(.text(pass)) else { return nil }
            }
            if sources[index] == nil, !spec.fields[index].kind.typesAnswer, reducer.failure(of: focus, in: state) != nil, let choice = passingChoice[focus] {
                if group.contains(index) {
                    if stoppingAtChoice { break forward }
                    choseInGroup = true
                }
                guard answerOptions(of: focus) else { return nil }
                for request in choice { guard send(request) else { return nil } }
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
        record?.end(state: state)
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
        return (state, script, choseInGroup)
    }
}
