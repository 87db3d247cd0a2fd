import FocusFlow

/// A select: the filter and the options under it, the chosen one marked `✓`. Enter goes to the
/// engine, which chooses the highlighted option and goes on (refused when the filter hides every
/// option); Tab does the same. In line mode a line answers with an option's number (from 1), value or label.
final class SelectScreen: OptionScreen {
    let field: FieldSpec
    var picker = OptionPicker()

    var words = TerminalWords.english

    init(_ field: FieldSpec) { self.field = field }

    var bindings: [KeyBinding] { moveBindings }

    func marks(in state: FlowReducer.State) -> (highlight: String?, chosen: Set<String>) {
        guard case .select(let select)? = state.fields[field: field.id] else { return (nil, []) }
        return (select.highlight, Set(select.choice.map { [$0] } ?? []))
    }

    func row(_ option: FieldOption, chosen: Bool) -> String { chosen ? option.label + " ✓" : option.label }

    func notes(_ state: FlowReducer.State) -> [String] {
        guard case .choice(let value)? = state.answer(of: field.id) else { return [] }
        return [words.numberValueOrLabel] + (value.map { [words.now(label($0)), words.enterKeepsIt] } ?? [])
    }

    func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        words.notAnOption(KeyboardType.readable(line.trimmingSpaces), field.options.count, listed)
    }
}
