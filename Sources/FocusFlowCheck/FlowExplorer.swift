import FocusFlow
import FocusFlowProtocol
import Synchronization

/// Explores the states a flow can reach, breadth first, under a finite set of requests
/// derived from the flow, and checks every ``FlowInvariants`` on every edge.
///
/// Per text field the explorer types the empty text, a value passing the field's rules, one
/// failing them and one its keyboard refuses; per choice field it types filter queries and
/// tries every request of ``/FocusFlowProtocol/FlowRequest/table`` that applies to the field's kind with that
/// row's samples (`set true`/`false`, a few options and one that is none, highlight ±1); it
/// also presses next, previous, reveal, clear, cancel and jumps (to every field in a flow of up
/// to ``everyJumpUpTo`` fields, else those of ``jumpTargets(from:)``). Breadth first, so a
/// violation comes with the shortest script to it among the requests explored. Typed values
/// are at most ``valueLengthCap`` characters, whatever the rules.
///
/// ```swift
/// let report = FlowExplorer(spec: try FlowSpec.signup()).run()
/// #expect(report.counterexample == nil)
/// ```
public struct FlowExplorer: Sendable {
    public struct Options: Sendable {
        /// How many requests deep to go.
        public var depth: Int
        /// How many distinct states to visit at most.
        public var maxStates: Int
        /// How long to explore at most: once spent, the exploration stops where it is, and the
        /// report says what it covered (``Report/limits`` holds ``Limit/budget``). No limit when `nil`.
        public var budget: Duration?

        /// Called now and then while exploring — at each new level, and every few dozen requests
        /// while walking or exploring — with how far it has got: `check` shows it on a terminal.
        /// Groups explored apart are explored side by side, and then this is called from each
        /// group's thread, one call at a time, with the states of every group so far and the
        /// group of the thread calling.
        public var progress: (@Sendable (Progress) -> Void)?
        /// Explore fields that no rule ties together apart, group by group, rather
        /// than every combination of their values (see ``independentGroups(in:tyingConditions:)``): `depth` and
        /// `maxStates` then bound each group's exploration, and states are counted over all.
        /// The groups are explored as many at once as the machine has cores, and reported as if
        /// one after another.
        public var decompose: Bool
        /// When the exploration began and when its budget is spent: set by ``FlowExplorer/run(_:)``.
        var timing = Timing(budget: nil)
        /// Whether a group's exploration tries every request on every field whatever the flow's
        /// size, rather than only those that can read the group (``GroupScope``): the tests
        /// compare the two.
        package var followsEveryField = false

        public init(
            depth: Int = 50, maxStates: Int = 200_000, decompose: Bool = false, budget: Duration? = nil,
            progress: (@Sendable (Progress) -> Void)? = nil
        ) {
            self.depth = depth
            self.maxStates = maxStates
            self.decompose = decompose
            self.budget = budget
            self.progress = progress
        }

        /// Tells ``progress`` how far the exploration has got.
        func tell(states: Int, depth: Int) {
            progress?(Progress(states: states, depth: depth, elapsed: timing.elapsed))
        }
    }

    /// A broken invariant and the shortest script that breaks it.
    public struct Counterexample: Sendable, Equatable {
        public var violation: FlowInvariants.Violation
        /// The requests from the initial state, the last one breaking the invariant.
        public var script: [FlowRequest]
        /// How many of the first requests of ``script`` walk to the state its group was explored
        /// from (0 when the flow was explored as one): the rest is the shortest script from there.
        public var groupStart = 0
        /// The group of fields being explored apart when it broke; empty when explored as one.
        public var group: [FieldID] = []

        public init(violation: FlowInvariants.Violation, script: [FlowRequest], groupStart: Int = 0, group: [FieldID] = []) {
            self.violation = violation
            self.script = script
            self.groupStart = groupStart
            self.group = group
        }
    }

    public struct Report: Sendable {
        public var states = 0
        public var edges = 0
        /// The deepest level explored, and whether every reachable state was (no limit hit).
        public var depth = 0
        public var exhaustive = true
        /// The limits reached: where one is, the states beyond it were not explored, and the
        /// proof is partial (``exhaustive`` is `false`).
        public var limits: Set<Limit> = []
        public var fieldsFocused: Set<FieldID> = []
        public var eventsSeen: Set<String> = []
        public var completed = false
        public var cancelled = false
        /// Fields for which no value passing the rules was found among the explorer's candidates.
        public var noPassingValue: [FieldID] = []
        public var counterexample: Counterexample?
        /// The independent groups explored one by one (see ``Options/decompose``), in field
        /// order; empty when the flow was explored as one.
        public var groups: [[FieldID]] = []
        /// How far each group of ``groups`` was explored, in the same order.
        public var coverage: [Coverage] = []
        /// Why a flow was explored as one although ``Options/decompose`` asked for groups.
        public var notDecomposed: WholeReason?

        /// Notes that `limit` was reached.
        mutating func reached(_ limit: Limit) {
            limits.insert(limit)
            exhaustive = false
        }

        /// Adds what a group's exploration saw, explored after everything this report holds.
        mutating func add(_ group: Report) {
            states += group.states
            edges += group.edges
            depth = max(depth, group.depth)
            exhaustive = exhaustive && group.exhaustive
            limits.formUnion(group.limits)
            fieldsFocused.formUnion(group.fieldsFocused)
            eventsSeen.formUnion(group.eventsSeen)
            completed = completed || group.completed
            cancelled = cancelled || group.cancelled
            if counterexample == nil { counterexample = group.counterexample }
        }
    }

    public let reducer: FlowReducer
    /// The flow's initial state, made once.
    let initial: FlowReducer.State
    let invariants: FlowInvariants
    let transition: @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]
    /// The values typed into each field.
    public let values: [FieldID: [String]]
    private let noPassingValue: [FieldID]
    /// For each field, the fields a state focused on it jumps to (see ``jumpTargets(from:)``).
    private let jumps: [[FieldID]]

    /// Up to this many fields, every state tries a jump to every field; beyond it, the jumps
    /// of ``jumpTargets(from:)``, so that the work a state costs grows linearly with the fields.
    public static let everyJumpUpTo = 12
    /// A value that passes each typed field's rules (a secure field is given it again after a restore).
    let passing: [FieldID: String]
    /// The option values each choice field chooses and lets go (one of each value class, as many as its kind chooses).
    public let options: [FieldID: [String]]
    /// For each choice field, the fewest of its own requests that make it pass from untouched
    /// (none when it passes so): what the walk to a group's background does on it.
    private(set) var passingChoice: [FieldID: [FlowRequest]]
    /// The lists the host gives each source of options, tried as answers to every request for
    /// them (`FlowReducer.Action.options(ticket:_:)`): ``defaultOptionLists`` for a source not given.
    public let optionLists: [String: [[FieldOption]]]
    /// The lists a source gets when the explorer is given none: two options, then one of them
    /// (a choice the second list lacks is let go).
    public static let defaultOptionLists: [[FieldOption]] = [
        [.init(value: "first", label: "First"), .init(value: "second", label: "Second")], [.init(value: "second", label: "Second")],
    ]
    /// Snapshot then restore (invariant 15): a broken one in tests; the engine's when `nil`
    /// (see ``Restores``).
    private let roundTrip: (@Sendable (FlowReducer.State) -> FlowReducer.State?)?
    /// ``/FocusFlow/FlowSpec/fingerprint``, which encodes the whole flow: made once here, not at every state.
    private let fingerprint: String

    /// - Parameters:
    ///   - spec: the flow.
    ///   - transition: the machine under test; the flow's ``/FocusFlow/FlowReducer`` when `nil`. Tests pass a
    ///     deliberately broken one to see the explorer catch it.
    ///   - roundTrip: a state's snapshot restored; the engine's ``/FocusFlow/FlowReducer/snapshot(of:focus:)``
    ///     then ``/FocusFlow/FlowReducer/restore(_:)`` when `nil`. Tests pass a broken one.
    ///   - optionLists: the lists the host gives each source of options, by its name; a source
    ///     not named gets ``defaultOptionLists``.
    public init(
        spec: FlowSpec, transition: (@Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])? = nil,
        roundTrip: (@Sendable (FlowReducer.State) -> FlowReducer.State?)? = nil, optionLists: [String: [[FieldOption]]] = [:]
    ) {
        let reducer = FlowReducer(spec: spec)
        self.reducer = reducer
        let initial = reducer.initialState()
        self.initial = initial
        var lists = optionLists
        for name in spec.fields.compactMap({ $0.optionSource?.name }) where lists[name] == nil { lists[name] = Self.defaultOptionLists }
        self.optionLists = lists
        self.fingerprint = spec.fingerprint
        self.roundTrip = roundTrip
        self.invariants = FlowInvariants(reducer: reducer)
        self.transition = transition ?? { reducer.reduce(into: &$0, action: $1) }
        var values: [FieldID: [String]] = [:]
        var passing: [FieldID: String] = [:]
        var missing: [FieldID] = []
        var options: [FieldID: [String]] = [:]
        for field in spec.fields where !field.kind.typesAnswer {
            // A choice field's filter: nothing, the start of its first option, and a query no option has.
            if let source = field.optionSource {
                // Options from the service: the values of the lists given, and a filter no list answers.
                var given: [String] = []
                for option in (lists[source.name] ?? []).joined() where !given.contains(option.value) && given.count < 3 { given.append(option.value) }
                values[field.id] = ["", "zzzq"]
                options[field.id] = given
                continue
            }
            values[field.id] = field.options.isEmpty ? [""] : ["", String(field.options[0].label.prefix(2)), "zzzq"]
            if !field.options.isEmpty { options[field.id] = Self.optionClasses(of: field, reducer: reducer) }
        }
        // The fields that must match each field, even through others: its passing value is
        // theirs, so it must pass their rules and keyboards too.
        var matchers: [FieldID: [FieldSpec]] = [:]
        for field in spec.fields.reversed() {
            guard let other = field.rules.matches else { continue }
            matchers[other, default: []] += [field] + (matchers[field.id] ?? [])
        }
        for field in spec.fields where field.kind.typesAnswer {
            let pass = Self.passingValue(for: field, matchedBy: matchers[field.id] ?? [], reducer: reducer, passing: passing, from: initial)
            if let pass { passing[field.id] = pass } else { missing.append(field.id) }
            let fail = Self.failingValue(for: field, reducer: reducer, passing: passing, from: initial)
            var list = [""]
            // The bounds of each `when` that reads this field: a value on the bound shows what it
            // guards, whatever side the passing and failing values fall on.
            let bounds = spec.leafConditions(reading: field.id).flatMap { condition -> [String] in
                guard case .leaf(_, .range(let min, let max)) = condition else { return [] }
                return [min, max].compactMap { bound -> String? in
                    switch bound {
                    case .number(let value)?: JSONText.number(value)
                    case .string(let text)?: text
                    default: nil
                    }
                }
            }.filter { field.keyboard.accepts($0) }
            for candidate in [pass, fail, Self.refusedValue(for: field.keyboard)] + bounds {
                if let candidate, !list.contains(where: { $0.isIdentical(to: candidate) }) { list.append(candidate) }
            }
            values[field.id] = list
        }
        self.values = values
        self.options = options
        self.noPassingValue = missing
        self.passing = passing
        self.jumps = Self.jumps(in: spec)
        self.passingChoice = [:]
        var choices: [FieldID: [FlowRequest]] = [:]
        for field in spec.fields where !field.kind.typesAnswer {
            if let requests = passingChoice(for: field) { choices[field.id] = requests }
        }
        self.passingChoice = choices
    }

    /// The fields a state focused on field `index` jumps to. Up to ``everyJumpUpTo`` fields,
    /// every field. Beyond it: the first and the last field, the fields within two of the
    /// focused one, and every field a rule or a condition ties to another (a `matches` rule's
    /// two ends, a `when` condition's field and the field it shows) — a bounded number for a
    /// flow of untied fields, so that a state's cost is linear in the fields rather than
    /// quadratic (each forward jump validates every field it passes).
    public func jumpTargets(from index: Int) -> [FieldID] { jumps[index] }

    private static func jumps(in spec: FlowSpec) -> [[FieldID]] {
        let ids = spec.fields.map(\.id)
        guard ids.count > everyJumpUpTo else { return Array(repeating: ids, count: ids.count) }
        var tied = Set<Int>()
        for (index, field) in spec.fields.enumerated() {
            if let other = field.rules.matches, let source = spec.index(of: other) { tied.formUnion([index, source]) }
            for name in field.when?.fields ?? [] { if let source = spec.index(of: name) { tied.formUnion([index, source]) } }
        }
        return ids.indices.map { focus in
            var targets = tied
            targets.formUnion([0, ids.count - 1])
            targets.formUnion(max(0, focus - 2)...min(ids.count - 1, focus + 2))
            return targets.sorted().map { ids[$0] }
        }
    }

    /// The names of the events this flow can say: every event of ``/FocusFlow/FlowEvent/Name`` whose kinds
    /// of field the flow has, in the protocol's order.
    public var eventNames: [String] { Self.eventNames(of: reducer.spec) }

    /// The names of the events `spec` can say (``eventNames``), without making an explorer of it.
    public static func eventNames(of spec: FlowSpec) -> [String] {
        let kinds = Set(spec.fields.map(\.kind))
        return FlowEvent.Name.allCases.filter { $0.kinds.map { !$0.isDisjoint(with: kinds) } ?? true }
            .filter { $0 != .reviewing || spec.review }
            .filter { $0 != .dropped || spec.fields.contains { $0.when != nil } }.map(\.rawValue)
    }

    /// The requests tried from `state`.
    public func requests(from state: FlowReducer.State) -> [FlowRequest] { requests(from: state, group: nil) }

    /// The requests tried from `state` while the fields of `group` are explored apart: on a
    /// field outside it only the moves (next, previous, reveal, cancel, submit, jumps) —
    /// nothing typed, cleared or chosen — and in a flow of more than ``everyJumpUpTo`` fields
    /// only those that can read the group (see ``GroupScope``). Every request, with a `nil` group.
    func requests(from state: FlowReducer.State, group scope: GroupScope?) -> [FlowRequest] {
        if state.phase == .review {
            // A repeating group's items may be removed from the review, each by its path.
            let removals = reducer.spec.groups.flatMap { group in (0..<group.maxItems).map { FlowRequest.remove(group.question(item: $0)) } }
            return FlowRequest.reviewAlphabet + reducer.spec.fields.map { .focus($0.id) } + removals
        }
        guard let focus = state.focus, let index = reducer.spec.index(of: focus) else { return [] }
        var alphabet = FlowRequest.alphabet(for: reducer.spec.fields[index], values: values[focus] ?? [""], options: options[focus])
        // A step moves a number or a date by one along its whole range: it is tried from the
        // values the explorer types (and from empty), one step each side of every boundary
        // they stand on, rather than along every value of the range.
        if alphabet.contains(where: Self.isStep), !(values[focus] ?? [""]).contains(where: { $0.isIdentical(to: state.text(of: focus)) }) {
            alphabet.removeAll(where: Self.isStep)
        }
        guard let scope else { return alphabet + serviceRequests(from: state) + jumps[index].map { .focus($0) } }
        if scope.members.contains(index) {
            alphabet += serviceRequests(from: state)
        } else {
            if scope.reach != nil {
                // Beyond the moves that pass or skip the group's fields, a request on a field
                // outside it reads nothing of the group (see ``GroupScope``).
                alphabet.removeAll { request in
                    switch request.action {
                    case .next?, .previous?: false
                    default: true
                    }
                }
            } else {
                alphabet.removeAll { if case .field(let action)? = $0.action { action != .submit } else { false } }
            }
            // A field outside the group holds a passing value, and its host says yes: its other
            // answers are explored in its own group.
            alphabet += serviceRequests(from: state).filter { request in
                switch request.action {
                case .checked(_, .ok)?, .sent(_, .ok)?: true
                default: false
                }
            }
        }
        guard let targets = scope.jumps(from: index, fields: reducer.spec.fields.count) else { return alphabet + jumps[index].map { .focus($0) } }
        return alphabet + targets.map { .focus(reducer.spec.fields[$0].id) }
    }

    private static func isStep(_ request: FlowRequest) -> Bool {
        if case .field(.step)? = request.action { true } else { false }
    }

    /// The host's answers the walk waits for in `state`, each way (a check passed, refused or
    /// not made; a send made or failed), and on a field that sends: a resend and the clock moved
    /// past its cooldown and its expiry. A stale ticket is in ``FlowRequest/alphabet(for:values:)``.
    func serviceRequests(from state: FlowReducer.State) -> [FlowRequest] {
        guard invariants.hasServices else { return [] }
        var requests: [FlowRequest] = []
        if let pending = state.checking {
            requests += [
                .checked(ticket: pending.ticket, .ok), .checked(ticket: pending.ticket, .refused("Refused by the service")),
                .checked(ticket: pending.ticket, .unavailable),
            ]
        }
        for ticket in state.sends.values.compactMap(\.ticket).sorted() {
            requests += [.sent(ticket: ticket, .ok), .sent(ticket: ticket, .refused("Not sent"))]
        }
        if let focus = state.focus, let send = reducer.spec[focus]?.send {
            requests += [.resend, .tick(send.resendAfter)] + (send.expiresAfter.map { [.tick($0)] } ?? [])
        }
        // Each list given for a source, a refusal and no answer, to every request for options.
        for request in reducer.pendingOptions(in: state) {
            requests += (optionLists[request.source] ?? []).map { .options(ticket: request.ticket, .list($0)) }
            requests += [.options(ticket: request.ticket, .refused("Refused by the service")), .options(ticket: request.ticket, .unavailable)]
        }
        return requests
    }

    /// `state` as far as what can follow it goes, to tell visited states apart: the tickets
    /// waited for numbered 1, 2, … in order (only their order and which is which matter), and
    /// the clock at 0 with each send's time made relative to it, no further back than its
    /// cooldown and expiry reach. Two states with the same key answer every request alike, so the
    /// walk's ever-growing ticket numbers and clock leave the states finite.
    package func key(_ state: FlowReducer.State) -> FlowReducer.State {
        guard state.lastTicket > 0 || state.clock > 0 else { return state }
        var key = state
        var tickets = state.sends.values.compactMap(\.ticket) + state.optionLists.values.compactMap(\.ticket)
        if let pending = state.checking { tickets.append(pending.ticket) }
        tickets.sort()
        func renumbered(_ ticket: Int) -> Int { (tickets.firstIndex(of: ticket) ?? 0) + 1 }
        if let pending = state.checking { key.checking?.ticket = renumbered(pending.ticket) }
        for (id, list) in state.optionLists { if let ticket = list.ticket { key.optionLists[id]?.ticket = renumbered(ticket) } }
        for (id, sending) in state.sends {
            if let ticket = sending.ticket { key.sends[id]?.ticket = renumbered(ticket) }
            if let sentAt = sending.sentAt, let send = reducer.spec[id]?.send {
                key.sends[id]?.sentAt = max(sentAt - state.clock, -max(send.resendAfter, send.expiresAfter ?? 0))
            }
        }
        key.lastTicket = tickets.count
        key.clock = 0
        return key
    }

    /// Explores breadth first until every reachable state is seen, or a limit is reached, or an
    /// invariant breaks. With ``Options/decompose``, a flow whose fields fall into independent
    /// groups is explored group by group (see ``independentGroups(in:tyingConditions:)`` and
    /// ``Report/groups``); otherwise, and by default, as one.
    ///
    /// - Complexity: O(*s* × *r*) transitions for *s* states and *r* requests a state; *r* is
    ///   bounded in a flow of untied fields, and a transition is linear in the fields.
    public func run(_ options: Options = Options()) -> Report {
        var options = options
        options.timing = Timing(budget: options.budget)
        var report = Report()
        report.noPassingValue = noPassingValue
        if options.decompose {
            switch decomposition() {
            case .groups(let groups):
                return runDecomposed(groups, options, report)
            case .whole(let reason):
                report.notDecomposed = reason
            }
        }
        explore(from: [(initial, [])], group: nil, options, into: &report)
        return report
    }

    /// Explores breadth first from the `roots`, each a state and the script that reaches it from
    /// the initial state, adding what it sees to `report`. With a `group`, only its fields are
    /// typed into (see ``requests(from:group:)``), and `maxStates` bounds this exploration alone.
    ///
    /// - Returns: whether an invariant broke (``Report/counterexample`` then says which).
    @discardableResult
    func explore(from roots: [(state: FlowReducer.State, script: [FlowRequest])], group: GroupScope?, _ options: Options, into report: inout Report) -> Bool {
        let seenBefore = report.states
        // Room made once rather than rehashing as it grows.
        var index = VisitedStates(changing: group?.changing, fields: reducer.spec.fields.count, capacity: min(options.maxStates, 4_096))
        var states: [FlowReducer.State] = []
        var parents: [(Int, FlowRequest)?] = []
        var rootOf: [Int] = []
        for (position, root) in roots.enumerated() where index[key(root.state)] == nil {
            index[key(root.state)] = states.count
            states.append(root.state)
            parents.append(nil)
            rootOf.append(position)
            if let focus = root.state.focus { report.fieldsFocused.insert(focus) }
        }
        var frontier = Array(states.indices)
        var level = 0
        let describer = StateDescriber(), eventTexts = EventTexts()
        var restores = Restores(self, changing: group?.changing)

        /// The script to `state` and how many of its first requests reach its root.
        func script(to state: Int) -> (requests: [FlowRequest], prefix: Int) {
            var steps: [FlowRequest] = []
            var current = state
            while let (parent, request) = parents[current] {
                steps.append(request)
                current = parent
            }
            let prefix = roots[rootOf[current]].script
            return (prefix + steps.reversed(), prefix.count)
        }
        func found(_ violation: FlowInvariants.Violation, _ script: (requests: [FlowRequest], prefix: Int)) -> Bool {
            let ids = reducer.spec.fields.map(\.id)
            report.counterexample = Counterexample(
                violation: violation, script: script.requests, groupStart: script.prefix, group: group.map { $0.members.sorted().map { ids[$0] } } ?? [])
            report.states = seenBefore + states.count
            report.depth = max(report.depth, level)
            return true
        }

        levels: while !frontier.isEmpty {
            guard level < options.depth else {
                report.reached(.depth)
                break
            }
            level += 1
            options.tell(states: seenBefore + states.count, depth: level)
            var next: [Int] = []
            for source in frontier {
                let before = states[source]
                for request in requests(from: before, group: group) {
                    if report.edges % Self.requestsBetweenLooks == 0 {
                        if options.timing.isSpent {
                            report.reached(.budget)
                            report.depth = max(report.depth, level)
                            break levels
                        }
                        options.tell(states: seenBefore + states.count, depth: level)
                    }
                    var after = before
                    let events = transition(&after, request.action!)
                    report.edges += 1
                    for event in events { report.eventsSeen.insert(event.name) }
                    // A state focused beyond the group's scope: the edge to it is checked, the
                    // state is not explored on (see ``GroupScope``).
                    let followed = group?.follows(after.focus.flatMap { reducer.spec.index(of: $0) }) ?? true
                    let known = followed ? key(after) : after
                    let seen = followed && index[known] != nil
                    if let violation = invariants.check(
                        before: before, action: request.action!, after: after, events: events, describing: followed && !seen, describer: describer, eventTexts: eventTexts
                    ) {
                        let path = script(to: source)
                        return found(violation, (path.requests + [request], path.prefix))
                    }
                    if after.phase == .completed { report.completed = true }
                    if after.phase == .cancelled { report.cancelled = true }
                    if let focus = after.focus { report.fieldsFocused.insert(focus) }
                    guard followed, !seen, after.phase == .editing || after.phase == .review else { continue }
                    guard states.count < options.maxStates else {
                        report.reached(.states)
                        continue
                    }
                    index[known] = states.count
                    states.append(after)
                    parents.append((source, request))
                    rootOf.append(rootOf[source])
                    next.append(states.count - 1)
                    // Invariant 15 on each state a draft is written at: where focus has just
                    // moved (an accepted field, a jump) and the review; typing between is not.
                    let moved = events.contains { if case .focusMoved = $0 { true } else { false } }
                    if moved || after.phase == .review,
                        let violation = invariants.restoreViolation(
                            state: after, restored: restores.roundTrip(after, root: rootOf[source], background: roots[rootOf[source]].state), passing: passing,
                            transition: transition)
                    {
                        return found(violation, script(to: states.count - 1))
                    }
                }
            }
            frontier = next
            report.depth = max(report.depth, level)
        }
        report.states = seenBefore + states.count
        return false
    }

    /// The snapshots an exploration restores (invariant 15), each once: a restore reads nothing
    /// but its snapshot, and states that differ only in what a snapshot leaves out (a filter, a
    /// highlight, an error shown) share one. Kept for one exploration (a group's): another
    /// group's states hold other answers, and a state of a flow of thousands of fields is large.
    ///
    /// In a group's exploration a state whose fields outside the group's `changing` ones hold
    /// what its root's hold is told apart by what a snapshot reads of the rest (the answers at the
    /// changing positions, where it stands, the lists it was given): its snapshot is made only
    /// the first time, not once for every state, each a dictionary of every answer of the flow.
    struct Restores {
        private let explorer: FlowExplorer
        /// The changing positions whose answers a snapshot holds, and all of the changing ones;
        /// `nil` outside a group's exploration.
        private let held: [Int]?, changing: Set<Int>
        private var restored: [FlowSnapshot: FlowReducer.State?] = [:]
        private var restoredInGroup: [GroupKey: FlowReducer.State?] = [:]

        /// What tells apart the snapshots of the states of one root whose other fields hold the root's.
        struct GroupKey: Hashable {
            let root: Int
            let focus: FieldID?
            let skipping: Set<FieldID>
            let optionLists: [FieldID: GivenOptions]
            let answers: [FieldAnswer]
        }

        init(_ explorer: FlowExplorer, changing: [Int]? = nil) {
            self.explorer = explorer
            self.changing = Set(changing ?? [])
            held = changing.map { $0.filter(explorer.invariants.prefilledPositions.contains) }
        }

        /// The key of `state`'s snapshot among the states of the root number `root`, whose state
        /// is `background`; `nil` outside a group's exploration, or when a field outside the
        /// group's changing ones holds anything but what it holds in `background`.
        func key(of state: FlowReducer.State, root: Int, background: FlowReducer.State) -> GroupKey? {
            guard let held, state.fields.positions(differingFrom: background.fields).allSatisfy(changing.contains) else { return nil }
            return GroupKey(
                root: root, focus: state.focus, skipping: state.skipping, optionLists: state.optionLists,
                answers: held.map { state.fields[position: $0].answer })
        }

        /// `state`'s snapshot restored, by the explorer's round trip; `background` is the state
        /// of the exploration's root number `root` that `state` was reached from.
        mutating func roundTrip(_ state: FlowReducer.State, root: Int, background: FlowReducer.State) -> FlowReducer.State? {
            guard explorer.roundTrip == nil, let key = key(of: state, root: root, background: background) else { return roundTrip(state) }
            if let known = restoredInGroup[key] { return known }
            let state = roundTrip(state)
            restoredInGroup[key] = state
            return state
        }

        /// `state`'s snapshot restored, by the explorer's round trip.
        mutating func roundTrip(_ state: FlowReducer.State) -> FlowReducer.State? {
            if let roundTrip = explorer.roundTrip { return roundTrip(state) }
            let reducer = explorer.reducer, fingerprint = explorer.fingerprint
            let snapshot = reducer.snapshot(of: state, fingerprint: fingerprint)
            if let known = restored[snapshot] { return known }
            let state = try? reducer.restore(snapshot, fingerprint: fingerprint)
            restored[snapshot] = state
            return state
        }
    }

    // MARK: - Values

    private static let candidates = [
        "ada@example.com", "hunter2-secret", "123456", "+82 10 1234 5678", "Ada", "에이다", "post", "pickup",
        "1 Road", "12-345", "1234", "https://example.com", "3.14", "a", "1", "x",
    ]

    /// Whether `value` passes `field`'s keyboard and rules, its `matches` partner holding its
    /// value of `passing`: a field's rules read no other field (its texts may name answers,
    /// which changes what a message says, not whether it fails). From `initial`, the flow's
    /// initial state, made once: a state of a flow of thousands of fields is not made per value.
    private static func passes(_ value: String, _ field: FieldSpec, _ reducer: FlowReducer, _ passing: [FieldID: String], from initial: FlowReducer.State) -> Bool {
        guard field.keyboard.accepts(value) else { return false }
        var state = initial
        if let partner = field.rules.matches, let text = passing[partner] { state.fields[partner] = .init(text: text) }
        state.fields[field.id] = .init(text: value)
        return reducer.failure(of: field.id, in: state) == nil
    }

    /// The longest value the explorer types, whatever the rules say: candidate values stay
    /// bounded in size (a `maxLength` of 10,000,000 or `Int.max` costs what 64 costs). A length
    /// rule is tested at its boundary by length class — a value of exactly `minLength` and of
    /// `maxLength` characters (passing) and one character short or over (failing) — whenever
    /// that boundary is within this cap; beyond it the rule is only tested from below (a
    /// `minLength` beyond it leaves the field without a passing value, which `check` reports).
    public static let valueLengthCap = 64

    /// `count` characters of `candidate` repeated, or `nil` when `count` is beyond the cap.
    private static func value(repeating candidate: String, count: Int) -> String? {
        guard count >= 0, count <= valueLengthCap, !candidate.isEmpty else { return nil }
        var text = ""
        while text.count < count { text += candidate }
        return String(text.prefix(count))
    }

    /// A value that passes `field`'s rules and keyboard, and those of every field of
    /// `matchers` (which must match it, and so are given the same value) where one is found,
    /// else one that passes `field`'s own; a field that matches another gets the other's value.
    private static func passingValue(for field: FieldSpec, matchedBy matchers: [FieldSpec], reducer: FlowReducer, passing: [FieldID: String], from initial: FlowReducer.State) -> String? {
        if let other = field.rules.matches, let value = passing[other] { return value }
        // A secure field gets a value no plain field uses, so that a leak of it can be seen.
        var tries = field.kind.sampleTexts(for: field) + (field.secure ? ["hunter2-secret", "2468"] : []) + candidates
        for length in field.kind.sampleLengths(for: field).passing {
            tries += candidates.compactMap { value(repeating: $0, count: length) }
        }
        if !field.rules.required { tries.append("") }
        func passesAll(_ value: String) -> Bool {
            guard passes(value, field, reducer, passing, from: initial) else { return false }
            var given = passing
            given[field.id] = value
            for matcher in matchers { given[matcher.id] = value }
            return matchers.allSatisfy { passes(value, $0, reducer, given, from: initial) }
        }
        return tries.first(where: passesAll) ?? tries.first { passes($0, field, reducer, passing, from: initial) }
    }

    private static func failingValue(for field: FieldSpec, reducer: FlowReducer, passing: [FieldID: String], from initial: FlowReducer.State) -> String? {
        // Just past a length bound (one over the maximum, one short of the minimum): the boundary's failing side.
        let past = field.kind.sampleLengths(for: field).failing.compactMap { value(repeating: "1", count: $0) }
        // The kind's own texts first: a number's value past a bound fails sooner than an empty one.
        let tries = field.kind.sampleTexts(for: field) + ["", "x", "1", "!", "x y"] + past + candidates
        return tries.first { field.keyboard.accepts($0) && !passes($0, field, reducer, passing, from: initial) }
    }

    /// The options of a choice field that the explorer chooses: one of each *value class*, the
    /// options that every `when` reading the field treats alike (shown by the same conditions),
    /// in option order; and as many more, in order, as its kind chooses at least (two; on a
    /// multi-select, enough to meet and break its count rules). Options of one class change no outcome but the value answered.
    static func optionClasses(of field: FieldSpec, reducer: FlowReducer) -> [String] {
        let readers = reducer.spec.leafConditions(reading: field.id)
        var classes: Set<[Bool]> = []
        var chosen: [String] = []
        for option in field.options {
            // The answer of this option alone, as `--set` reads it, through the engine's own test.
            let answer = try? reducer.answer(parsing: option.value, for: field.id)
            let shows = readers.map { condition in answer.map(condition.isSatisfied(by:)) ?? false }
            if classes.insert(shows).inserted { chosen.append(option.value) }
        }
        let wanted = field.kind.optionsToChoose(in: field)
        for option in field.options where chosen.count < wanted && !chosen.contains(option.value) { chosen.append(option.value) }
        let order = Dictionary(uniqueKeysWithValues: field.options.enumerated().map { ($1.value, $0) })
        return chosen.sorted { order[$0]! < order[$1]! }
    }

    /// The fewest of `field`'s own requests (choices and filters, no moves) that make it pass its
    /// rules from untouched: empty when it passes untouched, `nil` when none were found.
    private func passingChoice(for field: FieldSpec) -> [FlowRequest]? {
        settings(of: field, telling: []).first
    }

    /// The ways to answer `field` that pass its rules and that `conditions` (`when`s reading it)
    /// tell apart: for each distinct row of which conditions hold, the fewest of the field's own
    /// requests that give such an answer from the field as at the start (a `matches` partner
    /// holding its passing value, a field whose options come from the service holding the first
    /// list its source gives), found breadth first, up to four requests deep on a choice
    /// field and one (a typed value) on a typed field. In order of depth: the first is what
    /// the walk does on a field with nothing to tell.
    func settings(of field: FieldSpec, telling conditions: [FieldCondition]) -> [[FlowRequest]] {
        var start = initial
        if let partner = field.rules.matches, let pass = passing[partner] {
            start.focus = partner
            _ = reducer.reduce(into: &start, action: .field(.textChanged(pass)))
        }
        start.focus = field.id
        // Options from the service: the first list the host gives, as the walk answers its request.
        if let source = field.optionSource, let list = optionLists[source.name]?.first { start.optionLists[field.id] = GivenOptions(options: list) }
        start.surface = field.secure ? .secure : .plain
        start.keyboard = field.keyboard
        let own = FlowRequest.alphabet(for: field, values: values[field.id] ?? [""], options: options[field.id]).filter {
            if case .field(let action)? = $0.action { action != .submit } else { false }
        }
        var found: [[Bool]: [FlowRequest]] = [:]
        var order: [[Bool]] = []
        func note(_ state: FlowReducer.State, _ path: [FlowRequest]) {
            guard reducer.failure(of: field.id, in: state) == nil, let answer = state.answer(of: field.id) else { return }
            let row = conditions.map { $0.isSatisfied(by: answer) }
            if found[row] == nil {
                found[row] = path
                order.append(row)
            }
        }
        note(start, [])
        var frontier: [(FlowReducer.State, [FlowRequest])] = [(start, [])]
        // Only the field changes: the states are told apart by its state (``VisitedStates``).
        var seen = VisitedStates(changing: reducer.spec.index(of: field.id).map { [$0] } ?? [], fields: reducer.spec.fields.count, capacity: 64)
        seen[start] = 0
        for _ in 0..<(field.kind.typesAnswer ? 1 : 4) where found.count < 1 << conditions.count {
            var next: [(FlowReducer.State, [FlowRequest])] = []
            for (state, path) in frontier {
                for request in own {
                    var after = state
                    _ = reducer.reduce(into: &after, action: request.action!)
                    guard after.focus == field.id, seen[after] == nil else { continue }
                    seen[after] = 0
                    note(after, path + [request])
                    next.append((after, path + [request]))
                }
            }
            frontier = next
        }
        return order.map { found[$0]! }
    }

    /// A character the keyboard refuses, typed into its field.
    private static func refusedValue(for keyboard: KeyboardType) -> String {
        ["a", "한", " ", "\u{7}"].first { !keyboard.accepts($0) } ?? "\u{7}"
    }
}

extension FlowSpec {
    /// Each leaf of a `when` that tests `field`, walked into `all`, `any` and `not`, as a
    /// condition of its own: the tests whose outcomes the explorer tells apart. Of the fields at
    /// `readers` only, when given.
    func leafConditions(reading field: FieldID, in readers: [Int]? = nil) -> [FieldCondition] {
        (readers ?? Array(fields.indices)).flatMap { index in
            (fields[index].when?.leaves ?? []).filter { $0.field == field }.map { FieldCondition(field: $0.field, test: $0.test) }
        }
    }
}
