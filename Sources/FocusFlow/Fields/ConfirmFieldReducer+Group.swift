extension FieldSpec {
    /// The yes/no step a repeating group asks before an optional item ("Add another to Phone
    /// numbers?"): a confirm answered no unless the person says yes, so that Enter alone, an
    /// empty line or a walk that passes it adds nothing.
    static func addItemQuestion(_ id: FieldID, label: String, when: FieldCondition?, section: String?) -> FieldSpec {
        FieldSpec(id: id, kind: .confirm, label: label, default: .bool(false), when: when, section: section)
    }
}
