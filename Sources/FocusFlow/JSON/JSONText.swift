/// Writes JSON text by hand where key order matters (answers in field order, protocol
/// responses): `JSONEncoder` gives no order but sorted.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included. Non-ASCII is written as is (UTF-8).
    ///
    /// - Complexity: O(*n*).
    public static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }
}
