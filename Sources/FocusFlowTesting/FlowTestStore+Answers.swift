import FocusFlow

extension FlowTestStore {
    /// The answer `field` holds now, of any kind, to compare with a literal:
    /// `#expect(store["age"] == 36)`, `== true`, `== ["sms", "post"]`, `== "Ada"`.
    ///
    /// A hidden field gives the answer it holds, which the walk keeps. A field the flow does not
    /// have fails the test at the caller's line, naming the flow's fields, and gives
    /// ``FieldValue/unanswered``.
    ///
    /// - Parameters:
    ///   - field: the field's id.
    ///   - fileID: the file a failure is reported in; the caller's by default.
    ///   - filePath: the path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public subscript(
        _ field: FieldID, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> FieldValue {
        guard let held = state.fields[field: field] else {
            Self.fail(
                """
                The flow "\(reducer.spec.id)" has no field "\(field)"; its fields are \(state.fields.ids.map { "\"\($0)\"" }.joined(separator: ", ")).
                Likely cause: the id is misspelt, or names a field of another flow.
                Fix: name one of the fields above in store[…].
                """, at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
            return .unanswered
        }
        return FieldValue(held.answer, secure: reducer.spec[field]?.secure ?? false)
    }
}
