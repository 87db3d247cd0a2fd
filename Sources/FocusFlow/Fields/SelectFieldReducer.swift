/// One choice among a field's options, found with a filter that is the seed's search field.
///
/// The filter is a ``TextFieldReducer`` state (verbatim text, its own `changed`/`cleared`);
/// the visible options are those whose folded label contains the folded query (see
/// ``SearchFold``). The highlight moves over the visible options; the choice and the highlight
/// survive every change of the filter, so an option filtered out stays chosen.
public struct SelectFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        /// The filter's query.
        public var filter: TextFieldReducer.State
        /// The chosen option's value; `nil` until one is chosen.
        public var choice: String?
        /// The highlighted option's value; `nil` before any move.
        public var highlight: String?

        public init(filter: String = "", choice: String? = nil, highlight: String? = nil) {
            self.filter = .init(text: filter)
            self.choice = choice
            self.highlight = highlight
        }
    }

    public enum Action: Sendable, Equatable {
        /// An action on the filter, handed to the ``TextFieldReducer``.
        case filter(TextFieldReducer.Action)
        case select(String)
        case highlight(Int)
    }

    public enum Effect: Sendable, Equatable {
        /// What the filter's text field said.
        case filter(TextFieldEvent)
        case chosen(old: String?, new: String?)
        case highlighted(old: String?, new: String?)
        /// A value that is none of the options; nothing changed.
        case rejected
    }

    let options: OptionList

    /// - Parameter options: the options, folded here once.
    public init(options: [FieldOption]) { self.options = OptionList(options) }

    init(list: OptionList) { options = list }

    /// The options visible under the filter, in option order.
    ///
    /// - Complexity: one `memchr`/`memcmp` pass over the folded labels; see ``SearchFold``.
    public func visibleOptions(in state: State) -> [FieldOption] {
        options.visible(query: state.filter.text).map { options.options[$0] }
    }

    /// Applies `action`, handing each effect to `effect` in order.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .filter(let action):
            options.filter(&state.filter, action) { effect(.filter($0)) }
        case .select(let value):
            guard let position = options.position(of: value) else { return effect(.rejected) }
            let new = options.options[position].value
            guard state.choice.map({ !$0.isIdentical(to: new) }) ?? true else { return }
            let old = state.choice
            state.choice = new
            effect(.chosen(old: old, new: new))
        case .highlight(let delta):
            guard let (old, new) = options.move(&state.highlight, by: delta, query: state.filter.text) else { return }
            effect(.highlighted(old: old, new: new))
        }
    }
}

extension OptionList {
    /// A choice field's filter: the action goes to the seed's ``TextFieldReducer``, whose events
    /// `event` receives. Shared by select and multi-select.
    func filter(_ filter: inout TextFieldReducer.State, _ action: TextFieldReducer.Action, event: (TextFieldEvent) -> Void) {
        TextFieldReducer().reduce(into: &filter, action: action) { if case .notify(let said) = $0 { event(said) } }
    }

    /// Moves `highlight` by `delta` visible options (see ``moving(_:by:query:)``). Returns the
    /// old and the new value, or `nil` when nothing moved. Shared by select and multi-select.
    func move(_ highlight: inout String?, by delta: Int, query: String) -> (old: String?, new: String)? {
        let old = highlight
        guard let new = moving(old, by: delta, query: query), old.map({ !$0.isIdentical(to: new) }) ?? true else { return nil }
        highlight = new
        return (old, new)
    }

    /// The value highlighted after moving `delta` visible options from `highlight`, clamped at
    /// the ends; with no highlight yet, down lands on the first and up on the last. A highlight
    /// the filter hides moves from where it stands among the visible ones (see
    /// ``standing(of:among:)``), so a filter never moves the highlight itself. `nil` when no
    /// option is visible.
    func moving(_ highlight: String?, by delta: Int, query: String) -> String? {
        let visible = visible(query: query)
        guard !visible.isEmpty else { return nil }
        let target: Int
        if let current = highlight.flatMap({ position(of: $0) }).flatMap({ Self.standing(of: $0, among: visible) }) {
            target = min(max(current + delta, 0), visible.count - 1)
        } else {
            target = delta >= 0 ? 0 : visible.count - 1
        }
        return options[visible[target]].value
    }

    /// Where the option at `position` stands among `visible` (positions in option order): its
    /// own index when it is visible, else the first visible option after it, else the last.
    ///
    /// - Complexity: O(log *n*), a binary search.
    package static func standing(of position: Int, among visible: [Int]) -> Int? {
        guard !visible.isEmpty else { return nil }
        var low = 0, high = visible.count
        while low < high {
            let middle = (low + high) / 2
            if visible[middle] < position { low = middle + 1 } else { high = middle }
        }
        return min(low, visible.count - 1)
    }
}
