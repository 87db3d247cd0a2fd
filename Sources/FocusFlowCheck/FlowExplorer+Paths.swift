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
        /// Whether every path was found; `false` when ``FlowExplorer/visibilityPaths(limit:steps:)``
        /// stopped at its limits.
        public var exhaustive: Bool
    }

    /// Every distinct sequence of fields a completed walk can show, each with a walk that shows it.
    ///
    /// The walks are the engine's own: from the start, each field focused is given an answer
    /// that passes (an explorer's value, option or choice) and left with Next; a field a
    /// condition reads is given, in turn, one answer for each way the conditions on it tell its
    /// answers apart, and the walk goes on from each. A check, a send or a request for options is
    /// answered yes with the first list. So a path's script replays to completion and shows its
    /// fields, and two paths differ in which fields are shown.
    ///
    /// - Parameters:
    ///   - limit: the most paths to find.
    ///   - steps: the most requests to make in all, so that a flow with very many paths stops.
    public func visibilityPaths(limit: Int = 10_000, steps: Int = 2_000_000) -> VisibilityPaths {
        let spec = reducer.spec
        // The tests read of each field, by position: a field no test reads takes one answer.
        var leaves: [Int: [FieldCondition.Test]] = [:]
        for field in spec.fields { for leaf in field.when?.leaves ?? [] { if let at = spec.index(of: leaf.field) { leaves[at, default: []].append(leaf.test) } } }
        var found: [VisibilityPath] = []
        var seen: Set<[FieldID]> = []
        var budget = steps
        var stack: [(state: FlowReducer.State, script: [FlowRequest])] = [(reducer.initialState(), [])]
        func apply(_ requests: [FlowRequest], to state: FlowReducer.State) -> FlowReducer.State? {
            var state = state
            for request in requests {
                guard let action = request.action else { return nil }
                budget -= 1
                _ = reducer.reduce(into: &state, action: action)
            }
            return state
        }
        while let (state, script) = stack.popLast() {
            guard budget > 0, found.count < limit else { return VisibilityPaths(paths: found, exhaustive: false) }
            switch state.phase {
            case .completed:
                let fields = reducer.result(of: state).answers.map(\.field)
                if seen.insert(fields).inserted { found.append(VisibilityPath(fields: fields, script: script)) }
                continue
            case .cancelled:
                continue
            case .review:
                if let next = apply([.submit], to: state) { stack.append((next, script + [.submit])) }
                continue
            default: break
            }
            // The host answers yes, with the first list.
            if let onward = serviceRequests(from: state).first(where: Self.isOnward) {
                if let next = apply([onward], to: state) { stack.append((next, script + [onward])) }
                continue
            }
            guard let focus = state.focus, let index = spec.index(of: focus) else { continue }
            let field = spec.fields[index]
            var branches: [(state: FlowReducer.State, script: [FlowRequest])] = []
            var told: Set<[Bool]> = []
            func movedOn(_ state: FlowReducer.State) -> Bool { state.phase != .editing || (state.focus.flatMap(spec.index(of:)) ?? -1) > index }
            for answering in Self.answerings(field, values: values[focus] ?? [""], options: options[focus]) {
                var answer = answering + [.next]
                guard var next = apply(answer, to: state) else { continue }
                // A check the field waits on, answered yes, lets the walk on.
                while !movedOn(next), let onward = serviceRequests(from: next).first(where: Self.isOnward), let after = apply([onward], to: next) {
                    answer.append(onward)
                    next = after
                }
                guard movedOn(next) else { continue }
                // One answer for each way the tests on the field tell answers apart.
                let answered = next.fields[position: index].answer
                guard told.insert((leaves[index] ?? []).map { $0.isSatisfied(by: answered) }).inserted else { continue }
                branches.append((next, script + answer))
                if leaves[index] == nil { break }
            }
            // Depth first, the first answer's walk first.
            stack += branches.reversed()
        }
        return VisibilityPaths(paths: found, exhaustive: true)
    }

    /// Whether `request` is the host saying yes (a check passed, a send made, a list given).
    private static func isOnward(_ request: FlowRequest) -> Bool {
        switch request.action {
        case .checked(_, .ok)?, .sent(_, .ok)?, .options(_, .list)?: true
        default: false
        }
    }

    /// The ways the explorer answers `field`: leaving it as it is, each value typed (and stepped
    /// either way), each option chosen, and for a multi-select the options toggled one, two, … at
    /// a time in order.
    private static func answerings(_ field: FieldSpec, values: [String], options: [String]?) -> [[FlowRequest]] {
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
            case .set, .select: ways.append([request])
            case .toggle:
                toggles.append(request)
                ways.append([request])
                if toggles.count > 1 { ways.append(toggles) }
            default: continue
            }
        }
        return ways
    }
}
