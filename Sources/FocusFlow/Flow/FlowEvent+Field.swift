extension FlowEvent {
    /// The field an event is about, if any.
    public var field: FieldID? {
        switch self {
        case .surfaceChanged(let field, _, _), .changed(let field, _, _), .submitted(let field), .cleared(let field),
            .rejected(let field), .invalid(let field, _), .answered(let field, _, _), .chosen(let field, _, _),
            .toggled(let field, _, _), .highlighted(let field, _, _), .checking(let field, _, _), .waiting(let field, _),
            .checked(let field, _, _), .sending(let field, _, _), .sent(let field, _, _), .expired(let field),
            .loadingOptions(let field, _, _, _), .optionsLoaded(let field, _, _), .optionDropped(let field, _):
            field
        case .focusMoved, .keyboardChanged, .reviewing, .completed, .cancelled, .dropped:
            nil
        }
    }

    /// Whether the event says that a field's answer changed (its text, a choice, a yes or no).
    public var changesAnswer: Bool {
        switch self {
        case .changed, .cleared, .answered, .chosen, .toggled: true
        default: false
        }
    }
}
