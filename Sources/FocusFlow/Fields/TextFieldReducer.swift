/// The search-field reducer: one text field's state and what happens to it.
///
/// Pure: ``reduce(into:action:)`` changes the state and describes what should be said about it
/// as ``Effect`` values; it performs nothing. Text is taken verbatim — never normalised, trimmed
/// or re-composed — so Hangul typed jamo by jamo stays exactly as typed.
///
/// ```swift
/// var state = TextFieldReducer.State(text: "")
/// let effects = TextFieldReducer().reduce(into: &state, action: .textChanged("가"))
/// // effects == [.notify(.changed(old: "", new: "가"))]
/// ```
public struct TextFieldReducer: Sendable {
    /// A text field's state: its text, exactly as typed.
    public struct State: Sendable, Codable, Hashable {
        public var text: String

        public init(text: String = "") { self.text = text }

        /// Whether the field holds any text (a search field shows its clear button then).
        public var hasText: Bool { !text.isEmpty }

        /// Equal when the texts are the same bytes: `"가"` typed as one precomposed scalar and
        /// as two conjoining jamo are different states, although `String`'s `==` calls them equal.
        public static func == (lhs: State, rhs: State) -> Bool { lhs.text.isIdentical(to: rhs.text) }

        /// Hashes the bytes, as ``==(_:_:)`` compares them.
        public func hash(into hasher: inout Hasher) {
            text.withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    public enum Action: Sendable, Equatable {
        /// The whole new text, as a text binding's setter delivers it.
        case textChanged(String)
        case submit
        case clear
    }

    public enum Effect: Sendable, Equatable {
        case notify(TextFieldEvent)
    }

    public init() {}

    /// Applies `action` to `state`.
    ///
    /// - Returns: What to tell the field's delegate, in order: one `changed` for a new text
    ///   (nothing when it is the same bytes), one `submitted`, or exactly one `cleared`.
    /// - Complexity: O(*n*) byte comparison of the old and new text for `textChanged` when their
    ///   lengths are equal; O(1) otherwise.
    public func reduce(into state: inout State, action: Action) -> [Effect] {
        var effects: [Effect] = []
        reduce(into: &state, action: action) { effects.append($0) }
        return effects
    }

    /// The same reducer, handing each effect to `effect` in order instead of returning an array:
    /// for hosts on a per-keystroke path, such as ``FlowReducer``, that would rather not
    /// allocate one.
    @inline(__always)
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .textChanged(let new):
            if state.text.isIdentical(to: new) { return }
            let old = state.text
            state.text = new
            effect(.notify(.changed(old: old, new: new)))
        case .submit:
            effect(.notify(.submitted))
        case .clear:
            state.text = ""
            effect(.notify(.cleared))
        }
    }
}
