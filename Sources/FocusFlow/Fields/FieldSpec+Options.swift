extension FieldSpec {
    /// What Space does in a multi-select whose filter holds `query`: `true` when it chooses or
    /// lets go of the highlighted option, `false` when it is typed into the filter. It is typed
    /// when the filter holds text that some option's label goes on from with a space (`new` →
    /// "New Zealand"), so a filter still finds labels with spaces; otherwise it toggles.
    ///
    /// - Complexity: one pass over the folded labels (see ``visibleOptions(query:)``).
    public func spaceToggles(query: String) -> Bool {
        query.isEmpty || optionList.matching(query: query + " ").isEmpty
    }

    /// Throws naming `path` unless `value` is one of the field's option values, suggesting the
    /// nearest: what a choice kind's `default` and a `when` on a choice field share.
    ///
    /// - Parameter source: the field whose options a condition names; `nil` for this one's own.
    func checkOption(_ value: String, path: String, source: FieldID?) throws {
        // The service gives the options as the walk goes: a condition's value cannot be held to them.
        if optionSource != nil { return }
        let values = options.map(\.value)
        guard !values.contains(where: { $0.isIdentical(to: value) }) else { return }
        throw FlowSpecError(path: path, reason: .notAnOption(value, source: source?.rawValue, FlowSpecError.Reason.hint(for: value, in: values)))
    }

    /// `value` when it is one of the field's option values; otherwise a ``PrefillError`` with the
    /// nearest one (a secure field's value is never repeated).
    func prefilledOption(_ value: String) throws(PrefillError) -> String {
        // Held to the list the service gives once it arrives (a value it lacks is dropped then).
        if optionSource != nil { return value }
        if options.contains(where: { $0.value == value }) { return value }
        let values = options.map(\.value)
        throw PrefillError(.wrongType, field: id, detail: .notAnOption(secure ? nil : value, id.rawValue, FlowSpecError.Reason.hint(for: value, in: values)))
    }
}
