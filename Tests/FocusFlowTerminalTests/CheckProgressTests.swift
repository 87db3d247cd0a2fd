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

    @Test("check of 30 untied fields, explored group by group, shows progress over every group, then its report")
    func progressWhileDecomposed() throws {
        let fields = (0..<30).map { #"{"id":"f\#($0)","label":"F\#($0)"}"# }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-progress-\(UUID()).json")
        try Data(#"{"id":"u","title":"U","fields":[\#(fields.joined(separator: ","))]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let terminal = try PseudoTerminal(["check", url.path, "--max-states", "5000"])
        let status = terminal.finish(timeout: 120)
        #expect(status == 0)
        let counts = terminal.output.components(separatedBy: "\rchecking: ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(counts.count >= 30, "a progress line for each group at least; saw \(counts.count)")
        #expect(counts == counts.sorted(), "the states shown never go down: they count over every group")
        #expect(terminal.output.contains("\r\u{1B}[K"), "the progress line is not erased before the report")
        #expect(terminal.stdoutText.contains("in 30 independent groups explored apart, each to every reachable state"))
        #expect(!terminal.stdoutText.contains("checking:"), "progress reached stdout")
    }
}
