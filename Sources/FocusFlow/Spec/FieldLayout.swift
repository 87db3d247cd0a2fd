/// A flow's fields by position: ids, where each id is, which are secure, and their initial states. Immutable and
/// shared by reference, so that a spec or a state copies it with one retain.
final class FieldLayout: Sendable {
    let ids: [FieldID]
    /// Where each id is, by its text: a `FieldID` hashes and compares as its text does, and a
    /// start then instantiates no dictionary keyed by `FieldID` (nor looks up its conformance).
    let indexByID: [String: Int]
    let secure: [Bool]
    /// Each field's state before anything happened: empty, or its `default` answer.
    let initial: [FieldState]
    /// Whether each field's kind has text to type (a text field's value, a choice field's filter).
    let hasText: [Bool]
    private let table: PositionTable

    init(fields: [FieldSpec], indexByID: [String: Int]) {
        // One pass that reads each field in place (borrowed): `map(FieldState.init)` copied every field.
        var ids: [FieldID] = [], secure: [Bool] = [], initial: [FieldState] = [], hasText: [Bool] = []
        ids.reserveCapacity(fields.count)
        secure.reserveCapacity(fields.count)
        initial.reserveCapacity(fields.count)
        hasText.reserveCapacity(fields.count)
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                ids.append(fields[index].id)
                secure.append(fields[index].secure)
                // A kind that reads "today" starts from the field itself (a date's `"default": "today"`).
                let kind = fields[index].kind
                let state = kind.behavior.readsClock ? FieldState(fields[index]) : FieldState(kind: kind, default: fields[index].default)
                hasText.append(state.text != nil)
                initial.append(state)
            }
        }
        self.ids = ids
        self.indexByID = indexByID
        self.secure = secure
        self.initial = initial
        self.hasText = hasText
        self.table = PositionTable(ids)
    }

    init(ids: [FieldID], secure: [Bool], initial: [FieldState]) {
        self.ids = ids
        self.secure = secure
        self.initial = initial
        self.hasText = initial.map { $0.text != nil }
        self.indexByID = Dictionary(ids.enumerated().map { ($1.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        self.table = PositionTable(ids)
    }

    /// The position of `id`. The reducer asks on every action, so the table hashed over the id's
    /// bytes answers first; the dictionary (which also finds an id written in another Unicode
    /// normalisation, whose bytes hash elsewhere) after.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func position(of id: FieldID) -> Int? {
        table.position(of: id, in: ids) ?? indexByID[id.rawValue]
    }
}

/// Open addressing over FNV-1a hashes of the ids' bytes: on a keystroke's path, `Dictionary`'s
/// seeded SipHash costs more than the rest of the reducer's work.
private struct PositionTable: Sendable {
    private let slots: [Int32]
    private let mask: Int

    init(_ ids: [FieldID]) {
        var size = 8
        while size < ids.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (position, id) in ids.enumerated() {
            var slot = Self.hash(id) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position)
        }
        self.slots = slots
        mask = size - 1
    }

    func position(of id: FieldID, in ids: [FieldID]) -> Int? {
        var slot = Self.hash(id) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if ids[position] == id { return position }
            slot = (slot + 1) & mask
        }
    }

    private static func hash(_ id: FieldID) -> Int {
        id.rawValue.withBytes { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}
