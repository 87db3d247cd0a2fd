import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// `focusflow check` shows how far it has got on a terminal (stderr), and erases that line
/// before its report; piped, it says nothing of the kind (see HostileCheckTests).
@Suite("check's progress on a terminal", .serialized)
struct CheckProgressTests {
    @Test("check on a terminal shows the states seen so far on stderr, then its report")
    func progressOnTerminal() throws {
        let terminal = try PseudoTerminal(["check", "--max-states", "20000"])
        let status = terminal.finish(timeout: 120)
        #expect(status == 0)
        #expect(terminal.output.contains("\rchecking: "), "no progress line on the terminal")
        #expect(terminal.output.contains("\r\u{1B}[K"), "the progress line is not erased before the report")
        #expect(terminal.stdoutText.contains("invariants hold on every edge explored"))
        #expect(!terminal.stdoutText.contains("checking:"), "progress reached stdout")
    }

    @Test("check of 30 untied fields, explored group by group, shows progress counted over every group, then its report")
    func progressWhileDecomposed() throws {
        let fields = (0..<30).map { #"{"id":"f\#($0)","label":"F\#($0)"}"# }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-progress-\(UUID()).json")
        try Data(#"{"id":"u","title":"U","fields":[\#(fields.joined(separator: ","))]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let terminal = try PseudoTerminal(["check", url.path, "--max-states", "5000"])
        let status = terminal.finish(timeout: 120)
        #expect(status == 0)
        let counts = terminal.output.components(separatedBy: "\rchecking: ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(!counts.isEmpty, "no progress line")
        #expect(counts == counts.sorted(), "the states shown never go down: they count over every group")
        #expect(terminal.output.contains("\r\u{1B}[K"), "the progress line is not erased before the report")
        #expect(terminal.stdoutText.contains("in 30 independent groups explored apart, each to every reachable state"))
        #expect(!terminal.stdoutText.contains("checking:"), "progress reached stdout")
    }

    @Test("check on a terminal names the group it is in and the seconds left in its budget, redrawn in place, one line, and erases it before the report")
    func groupAndTimeLeft() throws {
        // 200 untied selects of eight options: seconds of exploring, group after group.
        let options = (0..<8).map { #"{"value":"o\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        let fields = (0..<200).map { #"{"id":"s\#($0)","label":"S\#($0)","kind":"select","options":[\#(options)]}"# }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-progress-\(UUID()).json")
        try Data(#"{"id":"s","title":"S","fields":[\#(fields.joined(separator: ","))]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let terminal = try PseudoTerminal(["check", url.path, "--budget", "5"], columns: 100)
        let named = terminal.waitFor(timeout: 60) { $0.range(of: #"\rchecking: \d+ states, group \d+/200: s\d+, depth \d+, \d s left"#, options: .regularExpression) != nil }
        #expect(named, "no line naming the group and the time left: \(terminal.output.suffix(300).debugDescription)")
        let status = terminal.finish(timeout: 120)
        #expect(status == 0)
        let lines = terminal.output.components(separatedBy: "\rchecking: ").dropFirst().map { $0.prefix { $0 != "\u{1B}" } }
        #expect(lines.allSatisfy { "checking: \($0)".count < 100 && !$0.contains("\n") }, "each drawing is one line within the terminal")
        #expect(terminal.output.hasSuffix("\r\u{1B}[K") || (terminal.output.components(separatedBy: "\rchecking: ").last ?? "").contains("\r\u{1B}[K"), "the line is erased")
        #expect(terminal.stdoutText.contains("in 200 independent groups explored apart, "))
        #expect(!terminal.stdoutText.contains("checking:"), "progress reached stdout")
    }
}
