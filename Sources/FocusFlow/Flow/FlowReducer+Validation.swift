extension FlowReducer {
    /// The message of the first rule the field's value fails, or `nil` when it passes them all.
    ///
    /// Messages name the field and the rule, never the value.
    ///
    /// - Complexity: O(*n*) in the value's length.
    public func failure(of field: FieldID, in state: State) -> String? {
        spec.index(of: field).flatMap { failure(of: $0, in: state) }
    }

    func failure(of index: Int, in state: State) -> String? {
        let field = spec.fields[index]
        let rules = field.rules
        func fail(_ text: String) -> String { rules.message ?? text }
        switch state.fields[position: index] {
        case .text: break
        case .confirm(let confirm):
            guard let value = confirm.value else { return rules.required || rules.equals != nil ? fail("\(field.label) needs a yes or no.") : nil }
            if let expected = rules.equals, value != expected { return fail("\(field.label) must be \(expected ? "yes" : "no").") }
            return nil
        case .select(let select):
            if select.choice == nil && rules.required { return fail("\(field.label): choose one of \(field.options.map(\.value).joined(separator: ", ")).") }
            return nil
        case .multiSelect(let multi):
            let count = multi.chosen.count
            if count == 0 && rules.required && rules.minSelected == nil { return fail("\(field.label): choose at least one option.") }
            if let min = rules.minSelected, count < min { return fail("\(field.label): choose at least \(min) option\(min == 1 ? "" : "s").") }
            if let max = rules.maxSelected, count > max { return fail("\(field.label): choose at most \(max) option\(max == 1 ? "" : "s").") }
            return nil
        }
        let value = state.text(at: index)
        let other = rules.matches.flatMap { id in spec.index(of: id).map { (spec.fields[$0].label, state.text(at: $0)) } }

        if value.isEmpty {
            if rules.required { return fail("\(field.label) is required.") }
            if let (label, otherValue) = other, !otherValue.isEmpty { return fail("\(field.label) does not match \(label).") }
            return nil
        }
        if let min = rules.minLength, value.count < min {
            return fail("\(field.label) must be at least \(min) character\(min == 1 ? "" : "s").")
        }
        if let max = rules.maxLength, value.count > max {
            return fail("\(field.label) must be at most \(max) character\(max == 1 ? "" : "s").")
        }
        if let pattern = rules.compiled, !pattern.matches(value) {
            return fail("\(field.label) is not in the expected format.")
        }
        if let options = rules.oneOf, !options.contains(where: { $0.isIdentical(to: value) }) {
            return fail("\(field.label) must be one of: \(options.joined(separator: ", ")).")
        }
        if let (label, otherValue) = other, !otherValue.isIdentical(to: value) {
            return fail("\(field.label) does not match \(label).")
        }
        return nil
    }
}
