/// A repeating group as a flow file writes it: `{"id": "phones", "kind": "group", "label": …,
/// "fields": [ … ], "rules": {"minItems": 1, "maxItems": 3}}`.
///
/// Only the `Codable` path reads groups: the fast path (`FlowSpec+DirectDecoding.swift`) knows
/// no kind `group` and hands such a flow to this one, so the two cannot differ.
extension FlowEntry: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        if try c.decodeIfPresent(String.self, forKey: "kind") == FieldGroup.kindName {
            self = .group(try FieldGroup(from: decoder))
        } else {
            self = .field(try FieldSpec(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .field(let field): try field.encode(to: encoder)
        case .group(let group): try group.encode(to: encoder)
        }
    }
}

extension FieldGroup: Codable {
    /// The `kind` a flow file gives a group.
    static let kindName = "group"
    private static let keys = ["id", "kind", "label", "fields", "rules", "when"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        let entries = try c.decode([FlowEntry].self, forKey: "fields")
        if let nested = entries.firstIndex(where: { if case .group = $0 { true } else { false } }) {
            throw DecodingError.flow(.nestedGroup, at: c.codingPath + [AnyKey("fields"), AnyKey(intValue: nested)!, AnyKey("kind")])
        }
        let fields = entries.compactMap { if case .field(let field) = $0 { field } else { nil } }
        var minItems = 0
        var maxItems = FieldGroup.defaultMaxItems
        if c.contains("rules"), try !c.decodeNil(forKey: "rules") {
            let rules = try c.nestedContainer(keyedBy: AnyKey.self, forKey: "rules")
            try rules.rejectUnknownKeys(allowed: ["minItems", "maxItems"])
            minItems = try rules.decodeIfPresent(Int.self, forKey: "minItems") ?? minItems
            maxItems = try rules.decodeIfPresent(Int.self, forKey: "maxItems") ?? maxItems
        }
        let label = try c.decodeTextIfPresent(forKey: "label")
        self.init(
            id: try c.decode(FieldID.self, forKey: "id"), label: label?.text, fields: fields, minItems: minItems, maxItems: maxItems,
            when: try c.decodeIfPresent(FieldCondition.self, forKey: "when"))
        localizedLabel = label?.languages
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(id, forKey: "id")
        try c.encode(Self.kindName, forKey: "kind")
        try c.encodeText(label, languages: localizedLabel, forKey: "label")
        try c.encode(fields, forKey: "fields")
        var rules = c.nestedContainer(keyedBy: AnyKey.self, forKey: "rules")
        try rules.encode(minItems, forKey: "minItems")
        try rules.encode(maxItems, forKey: "maxItems")
        try c.encodeIfPresent(when, forKey: "when")
    }
}

extension FlowSpec {
    /// The flow's entries as its file writes them: fields, and each group as one entry.
    public var entries: [FlowEntry] {
        guard !groupPlaces.isEmpty else { return fields.map(FlowEntry.field) }
        var entries: [FlowEntry] = []
        var index = 0
        for place in groupPlaces {
            entries += fields[index..<place.range.lowerBound].map(FlowEntry.field)
            entries.append(.group(place.group))
            index = place.range.upperBound
        }
        entries += fields[index...].map(FlowEntry.field)
        return entries
    }
}
