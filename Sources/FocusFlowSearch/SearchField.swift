import FocusFlow

/// A search field on its own: the ``/FocusFlow/TextFieldReducer`` plus a list of options filtered by the
/// query with the engine's fold, the one a choice field's filter uses: case, diacritics and width
/// ignored ("cafe" finds "Café"), Hangul matched while a syllable is still being composed ("하"
/// finds "한국").
///
/// The text itself stays verbatim; only the comparison folds. The options are folded once, when
/// they are set, so a keystroke folds only the query.
public struct SearchField: Sendable {
    public struct State: Sendable, Equatable {
        public var field: TextFieldReducer.State
        public var options: [String] {
            didSet { list = Self.list(options) }
        }
        /// The options as a choice field's, whose filter is the engine's.
        private var list: FieldSpec

        public init(query: String = "", options: [String]) {
            self.field = .init(text: query)
            self.options = options
            self.list = Self.list(options)
        }

        /// The options matching the query, in their original order; all of them for an empty query.
        ///
        /// - Complexity: one pass over the options' folded labels.
        public var results: [String] {
            list.visibleOptions(query: field.text).map { options[$0] }
        }

        private static func list(_ options: [String]) -> FieldSpec {
            FieldSpec(id: "search", kind: .select, options: options.map { FieldOption(value: $0) })
        }

        public static func == (lhs: State, rhs: State) -> Bool {
            lhs.field == rhs.field && lhs.options == rhs.options
        }
    }

    private let reducer = TextFieldReducer()

    public init() {}

    /// Applies a text action to the query.
    ///
    /// - Returns: the text field's effects, unchanged.
    public func reduce(into state: inout State, action: TextFieldReducer.Action) -> [TextFieldReducer.Effect] {
        reducer.reduce(into: &state.field, action: action)
    }
}
