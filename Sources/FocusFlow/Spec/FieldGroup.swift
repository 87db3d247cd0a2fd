/// A repeating group (`"kind": "group"`): fields asked once per item, and after each item
/// whether to add another, from `minItems` up to `maxItems` items. Its answer is an array of
/// objects, one an item (`"phones": [{"type": "mobile", "number": "010…"}]`).
///
/// The flow walks a group as fields: ``FlowSpec/fields`` holds every item's fields up to
/// `maxItems`, each named by its path (`phones[0].number`, 0-based as JSON arrays are), and
/// before each item past `minItems` a confirm named by the item's own path (`phones[1]`) that
/// asks whether to add it (default no). An item's fields show only when its confirm says yes,
/// so back, forward, focus, events, drafts and the protocol treat an item's fields as they
/// treat any field, and the engine's per-kind reducers know nothing of groups.
public struct FieldGroup: Sendable, Equatable {
    /// The most items a group may allow, so that the fields it unrolls to stay few.
    public static let itemLimit = 50
    /// The most items a group allows when the flow does not say (`rules.maxItems`).
    public static let defaultMaxItems = 10

    public var id: FieldID
    /// What the group asks for ("Phone numbers").
    public var label: String
    /// The label in every language the flow gives it.
    public var localizedLabel: LocalizedText?
    /// Each item's fields, with their ids as written (`number`, not `phones[0].number`).
    public var fields: [FieldSpec]
    /// The fewest items: asked without the question whether to add one.
    public var minItems: Int
    /// The most items: after the last no question is asked.
    public var maxItems: Int
    /// Shows the whole group only when an earlier answer satisfies this.
    public var when: FieldCondition?
    /// The section the group belongs to, if the flow gives one.
    public var section: String?

    public init(
        id: FieldID, label: String? = nil, fields: [FieldSpec], minItems: Int = 0, maxItems: Int = FieldGroup.defaultMaxItems,
        when: FieldCondition? = nil, section: String? = nil
    ) {
        self.id = id
        self.label = label ?? id.rawValue
        self.fields = fields
        self.minItems = minItems
        self.maxItems = maxItems
        self.when = when
        self.section = section
    }

    /// The path of `field` in item `item` (`phones[1].number`).
    public func path(of field: FieldID, item: Int) -> FieldID { FieldID("\(id.rawValue)[\(item)].\(field.rawValue)") }

    /// The path of the question whether item `item` is added (`phones[1]`).
    public func question(item: Int) -> FieldID { FieldID("\(id.rawValue)[\(item)]") }

    /// The first item asked about with a question: `minItems`, or none when it is `maxItems`.
    var firstQuestion: Int? { minItems < maxItems ? minItems : nil }
}

/// An entry of a flow file's `fields`: a field, or a repeating group of fields.
public enum FlowEntry: Sendable, Equatable {
    case field(FieldSpec)
    case group(FieldGroup)
}

/// Where a group stands in a flow: the entry it was written as, and the fields it unrolled to.
struct GroupPlace: Sendable, Equatable {
    var group: FieldGroup
    /// The group's position among the flow file's entries.
    var entry: Int
    /// The first of its fields in ``FlowSpec/fields``, and one past the last.
    var range: Range<Int>
}
