#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FlowResult {
    /// The answers as the host's own `Decodable` type, each property read from the field whose
    /// id is its key (a `CodingKeys` case names a hyphenated id: `case birthDate = "birth-date"`).
    ///
    /// Each kind's answer becomes the type the host asks for, and nothing else:
    ///
    /// - a text (secure or not), a select's choice: `String`, or the host's type that reads one
    ///   (an enum with `String` raw values, a type decoding a single value);
    /// - a confirm: `Bool`;
    /// - a number: any numeric type the host asks for (`Int`, `Int8`…`UInt64`, `Double`,
    ///   `Float`, `Decimal`); an integer type only when the value is whole and within the
    ///   type's range, never truncated nor rounded;
    /// - a date: `Date` (its day at 00:00 UTC) or `String` (its `YYYY-MM-DD` text);
    /// - a multi-select: an array or set (`[String]`, `Set<String>`, `[Topic]`), in option order.
    ///
    /// An optional property is `nil` for a field that was hidden when the flow completed or that
    /// was left unanswered (an empty text, no choice, no number, no date); ``json`` writes the
    /// same, but an empty text as `""`.
    ///
    /// ```swift
    /// struct Signup: Decodable {
    ///     var email: String
    ///     var age: Int
    ///     var guardian: String?
    /// }
    /// let signup = try result.decode(Signup.self)
    /// ```
    ///
    /// - Parameter type: the host's type; inferred from the context when left out.
    /// - Returns: the answers as `type`.
    /// - Throws: ``AnswerDecodingError`` naming the field, the type asked for and the answer,
    ///   for an answer of another type, a number an integer type cannot hold, a hidden or
    ///   unanswered field asked for as a type that is not optional, or a key that names no
    ///   field of the flow. A secure field's value is never in it.
    /// - Complexity: O(*n*) in the number of fields for each property read.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(AnswerDecodingError) -> T {
        do {
            return try T(from: ResultDecoder(result: self, requested: AnswerDecoder.name(of: T.self)))
        } catch let error as AnswerDecodingError {
            throw error
        } catch {
            // The host's own initialiser threw: its words may hold any answer, a secure one too.
            let secret = answers.contains(where: \.secure)
            throw AnswerDecodingError(
                field: nil, requested: AnswerDecoder.name(of: T.self), answer: "the flow's answers",
                reason: .refused(secret ? nil : AnswerDecoder.words(of: error)))
        }
    }
}

/// The decoder of a whole result: a keyed container whose keys are field ids.
private struct ResultDecoder: Decoder {
    let result: FlowResult
    let requested: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(AnswersContainer<Key>(result: result))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw notKeyed }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw notKeyed }

    private var notKeyed: AnswerDecodingError {
        AnswerDecodingError(field: nil, requested: requested, answer: "a set of fields, each under its id", reason: .typeMismatch)
    }
}

/// The fields of a result by id.
private struct AnswersContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let result: FlowResult
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { result.answers.compactMap { Key(stringValue: $0.field.rawValue) } }

    /// Whether the flow has the field: answered, or hidden when the flow completed.
    func contains(_ key: Key) -> Bool {
        group(key) != nil || answer(for: key) != nil || result.flowFields?.contains(FieldID(key.stringValue)) == true
    }

    /// The repeating group named `key`, shown when the flow completed.
    private func group(_ key: Key) -> ResultGroup? { result.groups.first { $0.id.rawValue == key.stringValue } }

    /// Whether `key` names a repeating group of the flow (its items' fields are in the flow's).
    private func namesGroup(_ key: Key) -> Bool {
        result.flowFields?.contains { $0.rawValue.hasPrefix(key.stringValue + "[") } ?? false
    }

    /// The decoder of the group named `key`: an array of its items, each read as a result.
    private func groupDecoder(_ group: ResultGroup) -> GroupDecoder {
        let prefix = group.id.rawValue + "[0]."
        let fields = result.flowFields.map { $0.filter { $0.rawValue.hasPrefix(prefix) }.map { FieldID(String($0.rawValue.dropFirst(prefix.count))) } }
        return GroupDecoder(items: group.items.indices.map { result.item($0, of: group, fields: fields) }, field: group.id)
    }

    private func answer(for key: Key) -> FlowResult.Answer? { result.answers.first { $0.field.rawValue == key.stringValue } }

    /// The field's answer, or `nil` for a field that was hidden; throws for a key that names
    /// no field of the flow.
    private func entry(_ key: Key, requested: String) throws(AnswerDecodingError) -> FlowResult.Answer? {
        if let answer = answer(for: key) { return answer }
        if let fields = result.flowFields, !fields.contains(FieldID(key.stringValue)) {
            throw AnswerDecodingError(field: FieldID(key.stringValue), requested: requested, answer: "none", reason: .noSuchField)
        }
        return nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let answer = try entry(key, requested: "Optional") else { return true }
        return AnswerDecoder(answer, requested: "Optional").decodeNil()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let requested = AnswerDecoder.name(of: T.self)
        if let group = group(key) { return try T(from: groupDecoder(group)) }
        if namesGroup(key) { throw AnswerDecodingError(field: FieldID(key.stringValue), requested: requested, answer: "none", reason: .hidden) }
        guard let answer = try entry(key, requested: requested) else {
            throw AnswerDecodingError(field: FieldID(key.stringValue), requested: requested, answer: "none", reason: .hidden)
        }
        return try AnswerDecoder(answer, requested: requested).value(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let requested = AnswerDecoder.name(of: T.self)
        if let group = group(key) { return try T(from: groupDecoder(group)) }
        if namesGroup(key) { return nil }
        guard let answer = try entry(key, requested: requested) else { return nil }
        let decoder = AnswerDecoder(answer, requested: requested)
        return decoder.decodeNil() ? nil : try decoder.value(T.self)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(type, key) }

    /// The generic ``decode(_:forKey:)``, which every primitive takes.
    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T { try decode(type, forKey: key) }
    /// The generic ``decodeIfPresent(_:forKey:)``, which every primitive takes.
    private func present<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? { try decodeIfPresent(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try fieldDecoder(key, requested: "a keyed type").container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try fieldDecoder(key, requested: "an array").unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ResultDecoder(result: result, requested: "a super type") }

    func superDecoder(forKey key: Key) throws -> any Decoder { try fieldDecoder(key, requested: "a super type") }

    private func fieldDecoder(_ key: Key, requested: String) throws -> AnswerDecoder {
        guard let answer = try entry(key, requested: requested) else {
            throw AnswerDecodingError(field: FieldID(key.stringValue), requested: requested, answer: "none", reason: .hidden)
        }
        return AnswerDecoder(answer, requested: requested)
    }
}

/// The decoder of one field's answer: a single value, or for a multi-select an array of them.
struct AnswerDecoder: Decoder, SingleValueDecodingContainer {
    let answer: FieldAnswer
    let field: FieldID
    let secure: Bool
    /// The host's type for the field (or for one choice of a multi-select), as errors name it.
    let requested: String
    var codingPath: [any CodingKey] { [AnyKey(field.rawValue)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ entry: FlowResult.Answer, requested: String) {
        self.init(answer: entry.answer, field: entry.field, secure: entry.secure, requested: requested)
    }

    init(answer: FieldAnswer, field: FieldID, secure: Bool, requested: String) {
        self.answer = answer
        self.field = field
        self.secure = secure
        self.requested = requested
    }

    /// Swift's name of `type` (`Int8`, `Array<String>`).
    static func name(of type: Any.Type) -> String { String(describing: type) }

    /// What a host's initialiser said when it threw: a decoding error's own sentence.
    static func words(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.debugDescription
        default: String(describing: error)
        }
    }

    /// The answer in words, its value left out for a secure field: `a number (300)`.
    var answerWords: String {
        func shown(_ kind: String, _ value: String?) -> String {
            guard let value else { return "no \(kind)" }
            return secure ? "a secure \(kind)" : "a \(kind) (\(value))"
        }
        switch answer {
        case .text(let text): return shown("text", JSONText.quote(text))
        case .bool(let flag): return shown("yes or no", flag.map(String.init))
        case .choice(let value): return shown("choice", value.map(JSONText.quote))
        case .choices(let values): return secure ? "secure choices" : "choices ([\(values.map(JSONText.quote).joined(separator: ", "))])"
        case .number(let value): return shown("number", value.map(JSONText.number))
        case .date(let value): return shown("date", value.map(JSONText.quote))
        }
    }

    private func failure(_ reason: AnswerDecodingError.Reason, asking type: Any.Type) -> AnswerDecodingError {
        let primitive = Self.name(of: type)
        let requested = self.requested == primitive ? primitive : "\(self.requested) (as \(primitive))"
        return AnswerDecodingError(field: field, requested: requested, answer: answerWords, reason: reason)
    }

    /// The answer as `T`: a `Date` or `Decimal` read here, any other type by its own initialiser.
    func value<T: Decodable>(_ type: T.Type) throws -> T {
        if let date = try foundationValue(T.self) { return date }
        do {
            return try T(from: self)
        } catch let error as AnswerDecodingError {
            throw error
        } catch {
            throw failure(.refused(secure ? nil : Self.words(of: error)), asking: T.self)
        }
    }

    /// A `Date` or `Decimal` asked for, which their own initialisers would read as numbers; `nil` for another type.
    private func foundationValue<T>(_ type: T.Type) throws -> T? {
        if T.self == Date.self {
            guard case .date(let text) = answer else { throw failure(.typeMismatch, asking: T.self) }
            guard let text, let day = DateFieldReducer.Day(text) else { throw failure(.unanswered, asking: T.self) }
            return Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400) as? T
        }
        if T.self == Decimal.self {
            let value = try number(asking: T.self)
            return Decimal(string: JSONText.number(value)) as? T
        }
        return nil
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw AnswerDecodingError(field: field, requested: requested, answer: answerWords, reason: .typeMismatch)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .choices(let values) = answer else {
            throw AnswerDecodingError(field: field, requested: requested, answer: answerWords, reason: .typeMismatch)
        }
        return ChoicesContainer(decoder: self, values: values)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    /// Whether the field has no answer: an empty text, no yes or no, no choice, no number, no date.
    func decodeNil() -> Bool {
        switch answer {
        case .text(let text): text.isEmpty
        case .choices: false
        default: answer.isEmpty
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = answer else { throw failure(.typeMismatch, asking: type) }
        guard let flag else { throw failure(.unanswered, asking: type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch answer {
        case .text(let text): return text
        case .choice(let value?), .date(let value?): return value
        case .choice(nil), .date(nil): throw failure(.unanswered, asking: type)
        default: throw failure(.typeMismatch, asking: type)
        }
    }

    private func number(asking type: Any.Type) throws -> Double {
        guard case .number(let value) = answer else { throw failure(.typeMismatch, asking: type) }
        guard let value else { throw failure(.unanswered, asking: type) }
        return value
    }

    /// The number as an integer type: whole and within its range, or an error.
    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let value = try number(asking: type)
        guard value.rounded(.towardZero) == value else { throw failure(.notWhole, asking: type) }
        guard let integer = I(exactly: value) else { throw failure(.outOfRange, asking: type) }
        return integer
    }

    func decode(_ type: Double.Type) throws -> Double { try number(asking: type) }
    /// The nearest `Float`: a binary fraction holds a decimal one as nearly as it can.
    func decode(_ type: Float.Type) throws -> Float { Float(try number(asking: type)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }
}

/// A multi-select's choices, each a single value of the host's element type.
private struct ChoicesContainer: UnkeyedDecodingContainer {
    let decoder: AnswerDecoder
    let values: [String]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    init(decoder: AnswerDecoder, values: [String]) {
        self.decoder = decoder
        self.values = values
    }

    /// The next choice, as a decoder of a single value asked for as `type`.
    private mutating func next(_ type: Any.Type) throws -> AnswerDecoder {
        guard !isAtEnd else {
            throw AnswerDecodingError(field: decoder.field, requested: decoder.requested, answer: decoder.answerWords, reason: .typeMismatch)
        }
        defer { currentIndex += 1 }
        return AnswerDecoder(answer: .choice(values[currentIndex]), field: decoder.field, secure: decoder.secure, requested: AnswerDecoder.name(of: type))
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).value(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(NestedKey.self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([String].self).unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

/// The decoder of a repeating group's answer: an array whose elements are its items, each
/// decoded as a whole result is (a keyed container whose keys are the item's field ids).
private struct GroupDecoder: Decoder, UnkeyedDecodingContainer {
    let items: [FlowResult]
    let field: FieldID
    var codingPath: [any CodingKey] { [AnyKey(field.rawValue)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }
    var currentIndex = 0

    init(items: [FlowResult], field: FieldID) {
        self.items = items
        self.field = field
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw notArray }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { self }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw notArray }

    private var notArray: AnswerDecodingError {
        AnswerDecodingError(field: field, requested: "a keyed type", answer: "an array of items", reason: .typeMismatch)
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw AnswerDecodingError(field: field, requested: AnswerDecoder.name(of: T.self), answer: "no more items", reason: .typeMismatch)
        }
        let item = items[currentIndex]
        currentIndex += 1
        return try T(from: ResultDecoder(result: item, requested: AnswerDecoder.name(of: T.self)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard !isAtEnd else { throw notArray }
        let item = items[currentIndex]
        currentIndex += 1
        return try ResultDecoder(result: item, requested: "a keyed type").container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw notArray }
    mutating func superDecoder() throws -> any Decoder { self }
}
