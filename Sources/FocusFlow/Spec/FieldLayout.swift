/// A flow's fields by position: ids, where each id is, and which are secure. Immutable and
/// shared by reference, so that a spec or a state copies it with one retain.
final class FieldLayout: Sendable {
    let ids: [FieldID]
    let indexByID: [FieldID: Int]
    let secure: [Bool]

    init(fields: [FieldSpec], indexByID: [FieldID: Int]) {
        self.ids = fields.map(\.id)
        self.indexByID = indexByID
        self.secure = fields.map(\.secure)
    }

    init(ids: [FieldID], secure: [Bool]) {
        self.ids = ids
        self.secure = secure
        self.indexByID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
