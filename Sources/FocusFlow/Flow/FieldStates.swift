/// Every field's ``FieldState``, hidden fields included, so that nothing typed or chosen is lost.
///
/// Read and write a text field by id, as in a test's `$0.fields["email"] = .init(text: "ada@example.com")`
/// (a choice field's filter the same way); any kind with ``subscript(field:)``, as in
/// `$0.fields[field: "country"] = .select(.init(choice: "kr"))`. The reducer reaches a field by
/// position in O(1).
public struct FieldStates: Sendable, Hashable {
    /// Every field's text, kept apart so that a keystroke edits it in place: a text field's
    /// value, a choice field's filter query, empty for a confirm field.
    private var texts: [TextFieldReducer.State]
    /// The rest of each field's state; a text field's entry is a placeholder, and a choice
    /// field's filter in here stays empty (``texts`` holds it).
    private var rest: [FieldState]
    let layout: FieldLayout

    init(layout: FieldLayout) {
        self.layout = layout
        texts = layout.initial.map { $0.text ?? .init() }
        rest = layout.initial.map(Self.withoutText)
    }

    /// `state` with its text emptied: what ``rest`` keeps.
    private static func withoutText(_ state: FieldState) -> FieldState {
        var state = state
        if state.text != nil { state.text = .init() }
        return state
    }

    /// The ids, in field order.
    public var ids: [FieldID] { layout.ids }

    /// The text state of the field `id` (a choice field's filter); `nil` for a confirm field or
    /// an id the flow does not have. Setting `nil` or an unknown id changes nothing.
    public subscript(id: FieldID) -> TextFieldReducer.State? {
        get { layout.indexByID[id.rawValue].flatMap { layout.hasText[$0] ? texts[$0] : nil } }
        set {
            guard let index = layout.indexByID[id.rawValue], let newValue, layout.hasText[index] else { return }
            texts[index] = newValue
        }
    }

    /// The whole state of the field `id`, of its kind; `nil` for an id the flow does not have.
    /// Setting `nil`, an unknown id or a state of another kind changes nothing.
    public subscript(field id: FieldID) -> FieldState? {
        get { layout.indexByID[id.rawValue].map { self[position: $0] } }
        set {
            guard let index = layout.indexByID[id.rawValue], let newValue, newValue.kind == rest[index].kind else { return }
            self[position: index] = newValue
        }
    }

    /// The state of the field at `position`.
    package subscript(position position: Int) -> FieldState {
        get {
            var state = rest[position]
            if layout.hasText[position] { state.text = texts[position] }
            return state
        }
        set {
            if let text = newValue.text { texts[position] = text }
            rest[position] = Self.withoutText(newValue)
        }
    }

    /// Whether the field at `position` holds the same state here as in `other`, compared
    /// without assembling either.
    package func holdsSame(at position: Int, as other: FieldStates) -> Bool {
        texts[position] == other.texts[position] && rest[position] == other.rest[position]
    }

    /// The positions, in order, of the fields whose states differ from `other`'s (as
    /// ``holdsSame(at:as:)`` compares them).
    ///
    /// - Complexity: O(1) when the two share their storage, else O(*n*) comparisons, of the
    ///   texts alone or of the rest alone where the other part is shared storage.
    package func positions(differingFrom other: FieldStates) -> [Int] {
        let sameTexts = texts.withUnsafeBufferPointer { $0.baseAddress } == other.texts.withUnsafeBufferPointer { $0.baseAddress }
        let sameRest = rest.withUnsafeBufferPointer { $0.baseAddress } == other.rest.withUnsafeBufferPointer { $0.baseAddress }
        if sameTexts && sameRest { return [] }
        return texts.indices.filter { (!sameTexts && texts[$0] != other.texts[$0]) || (!sameRest && rest[$0] != other.rest[$0]) }
    }

    /// Whether every field's state is the very storage `other` holds: nothing was written to
    /// either since one was copied from the other (a `false` says nothing).
    package func sharesStorage(with other: FieldStates) -> Bool {
        texts.withUnsafeBufferPointer { $0.baseAddress } == other.texts.withUnsafeBufferPointer { $0.baseAddress }
            && rest.withUnsafeBufferPointer { $0.baseAddress } == other.rest.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// The text state of the field at `position`, in place: the keystroke path.
    subscript(textAt position: Int) -> TextFieldReducer.State {
        get { texts[position] }
        _modify { yield &texts[position] }
    }

    /// The bytes (UTF-8) of every field's text together: what a host's requests can make a walk
    /// hold, which `serve --sessions` bounds.
    ///
    /// - Complexity: O(*n*) in the number of fields.
    package var textBytes: Int { texts.reduce(0) { $0 + $1.text.utf8.count } }

    /// Whether the field `id` is secure, so that descriptions mask it.
    public func isSecure(_ id: FieldID) -> Bool {
        layout.indexByID[id.rawValue].map { layout.secure[$0] } ?? false
    }

    /// The part of a state's description that tells the field at `position`: its id, and its
    /// text quoted, its state as Swift source (``FieldState/description``), or `<secure>`.
    func description(at position: Int) -> String {
        if layout.secure[position] { return "\(layout.ids[position]): <secure>" }
        if case .text(let state) = self[position: position] { return "\(layout.ids[position]): \(state.text.debugDescription)" }
        return "\(layout.ids[position]): \(self[position: position])"
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(texts)
        hasher.combine(rest)
    }

    public static func == (lhs: FieldStates, rhs: FieldStates) -> Bool {
        lhs.texts == rhs.texts && lhs.rest == rhs.rest && (lhs.layout === rhs.layout || lhs.layout.ids == rhs.layout.ids)
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
            if case .text(let state) = self[position: index] {
                return Entry(id: ids[index], text: state.text, secure: layout.secure[index] ? true : nil)
            }
            return Entry(id: ids[index], state: self[position: index])
        }.encode(to: encoder)
    }
}
