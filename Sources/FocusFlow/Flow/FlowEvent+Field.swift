extension FlowEvent {
    /// The field an event is about, if any.
    public var field: FieldID? {
        switch self {
        case .surfaceChanged(let field, _, _), .changed(let field, _, _), .submitted(let field), .cleared(let field),
             .rejected(let field), .invalid(let field, _), .answered(let field, _, _), .chosen(let field, _, _),
             .toggled(let field, _, _), .highlighted(let field, _, _):
            field
        case .focusMoved, .keyboardChanged, .reviewing, .completed, .cancelled:
            nil
        }
    }
}
