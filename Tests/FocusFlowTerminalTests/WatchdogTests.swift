import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// The signal watchdog (`ff_watchdog_*` in CReadlineSession, started by `SignalPipe`): a walk whose main
/// thread is busy elsewhere never reads the signal pipe, so SIGTERM, SIGINT and SIGHUP must end
/// it from the watchdog thread, promptly, by the signal itself and with the terminal restored.
///
/// The walk is made busy for good by stopping the terminal's output (what Ctrl-S does): its next
/// write blocks in the kernel, and SA_RESTART takes it back there after every handler. Without
/// the watchdog such a walk never ends; so the test fails if the watchdog is taken away.
@Suite("Signal watchdog: a busy walk still ends", .serialized)
struct WatchdogTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let signal: Int32
        let accessible: Bool
        var testDescription: String { "signal \(signal), \(accessible ? "accessible line mode" : "interactive")" }
    }

    static let cases = [SIGTERM, SIGINT, SIGHUP].flatMap { signal in [false, true].map { Case(signal: signal, accessible: $0) } }

    /// Two secure fields: in the accessible mode echo is off from the first prompt on.
    static let flow = #"{"id":"w","title":"Watch","fields":[{"id":"a","label":"First","secure":true},{"id":"b","label":"Second","secure":true}]}"#

    /// The number of `write` on this machine, as `/proc/PID/syscall` gives it.
    static let writeCall: String = {
        #if arch(x86_64)
        "1"
        #else
        "64"
        #endif
    }()

    /// Whether the main thread of `pid` is blocked in `write`.
    static func blockedInWrite(_ pid: pid_t) -> Bool {
        let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
        return call.split(separator: " ").first.map(String.init) == writeCall
    }

    @Test("A walk blocked writing to a stopped terminal ends on the signal within seconds, terminal restored", arguments: cases)
    func busyWalkEnds(_ test: Case) throws {
        let terminal = try PseudoTerminal(["run"] + (test.accessible ? ["--accessible"] : []) + [try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("First"))
        // The terminal's own side, to stop its output as Ctrl-S does (whatever IXON says).
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(terminal.pid)/fd/0")
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { Issue.record("cannot open \(path)"); return }
        defer { close(slave) }
        #expect(tcflow(slave, TCOOFF) == 0)
        // The next thing the walk draws blocks: the mask of a key, or the next prompt.
        terminal.send(test.accessible ? "secret\n" : "s")
        let blocked = terminal.waitFor { _ in Self.blockedInWrite(terminal.pid) }
        try #require(blocked, "the walk never blocked writing")
        let start = PseudoTerminalProcess.now()
        kill(terminal.pid, test.signal)
        let status = terminal.finish(timeout: 10)
        let elapsed = PseudoTerminalProcess.now() - start
        #expect(status == .signalled(test.signal), "\(status.map(String.init(describing:)) ?? "still running after 10 s")")
        #expect(elapsed < 5, "took \(elapsed) s")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore), "the terminal's settings were not restored")
        #expect(terminal.stdoutText.isEmpty)
        #expect(!terminal.output.contains("secret"))
    }
}
