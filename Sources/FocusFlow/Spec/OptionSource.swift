/// Where a select's or a multi-select's options come from when the flow file does not list
/// them: the service behind the walk, by name (`"options": {"from": "cities"}`).
///
/// The host gives the list when the walk reaches the field (``FlowEvent/loadingOptions(field:source:ticket:query:)``,
/// answered with ``FlowReducer/Action/options(ticket:_:)``); with ``search``, again for each
/// change of the person's filter, which the request carries (`{"from": "address", "search":
/// true}`: a list too long to send whole). The list lives in the walk's state
/// (``FlowReducer/State/optionLists``), never in the spec.
///
/// A field with a source has no `default` (no option is known when the flow is loaded), and a
/// `when` on it compares with values the loader cannot hold to a list.
public struct OptionSource: Sendable, Hashable {
    /// The name the host gives the list by (`"cities"`): letters, digits, `-`, `_` and `.`.
    public var name: String
    /// Whether the person's filter is sent, and each change of it asks again.
    public var search: Bool

    public init(name: String, search: Bool = false) {
        self.name = name
        self.search = search
    }
}

extension OptionSource: Codable {
    /// `{"from": NAME}` or `{"from": NAME, "search": true}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: ["from", "search"])
        self.init(name: try c.decode(String.self, forKey: "from"), search: try c.decodeIfPresent(Bool.self, forKey: "search") ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(name, forKey: "from")
        if search { try c.encode(true, forKey: "search") }
    }

    /// The loader's fast path: the object at the cursor, or `nil` for anything the `Codable`
    /// path must word (an unknown key, a value of the wrong type).
    static func decodeDirectly(_ c: inout JSONCursor) -> OptionSource? {
        var seen = JSONKeySet()
        var name: String?
        var search: Bool?
        let read = c.object { c, key in
            switch key.first {
            case UInt8(ascii: "f") where key.spells("from"): name = c.string(); return seen.insert(0) && name != nil
            case UInt8(ascii: "s") where key.spells("search"): return seen.insert(1) && c.optionalBool(&search)
            default: return false
            }
        }
        guard read, let name else { return nil }
        return OptionSource(name: name, search: search ?? false)
    }
}

extension FieldSpec {
    /// Checks an option source: a choice field's, with a name a command line can give
    /// (`--options NAME=COMMAND`), and no `default`.
    static func checkOptionSource(_ field: UnsafePointer<FieldSpec>, path: @autoclosure () -> String, problems: ProblemSink) throws {
        guard let source = field.pointee.optionSource else { return }
        let kind = field.pointee.kind
        guard kind.hasOptions else {
            return try problems.each {
                throw FlowSpecError(path: "\(path()).options", reason: .optionsNotAllowed(kind, owners: FieldKind.allCases.filter(\.hasOptions)))
            }
        }
        if !isServiceName(source.name) {
            try problems.each { throw FlowSpecError(path: "\(path()).options.from", reason: .badServiceName(source.name)) }
        }
        if field.pointee.default != nil {
            try problems.each { throw FlowSpecError(path: "\(path()).default", reason: .defaultWithOptionSource(source.name)) }
        }
    }
}
