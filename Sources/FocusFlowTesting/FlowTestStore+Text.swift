import FocusFlow

extension FlowTestStore {
    /// The text `key` of the field `id` as the person sees it after the last action, with the
    /// earlier answers it names: `#expect(store.text(.label, of: "nickname") == "Welcome, Ada")`.
    /// `nil` when the field gives no such text.
    public func text(_ key: FieldSpec.Text, of id: FieldID) -> String? { reducer.text(key, of: id, in: state) }
}
