import Foundation
import Testing

/// Space in a multi-select chooses the highlighted option, except on a filter that goes on to find
/// labels with a space in them, where it types the space: the key line says which, every time.
@Suite("Space in a multi-select", .serialized)
struct MultiSelectSpaceTmuxTests {
    static let flow =
        #"{"id":"g","title":"Git","fields":[{"id":"do","kind":"multiSelect","label":"Run","options":[{"value":"push","label":"git push origin"},{"value":"pull","label":"git pull"}]}]}"#

    /// The key line: the last row that names Ctrl-C.
    static func keyLine(_ lines: [String]) -> String? { lines.last { $0.contains("Ctrl-C cancel") } }

    /// A filter typed, what the key line then says Space does, and the filter line after a Space
    /// (a trailing space does not show).
    static let cases: [(filter: String, says: String, after: String)] = [
        ("", "Space choose", ""),
        ("pu", "Space choose", "pu"),
        ("push", "Space types a space", "push"),
        ("git", "Space types a space", "git"),
        ("push origin", "Space choose", "push origin"),
    ]

    @Test("The key line says what Space does with the filter as it stands, and Space does it", arguments: cases.indices)
    func keyLineTellsSpace(index: Int) throws {
        let (filter, says, after) = Self.cases[index]
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)], columns: 100, rows: 24)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type(filter)
        #expect(tmux.waitFor { $0.contains("🔍 " + filter) || filter.isEmpty }, "\(tmux.text)")
        #expect(tmux.waitFor { Self.keyLine($0)?.contains(says) == true }, "filter \"\(filter)\": \(tmux.text)")
        let other = says == "Space choose" ? "Space types a space" : "Space choose"
        #expect(Self.keyLine(tmux.lines)?.contains(other) == false, "filter \"\(filter)\": \(tmux.text)")
        tmux.press("Space")
        if says == "Space choose" {
            #expect(tmux.waitFor { $0.contains { $0.hasPrefix("› [x] ") } }, "filter \"\(filter)\": Space chose nothing:\n\(tmux.text)")
        } else {
            // The space is typed: the cursor stands after it (the prompt `🔍 ` takes 3 columns), nothing is chosen.
            #expect(tmux.waitFor { _ in tmux.cursor.x == 3 + filter.count + 1 }, "filter \"\(filter)\": the cursor is at \(tmux.cursor)")
            #expect(!tmux.text.contains("[x]"), "filter \"\(filter)\": \(tmux.text)")
        }
        #expect(tmux.lines.contains { $0 == "🔍 " + after || (after.isEmpty && $0.hasPrefix("🔍")) }, "filter \"\(filter)\": \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }
}
