#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The order of the keys of every object in a JSON text, which `JSONDecoder` forgets: a text
/// given in several languages falls back to the first language given.
///
/// Run only on text that ``JSONSyntax`` has found well formed.
enum JSONKeyOrder {
    /// The `userInfo` key under which the loader hands the orders to the decoders.
    static let userInfoKey = CodingUserInfoKey(rawValue: "FocusFlow.JSONKeyOrder")!

    /// The keys of each object, in the order written, by the object's path (`fields[0].label`).
    static func objects(in bytes: [UInt8]) -> [String: [String]] {
        var scanner = Scanner(bytes: bytes)
        scanner.value(path: "")
        return scanner.orders
    }

    /// The path of a decoder's position, written as ``objects(in:)`` writes it.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var orders: [String: [String]] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value(path: String) {
            skipSpace()
            guard i < bytes.count else { return }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var keys: [String] = []
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "}") else { i += 1; break }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    let key = string()
                    keys.append(key)
                    skipSpace()
                    i += 1  // ':'
                    value(path: path.isEmpty ? key : "\(path).\(key)")
                }
                orders[path] = keys
            case UInt8(ascii: "["):
                i += 1
                var index = 0
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { i += 1; break }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    value(path: "\(path)[\(index)]")
                    index += 1
                }
            case UInt8(ascii: "\""): _ = string()
            default:
                while i < bytes.count, !",]} \t\r\n".utf8.contains(bytes[i]) { i += 1 }
            }
        }

        /// Reads a string, escapes and all.
        mutating func string() -> String {
            let start = i
            i += 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            let slice = Data(bytes[start..<min(i, bytes.count)])
            return (try? JSONDecoder().decode(String.self, from: slice)) ?? ""
        }
    }
}
