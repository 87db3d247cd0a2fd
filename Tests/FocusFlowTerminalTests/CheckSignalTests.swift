import Foundation
import Glibc
import Testing

/// SIGTERM, SIGINT, SIGHUP and SIGQUIT end a `check` that is busy exploring, promptly and by the
/// signal itself, as they end a walk, and its progress line does not stay on the terminal. The test knows the program is busy when the signal lands: its progress line has
/// moved on and the kernel shows it running (`R` in `/proc/PID/stat`).
@Suite("Signals while check is busy", .serialized)
struct CheckSignalTests {
    /// 300 untied fields explored as one (`--no-decompose`) take minutes, far longer than the test.
    static func largeFlow() throws -> String {
        let fields = (0..<300).map { #"{"id":"f\#($0)","label":"F\#($0)"}"# }
        return try TerminalTests.flow(#"{"id":"u","title":"U","fields":[\#(fields.joined(separator: ","))]}"#)
    }

    /// Whether `pid` is seen running on a CPU (state `R`) within `seconds`.
    static func seenRunning(_ pid: pid_t, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("R")
            {
                return true
            }
            usleep(2_000)
        }
        return false
    }

    @Test(
        "SIGTERM, SIGINT, SIGHUP or SIGQUIT ends a check busy exploring 300 fields at once, by that signal, its progress line erased and the terminal as it was",
        arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func signalWhileBusy(signal: Int32) throws {
        let path = try Self.largeFlow()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try PseudoTerminal(["check", path, "--no-decompose"])
        // Three progress lines: the exploration is under way, past its first levels.
        let busy = terminal.waitFor(timeout: 60) { $0.components(separatedBy: "\rchecking: ").count > 3 }
        #expect(busy, "no progress: \(terminal.output.suffix(200))")
        #expect(Self.seenRunning(terminal.pid, within: 10), "check is not running on a CPU")
        kill(terminal.pid, signal)
        let status = terminal.finish(timeout: 10)
        #expect(status == .signalled(signal), "\(status.map(String.init(describing:)) ?? "still running"), not ended by the signal within the bound")
        let afterLastProgress = terminal.output.components(separatedBy: "\rchecking: ").last ?? ""
        #expect(afterLastProgress.contains("\r\u{1B}[K"), "the progress line is left on the terminal")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        #expect(terminal.stdoutText.isEmpty, "no report for an ended check: \(terminal.stdoutText.prefix(200))")
    }
}
