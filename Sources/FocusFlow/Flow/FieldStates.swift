/// Every field's ``FieldState``, hidden fields included, so that nothing typed or chosen is lost.
///
/// Read and write a text field by id, as in a test's `$0.fields["email"] = .init(text: "ada@example.com")`
/// (a choice field's filter the same way); any kind with ``subscript(field:)``, as in
/// `$0.fields[field: "country"] = .select(.init(choice: "kr"))`. The reducer reaches a field by
/// position in O(1).
public struct FieldStates: Sendable, Hashable {
    private var storage: [FieldState]
    let layout: FieldLayout

    init(layout: FieldLayout) {
        self.layout = layout
        self.storage = layout.initial
    }

    /// The ids, in field order.
    public var ids: [FieldID] { layout.ids }

    /// The text state of the field `id` (a choice field's filter); `nil` for a confirm field or
    /// an id the flow does not have. Setting `nil` or an unknown id changes nothing.
    public subscript(id: FieldID) -> TextFieldReducer.State? {
        get { layout.indexByID[id].flatMap { storage[$0].text } }
        set {
            guard let index = layout.indexByID[id], let newValue else { return }
            storage[index].text = newValue
        }
    }

    /// The whole state of the field `id`, of its kind; `nil` for an id the flow does not have.
    /// Setting `nil`, an unknown id or a state of another kind changes nothing.
    public subscript(field id: FieldID) -> FieldState? {
        get { layout.indexByID[id].map { storage[$0] } }
        set {
            guard let index = layout.indexByID[id], let newValue, newValue.kind == storage[index].kind else { return }
            storage[index] = newValue
        }
    }

    /// The state of the field at `position`, in place.
    subscript(position position: Int) -> FieldState {
        get { storage[position] }
        _modify { yield &storage[position] }
    }

    /// Runs `body` on the text field at `position` in place, keeping its string uniquely
    /// referenced; `nil` when the field is of another kind.
    @inline(__always)
    mutating func withText<R>(at position: Int, _ body: (inout TextFieldReducer.State) -> R) -> R? {
        guard case .text(var state) = storage[position] else { return nil }
        storage[position] = .confirm(.init())
        defer { storage[position] = .text(state) }
        return body(&state)
    }

    /// Whether the field `id` is secure, so that descriptions mask it.
    public func isSecure(_ id: FieldID) -> Bool {
        layout.indexByID[id].map { layout.secure[$0] } ?? false
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    public static func == (lhs: FieldStates, rhs: FieldStates) -> Bool {
        lhs.storage == rhs.storage && (lhs.layout === rhs.layout || lhs.layout.ids == rhs.layout.ids)
    }
}

extension FieldStates: Codable {
    private struct Entry: Codable {
        var id: FieldID
        var text: String?
        var secure: Bool?
        /// A field of another kind than text, whole.
        var state: FieldState?
    }

    /// A list of `{"id", "text", "secure"}` (text fields) or `{"id", "state"}` in field order.
    public init(from decoder: any Decoder) throws {
        let entries = try [Entry](from: decoder)
        let states = entries.map { $0.state ?? .text(.init(text: $0.text ?? "")) }
        self.init(layout: FieldLayout(ids: entries.map(\.id), secure: entries.map { $0.secure ?? false }, initial: states))
    }

    public func encode(to encoder: any Encoder) throws {
        try ids.indices.map { index -> Entry in
            if case .text(let state) = storage[index] {
                return Entry(id: ids[index], text: state.text, secure: layout.secure[index] ? true : nil)
            }
            return Entry(id: ids[index], state: storage[index])
        }.encode(to: encoder)
    }
}
