/// Writes JSON text by hand where key order matters (answers in field order, protocol
/// responses) and speed does (a response per keystroke): `JSONEncoder` sorts or loses order.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included. Non-ASCII is written as is (UTF-8).
    ///
    /// - Complexity: O(*n*).
    public static func quote(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.text
    }

    /// `value` as a JSON number: whole numbers without `.0` (`42`), others in the fewest digits
    /// that give the value back (`42.5`, `1e+20`). `value` is finite.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9e18 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// Appends JSON to a byte buffer.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Takes back the last byte written (an object's closing brace, to add members to it).
    package mutating func dropLast() { bytes.removeLast() }

    /// JSON text written as is.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A string's bytes as they are (already JSON).
    package mutating func raw(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// A whole number, in decimal.
    package mutating func int(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// A quoted, escaped string: `"`, `\`, control characters and U+2028/U+2029 escaped, the
    /// rest copied byte for byte.
    package mutating func string(_ text: String) {
        bytes.append(0x22)
        text.withBytes { source in
            var start = 0
            var i = 0
            while i < source.count {
                let c = source[i]
                var escape: StaticString?
                switch c {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x00..<0x20, 0x7F: escape = ""
                case 0xE2 where i + 2 < source.count && source[i + 1] == 0x80 && (source[i + 2] == 0xA8 || source[i + 2] == 0xA9):
                    escape = ""
                default: break
                }
                guard let escape else {
                    i += 1
                    continue
                }
                bytes.append(contentsOf: source[start..<i])
                if escape.utf8CodeUnitCount > 0 {
                    escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
                    i += 1
                } else if c == 0xE2 {
                    raw(source[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    i += 3
                } else {
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 0xF)]]
                    i += 1
                }
                start = i
            }
            bytes.append(contentsOf: source[start..<source.count])
        }
        bytes.append(0x22)
    }

    /// A field id, or `null`.
    package mutating func id(_ field: FieldID?) {
        if let field { string(field.rawValue) } else { raw("null") }
    }
}
