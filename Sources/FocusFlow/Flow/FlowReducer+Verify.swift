/// Holding a set of answers to what a walk of the flow enforces, without a walk: a service
/// verifies what a web or app front posts with the same flow the terminal walks.
extension FlowReducer {
    /// Every way `answers` break what a walk would have enforced, in field order; empty when a
    /// completed walk could have given them.
    ///
    /// The answers are those ``FlowPrefill/answers(json:)`` reads (a repeating group's array
    /// becomes its items' paths, `phones[1].number`, and the questions whether to add each
    /// item). Each answer is held to its field's kind (``AnswerProblem/Reason/wrongType``), to
    /// the flow's fields (``AnswerProblem/Reason/unknownField``), to the field's visibility under
    /// the other answers (an answer to a field its conditions hide is refused, not ignored:
    /// ``AnswerProblem/Reason/hidden``), and to every rule of every field shown, `matches` and a
    /// required field left without an answer included (``AnswerProblem/Reason/breaksRule``); a
    /// repeating group to its `minItems` and `maxItems` (``AnswerProblem/Reason/itemCount``).
    /// Checks and sends are not run (the host's, not the flow's); a field whose options come
    /// from the service is held to `optionLists[id]` when given, else to any option.
    ///
    /// Messages are in the flow's language and never repeat a value.
    ///
    /// - Complexity: O(*n* log *n* + *f*) for *n* answers and *f* fields, plus each rule's cost.
    public func verify(_ answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]] = [:]) -> [AnswerProblem] {
        verified(answers, optionLists: optionLists, checking: []) { _ in .ok }
    }

    /// ``verify(_:optionLists:)``, and each check of a field shown whose answer breaks no rule
    /// asked of `check` as a walk asks its host (``CheckRequest``: the answer and the non-secure
    /// answers shown before it): a refusal is ``AnswerProblem/Reason/refusedByCheck`` with the
    /// host's message (else the flow's), an answer that could not be checked
    /// ``AnswerProblem/Reason/checkUnavailable``. Checks are asked in field order, only when
    /// `check` is given one's name in `named`; the others are not run.
    public func verify(
        _ answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]] = [:], checking named: Set<String>,
        with check: (CheckRequest) -> ServiceAnswer
    ) -> [AnswerProblem] {
        verified(answers, optionLists: optionLists, checking: named, ask: check)
    }

    private func verified(
        _ answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]], checking named: Set<String>, ask: (CheckRequest) -> ServiceAnswer
    ) -> [AnswerProblem] {
        var problems: [(position: Int, order: Int, problem: AnswerProblem)] = []
        func found(_ position: Int, _ field: FieldID, _ reason: AnswerProblem.Reason, _ message: String) {
            problems.append((position, problems.count, AnswerProblem(field: field, reason: reason, message: message)))
        }
        let language = spec.language
        let answers = groupsRead(answers)
        // Each group's items as the answers give them, held to its bounds once it is known shown.
        var counted: [(place: Int, group: FieldGroup, count: Int)] = []
        var outOfBounds: Set<String> = []
        for (place, group) in spec.groupPlaces.map({ ($0.range.lowerBound, $0.group) }) {
            let count = Self.itemsGiven(to: group, in: answers)
            counted.append((place, group, count))
            if count < group.minItems || count > group.maxItems { outOfBounds.insert(group.id.rawValue) }
        }
        var state = initialState()
        // A field not answered holds no answer, not its `default`: a walk prints every field it shows.
        for (index, field) in spec.fields.enumerated() where field.default != nil {
            state.fields[position: index] = FieldState(kind: field.kind, default: nil)
        }
        // A field whose options come from the service holds the list the host gave, else the
        // values its answer chose: the service is not asked.
        for (index, field) in spec.fields.enumerated() where field.optionSource != nil {
            let id = spec.layout.ids[index]
            let values: [String] =
                switch answers[id] {
                case .choice(let value?)?: [value]
                case .choices(let values)?: values
                case .text(let value)? where !value.isEmpty: [value]
                default: []
                }
            state.optionLists[id] = GivenOptions(options: Self.shown(optionLists[id] ?? values.map { FieldOption(value: $0, label: $0) }))
        }
        var given: [Int] = []
        var mistyped: Set<Int> = []
        for (id, answer) in answers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let index = spec.index(of: id) else {
                // A path past a group's last item is the count's problem, said once above.
                if let bracket = id.rawValue.firstIndex(of: "["), outOfBounds.contains(String(id.rawValue[..<bracket])) { continue }
                // A question the flow does not ask (an item below `minItems`, the one after the
                // last): the array form writes it, and the count above holds the items.
                if spec.groupQuestionPath(id) { continue }
                found(spec.fields.count, id, .unknownField, unknownField(id).message(in: language))
                continue
            }
            let field = spec.fields[index]
            do throws(PrefillError) {
                var shown = withOptions(at: index, in: state)
                // Held to the list the host gave, as an option of the flow's own would be.
                if optionLists[id] != nil { shown.optionSource = nil }
                let typed = try field.kind.behavior.prefilled(answer, field: shown)
                state.fields[position: index] = field.kind.behavior.holding(typed)
                given.append(index)
            } catch {
                found(index, id, .wrongType, error.message(in: language))
                mistyped.insert(index)
            }
        }
        let wasGiven = Set(given)
        var visibility = VisibilityMemo(self)
        // A group its condition hides takes no items, said once at the group; a group shown, its count.
        var hiddenGroups: Set<String> = []
        for (place, group, count) in counted {
            let label = group.label
            if !isShown(group, in: state, visibility: &visibility) {
                outOfBounds.remove(group.id.rawValue)
                guard count > 0 else { continue }
                hiddenGroups.insert(group.id.rawValue)
                found(place, group.id, .hidden, language.messages.hiddenAnswer(label))
            } else if outOfBounds.contains(group.id.rawValue) {
                found(place, group.id, .itemCount, count < group.minItems ? language.messages.tooFewItems(label, group.minItems) : language.messages.tooManyItems(label, group.maxItems))
            }
        }
        for index in spec.fields.indices {
            let id = spec.layout.ids[index]
            if let group = spec.groupItem(of: id)?.group ?? spec.groupQuestion(id)?.group, hiddenGroups.contains(group.id.rawValue) { continue }
            guard visibility.isVisible(index, in: state) else {
                // The question after the last item, answered no, is what the array form writes.
                let answer = state.fields[position: index].answer
                if wasGiven.contains(index), !answer.isEmpty, !(spec.groupQuestion(id) != nil && answer == .bool(false)) {
                    found(index, id, .hidden, language.messages.hiddenAnswer(label(at: index, in: state)))
                }
                continue
            }
            if let group = spec.groupItem(of: id)?.group ?? spec.groupQuestion(id)?.group, outOfBounds.contains(group.id.rawValue) { continue }
            // A value of the wrong type was said once; its field holds nothing to hold to rules.
            guard !mistyped.contains(index), var message = failure(of: index, in: state) else { continue }
            // Left empty with no list given: no options to name, only that it needs an answer.
            if spec.fields[index].optionSource != nil, optionLists[id] == nil, state.fields[position: index].answer.isEmpty {
                message = language.messages.required(label(at: index, in: state))
            }
            found(index, id, .breaksRule, message)
        }
        // The checks the host names, of the fields shown whose answers passed every rule.
        if !named.isEmpty {
            let failed = Set(problems.map(\.position))
            var ticket = 0
            for index in spec.fields.indices where !failed.contains(index) {
                guard let name = spec.fields[index].check, named.contains(name), visibility.isVisible(index, in: state) else { continue }
                let id = spec.layout.ids[index]
                ticket += 1
                let request = CheckRequest(ticket: ticket, field: id, name: name, value: state.fields[position: index].answer, answers: self.answers(before: index, in: state))
                switch ask(request) {
                case .ok: break
                case .refused(let message):
                    found(index, id, .refusedByCheck, message.isEmpty ? language.messages.checkRefused(label(at: index, in: state)) : message)
                case .unavailable: found(index, id, .checkUnavailable, language.messages.checkNotMade(label(at: index, in: state)))
                }
            }
        }
        // In field order; a field's own problems in the order found (its type before its rules).
        return problems.sorted { ($0.position, $0.order) < ($1.position, $1.order) }.map(\.problem)
    }

    /// How many items the answers give `group`: one past the last item a field or a question
    /// saying yes names, none when no answer names one.
    static func itemsGiven(to group: FieldGroup, in answers: [FieldID: FieldAnswer]) -> Int {
        let prefix = group.id.rawValue + "["
        var count = 0
        for (id, answer) in answers where id.rawValue.hasPrefix(prefix) {
            let rest = id.rawValue.dropFirst(prefix.count)
            guard let close = rest.firstIndex(of: "]"), let item = Int(rest[..<close]), item >= 0 else { continue }
            let isQuestion = rest.index(after: close) == rest.endIndex
            if !isQuestion || answer == .bool(true) { count = max(count, item + 1) }
        }
        return count
    }
}

extension FlowSpec {
    /// Every way `answers` break what a walk of this flow would have enforced: see
    /// ``FlowReducer/verify(_:optionLists:)``.
    public func verify(_ answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]] = [:]) -> [AnswerProblem] {
        FlowReducer(spec: self).verify(answers, optionLists: optionLists)
    }

    /// The same, with the checks `named` asked of `check`: see
    /// ``FlowReducer/verify(_:optionLists:checking:with:)``.
    public func verify(
        _ answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]] = [:], checking named: Set<String>,
        with check: (CheckRequest) -> ServiceAnswer
    ) -> [AnswerProblem] {
        FlowReducer(spec: self).verify(answers, optionLists: optionLists, checking: named, with: check)
    }
}

/// One way a set of answers breaks what a walk enforces (``FlowReducer/verify(_:optionLists:)``).
public struct AnswerProblem: Sendable, Equatable, CustomStringConvertible {
    /// Named in `verify --format json` and `serve`'s `verified` by its raw value.
    public enum Reason: String, Sendable, Equatable {
        /// An id the flow does not have.
        case unknownField
        /// A value of the wrong type for its field's kind, or no option of it.
        case wrongType
        /// An answer to a field that the other answers hide.
        case hidden
        /// A shown field's answer breaks one of its rules (a required one left empty included).
        case breaksRule
        /// A repeating group with fewer items than its `minItems` or more than its `maxItems`.
        case itemCount
        /// A check the host ran refused the answer (``FlowReducer/verify(_:optionLists:checking:with:)``).
        case refusedByCheck
        /// A check the host ran could not say.
        case checkUnavailable
    }

    /// The field, by its path inside a group (`phones[1].number`), or the group.
    public var field: FieldID
    public var reason: Reason
    /// The sentence, in the flow's language; it never repeats a value.
    public var message: String

    public init(field: FieldID, reason: Reason, message: String) {
        self.field = field
        self.reason = reason
        self.message = message
    }

    /// `phones[1].number: Number must be at least 3 characters.`
    public var description: String { "\(field): \(message)" }

    /// `{"ok":false,"problems":[{"field","reason","message"}]}`, with `flag` for `ok`: what
    /// `verify --format json` (`ok`) and `serve`'s `verify` (`verified`) answer.
    package static func json(_ problems: [AnswerProblem], flag: String) -> String {
        var out = JSONWriter()
        out.raw("{")
        out.string(flag)
        out.raw(problems.isEmpty ? ":true" : ":false")
        out.raw(#","problems":["#)
        for (index, problem) in problems.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"field":"#)
            out.string(problem.field.rawValue)
            out.raw(#","reason":"#)
            out.string(problem.reason.rawValue)
            out.raw(#","message":"#)
            out.string(problem.message)
            out.raw("}")
        }
        out.raw("]}")
        return out.text
    }
}
