/// Every field's ``TextFieldReducer/State``, hidden fields included, so that nothing typed is lost.
///
/// Read and write by id, as in a test's `$0.fields["email"] = .init(text: "ada@example.com")`;
/// the reducer reaches a field by position in O(1).
public struct FieldStates: Sendable, Hashable {
    private var storage: [TextFieldReducer.State]
    let layout: FieldLayout

    init(layout: FieldLayout) {
        self.layout = layout
        self.storage = Array(repeating: .init(), count: layout.ids.count)
    }

    /// The ids, in field order.
    public var ids: [FieldID] { layout.ids }

    /// The state of the field `id`; `nil` for an id the flow does not have. Setting `nil` or an
    /// unknown id changes nothing.
    public subscript(id: FieldID) -> TextFieldReducer.State? {
        get { layout.indexByID[id].map { storage[$0] } }
        set {
            guard let index = layout.indexByID[id], let newValue else { return }
            storage[index] = newValue
        }
    }

    /// The state of the field at `position`, in place.
    subscript(position position: Int) -> TextFieldReducer.State {
        get { storage[position] }
        _modify { yield &storage[position] }
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
        var text: String
        var secure: Bool?
    }

    /// A list of `{"id", "text", "secure"}` in field order.
    public init(from decoder: any Decoder) throws {
        let entries = try [Entry](from: decoder)
        self.init(layout: FieldLayout(ids: entries.map(\.id), secure: entries.map { $0.secure ?? false }))
        storage = entries.map { TextFieldReducer.State(text: $0.text) }
    }

    public func encode(to encoder: any Encoder) throws {
        try ids.indices.map { Entry(id: ids[$0], text: storage[$0].text, secure: layout.secure[$0] ? true : nil) }.encode(to: encoder)
    }
}
