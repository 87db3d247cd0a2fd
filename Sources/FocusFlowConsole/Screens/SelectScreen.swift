import FocusFlow

/// A select: the filter and the options under it, the chosen one marked `✓`. Enter goes to the
/// engine, which chooses the highlighted option and goes on (refused when the filter hides every
/// option); Tab does the same. In line mode a line answers with an option's number (from 1), value or label.
package final class SelectScreen: OptionScreen {
    package var field: FieldSpec
    package var picker = OptionPicker()

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var bindings: [KeyBinding] { moveBindings }

    package func marks(in state: FlowReducer.State) -> (highlight: String?, chosen: Set<String>) {
        guard case .select(let select)? = state.fields[field: field.id] else { return (nil, []) }
        return (select.highlight, Set(select.choice.map { [$0] } ?? []))
    }

    package func row(_ option: FieldOption, chosen: Bool) -> String { chosen ? option.label + " ✓" : option.label }

    package func notes(_ state: FlowReducer.State) -> [String] {
        guard case .choice(let value)? = state.answer(of: field.id) else { return [] }
        return [words.numberValueOrLabel] + (value.map { [words.now(label($0)), words.enterKeepsIt] } ?? [])
    }

    /// A line that could name several options names them; one that names none lists them all.
    package func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        let item = line.trimmingSpaces
        if case .ambiguous(let options) = field.option(named: item) {
            return words.rules.ambiguousOption(KeyboardType.readable(item), options.map(\.label))
        }
        return words.notAnOption(KeyboardType.readable(item), field.options.count, listed)
    }
}
