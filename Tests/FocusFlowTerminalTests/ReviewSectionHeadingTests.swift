import Foundation
import Testing

/// On a review shorter than its answers, the marked answer's section name stays in view with it:
/// moving up to a section's first answer scrolls its heading in too.
@Suite("Review screen: the marked answer's section name stays in view", .serialized)
struct ReviewSectionHeadingTests {
    /// Whether the line right above the marked row `marked` is the section name `section`.
    static func headed(_ lines: [String], _ marked: String, by section: String) -> Bool {
        guard let row = lines.firstIndex(of: marked), row > 0 else { return false }
        return lines[row - 1].trimmingCharacters(in: .whitespaces) == section
    }

    @Test("Moving up to a section's first answer on a short review shows the section's name above it", arguments: [9, 12])
    func headingStaysInView(rows: Int) throws {
        let sets = (1...12).flatMap { ["--set", "f\($0)=v\($0)"] }
        let tmux = try Tmux([try TerminalTests.flow(SectionScreenTests.longFlow), "--skip-filled"] + sets, columns: 80, rows: rows)
        #expect(tmux.waitFor("Field 12"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { Self.headed($0, "› Field 1: v1", by: "First") }, "rows \(rows):\n\(tmux.text)")
        for _ in 1..<12 { tmux.press("Down") }
        #expect(tmux.waitFor { $0.contains("› Field 12: v12") }, "\(tmux.text)")
        for _ in 1...5 { tmux.press("Up") }
        #expect(tmux.waitFor { Self.headed($0, "› Field 7: v7", by: "Second") }, "rows \(rows): Second scrolled away:\n\(tmux.text)")
        for _ in 1...6 { tmux.press("Up") }
        #expect(tmux.waitFor { Self.headed($0, "› Field 1: v1", by: "First") }, "rows \(rows): First scrolled away:\n\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }
}
