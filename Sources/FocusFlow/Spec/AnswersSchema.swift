/// A JSON Schema (2020-12) of a flow's answers, as `focusflow run` prints them: what a service
/// in any language can hold posted answers to with its own JSON Schema library.
///
/// Each field's answer is typed by its kind (each kind's reducer says how):
/// options as `enum`, lengths, patterns, bounds, the characters its keyboard types; a required
/// field shown is in `required`; a repeating group is an array of objects with `minItems` and
/// `maxItems`. Visibility is said with `if`/`then`/`else`: under the conditions that show a
/// field, its rules hold, and otherwise it has no answer (absent or empty). What JSON Schema
/// cannot say (a `matches` rule, a day the calendar has within a range, a length counted in
/// characters as a person sees them) is said in the field's `description` and listed in
/// ``unsaid``: the schema then takes every answer set ``FlowReducer/verify(_:optionLists:)``
/// takes and some it refuses; with nothing unsaid, the two judge alike.
public struct AnswersSchema: Sendable, Equatable {
    /// The schema, as indented JSON text.
    public var json: String
    /// What the schema cannot say, each with the field (its path within a group, `phones[].number`).
    public var unsaid: [Unsaid]

    /// One thing about a field's answer that JSON Schema cannot say.
    public struct Unsaid: Sendable, Equatable, CustomStringConvertible {
        public var field: FieldID
        /// The sentence, in the flow's language, as the schema's `description` has it.
        public var sentence: String
        public var description: String { "\(field): \(sentence)" }
    }

    /// Whether the schema says everything a walk enforces, so that it and `verify` judge every
    /// answer set alike.
    public var isExact: Bool { unsaid.isEmpty }
}

extension FlowSpec {
    /// The JSON Schema of this flow's answers: see ``AnswersSchema``.
    public var answersSchema: AnswersSchema {
        var builder = AnswersSchemaBuilder(spec: self)
        return builder.build()
    }
}

/// What a kind's conformance says of a field's answer in JSON Schema
/// (``FieldBehavior/answerSchema(of:messages:)``).
struct AnswerSchemaPart {
    /// Every value the field takes at all, shown or hidden: its type, its options, the
    /// characters its keyboard types.
    var type: SchemaNode
    /// The value of no answer (`""`, `null`, `[]`): all a hidden field may hold.
    var empty: SchemaNode
    /// What its rules ask of a shown field's answer, an empty one included unless ``required``.
    var rules: SchemaNode = .bool(true)
    /// Whether a shown field must have an answer (its key present and not empty).
    var required = false
    /// What JSON Schema cannot say of it, in the flow's language.
    var unsaid: [String] = []
    /// What a reader should know that changes no judgement (a list the service gives).
    var notes: [String] = []
}

/// Builds ``AnswersSchema``: the fields in order, a `$defs` entry for each condition that shows
/// one, and each group's items.
private struct AnswersSchemaBuilder {
    let spec: FlowSpec
    let messages: RuleMessages
    var definitions: [SchemaNode.Member] = []
    var unsaid: [AnswersSchema.Unsaid] = []

    init(spec: FlowSpec) {
        self.spec = spec
        self.messages = spec.language.messages
    }

    /// The fields of one object (the answers, or a group's item), as JSON Schema holds them.
    struct Scope {
        /// The fields, with the ids the object writes.
        var fields: [FieldSpec]
        /// The name their `$defs` entries start with.
        var prefix: String
        /// How the unsaid list names a field of this scope.
        var path: (FieldID) -> FieldID
        /// Each field's visibility as a `$defs` reference, `true` for one always shown, or
        /// `.some(nil)` when JSON Schema cannot say it.
        var shown: [FieldID: SchemaNode?] = [:]
    }

    mutating func build() -> AnswersSchema {
        var scope = Scope(fields: [], prefix: "shown-", path: { $0 })
        var properties: [SchemaNode.Member] = []
        var rules: [SchemaNode] = []
        var required: [String] = []
        let groupStarts = Dictionary(uniqueKeysWithValues: spec.groupPlaces.map { ($0.range.lowerBound, $0) })
        var index = 0
        while index < spec.fields.count {
            if let place = groupStarts[index] {
                let (property, rule) = group(place.group, number: properties.count, in: &scope)
                properties.append(SchemaNode.Member(place.group.id.rawValue, property))
                if let rule { rules.append(rule) }
                if place.group.minItems > 0, place.group.when == nil { required.append(place.group.id.rawValue) }
                index = place.range.upperBound
                continue
            }
            let field = spec.fields[index]
            index += 1
            let (property, rule, always) = self.field(field, in: &scope)
            properties.append(SchemaNode.Member(field.id.rawValue, property))
            if let rule { rules.append(rule) }
            if always { required.append(field.id.rawValue) }
        }
        var members: [SchemaNode.Member] = [
            .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            .init("title", .string(spec.title)),
            .init("description", .string(messages.schemaDescription(spec.id))),
            .init("type", .string("object")),
            .init("properties", .object(properties)),
            .init("additionalProperties", .bool(false)),
        ]
        if !required.isEmpty { members.append(.init("required", .strings(required))) }
        if !rules.isEmpty { members.append(.init("allOf", .array(rules))) }
        if !definitions.isEmpty { members.append(.init("$defs", .object(definitions))) }
        return AnswersSchema(json: SchemaNode.object(members).text + "\n", unsaid: unsaid)
    }

    /// A field's property, the rule that holds it to its visibility (`nil` for none), and
    /// whether it is always shown and required.
    mutating func field(_ field: FieldSpec, in scope: inout Scope) -> (property: SchemaNode, rule: SchemaNode?, always: Bool) {
        var part = field.kind.behavior.answerSchema(of: field, messages: messages)
        scope.fields.append(field)
        let shown = visibility(of: field, in: &scope)
        if shown == nil, let when = field.when { part.unsaid.append(messages.schemaShownWhen(when.json)) }
        for sentence in part.unsaid { unsaid.append(.init(field: scope.path(field.id), sentence: sentence)) }
        var described: [SchemaNode.Member] = [.init("title", .string(field.label))]
        let sentences = part.unsaid + part.notes
        if !sentences.isEmpty { described.append(.init("description", .string(sentences.joined(separator: " ")))) }
        let id = field.id.rawValue
        switch shown {
        case .bool(true)?:
            // Always shown: its rules are its property's.
            return (.all([.object(described), part.type, part.rules]), nil, part.required)
        case let condition?:
            var then: [SchemaNode.Member] = [.init("properties", .object([.init(id, part.rules)]))]
            if part.required { then.append(.init("required", .strings([id]))) }
            let rule = SchemaNode.object(
                ("if", condition), ("then", .object(then)), ("else", .object(("properties", .object([.init(id, part.empty)])))))
            return (.all([.object(described), part.type]), rule, false)
        case nil:
            return (.all([.object(described), part.type]), nil, false)
        }
    }

    /// A repeating group's property (an array of items) and the rule of its own condition.
    mutating func group(_ group: FieldGroup, number: Int, in scope: inout Scope) -> (property: SchemaNode, rule: SchemaNode?) {
        let groupID = group.id.rawValue
        var items = Scope(fields: [], prefix: "item-\(number)-shown-", path: { FieldID("\(groupID)[].\($0.rawValue)") })
        var properties: [SchemaNode.Member] = []
        var rules: [SchemaNode] = []
        var required: [String] = []
        for field in group.fields {
            // A condition on a field outside the item is the answers' to say, not the item's.
            let (property, rule, always) = self.field(field, in: &items)
            properties.append(SchemaNode.Member(field.id.rawValue, property))
            if let rule { rules.append(rule) }
            if always { required.append(field.id.rawValue) }
        }
        var item: [SchemaNode.Member] = [.init("type", .string("object")), .init("properties", .object(properties)), .init("additionalProperties", .bool(false))]
        if !required.isEmpty { item.append(.init("required", .strings(required))) }
        if !rules.isEmpty { item.append(.init("allOf", .array(rules))) }
        var members: [SchemaNode.Member] = [.init("title", .string(group.label)), .init("type", .string("array")), .init("items", .object(item))]
        if group.minItems > 0 { members.append(.init("minItems", .number(Double(group.minItems)))) }
        members.append(.init("maxItems", .number(Double(group.maxItems))))
        guard let when = group.when else { return (.object(members), nil) }
        // A group its condition hides has no items: absent or empty. Shown, it has its count.
        let bounds = SchemaNode.object([.init("minItems", .number(Double(group.minItems)))])
        let carrier = FieldSpec(id: group.id, label: group.label, when: when)
        scope.fields.append(carrier)
        guard let shown = visibility(of: carrier, in: &scope) else {
            unsaid.append(.init(field: group.id, sentence: messages.schemaShownWhen(when.json)))
            members.removeAll { $0.key == "minItems" }
            members.insert(.init("description", .string(messages.schemaShownWhen(when.json))), at: 1)
            return (.object(members), nil)
        }
        members.removeAll { $0.key == "minItems" }
        var then: [SchemaNode.Member] = [.init("properties", .object([.init(groupID, bounds)]))]
        if group.minItems > 0 { then.append(.init("required", .strings([groupID]))) }
        let rule = SchemaNode.object(
            ("if", shown), ("then", .object(then)), ("else", .object(("properties", .object([.init(groupID, .object(("maxItems", .number(0))))])))))
        return (.object(members), rule)
    }

    /// `field`'s visibility in `scope`: `true` when always shown, a reference to its `$defs`
    /// entry, or `nil` when JSON Schema cannot say it.
    mutating func visibility(of field: FieldSpec, in scope: inout Scope) -> SchemaNode? {
        guard let when = field.when else {
            scope.shown[field.id] = .some(.bool(true))
            return .bool(true)
        }
        var parts: [SchemaNode] = []
        // Shown only when every field its condition reads is shown.
        for source in when.fields {
            guard let known = scope.shown[source], let reference = known else {
                scope.shown[field.id] = .some(nil)
                return nil
            }
            if reference != .bool(true) { parts.append(reference) }
        }
        guard let condition = self.condition(when, in: scope) else {
            scope.shown[field.id] = .some(nil)
            return nil
        }
        // Named by place, not id: an id may hold what a JSON Pointer would have to escape.
        let name = scope.prefix + String(scope.fields.count)
        definitions.append(.init(name, .all(parts + [condition])))
        let reference = SchemaNode.object(("$ref", .string("#/$defs/" + name)))
        scope.shown[field.id] = .some(reference)
        return reference
    }

    /// A condition as JSON Schema says it of the object holding its fields, or `nil` where it
    /// cannot (a bound compared as text).
    func condition(_ condition: FieldCondition, in scope: Scope) -> SchemaNode? {
        switch condition {
        case .all(let list):
            let parts = list.map { self.condition($0, in: scope) }
            return parts.contains { $0 == nil } ? nil : .object(("allOf", .array(parts.map { $0! })))
        case .any(let list):
            let parts = list.map { self.condition($0, in: scope) }
            return parts.contains { $0 == nil } ? nil : .object(("anyOf", .array(parts.map { $0! })))
        case .not(let inner):
            return self.condition(inner, in: scope).map { .object(("not", $0)) }
        case .leaf(let id, let test):
            guard let source = scope.fields.first(where: { $0.id == id }) else { return nil }
            let key = id.rawValue
            let empty = source.kind.behavior.answerSchema(of: source, messages: messages).empty
            // No answer: the key absent, or the kind's empty value.
            let isEmpty = SchemaNode.any([
                .object(("not", .object(("required", .strings([key]))))), .object(("properties", .object([.init(key, empty)]))),
            ])
            func answer(_ value: SchemaNode) -> SchemaNode {
                .object(("required", .strings([key])), ("properties", .object([.init(key, value)])))
            }
            let behavior = source.kind.behavior
            func equals(_ value: FieldCondition.Value) -> SchemaNode? {
                // The empty answer (a text's "") is also a field's left out.
                if FieldState(kind: source.kind, default: nil).answer.matches(value) { return isEmpty }
                return behavior.schema(equalTo: value, field: source).map { $0 == .bool(false) ? $0 : answer($0) }
            }
            switch test {
            case .equals(let value): return equals(value)
            case .in(let values):
                let parts = values.map(equals)
                return parts.contains { $0 == nil } ? nil : .object(("anyOf", .array(parts.map { $0! })))
            case .notEmpty(let notEmpty):
                return notEmpty ? .object(("not", isEmpty)) : isEmpty
            case .range(let min, let max):
                return behavior.schema(within: min, max, field: source).map { $0 == .bool(false) ? $0 : answer($0) }
            }
        }
    }
}

extension RuleMessages {
    /// The schema's own description.
    func schemaDescription(_ flow: String) -> String {
        switch language {
        case .en:
            "The answers of the flow \"\(flow)\", as focusflow run prints them. A field's description says what JSON Schema cannot; focusflow verify holds answers to all of it."
        case .ko:
            "흐름 \"\(flow)\"의 답을 focusflow run이 출력하는 모양 그대로 적은 스키마입니다. JSON 스키마로 말할 수 없는 규칙은 각 항목의 설명에 있고, focusflow verify는 그 규칙까지 모두 확인합니다."
        }
    }

    /// `Asked only when {"field":"plan","equals":"team"} holds; then its rules hold, else it has no answer.`
    func schemaShownWhen(_ condition: String) -> String {
        switch language {
        case .en: "Asked only when \(condition) holds; then its rules hold, else it has no answer."
        case .ko: "\(condition) 조건이 맞을 때만 묻습니다. 그때는 규칙을 지켜야 하고, 아니면 답이 없어야 합니다."
        }
    }
}

extension FieldCondition {
    /// The condition as the flow file writes it, on one line: `{"field":"plan","equals":"team"}`.
    var json: String {
        switch self {
        case .all(let list): #"{"all":[\#(list.map(\.json).joined(separator: ","))]}"#
        case .any(let list): #"{"any":[\#(list.map(\.json).joined(separator: ","))]}"#
        case .not(let inner): #"{"not":\#(inner.json)}"#
        case .leaf(let field, let test):
            #"{"field":\#(JSONText.quote(field.rawValue)),"#
                + {
                    switch test {
                    case .equals(let value): #""equals":\#(value)"#
                    case .in(let values): #""in":[\#(values.map(\.description).joined(separator: ","))]"#
                    case .notEmpty(let flag): #""notEmpty":\#(flag)"#
                    case .range(let min, let max):
                        [min.map { #""min":\#($0)"# }, max.map { #""max":\#($0)"# }].compactMap { $0 }.joined(separator: ",")
                    }
                }() + "}"
        }
    }
}
