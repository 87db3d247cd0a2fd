/// A repeating group in a result: where it stands among the answers, and which answers each
/// item holds. The answers themselves stay in ``FlowResult/answers`` under their paths
/// (`phones[0].number`), so that `result["phones[0].number"]` reads one.
public struct ResultGroup: Sendable, Hashable, Codable {
    public var id: FieldID
    /// The index in ``FlowResult/answers`` of the group's first answer, or where it would be.
    public var position: Int
    /// For each item in order, the indices in ``FlowResult/answers`` of its answers; an item
    /// whose fields were all hidden holds none.
    public var items: [[Int]]

    public init(id: FieldID, position: Int, items: [[Int]]) {
        self.id = id
        self.position = position
        self.items = items
    }

    /// The id of an item's answer within the item: `number` for `phones[1].number`.
    func localID(of field: FieldID) -> String {
        let rest = field.rawValue.dropFirst(id.rawValue.count)
        guard let dot = rest.firstIndex(of: ".") else { return String(rest) }
        return String(rest[rest.index(after: dot)...])
    }
}

extension FlowResult {
    /// Item `item` of `group` as a result of its own, its answers under their ids within the
    /// item (`number`), knowing the item's fields.
    func item(_ item: Int, of group: ResultGroup, fields: [FieldID]?) -> FlowResult {
        let own = group.items[item].map { index in
            var answer = answers[index]
            answer.field = FieldID(group.localID(of: answer.field))
            return answer
        }
        return fields.map { FlowResult(answers: own, flowFields: $0) } ?? FlowResult(answers: own)
    }

    /// How many keys ``json`` writes: each answer outside a group, and each group as one.
    public var writtenCount: Int {
        answers.count - groups.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.count } } + groups.count
    }

    /// The JSON object with each group written as an array of objects at its place.
    func writeWithGroups(into out: inout JSONWriter) {
        var inGroup = [Bool](repeating: false, count: answers.count)
        for group in groups { for item in group.items { for index in item { inGroup[index] = true } } }
        var first = true
        func key(_ name: String) {
            if !first { out.raw(",") }
            first = false
            out.string(name)
            out.raw(":")
        }
        func writeGroups(at position: Int) {
            for group in groups where group.position == position {
                key(group.id.rawValue)
                out.raw("[")
                for (number, item) in group.items.enumerated() {
                    if number > 0 { out.raw(",") }
                    out.raw("{")
                    for (count, index) in item.enumerated() {
                        if count > 0 { out.raw(",") }
                        out.string(group.localID(of: answers[index].field))
                        out.raw(":")
                        answers[index].answer.write(into: &out)
                    }
                    out.raw("}")
                }
                out.raw("]")
            }
        }
        out.raw("{")
        for (index, answer) in answers.enumerated() {
            writeGroups(at: index)
            guard !inGroup[index] else { continue }
            key(answer.field.rawValue)
            answer.answer.write(into: &out)
        }
        writeGroups(at: answers.count)
        out.raw("}")
    }
}

extension FlowReducer {
    /// Whether `group` is shown in `state`: its condition holds on shown fields, or it has none.
    func isShown(_ group: FieldGroup, in state: State, visibility: inout VisibilityMemo) -> Bool {
        guard let when = group.when else { return true }
        return when.fields.allSatisfy { spec.index(of: $0).map { visibility.isVisible($0, in: state) } ?? false }
            && when.isSatisfied { state.fields[position: spec.index(of: $0)!].answer }
    }

    /// `answers` (the visible fields' at `positions`) without the questions whether to add an
    /// item, and the groups they hold: each shown group's items, counted as its questions say.
    func groupedResult(_ answers: [FlowResult.Answer], positions: [Int], in state: State, visibility: inout VisibilityMemo) -> FlowResult {
        var kept: [FlowResult.Answer] = []
        var groups: [ResultGroup] = []
        var next = 0
        for place in spec.groupPlaces {
            let group = place.group
            while next < positions.count, positions[next] < place.range.lowerBound {
                kept.append(answers[next])
                next += 1
            }
            let shown = isShown(group, in: state, visibility: &visibility)
            var items: [[Int]] = shown ? Array(repeating: [], count: group.minItems) : []
            let position = kept.count
            while next < positions.count, positions[next] < place.range.upperBound {
                let answer = answers[next]
                next += 1
                if let question = spec.groupQuestion(answer.field) {
                    if answer.answer == .bool(true), question.item == items.count { items.append([]) }
                    continue
                }
                if let item = spec.groupItem(of: answer.field)?.item, items.indices.contains(item) {
                    items[item].append(kept.count)
                    kept.append(answer)
                }
            }
            if shown { groups.append(ResultGroup(id: group.id, position: position, items: items)) }
        }
        kept += answers[next...]
        var result = FlowResult(answers: kept, flowFields: spec.layout.ids)
        result.groups = groups
        return result
    }
}
