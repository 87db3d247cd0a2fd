import FocusFlow

extension FlowTestStore {
    /// A test store whose walk starts from prefilled answers, as `FlowStore(spec:prefill:)` does.
    ///
    /// - Throws: ``/FocusFlow/PrefillError`` naming the field whose answer cannot be taken.
    public convenience init(
        spec: FlowSpec, prefill: FlowPrefill, exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(PrefillError) {
        let state = try FlowReducer(spec: spec).initialState(prefill: prefill)
        self.init(spec: spec, state: state, exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
