/// The keys of a flow file that belong to one kind of field (a number's `step`, a text's
/// `minLength`) and the values the file gives them.
///
/// The loaders read these keys by their ``KindKey/Shape`` alone, from the table every kind
/// declares (``FieldBehavior/fieldKeys``, ``FieldBehavior/ownRules``); only the kind's own files
/// name a key and say what it means, through a typed property (`rules.minLength`). So a new kind
/// brings its keys with it and no shared file changes.
struct KindValues: Sendable, Hashable {
    /// A value of one of the shapes a kind's key takes.
    enum Value: Sendable, Hashable {
        case flag(Bool)
        /// A whole number (a count, a length).
        case count(Int)
        case number(Double)
        case strings([String])
    }

    struct Entry: Sendable, Hashable {
        let key: String
        var value: Value
    }

    /// The values given, by key in code point order, so that two loaders that met the keys in
    /// different orders hold equal values.
    private(set) var entries: [Entry] = []

    init() {}

    /// Whether the file gives none of a kind's keys.
    var isEmpty: Bool { entries.isEmpty }

    /// The value given for `key`, or `nil`; setting `nil` removes it.
    subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key >= key } ?? entries.endIndex
            let present = index < entries.endIndex && entries[index].key == key
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert(Entry(key: key, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// The whole number given for `key`; setting `nil` removes it.
    subscript(count key: String) -> Int? {
        get { if case .count(let value)? = self[key] { value } else { nil } }
        set { self[key] = newValue.map(Value.count) }
    }

    /// The number given for `key` (a whole number too); setting `nil` removes it.
    subscript(number key: String) -> Double? {
        get {
            switch self[key] {
            case .number(let value)?: value
            case .count(let value)?: Double(value)
            default: nil
            }
        }
        set { self[key] = newValue.map(Value.number) }
    }

    /// The flag given for `key`; setting `nil` removes it.
    subscript(flag key: String) -> Bool? {
        get { if case .flag(let value)? = self[key] { value } else { nil } }
        set { self[key] = newValue.map(Value.flag) }
    }

    /// The strings given for `key`; setting `nil` removes it.
    subscript(strings key: String) -> [String]? {
        get { if case .strings(let value)? = self[key] { value } else { nil } }
        set { self[key] = newValue.map(Value.strings) }
    }
}

/// A key of a flow file that a kind owns, and the shape of its value.
struct KindKey: Sendable, Equatable {
    enum Shape: Sendable {
        case flag, count, number, strings

        /// The JSON type an error names when a value is not of the shape.
        var jsonType: FlowSpecError.Reason.JSONType {
            switch self {
            case .flag: .bool
            case .count: .wholeNumber
            case .number: .number
            case .strings: .strings
            }
        }
    }

    let name: String
    let shape: Shape

    init(_ name: String, _ shape: Shape) {
        self.name = name
        self.shape = shape
    }

    /// Every kind's keys of the field object, each once, in the order of the kinds: what the
    /// loaders take beside the keys every field has.
    static let fieldKeys = union { $0.fieldKeys }
    /// Every kind's own rules, each once, in the order of the kinds.
    static let rules = union { $0.ownRules }

    private static func union(_ keys: (any FieldBehavior.Type) -> [KindKey]) -> [KindKey] {
        var all: [KindKey] = []
        for kind in FieldKind.allCases {
            for key in keys(kind.behavior) where !all.contains(where: { $0.name == key.name }) { all.append(key) }
        }
        return all
    }
}

extension KindValues {
    /// Reads the keys of `table` that `container` holds, by their shapes.
    init(from container: KeyedDecodingContainer<AnyKey>, keys table: [KindKey]) throws {
        self.init()
        for key in table where container.contains(AnyKey(key.name)) {
            let name = AnyKey(key.name)
            let value: Value? =
                switch key.shape {
                case .flag: try container.decodeIfPresent(Bool.self, forKey: name).map(Value.flag)
                case .count: try container.decodeIfPresent(Int.self, forKey: name).map(Value.count)
                case .number: try container.decodeIfPresent(Double.self, forKey: name).map(Value.number)
                case .strings: try container.decodeIfPresent([String].self, forKey: name).map(Value.strings)
                }
            self[key.name] = value
        }
    }

    /// Writes the values, in the order of `table`.
    func encode(to container: inout KeyedEncodingContainer<AnyKey>, keys table: [KindKey]) throws {
        for key in table {
            switch self[key.name] {
            case .flag(let value)?: try container.encode(value, forKey: AnyKey(key.name))
            case .count(let value)?: try container.encode(value, forKey: AnyKey(key.name))
            case .number(let value)?: try container.encode(value, forKey: AnyKey(key.name))
            case .strings(let value)?: try container.encode(value, forKey: AnyKey(key.name))
            case nil: break
            }
        }
    }

    /// Reads the value of the key at `position` in `table` for the loader's fast path: `false`
    /// when the value is not of its shape (or a number is not whole, which the `Codable` path reads).
    mutating func read(_ c: inout JSONCursor, key: KindKey) -> Bool {
        if c.takeNull() { return true }
        let value: Value? =
            switch key.shape {
            case .flag: c.bool().map(Value.flag)
            case .count: c.int().map(Value.count)
            case .number: c.int().map { Value.number(Double($0)) }
            case .strings: c.strings().map(Value.strings)
            }
        self[key.name] = value
        return value != nil
    }
}

extension [KindKey] {
    /// The position of the key these bytes spell, found without building a string.
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        firstIndex { key in key.name.utf8.elementsEqual(bytes) }
    }
}

extension FieldSpec {
    /// Writes the kind's own keys of the field (a number's `"step"`), each as `,"key":value`, in
    /// the order the kinds declare them: `describe` lists them as the flow file gives them.
    package func writeKindSettings(into out: inout JSONWriter) {
        for key in KindKey.fieldKeys {
            guard let value = kindSettings[key.name] else { continue }
            out.raw(","); out.string(key.name); out.raw(":")
            switch value {
            case .flag(let flag): out.bool(flag)
            case .count(let count): out.int(count)
            case .number(let number): out.raw(JSONText.number(number))
            case .strings(let texts):
                out.raw("[")
                for (index, text) in texts.enumerated() {
                    if index > 0 { out.raw(",") }
                    out.string(text)
                }
                out.raw("]")
            }
        }
    }
}
