extension FlowStore {
    /// A store whose walk starts from answers known already. See ``FlowReducer/initialState(prefill:)``.
    ///
    /// ```swift
    /// let store = try FlowStore(spec: spec, prefill: FlowPrefill(answers: ["email": .text("ada@example.com")], skipFilled: true))
    /// ```
    ///
    /// - Throws: ``PrefillError`` naming the field whose answer cannot be taken.
    public convenience init(spec: FlowSpec, prefill: FlowPrefill, handler: @escaping (FlowEvent) -> Void = { _ in }) throws(PrefillError) {
        let state = try FlowReducer(spec: spec).initialState(prefill: prefill)
        self.init(spec: spec, state: state, handler: handler)
    }
}
