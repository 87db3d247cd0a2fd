import FocusFlow

/// A multi-select: the filter and the options under it, each marked `[x]` or `[ ]`. Space chooses
/// or lets go of the highlighted option, unless it goes on a filter that finds labels with spaces
/// (``FieldSpec/spaceToggles(query:)``, the engine's rule), and the key line says which it does
/// now (`Space choose`, `Space types a space`); Enter and Tab accept what is chosen. In line
/// mode a line is a comma-separated list of numbers, values or labels.
package final class MultiSelectScreen: OptionScreen {
    package var field: FieldSpec
    package var picker = OptionPicker()

    package var words = TerminalWords.english

    package init(_ field: FieldSpec) { self.field = field }

    package var bindings: [KeyBinding] { moveBindings + [KeyBinding([" "], hint: words.spaceChoose) { self.space($0) }] }

    /// The keys, Space as what it does with the filter as it stands: chooses, or types a space.
    package func keys(_ state: FlowReducer.State) -> [String] {
        guard !field.spaceToggles(query: state.text(of: field.id)) else { return keys }
        return keys.map { $0 == words.spaceChoose ? words.spaceTypes : $0 }
    }

    package func marks(in state: FlowReducer.State) -> (highlight: String?, chosen: Set<String>) {
        guard case .multiSelect(let multi)? = state.fields[field: field.id] else { return (nil, []) }
        return (multi.highlight, Set(multi.chosen))
    }

    package func row(_ option: FieldOption, chosen: Bool) -> String { (chosen ? "[x] " : "[ ] ") + option.label }

    /// Space: chooses or lets go of the highlighted option, the filter untouched; or, where the
    /// engine says a space goes on the filter, types it.
    package func space(_ session: ScreenContext) {
        guard field.spaceToggles(query: session.store.state.text(of: field.id)) else {
            return session.insert(" ")
        }
        toggle(session)
    }

    /// Chooses or lets go of the highlighted option; the filter is untouched.
    package func toggle(_ session: ScreenContext) {
        // With nothing shown, the list's one row already says so: the bell is enough.
        guard let option = highlighted(session.store.state) else { return session.ding() }
        session.clearNote()
        let events = session.store.send(.field(.toggle(option.value)))
        // The one toggle the engine refuses is a choice past `maxSelected`: the bell, once, and why.
        if events.contains(.rejected(field: field.id)), let max = field.rules.maxSelected {
            session.refuse(words.rules.chooseAtMost(field.label, max))
        } else {
            session.handle(events)
        }
        session.render()
    }

    package func notes(_ state: FlowReducer.State) -> [String] {
        guard case .choices(let values)? = state.answer(of: field.id) else { return [] }
        return [words.numbersSeparated]
            + (values.isEmpty ? [] : [words.now(values.map(label).joined(separator: ", ")), words.enterKeepsThem])
    }

    /// Quotes the first item that names no option (naming the options it could be, when it
    /// could be several); a line whose items all name one chose more
    /// than `maxSelected` allows.
    package func refusal(_ line: String, actions: [FlowReducer.Action]) -> String {
        let values = Set(field.options.map(\.value))
        let item = actions.lazy.compactMap { action -> String? in
            if case .field(.toggle(let item)) = action, !values.contains(item) { return item }
            return nil
        }.first
        if item == nil, let max = field.rules.maxSelected { return words.rules.chooseAtMost(field.label, max) }
        if let item, case .ambiguous(let options) = field.option(named: item) {
            return words.rules.ambiguousOption(KeyboardType.readable(item), options.map(\.label))
        }
        return words.notOptions(KeyboardType.readable(item ?? line.trimmingSpaces), field.options.count, listed)
    }
}
