import FocusFlow

/// One request line's JSON object, read with the engine's reader (``JSONCursor``): strings
/// decoded verbatim, `true`/`false`, whole numbers and `null` carried as such, and other values
/// (arrays, fractions) recognised only to be refused by their key's reader; an object is kept
/// as its text, for the key that takes one whole. What the typed reading refuses, the cursor's
/// checked reading locates and words; a key given twice in any object of the line is refused
/// by that same checked reading, as a flow file's and an answers file's are, since which of the
/// two counts would be a guess.
enum RequestJSON {
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case int(Int)
        case null
        /// An object, as its text (checked well-formed), for a key that carries one whole.
        case object(String)
        /// An array, as its text (checked well-formed), for a key that carries one whole (`options`).
        case array(String)
        case other
    }

    struct Failure: Error {
        var message: String
        /// The line is not UTF-8 at all, rather than malformed JSON.
        var notUTF8 = false
        /// The line is well-formed JSON but gives a key twice.
        var ambiguous = false
    }

    /// The object's members in order.
    static func object(_ bytes: [UInt8]) throws(Failure) -> [(key: String, value: Value)] {
        guard bytes.withUnsafeBufferPointer(TextBytes.isUTF8) else { throw Failure(message: "not UTF-8", notUTF8: true) }
        let read: [(key: String, value: Value)]? = bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            var members: [(key: String, value: Value)] = []
            guard cursor.peek() == UInt8(ascii: "{"),
                cursor.members({ cursor, key in
                    guard let value = Self.value(&cursor) else { return false }
                    members.append((key, value))
                    return true
                }), cursor.atEnd()
            else { return nil }
            return members
        }
        if let read {
            // A request is read once: its own keys are few and compared as they come; only a
            // line that gives one twice, or holds an object (`answers`, `snapshot`), is read
            // again, by the checked reading, which words where a key comes twice.
            var repeated = false
            for (index, member) in read.enumerated() {
                if case .object = member.value { repeated = true }
                if case .array = member.value { repeated = true }
                if read[..<index].contains(where: { $0.key == member.key }) { repeated = true }
            }
            if repeated, let problem = JSONCursor.firstError(in: bytes, uniqueKeys: true), case .duplicateKey = problem.reason {
                throw Failure(message: "column \(JSONCursor.lineAndColumn(of: problem.offset, in: bytes).column): \(problem.message)", ambiguous: true)
            }
            return read
        }
        throw Failure(message: explanation(bytes))
    }

    private static func value(_ cursor: inout JSONCursor) -> Value? {
        switch cursor.peek() {
        case UInt8(ascii: "\""): return cursor.string().map(Value.string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return cursor.bool().map(Value.bool)
        case UInt8(ascii: "n"): return cursor.takeNull() ? .null : nil
        case UInt8(ascii: "{"): return cursor.skipValue().map { .object(String(decoding: $0, as: UTF8.self)) }
        case UInt8(ascii: "["): return cursor.skipValue().map { .array(String(decoding: $0, as: UTF8.self)) }
        default: return cursor.number().map { Int(String(decoding: $0, as: UTF8.self)).map(Value.int) ?? .other }
        }
    }

    /// Why `bytes` are not one JSON object, with the column where it shows.
    private static func explanation(_ bytes: [UInt8]) -> String {
        if let problem = JSONCursor.firstError(in: bytes) {
            let (_, column) = JSONCursor.lineAndColumn(of: problem.offset, in: bytes)
            return "column \(column): \(problem.message)"
        }
        return "expected an object in braces: {\"action\":\"next\"}"
    }
}
