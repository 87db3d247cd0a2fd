import FocusFlow
import Foundation

/// A search field on its own: the ``TextFieldReducer`` plus a list of options filtered by the
/// query, ignoring case and diacritics ("cafe" finds "Café").
///
/// The text itself stays verbatim; only the comparison folds case and diacritics.
public struct SearchField: Sendable {
    public struct State: Sendable, Equatable {
        public var field: TextFieldReducer.State
        public var options: [String]

        public init(query: String = "", options: [String]) {
            self.field = .init(text: query)
            self.options = options
        }

        /// The options matching the query, in their original order; all of them for an empty query.
        ///
        /// - Complexity: O(*m* × *n*) for *m* options of length *n*.
        public var results: [String] {
            let query = SearchField.folded(field.text)
            guard !query.isEmpty else { return options }
            return options.filter { SearchField.folded($0).contains(query) }
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

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
