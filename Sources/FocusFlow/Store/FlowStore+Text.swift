extension FlowStore {
    /// The field `id` as the person sees it now: its label, placeholder, hint and rule message
    /// with the earlier answers they name (``FlowReducer/field(_:in:)``); `nil` for an id the flow
    /// does not have.
    public func field(_ id: FieldID) -> FieldSpec? { reducer.field(id, in: state) }

    /// The text `key` of the field `id` as the person sees it now (`"Welcome, Ada: choose a
    /// nickname"`), or `nil` when the field gives none (``FlowReducer/text(_:of:in:)``).
    public func text(_ key: FieldSpec.Text, of id: FieldID) -> String? { reducer.text(key, of: id, in: state) }
}
