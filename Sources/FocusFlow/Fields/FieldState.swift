/// One field's state, whatever its kind: the state of that kind's reducer.
public enum FieldState: Sendable, Hashable, Codable {
    case text(TextFieldReducer.State)
    case confirm(ConfirmFieldReducer.State)
    case select(SelectFieldReducer.State)
    case multiSelect(MultiSelectFieldReducer.State)

    /// The empty state of `field`'s kind, with the field's `default` answer.
    init(_ field: FieldSpec) {
        switch (field.kind, field.default) {
        case (.text, .text(let text)?): self = .text(.init(text: text))
        case (.text, _): self = .text(.init())
        case (.confirm, .bool(let value)?): self = .confirm(.init(value: value))
        case (.confirm, _): self = .confirm(.init())
        case (.select, .choice(let value)?): self = .select(.init(choice: value, highlight: value))
        case (.select, _): self = .select(.init())
        case (.multiSelect, .choices(let values)?): self = .multiSelect(.init(chosen: values))
        case (.multiSelect, _): self = .multiSelect(.init())
        }
    }

    public var kind: FieldKind {
        switch self {
        case .text: .text
        case .confirm: .confirm
        case .select: .select
        case .multiSelect: .multiSelect
        }
    }

    /// The text a person types into the field: a text field's value, a choice field's filter
    /// query, nothing for a confirm field.
    public var text: TextFieldReducer.State? {
        get {
            switch self {
            case .text(let state): state
            case .select(let state): state.filter
            case .multiSelect(let state): state.filter
            case .confirm: nil
            }
        }
        set {
            guard let newValue else { return }
            switch self {
            case .text: self = .text(newValue)
            case .select(var state): state.filter = newValue; self = .select(state)
            case .multiSelect(var state): state.filter = newValue; self = .multiSelect(state)
            case .confirm: break
            }
        }
    }

    /// The answer the field holds.
    public var answer: FieldAnswer {
        switch self {
        case .text(let state): .text(state.text)
        case .confirm(let state): .bool(state.value)
        case .select(let state): .choice(state.choice)
        case .multiSelect(let state): .choices(state.chosen)
        }
    }
}

extension FieldState: CustomStringConvertible {
    /// Swift source for the state (`.select(.init(filter: "", choice: "kr", highlight: nil))`),
    /// as a test's fix-naming failure message writes it.
    public var description: String {
        func text(_ value: String?) -> String { value?.debugDescription ?? "nil" }
        switch self {
        case .text(let state): return ".text(.init(text: \(state.text.debugDescription)))"
        case .confirm(let state): return ".confirm(.init(value: \(state.value.map(String.init) ?? "nil")))"
        case .select(let state):
            return ".select(.init(filter: \(state.filter.text.debugDescription), choice: \(text(state.choice)), highlight: \(text(state.highlight))))"
        case .multiSelect(let state):
            return ".multiSelect(.init(filter: \(state.filter.text.debugDescription), chosen: [\(state.chosen.map(\.debugDescription).joined(separator: ", "))], highlight: \(text(state.highlight))))"
        }
    }
}
