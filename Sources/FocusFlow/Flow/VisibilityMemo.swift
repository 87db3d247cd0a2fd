/// Which fields are shown in one state, each field's `when` chain walked at most once: a
/// request that asks about many fields (a jump, a completion, the progress) costs linear time
/// in the fields rather than fields × chain length. Made for one state and dropped with it; the
/// answers must not change while it is used (moves and checks change no answer).
struct VisibilityMemo {
    private let rules: VisibilityRules
    private var visible: [Int: Bool] = [:]
    private var mayShow: [Int: Bool] = [:]

    init(_ reducer: FlowReducer) {
        rules = reducer.visibility
    }

    /// Whether the field at `index` is shown in `state`: its condition holds, and so on up
    /// its chain.
    mutating func isVisible(_ index: Int, in state: FlowReducer.State) -> Bool {
        guard rules.conditionSource[index] != nil else { return true }
        if let known = visible[index] { return known }
        if !rules.combinedSources.isEmpty { return isVisibleThroughCombinations(index, in: state) }
        // Walk up to a field without a condition or one already known, then decide downward.
        var chain: [Int] = []
        var top = index
        var result = true
        while let source = rules.conditionSource[top] {
            if let known = visible[top] {
                result = known
                break
            }
            chain.append(top)
            top = source
        }
        for field in chain.reversed() {
            let source = rules.conditionSource[field]!
            result = result && rules.conditions[field]!.isSatisfied(by: state.fields[position: source].answer)
            visible[field] = result
        }
        return visible[index]!
    }

    /// Whether the field at `index` is shown in a flow with combined conditions: every field
    /// its condition reads is shown, and the condition holds. Walked with a stack of its own
    /// (the sources form a graph of earlier fields, not a chain), each field decided once.
    private mutating func isVisibleThroughCombinations(_ index: Int, in state: FlowReducer.State) -> Bool {
        let rules = rules
        var stack = [index]
        while let top = stack.last {
            if visible[top] != nil {
                stack.removeLast()
                continue
            }
            let sources = rules.combinedSources[top] ?? rules.conditionSource[top].map { [$0] } ?? []
            let pending = sources.filter { rules.conditionSource[$0] != nil && visible[$0] == nil }
            guard pending.isEmpty else {
                stack.append(contentsOf: pending)
                continue
            }
            stack.removeLast()
            guard let condition = rules.conditions[top], let latest = rules.conditionSource[top] else {
                visible[top] = true
                continue
            }
            guard sources.allSatisfy({ visible[$0] ?? true }) else {
                visible[top] = false
                continue
            }
            visible[top] =
                if case .leaf = condition {
                    condition.isSatisfied(by: state.fields[position: latest].answer)
                } else {
                    condition.isSatisfied { name in rules.layout.position(of: name).map { state.fields[position: $0].answer } ?? .text("") }
                }
        }
        return visible[index]!
    }

    /// Whether the field at `index`, after the focused one at `focus`, is shown or can still be
    /// shown by answers not given yet: its condition reads the focused field or a later one (and
    /// that one may show), or it reads an answered field and holds. A field of a repeating
    /// group's item asked only after a question whether to add it (and a later item's question)
    /// may show only while that question is shown and says yes: an item not added is no step
    /// of the walk, however its question is answered later.
    mutating func mayShow(_ index: Int, focus: Int, in state: FlowReducer.State) -> Bool {
        if let gate = rules.itemGate[index], !isVisible(gate, in: state) || state.fields[position: gate].answer != .bool(true) { return false }
        var chain: [Int] = []
        var field = index
        var result: Bool
        while true {
            guard let source = rules.conditionSource[field] else { result = true; break }
            if let known = mayShow[field] { result = known; break }
            // A combination that reads the focused field or a later one may still show.
            if !rules.combinedSources.isEmpty, rules.combinedSources[field] != nil {
                result = source < focus ? isVisible(field, in: state) : true
                break
            }
            if source < focus { result = isVisible(field, in: state); break }
            if source == focus { result = true; break }
            chain.append(field)
            field = source
        }
        mayShow[field] = result
        for link in chain { mayShow[link] = result }
        return result
    }
}

/// What decides which fields are shown, read once from the flow: each field's `when`, the
/// fields it reads and the questions that gate a repeating group's items. Kept behind one
/// reference, so that a ``VisibilityMemo`` made for each request costs one retain rather
/// than a copy of the whole reducer.
final class VisibilityRules: Sendable {
    /// Each field's `when` condition, by position.
    let conditions: [FieldCondition?]
    /// For each field, the index of the field its `when` condition reads (of a combination, the
    /// latest it reads).
    let conditionSource: [Int?]
    /// For each field whose `when` is a combination (`all`, `any`, `not`), every field it reads:
    /// empty in a flow without one, which keeps the one-source walk.
    let combinedSources: [Int: [Int]]
    /// For each field asked only once a question whether to add an item says yes, the index of that question.
    let itemGate: [Int: Int]
    /// The flow's positions by id.
    let layout: FieldLayout

    init(conditions: [FieldCondition?], conditionSource: [Int?], combinedSources: [Int: [Int]], itemGate: [Int: Int], layout: FieldLayout) {
        self.conditions = conditions
        self.conditionSource = conditionSource
        self.combinedSources = combinedSources
        self.itemGate = itemGate
        self.layout = layout
    }
}
