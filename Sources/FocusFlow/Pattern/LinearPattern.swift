/// A pattern compiled by the engine's own matcher: RE2's syntax read as RE2 reads it
/// (``PatternParser``), compiled to a program of instructions (a Thompson automaton), and run on
/// the value's scalars one at a time with every live state at once, never backtracking.
///
/// - Complexity: O(*n* × *m*) to match a value of *n* scalars with a program of *m*
///   instructions (at most ``largestProgram``): each scalar advances each instruction at most
///   once. `^(a+)+$` on thirty `a`s and a `!` takes a few hundred steps, not 2³⁰.
struct LinearPattern: Sendable {
    /// One instruction; `next` is the one that follows.
    private enum Instruction: Sendable {
        case scalar(UInt32, next: Int)
        case set(Int, next: Int)
        case assertion(PatternAssertion, next: Int)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    /// The most instructions a program may have: fifty counts of 1,000, far beyond a form's
    /// pattern, and a bound on the work of one scalar. (RE2's own budget, under its default
    /// 8 MiB, is about 700,000 of its instructions, which it runs as a cached DFA.)
    static let largestProgram = 50_000

    private var program: [Instruction] = []
    private var sets: [ScalarClass] = []
    private var start = 0

    /// Compiles RE2-syntax `text`.
    /// - Throws: ``PatternParser/Failure`` as RE2 names the problem; ``PatternRefusal/tooLarge``
    ///   (with no part) for a program above ``largestProgram``.
    init(_ text: String) throws(PatternParser.Failure) {
        let node = try PatternParser.parse(text)
        program.append(.match)
        start = try compile(node, next: 0)
    }

    /// The number of instructions, for tests.
    var size: Int { program.count }

    private mutating func emit(_ instruction: Instruction) throws(PatternParser.Failure) -> Int {
        guard program.count < Self.largestProgram else { throw PatternParser.Failure(refusal: .tooLarge, part: "") }
        program.append(instruction)
        return program.count - 1
    }

    /// The program for `node`, followed by `next`: its first instruction.
    private mutating func compile(_ node: PatternNode, next: Int) throws(PatternParser.Failure) -> Int {
        switch node {
        case .empty: return next
        case .scalar(let value): return try emit(.scalar(value, next: next))
        case .set(let set):
            sets.append(set)
            return try emit(.set(sets.count - 1, next: next))
        case .assertion(let assertion): return try emit(.assertion(assertion, next: next))
        case .concatenation(let nodes):
            var entry = next
            for node in nodes.reversed() { entry = try compile(node, next: entry) }
            return entry
        case .alternation(let nodes):
            var entry = try compile(nodes[nodes.count - 1], next: next)
            for node in nodes.dropLast().reversed() { entry = try emit(.split(try compile(node, next: next), entry)) }
            return entry
        case .repetition(let inner, let least, let most):
            var entry = next
            if let most {
                // The optional copies, nested: x{0,3} is (x(x(x)?)?)?.
                for _ in 0..<(most - least) { entry = try emit(.split(try compile(inner, next: entry), next)) }
            } else {
                // A loop, entered through its split: x* (or, for x+, the last copy's way back).
                let loop = try emit(.jump(0))
                let body = try compile(inner, next: loop)
                program[loop] = .split(body, next)
                entry = least > 0 ? body : loop
            }
            for _ in 0..<(most == nil ? Swift.max(least - 1, 0) : least) { entry = try compile(inner, next: entry) }
            return entry
        }
    }

    /// Whether `value` matches: the whole of it, or anywhere in it.
    func matches(_ value: String, whole: Bool) -> Bool {
        var steps = 0
        return matches(value, whole: whole, steps: &steps)
    }

    /// Whether `value` matches, counting in `steps` each instruction each scalar reaches (the
    /// work, which tests hold linear in the value without timing anything).
    func matches(_ value: String, whole: Bool, steps: inout Int) -> Bool {
        var current = StateSet(capacity: program.count), following = StateSet(capacity: program.count)
        var pending: [Int] = []
        var scalars = value.unicodeScalars.makeIterator()
        var scalar = scalars.next()?.value
        add(start, to: &current, before: nil, after: scalar, pending: &pending, steps: &steps)
        while true {
            if !whole, current.containsMatch { return true }
            guard let here = scalar else { return current.containsMatch }
            let after = scalars.next()?.value
            following.clear()
            for index in 0..<current.count {
                steps += 1
                switch program[current.states[index]] {
                case .scalar(let expected, let next) where expected == here: add(next, to: &following, before: here, after: after, pending: &pending, steps: &steps)
                case .set(let set, let next) where sets[set].contains(here): add(next, to: &following, before: here, after: after, pending: &pending, steps: &steps)
                default: break
                }
            }
            if !whole { add(start, to: &following, before: here, after: after, pending: &pending, steps: &steps) }
            swap(&current, &following)
            if whole, current.count == 0 { return false }
            scalar = after
        }
    }

    /// Adds `state` and every state reached from it without reading a scalar, between `before`
    /// and `after`: the states that read a scalar, and the match. `pending` is the walk's stack,
    /// kept between calls so that a step allocates nothing.
    private func add(_ state: Int, to set: inout StateSet, before: UInt32?, after: UInt32?, pending: inout [Int], steps: inout Int) {
        pending.append(state)
        while let state = pending.popLast() {
            guard set.insert(state) else { continue }
            steps += 1
            switch program[state] {
            case .jump(let next): pending.append(next)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .assertion(let assertion, let next) where assertion.holds(before: before, after: after): pending.append(next)
            case .match:
                set.containsMatch = true
                set.states.append(state)
                set.count += 1
            case .scalar, .set:
                set.states.append(state)
                set.count += 1
            default: break
            }
        }
    }

    /// The states live at one place in the value: a sparse set, cleared in constant time.
    private struct StateSet {
        var states: [Int] = []
        var count = 0
        var containsMatch = false
        private var seen: [UInt32]
        private var generation: UInt32 = 1

        init(capacity: Int) { seen = Array(repeating: 0, count: capacity) }

        /// Whether `state` was not yet in the set (and is now).
        mutating func insert(_ state: Int) -> Bool {
            guard seen[state] != generation else { return false }
            seen[state] = generation
            return true
        }

        mutating func clear() {
            states.removeAll(keepingCapacity: true)
            count = 0
            containsMatch = false
            generation &+= 1
            if generation == 0 {
                for index in seen.indices { seen[index] = 0 }
                generation = 1
            }
        }
    }
}
