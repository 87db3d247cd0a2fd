/// Several choices among a field's options, with the same filter and highlight as
/// ``SelectFieldReducer``. The chosen values are kept in option order, whatever order they
/// were toggled in, and an option filtered out stays chosen.
public struct MultiSelectFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        public var filter: TextFieldReducer.State
        /// The chosen values, in option order.
        public var chosen: [String]
        public var highlight: String?

        public init(filter: String = "", chosen: [String] = [], highlight: String? = nil) {
            self.filter = .init(text: filter)
            self.chosen = chosen
            self.highlight = highlight
        }
    }

    public enum Action: Sendable, Equatable {
        case filter(TextFieldReducer.Action)
        case toggle(String)
        case highlight(Int)
    }

    public enum Effect: Sendable, Equatable {
        case filter(TextFieldEvent)
        /// The option `value` was chosen (`selected`) or let go.
        case toggled(value: String, selected: Bool)
        case highlighted(old: String?, new: String?)
        case rejected
    }

    let options: OptionList

    public init(options: [FieldOption]) { self.options = OptionList(options) }

    init(list: OptionList) { options = list }

    /// The options visible under the filter, in option order.
    public func visibleOptions(in state: State) -> [FieldOption] {
        options.visible(query: state.filter.text).map { options.options[$0] }
    }

    /// Applies `action`, handing each effect to `effect` in order.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .filter(let action):
            let before = state.filter.text
            options.filter(&state.filter, action) { effect(.filter($0)) }
            if !state.filter.text.isIdentical(to: before), let (old, new) = options.settle(&state.highlight, query: state.filter.text) {
                effect(.highlighted(old: old, new: new))
            }
        case .toggle(let value):
            guard let position = options.position(of: value) else { return effect(.rejected) }
            let value = options.options[position].value
            if let index = state.chosen.firstIndex(where: { $0.isIdentical(to: value) }) {
                state.chosen.remove(at: index)
                effect(.toggled(value: value, selected: false))
            } else {
                let at = state.chosen.firstIndex { (options.position(of: $0) ?? 0) > position } ?? state.chosen.endIndex
                state.chosen.insert(value, at: at)
                effect(.toggled(value: value, selected: true))
            }
        case .highlight(let delta):
            guard let (old, new) = options.move(&state.highlight, by: delta, query: state.filter.text) else { return }
            effect(.highlighted(old: old, new: new))
        }
    }
}
