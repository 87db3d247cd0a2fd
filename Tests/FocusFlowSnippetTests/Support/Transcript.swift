import Foundation

/// What a snippet printed, for a test to compare with what its document says it prints.
///
/// The function that runs a snippet declares a local `print` with the standard library's
/// signature that writes here, so the snippet stays as a reader copies it and its calls resolve
/// to the local function, with the same diagnostics: each item as `String(describing:)` gives
/// it, as the standard library's `print` writes it.
final class Transcript {
    private(set) var text = ""

    func print(_ items: [Any], separator: String, terminator: String) {
        text += items.map { String(describing: $0) }.joined(separator: separator) + terminator
    }

    /// The printed lines, without the last line's terminator.
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// The comment after a snippet's `print(…)` on the same line, which shows what it prints.
    static func printedComment(_ line: String) -> String? {
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("print("), let comment = line.range(of: "  // ") else { return nil }
        return String(line[comment.upperBound...])
    }

    /// Whether `comment` shows `line`: the same text, where each `…` stands for anything.
    static func line(_ line: String, isShownBy comment: String) -> Bool {
        let parts = comment.components(separatedBy: "…")
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]), line.count >= parts[0].count + parts[parts.count - 1].count else {
            return false
        }
        var rest = line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
