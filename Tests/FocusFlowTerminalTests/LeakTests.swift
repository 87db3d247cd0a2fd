import Foundation
import PseudoTerminalSupport
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Memory a walk allocates through readline (the per-field histories, `add_history`) is given
/// back: valgrind, when installed, finds nothing definitely lost after an interactive walk that
/// fills, recalls and edits history entries in several fields, and nothing `add_history`
/// allocated is left at exit at all.
@Suite("Memory over an interactive walk", .serialized)
struct LeakTests {
    static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "An interactive walk with per-field histories loses no memory under valgrind",
        .enabled(if: valgrind != nil, "valgrind is not installed (apt-get install valgrind)"))
    func noDefiniteLeak() throws {
        let flow = try TerminalTests.flow(#"{"id":"h","title":"History","fields":[{"id":"a","label":"Alpha"},{"id":"b","label":"Beta"},{"id":"c","label":"Gamma"}]}"#)
        let log = NSTemporaryDirectory() + "focusflow-valgrind-\(UUID()).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = try PseudoTerminalProcess(
            [
                Self.valgrind!, "--leak-check=full", "--show-leak-kinds=all", "--errors-for-leak-kinds=definite", "--error-exitcode=99", "--log-file=\(log)",
                PseudoTerminal.executable, flow,
            ],
            columns: 80, rows: 24, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null"])
        func screenHas(_ text: String) -> Bool {
            process.waitFor(seconds: 60) { String(decoding: process.terminalBytes, as: UTF8.self).contains(text) }
        }
        #expect(screenHas("Alpha"))
        // Answers, back through every field recalling and editing history, then on to the end.
        for (keys, next) in [
            ("one\r", "Beta"), ("two\r", "Gamma"), ("\u{1B}[Z\u{1B}[Z", "› one"), ("\u{1B}[Ax\u{1B}[B\u{1B}[A\r", "Beta"),
            ("\u{1B}[A\r", "Gamma"), ("three\r", "three"),
        ] {
            process.send(keys)
            #expect(screenHas(next), "after \(keys.debugDescription)")
        }
        let status = process.finish(seconds: 120)
        let report = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "exit status \(String(describing: status))")
        #expect(
            report.contains("definitely lost: 0 bytes") || report.contains("no leaks are possible"),
            "\(report.split(separator: "\n").filter { $0.contains("lost") || $0.contains("by 0x") }.prefix(30).joined(separator: "\n"))")
        // Nothing add_history allocated is left at exit, not even reachable: every history freed.
        let records = report.components(separatedBy: "\n==").split { !$0.contains("loss record") && !$0.contains("by 0x") && !$0.contains("at 0x") }
        let fromHistory = records.filter { $0.contains { $0.contains("add_history") } }
        #expect(fromHistory.isEmpty, "\(fromHistory.count) allocations of add_history left at exit")
    }
}
