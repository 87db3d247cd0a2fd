import FocusFlow

extension FlowExplorer {
    /// How far an exploration has got, as ``Options/progress`` is told it.
    public struct Progress: Sendable, Equatable {
        /// The distinct states seen so far, over every group when explored in groups.
        public var states: Int
        /// The level being explored (requests from the start, or from the group's background);
        /// 0 while walking to a group's background.
        public var depth: Int
        /// The group being explored, when the flow is explored in groups.
        public var group: Group?
        /// The time since the exploration began.
        public var elapsed: Duration

        /// A group of ``Report/groups`` being explored.
        public struct Group: Sendable, Equatable {
            /// Its place among the groups, from 0.
            public var index: Int
            /// How many groups there are.
            public var count: Int
            /// Its fields, in field order.
            public var fields: [FieldID]

            public init(index: Int, count: Int, fields: [FieldID]) {
                self.index = index
                self.count = count
                self.fields = fields
            }
        }

        public init(states: Int, depth: Int, group: Group? = nil, elapsed: Duration) {
            self.states = states
            self.depth = depth
            self.group = group
            self.elapsed = elapsed
        }
    }

    /// A limit an exploration can reach (``Options``): beyond it, states are not explored, and
    /// the proof is partial.
    public enum Limit: String, Sendable, Hashable, CaseIterable, Comparable {
        /// ``Options/depth``: requests deep, from the start or from a group's background.
        case depth
        /// ``Options/maxStates``: distinct states, of the flow or of a group.
        case states
        /// ``Options/budget``: time, for the whole exploration.
        case budget

        public static func < (lhs: Limit, rhs: Limit) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }
    }

    /// How far a group of ``Report/groups`` was explored.
    public enum Coverage: String, Sendable, Hashable {
        /// To every state it reaches from every background.
        case complete
        /// Begun, and stopped at a limit.
        case partial
        /// Not begun, or stopped on the walk to its backgrounds: the budget was spent.
        case none
    }

    /// When an exploration began, and when its budget is spent.
    struct Timing: Sendable {
        let start: ContinuousClock.Instant
        let deadline: ContinuousClock.Instant?

        init(budget: Duration?) {
            let now = ContinuousClock.now
            start = now
            deadline = budget.map { now + $0 }
        }

        var elapsed: Duration { .now - start }
        /// Whether the budget is spent.
        var isSpent: Bool { deadline.map { .now >= $0 } ?? false }
    }

    /// How many requests an exploration or a walk makes between two looks at the clock (for the
    /// budget, and to tell ``Options/progress``).
    static let requestsBetweenLooks = 64
}
