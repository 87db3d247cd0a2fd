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
        /// The highlighted option's value; `nil` before any move, which highlights the first option.
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
            let before = state.filter.text
            options.filter(&state.filter, action) { effect(.filter($0)) }
            if !state.filter.text.isIdentical(to: before), let (old, new) = options.settle(&state.highlight, query: state.filter.text) {
                effect(.highlighted(old: old, new: new))
            }
        case .select(let value):
            guard let position = options.position(of: value) else { return effect(.rejected) }
            let new = options.options[position].value
            // The chosen option is highlighted, so that Enter (which takes the highlight) keeps it.
            if state.highlight.map({ !$0.isIdentical(to: new) }) ?? (position != 0) {
                let old = state.highlight
                state.highlight = new
                effect(.highlighted(old: old, new: new))
            }
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

    /// Moves `highlight` by `delta` visible options from where it stands (see
    /// ``standing(_:among:)``), clamped at the ends. Returns the old and the new value, or `nil`
    /// when what is highlighted does not change (no option is visible, or the move is past an
    /// end). Shared by select and multi-select.
    func move(_ highlight: inout String?, by delta: Int, query: String) -> (old: String?, new: String)? {
        let visible = visible(query: query)
        guard let current = standing(highlight, among: visible) else { return nil }
        let target = min(max(current + delta, 0), visible.count - 1)
        guard target != current else { return nil }
        let old = highlight
        let new = options[visible[target]].value
        highlight = new
        return (old, new)
    }

    /// After a change of the filter to `query`: a highlight the filter hides goes to the first
    /// option it shows, as in every picker (typing `kor` highlights the first Korea, not where
    /// the option highlighted before would stand). Returns the old and the new value, or `nil`
    /// when the highlight stays (it is visible, or the filter shows nothing). Shared by select
    /// and multi-select.
    ///
    /// - Complexity: one search of the highlighted label; when the filter hides it, a search up
    ///   to the first label that matches.
    func settle(_ highlight: inout String?, query: String) -> (old: String?, new: String)? {
        let current = highlight.flatMap { position(of: $0) } ?? 0
        if shows(current, query: query) { return nil }
        guard let first = firstShown(query: query) else { return nil }
        let old = highlight
        let new = options[first].value
        highlight = new
        return (old, new)
    }

    /// Where `highlight` stands among `visible` (positions in option order): see
    /// ``standing(of:among:)``. With no highlight yet, the field's first option is highlighted,
    /// so the first visible one stands there. `nil` when no option is visible.
    ///
    /// This is the one rule for what a choice field highlights: what a screen marks, what Enter
    /// takes on a select, what a multi-select's toggle key toggles.
    func standing(_ highlight: String?, among visible: [Int]) -> Int? {
        Self.standing(of: highlight.flatMap { position(of: $0) } ?? 0, among: visible)
    }

    /// The position of the option highlighted under `query` (see ``standing(_:among:)``), or
    /// `nil` when the filter shows no option.
    func highlighted(_ highlight: String?, query: String) -> Int? {
        let visible = visible(query: query)
        return standing(highlight, among: visible).map { visible[$0] }
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
