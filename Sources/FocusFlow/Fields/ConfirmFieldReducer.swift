/// A yes/no field: the answer is `true`, `false` or not given yet.
///
/// Pure and usable alone, as ``TextFieldReducer`` is.
public struct ConfirmFieldReducer: Sendable {
    public struct State: Sendable, Hashable, Codable {
        /// The answer; `nil` until given (or a flow's `default`).
        public var value: Bool?

        public init(value: Bool? = nil) { self.value = value }
    }

    public enum Action: Sendable, Equatable {
        case set(Bool)
        case submit
    }

    public enum Effect: Sendable, Equatable {
        /// The answer changed.
        case answered(old: Bool?, new: Bool?)
        case submitted
    }

    public init() {}

    /// Applies `action`, handing each effect to `effect` in order: one `answered` when the
    /// answer changes, nothing when it is the same; one `submitted`.
    public func reduce(into state: inout State, action: Action, effect: (Effect) -> Void) {
        switch action {
        case .set(let new):
            guard state.value != new else { return }
            let old = state.value
            state.value = new
            effect(.answered(old: old, new: new))
        case .submit:
            effect(.submitted)
        }
    }
}
