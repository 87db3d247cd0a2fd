/// An author's mistake in a flow that loads: something the file says that can never happen, or
/// that leaves a rule unable to hold. `focusflow check` and `focusflow validate --strict` report
/// them with their place in the file.
public struct FlowMistake: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// A field (or group) no answers can show: its condition never holds.
        case neverShown
        /// A `when` test comparing with a value the field it reads can never have when shown (an
        /// option its rules refuse, a number outside its range, `notEmpty: false` on a required field).
        case impossibleTest
        /// A value a field's rules list (a text's `oneOf`) that its own rules refuse: no one can give it.
        case unchoosableValue
        /// A `matches` rule whose partner some answers hide while the field is shown.
        case matchesHidden
        /// A field some answers show that no answer passes: a walk that shows it cannot be completed.
        case cannotComplete
    }

    public var kind: Kind
    /// Where in the flow file, as the loader names places: `fields[3] ("y").when.min`.
    public var place: String
    /// The sentence, in the flow's language.
    public var message: String

    public var description: String { "\(place): \(message)" }
}

extension FlowSpec {
    /// The author's mistakes in this flow (``FlowMistake``), in file order.
    ///
    /// Each is found by reasoning over the answers the fields' conditions read: for each such
    /// field, its answers that pass its rules and tell the conditions apart (each value compared,
    /// each bound and a step past it, empty when allowed, one other answer), and every
    /// combination of them. A condition on a field whose answers cannot be so listed (a text
    /// compared by order), or too many combinations, is not judged: nothing is said rather than
    /// something false.
    public var mistakes: [FlowMistake] { MistakeFinder(spec: self).find() }
}

/// Finds ``FlowMistake``s: see ``FlowSpec/mistakes``.
private struct MistakeFinder {
    let spec: FlowSpec
    let messages: RuleMessages
    /// The most combinations of answers tried for one question.
    static let combinationLimit = 20_000

    init(spec: FlowSpec) {
        self.spec = spec
        self.messages = spec.language.messages
    }

    /// Each field's place in the file and label, by its id (an item's by item 0's path).
    func place(ofEntry entry: Int, _ id: FieldID) -> String { "fields[\(entry)] (\"\(id)\")" }

    func find() -> [FlowMistake] {
        var found: [FlowMistake] = []
        // Every test each field is compared by, so that its answers tell them apart.
        var tests: [FieldID: [FieldCondition.Test]] = [:]
        for field in spec.fields { for leaf in field.when?.leaves ?? [] { tests[leaf.field, default: []].append(leaf.test) } }
        for group in spec.groups { for leaf in group.when?.leaves ?? [] { tests[leaf.field, default: []].append(leaf.test) } }
        var candidates: [Int: [FieldAnswer]?] = [:]
        func answers(_ index: Int) -> [FieldAnswer]? {
            if let known = candidates[index] { return known }
            let field = spec.fields[index]
            let list = field.kind.behavior.conditionCandidates(of: field, testedBy: tests[field.id] ?? []) { passes($0, field) }
            candidates[index] = .some(list)
            return list
        }
        let groupStarts = Dictionary(uniqueKeysWithValues: spec.groupPlaces.map { ($0.range.lowerBound, $0) })
        var entry = 0
        var index = 0
        while index < spec.fields.count {
            if let place = groupStarts[index] {
                let group = place.group
                let named = self.place(ofEntry: entry, group.id)
                if let when = group.when {
                    found += impossibleTests(when, at: "\(named).when", local: [:], answers: answers)
                    if shownEver(group: when, answers: answers) == false {
                        found.append(FlowMistake(kind: .neverShown, place: named, message: messages.neverShown(group.label)))
                    }
                }
                // Item 0's fields stand for every item's.
                for (number, local) in group.fields.enumerated() {
                    let path = group.path(of: local.id, item: 0)
                    guard let at = spec.index(of: path) else { continue }
                    found += mistakes(of: at, place: "\(named).fields[\(number)] (\"\(local.id)\")", written: local, group: group, answers: answers)
                }
                index = place.range.upperBound
                entry += 1
                continue
            }
            found += mistakes(of: index, place: self.place(ofEntry: entry, spec.fields[index].id), written: spec.fields[index], group: nil, answers: answers)
            index += 1
            entry += 1
        }
        return found
    }

    /// The mistakes of the field at `index` (as written, `written`, at `place`).
    func mistakes(of index: Int, place: String, written: FieldSpec, group: FieldGroup?, answers: (Int) -> [FieldAnswer]?) -> [FlowMistake] {
        var found: [FlowMistake] = []
        let field = spec.fields[index]
        if let when = written.when {
            // A group's item reads its own fields by their item 0 paths.
            let local = Dictionary(uniqueKeysWithValues: (group?.fields ?? []).map { ($0.id, group!.path(of: $0.id, item: 0)) })
            let impossible = impossibleTests(when, at: "\(place).when", local: local, answers: answers)
            found += impossible
            if shownEver(of: index, answers: answers) == false {
                // A group never shown says so once, at the group.
                if group?.when == nil || shownEver(ofGroupOf: index, answers: answers) != false {
                    found.append(FlowMistake(kind: .neverShown, place: place, message: messages.neverShown(field.label)))
                }
            }
        }
        // A field no answer passes stops every walk that shows it (a whole number between 1.2 and
        // 1.8, every `oneOf` value refused).
        let own = field.kind.behavior.conditionCandidates(of: field, testedBy: []) { passes($0, field) }
        if own?.isEmpty == true, shownEver(of: index, answers: answers) != false, group == nil || shownEver(ofGroupOf: index, answers: answers) != false {
            found.append(FlowMistake(kind: .cannotComplete, place: place, message: messages.cannotComplete(field.label)))
        }
        for (key, value) in written.kind.behavior.unreachableValues(of: written, passes: { passes($0, written) }) {
            found.append(FlowMistake(kind: .unchoosableValue, place: "\(place).\(key)", message: messages.unchoosableValue(value, field.label)))
        }
        if let partner = field.rules.matches, let other = spec.index(of: partner) {
            let hidden = exists(targets: [index, other], answers: answers) { visible in visible[index] && !visible[other] }
            // A partner never shown holds no text: only an empty answer matches it, which a
            // required field refuses, so every walk that shows the field stops there.
            if hidden == true, shownEver(of: other, answers: answers) == false, !passes(FieldState(kind: field.kind, default: nil).answer, field) {
                found.append(
                    FlowMistake(
                        kind: .cannotComplete, place: "\(place).rules.matches", message: messages.matchesNeverShown(field.label, spec.fields[other].label)))
            } else if hidden == true {
                found.append(
                    FlowMistake(kind: .matchesHidden, place: "\(place).rules.matches", message: messages.matchesHidden(field.label, spec.fields[other].label)))
            }
        }
        return found
    }

    /// The leaves of `when` (at `place`) that no answer of the field they read passes.
    func impossibleTests(_ when: FieldCondition, at place: String, local: [FieldID: FieldID], answers: (Int) -> [FieldAnswer]?) -> [FlowMistake] {
        var found: [FlowMistake] = []
        for leaf in when.leaves {
            guard let source = spec.index(of: local[leaf.field] ?? leaf.field), let list = answers(source) else { continue }
            guard !list.contains(where: { leaf.test.isSatisfied(by: $0) }) else { continue }
            let key: String =
                switch leaf.test {
                case .equals: "equals"
                case .in: "in"
                case .notEmpty: "notEmpty"
                case .range(let min, _): min != nil ? "min" : "max"
                }
            found.append(
                FlowMistake(kind: .impossibleTest, place: "\(place)\(leaf.place).\(key)", message: messages.impossibleTest(spec.fields[source].label)))
        }
        return found
    }

    /// Whether `answer` passes `field`'s own rules (its `matches` aside), as a walk holds it
    /// before moving on.
    func passes(_ answer: FieldAnswer, _ field: FieldSpec) -> Bool {
        guard (try? field.kind.behavior.prefilled(answer, field: field)) != nil else { return false }
        let state = FieldState(kind: field.kind, default: answer)
        if state.failure(in: FieldCheck(field: field, matched: nil)) != nil { return false }
        let text = state.text?.text ?? ""
        if !field.requirements.isEmpty, field.rules.required || !text.isEmpty, !field.requirements.allSatisfy({ $0.isMet(by: text) }) { return false }
        return true
    }

    /// The fields whose answers decide whether the fields at `indices` are shown, in order.
    func transitiveSources(of indices: [Int]) -> [Int] {
        var seen = Set<Int>(), stack = indices
        while let top = stack.popLast() {
            for source in spec.fields[top].when?.fields.compactMap(spec.index(of:)) ?? [] where seen.insert(source).inserted {
                stack.append(source)
            }
        }
        return seen.sorted()
    }

    /// Whether some answers show the field at `index`; `nil` when that cannot be judged.
    func shownEver(of index: Int, answers: (Int) -> [FieldAnswer]?) -> Bool? {
        exists(targets: [index], answers: answers) { $0[index] }
    }

    /// Whether some answers show the group the item field at `index` belongs to.
    func shownEver(ofGroupOf index: Int, answers: (Int) -> [FieldAnswer]?) -> Bool? {
        guard let group = spec.groupItem(of: spec.fields[index].id)?.group, let when = group.when else { return true }
        return shownEver(group: when, answers: answers)
    }

    /// Whether some answers satisfy a group's condition, every field it reads shown.
    func shownEver(group when: FieldCondition, answers: (Int) -> [FieldAnswer]?) -> Bool? {
        let read = when.fields.compactMap(spec.index(of:))
        return exists(targets: read, answers: answers) { visible in read.allSatisfy { visible[$0] } && when.isSatisfied { visible.answer($0) } }
    }

    /// The fields' visibility and answers under one combination.
    struct Visibility {
        var shown: [Int: Bool] = [:]
        var values: [Int: FieldAnswer] = [:]
        let spec: FlowSpec
        subscript(index: Int) -> Bool { shown[index] ?? false }
        func answer(_ id: FieldID) -> FieldAnswer {
            guard let index = spec.index(of: id) else { return .text("") }
            return values[index] ?? FieldState(kind: spec.fields[index].kind, default: nil).answer
        }
    }

    /// Whether some combination of the answers of the fields that decide whether `targets` are
    /// shown makes `holds` true; `nil` when a field's answers cannot be listed or there are too
    /// many combinations.
    func exists(targets: [Int], answers: (Int) -> [FieldAnswer]?, _ holds: (Visibility) -> Bool) -> Bool? {
        let sources = transitiveSources(of: targets)
        let decided = Array(Set(sources).union(targets)).sorted()
        var lists: [[FieldAnswer]] = []
        var total = 1
        for source in sources {
            guard let list = answers(source) else { return nil }
            // A field no answer passes stops every walk there: nothing after it is shown.
            lists.append(list)
            total *= Swift.max(1, list.count)
            if total > Self.combinationLimit { return nil }
        }
        var choice = [Int](repeating: 0, count: sources.count)
        while true {
            var visibility = Visibility(spec: spec)
            for (slot, source) in sources.enumerated() where !lists[slot].isEmpty { visibility.values[source] = lists[slot][choice[slot]] }
            // In field order: a field is shown when every field its condition reads is, and it holds.
            for field in decided { visibility.shown[field] = isShown(field, visibility) }
            if holds(visibility) { return true }
            var slot = 0
            while slot < choice.count {
                choice[slot] += 1
                if choice[slot] < lists[slot].count { break }
                choice[slot] = 0
                slot += 1
            }
            if slot == choice.count { return false }
        }
    }

    func isShown(_ index: Int, _ visibility: Visibility) -> Bool {
        guard let when = spec.fields[index].when else { return true }
        return when.fields.allSatisfy { spec.index(of: $0).map { visibility[$0] } ?? false } && when.isSatisfied { visibility.answer($0) }
    }
}

extension RuleMessages {
    /// `"Company" is never shown: no answers satisfy its condition.`
    func neverShown(_ label: String) -> String {
        switch language {
        case .en: "\"\(label)\" is never shown: no answers the flow takes satisfy its condition."
        case .ko: "\"\(label)\" 항목은 어떤 답으로도 조건이 맞지 않아 보이지 않습니다."
        }
    }

    /// `"Seats" takes no answer that passes this test, so the test never holds.`
    func impossibleTest(_ source: String) -> String {
        switch language {
        case .en: "\"\(source)\" takes no answer that passes this test, so the test never holds."
        case .ko: "\"\(source)\" 항목이 받을 수 있는 어떤 답도 이 조건을 통과하지 못해, 조건이 늘 거짓입니다."
        }
    }

    /// `"xyz" breaks the rules of "Code" itself, so no one can give it.`
    func unchoosableValue(_ value: String, _ label: String) -> String {
        switch language {
        case .en: "\(JSONText.quote(value)) breaks the rules of \"\(label)\" itself, so no one can give it."
        case .ko: "\(JSONText.quote(value))은(는) \"\(label)\" 항목의 규칙에 어긋나 아무도 고를 수 없습니다."
        }
    }

    /// `no answer passes the rules of "Seats", so a walk that shows it can never be completed.`
    func cannotComplete(_ label: String) -> String {
        switch language {
        case .en: "no answer passes the rules of \"\(label)\", so a walk that shows it can never be completed."
        case .ko: "\"\(label)\" 항목의 규칙을 통과하는 답이 없어, 이 항목이 보이는 진행은 끝날 수 없습니다."
        }
    }

    /// `"Again" must match "Code", which is never shown, so no answer passes and a walk that shows "Again" can never be completed.`
    func matchesNeverShown(_ label: String, _ other: String) -> String {
        switch language {
        case .en: "\"\(label)\" must match \"\(other)\", which is never shown, so no answer passes and a walk that shows \"\(label)\" can never be completed."
        case .ko: "\"\(label)\" 항목은 \"\(other)\" 항목과 같아야 하는데, \"\(other)\"이(가) 보이지 않으므로 어떤 답도 통과하지 못해 \"\(label)\"이(가) 보이는 진행은 끝날 수 없습니다."
        }
    }

    /// `"Confirm" must match "Password", which some answers hide while "Confirm" is shown.`
    func matchesHidden(_ label: String, _ other: String) -> String {
        switch language {
        case .en: "\"\(label)\" must match \"\(other)\", which some answers hide while \"\(label)\" is shown."
        case .ko: "\"\(label)\" 항목은 \"\(other)\" 항목과 같아야 하는데, 어떤 답에서는 \"\(label)\"이(가) 보일 때 \"\(other)\"이(가) 숨습니다."
        }
    }
}

extension FieldCondition.Test {
    /// The values the test compares with (its bounds too).
    var values: [FieldCondition.Value] {
        switch self {
        case .equals(let value): [value]
        case .in(let values): values
        case .notEmpty: []
        case .range(let min, let max): [min, max].compactMap { $0 }
        }
    }

    var isRange: Bool { if case .range = self { true } else { false } }
}
