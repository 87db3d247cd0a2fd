import FocusFlow
import FocusFlowProtocol

extension FlowExplorer {
    /// One path through a flow's visibility: the fields a completed walk showed, in order, and
    /// the requests of a walk that shows exactly them (`focusflow replay` plays it).
    public struct VisibilityPath: Sendable, Equatable {
        public var fields: [FieldID]
        public var script: [FlowRequest]
    }

    /// The distinct paths through the flow's visibility, and whether they are all of them.
    public struct VisibilityPaths: Sendable {
        public var paths: [VisibilityPath]
        /// Whether every path was found; `false` when ``FlowExplorer/visibilityPaths(limit:steps:until:)``
        /// stopped at its limits (``stoppedBy`` says which).
        public var exhaustive: Bool { stoppedBy == nil }
        /// The limit that stopped the search, or `nil` when it found every path.
        public var stoppedBy: Limit?

        /// What stops a search for paths.
        public enum Limit: Sendable, Equatable {
            /// It found this many paths, its `limit`.
            case paths(Int)
            /// It made this many requests in all, its `steps`.
            case requests(Int)
            /// Its deadline came (`check`'s budget).
            case deadline
        }
    }

    /// Every distinct sequence of fields a completed walk can show, each with a walk that shows it.
    ///
    /// The walks are the engine's own: from the start, each field focused is given an answer
    /// that passes (an explorer's value, option or choice) and left with Next; a field a
    /// condition reads is given, in turn, one answer for each way the conditions on it tell its
    /// answers apart, and the walk goes on from each. A check, a send or a request for options is
    /// answered yes with the first list; a field that must match another is given the other's
    /// text, and a field another must match a few answers in turn. A place from which no walk
    /// completed is not walked again with the same answers of the fields the rest reads. So a
    /// path's script replays to completion and shows its fields, and two paths differ in which
    /// fields are shown. A flow with very many paths stops at `limit` or `steps`, saying so.
    ///
    /// - Parameters:
    ///   - limit: the most paths to find.
    ///   - steps: the most requests to make in all, so that a flow with very many paths stops.
    ///   - deadline: when to stop, whatever was found (`check`'s budget).
    public func visibilityPaths(limit: Int = 10_000, steps: Int = 200_000, until deadline: ContinuousClock.Instant? = nil) -> VisibilityPaths {
        var search = PathSearch(explorer: self, limit: limit, budget: steps)
        search.deadline = deadline
        _ = search.walk(reducer.initialState())
        return VisibilityPaths(paths: search.found, stoppedBy: search.stopped ? search.stoppedBy(steps: steps) : nil)
    }

    /// The depth-first search of ``visibilityPaths(limit:steps:until:)``.
    private struct PathSearch {
        let explorer: FlowExplorer
        let limit: Int
        var budget: Int
        var found: [VisibilityPath] = []
        var seen: Set<[FieldID]> = []
        var stopped = false
        /// The tests the conditions make of each field, by position.
        var leaves: [Int: [FieldCondition.Test]] = [:]
        /// The fields a later field's `matches` names: their answers are tried in turn too.
        var partners: Set<Int> = []
        /// For each position, the earlier fields some field from there on reads (by a
        /// condition or `matches`): all that the rest of a walk depends on.
        var read: [[Int]] = []
        /// Places from which no walk completed, by what the rest depends on: not walked again.
        var dead: Set<DeadEnd> = []
        /// The requests of the walk so far, from the start: a path found keeps a copy.
        var script: [FlowRequest] = []
        /// The ways each field is answered (``FlowExplorer/answerings(_:values:options:)``), by
        /// position, made the first time the field is reached.
        var waysByField: [Int: [[FlowRequest]]] = [:]
        /// When to stop; the clock is read every few hundred requests.
        var deadline: ContinuousClock.Instant?
        var sinceClock = 0
        /// Whether the deadline stopped the search.
        var late = false

        /// The limit that stopped the search, which made at most `steps` requests.
        func stoppedBy(steps: Int) -> VisibilityPaths.Limit {
            if late { return .deadline }
            return found.count >= limit ? .paths(limit) : .requests(steps)
        }

        struct DeadEnd: Hashable {
            var index: Int
            var sources: [FieldAnswer?]
        }

        init(explorer: FlowExplorer, limit: Int, budget: Int) {
            self.explorer = explorer
            self.limit = limit
            self.budget = budget
            let spec = explorer.reducer.spec
            var lastReader: [Int: Int] = [:]
            for (index, field) in spec.fields.enumerated() {
                for leaf in field.when?.leaves ?? [] {
                    guard let at = spec.index(of: leaf.field) else { continue }
                    leaves[at, default: []].append(leaf.test)
                    lastReader[at] = index
                }
                if let partner = field.rules.matches, let at = spec.index(of: partner) {
                    partners.insert(at)
                    lastReader[at] = index
                }
            }
            read = spec.fields.indices.map { index in lastReader.filter { $0.key < index && $0.value >= index }.map(\.key).sorted() }
        }

        mutating func apply(_ requests: [FlowRequest], to state: FlowReducer.State) -> FlowReducer.State? {
            var state = state
            for request in requests {
                guard let action = request.action else { return nil }
                budget -= 1
                _ = explorer.reducer.reduce(into: &state, action: action)
            }
            return state
        }

        /// Walks on from `state`, reached by ``script``, after `requests` more; whether a walk
        /// from there completed (or the search stopped). The script is as it was when it returns.
        mutating func walk(_ state: FlowReducer.State, after requests: [FlowRequest]) -> Bool {
            script.append(contentsOf: requests)
            defer { script.removeLast(requests.count) }
            return walk(state)
        }

        /// Walks on from `state`, reached by ``script``; whether a walk from there completed (or
        /// the search stopped).
        mutating func walk(_ state: FlowReducer.State) -> Bool {
            sinceClock += 1
            if sinceClock >= 256, let deadline {
                sinceClock = 0
                if ContinuousClock.now >= deadline {
                    budget = 0
                    late = true
                }
            }
            guard budget > 0, found.count < limit else {
                stopped = true
                return true
            }
            let reducer = explorer.reducer, spec = reducer.spec
            switch state.phase {
            case .completed:
                let fields = reducer.result(of: state).answers.map(\.field)
                if seen.insert(fields).inserted { found.append(VisibilityPath(fields: fields, script: script)) }
                return true
            case .cancelled: return false
            case .review:
                guard let next = apply([.submit], to: state) else { return false }
                return walk(next, after: [.submit])
            default: break
            }
            // The host answers yes, with the first list.
            if let onward = explorer.serviceRequests(from: state).first(where: FlowExplorer.isOnward) {
                guard let next = apply([onward], to: state) else { return false }
                return walk(next, after: [onward])
            }
            guard let focus = state.focus, let index = spec.index(of: focus) else { return false }
            // What the rest of the walk depends on: the answers of the earlier fields it reads, shown.
            let key = DeadEnd(
                index: index, sources: read[index].map { reducer.isVisible(spec.fields[$0].id, in: state) ? state.fields[position: $0].answer : nil })
            if dead.contains(key) { return false }
            func movedOn(_ state: FlowReducer.State) -> Bool { state.phase != .editing || (state.focus.flatMap(spec.index(of:)) ?? -1) > index }
            let field = spec.fields[index]
            let made = waysByField[index] ?? FlowExplorer.answerings(field, values: explorer.values[focus] ?? [""], options: explorer.options[focus])
            waysByField[index] = made
            var ways = made
            // A field that must match another is given the other's text first.
            if let partner = field.rules.matches { ways.insert([.text(state.text(of: partner))], at: 0) }
            var told: Set<[Bool]> = [], answered: [FieldAnswer] = []
            var completed = false
            for way in ways {
                var requests = way + [.next]
                guard var next = apply(requests, to: state) else { continue }
                // A check the field waits on, answered yes, lets the walk on.
                while !movedOn(next), let onward = explorer.serviceRequests(from: next).first(where: FlowExplorer.isOnward), let after = apply([onward], to: next) {
                    requests.append(onward)
                    next = after
                }
                guard movedOn(next) else { continue }
                let answer = next.fields[position: index].answer
                // One answer for each way the tests on the field tell answers apart; a few
                // answers of a field another must match.
                if partners.contains(index) {
                    guard !answered.contains(answer), answered.count < 4 else { continue }
                    answered.append(answer)
                } else {
                    guard told.insert((leaves[index] ?? []).map { $0.isSatisfied(by: answer) }).inserted else { continue }
                }
                if walk(next, after: requests) { completed = true }
                if stopped { return true }
                if leaves[index] == nil, !partners.contains(index), completed { break }
            }
            if !completed { dead.insert(key) }
            return completed
        }
    }

    /// Whether `request` is the host saying yes (a check passed, a send made, a list given).
    fileprivate static func isOnward(_ request: FlowRequest) -> Bool {
        switch request.action {
        case .checked(_, .ok)?, .sent(_, .ok)?, .options(_, .list)?: true
        default: false
        }
    }

    /// The ways the explorer answers `field`: leaving it as it is, each value typed (and stepped
    /// either way), each option chosen, and for a multi-select the options toggled one, two, … at
    /// a time in order.
    fileprivate static func answerings(_ field: FieldSpec, values: [String], options: [String]?) -> [[FlowRequest]] {
        var ways: [[FlowRequest]] = [[]]
        let alphabet = FlowRequest.alphabet(for: field, values: values, options: options)
        var toggles: [FlowRequest] = []
        let steps = alphabet.filter { if case .step = $0 { true } else { false } }
        for request in alphabet {
            switch request {
            case .text:
                // A number or a date stepped a step either side of each value typed, as a person does.
                ways.append([request])
                for step in steps { ways.append([request, step]) }
            case .toggle:
                toggles.append(request)
                ways.append([request])
                if toggles.count > 1 { ways.append(toggles) }
            // Moves, and what changes no answer by itself.
            case .next, .previous, .focus, .reveal, .clear, .cancel, .submit, .describe, .highlight, .step: continue
            // A yes or no, an option chosen.
            default: ways.append([request])
            }
        }
        return ways
    }
}
