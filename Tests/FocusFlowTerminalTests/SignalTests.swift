import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Signals from outside, over a real pseudo-terminal: the terminal comes back exactly as it was,
/// nothing from memory is printed, and the exit status says which signal it was.
@Suite("Signals over a pseudo-terminal", .serialized)
struct SignalTests {
    static let secret = "hunter2-secret"

    /// What the Swift runtime's crash report prints: its header, the register dump, a frame list.
    static let crashReportWords = ["crashed", "Crashed", "Registers", "Backtrace", "rip 0x", "Thread 0"]

    /// Starts the secret flow with the secret typed into its secure field.
    static func secretTyped(_ terminal: PseudoTerminal) {
        #expect(terminal.waitFor("Secret"))
        terminal.send(secret)
        #expect(terminal.waitFor("••••••••••••••"))
    }

    @Test("Ctrl-\\ cancels like Ctrl-C, ending by SIGQUIT (a shell's 131), the terminal restored and no crash report")
    func quit() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow)])
        Self.secretTyped(terminal)
        terminal.send("\u{1C}")
        #expect(terminal.finish() == .signalled(SIGQUIT))
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        #expect(terminal.waitFor("Secret: cancelled."))
        #expect(!Self.crashReportWords.contains { terminal.output.contains($0) }, "a crash report reached the terminal")
        #expect(!terminal.output.contains(Self.secret))
        #expect(terminal.stdoutText.isEmpty)
    }

    @Test("Ctrl-\\ at a hidden prompt of the accessible line mode cancels, ending by SIGQUIT, with no crash report")
    func quitAccessible() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow), "--accessible"])
        #expect(terminal.waitFor("Step 1 of 2. Secret"))
        terminal.send(Self.secret)
        terminal.send("\u{1C}")
        #expect(terminal.finish() == .signalled(SIGQUIT))
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        #expect(!Self.crashReportWords.contains { terminal.output.contains($0) }, "a crash report reached the terminal")
        #expect(!terminal.output.contains(Self.secret))
    }

    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGUSR1, SIGUSR2, SIGALRM]

    /// The Swift runtime's backtracer as it comes (on by default on Linux), and asked explicitly
    /// for a full, non-interactive report with registers and images.
    static let backtracer = ["", "enable=yes,interactive=no,registers=all,images=all"]

    @Test(
        "A fatal signal restores the terminal, prints nothing from memory and ends with 128 + the signal",
        arguments: fatal, backtracer)
    func fatalSignal(signal: Int32, backtrace: String) throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow)], environment: ["SWIFT_BACKTRACE": backtrace])
        Self.secretTyped(terminal)
        kill(terminal.pid, signal)
        #expect(terminal.finish() == .signalled(signal))
        #expect(sameSettings(terminal.settings, terminal.settingsBefore), "settings changed after signal \(signal)")
        #expect(!Self.crashReportWords.contains { terminal.output.contains($0) }, "a crash report reached the terminal")
        #expect(!terminal.output.contains(Self.secret))
        #expect(terminal.stdoutText.isEmpty)
    }

    @Test(
        "serve holds secure answers in memory too: a fatal signal prints no crash report there either",
        arguments: [SIGSEGV, SIGABRT], backtracer)
    func fatalSignalInServe(signal: Int32, backtrace: String) throws {
        let terminal = try PseudoTerminal(["serve", try TerminalTests.flow(TerminalTests.secretFlow)], environment: ["SWIFT_BACKTRACE": backtrace])
        #expect(terminal.waitFor { _ in terminal.stdoutText.contains("\"focus\":\"secret\"") })
        terminal.send(#"{"action":"text","value":"\#(Self.secret)"}"# + "\n")
        #expect(terminal.waitFor { _ in terminal.stdoutText.components(separatedBy: "\"focus\"").count > 2 })
        // The pty echoes what the test typed; only what comes after the signal is the program's,
        // once the whole echo has been read.
        #expect(terminal.waitFor { $0.contains(#"\#(Self.secret)"}"#) })
        let before = terminal.output.utf8.count
        kill(terminal.pid, signal)
        #expect(terminal.finish() == .signalled(signal))
        let after = String(decoding: terminal.output.utf8.dropFirst(before), as: UTF8.self)
        #expect(!Self.crashReportWords.contains { after.contains($0) }, "a crash report reached the terminal")
        #expect(!after.contains(Self.secret))
    }

    @Test("SIGSTOP then SIGCONT from outside: raw mode returns and the form is redrawn, so typing stays masked")
    func stopAndContinue() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow)])
        Self.secretTyped(terminal)
        let raw = terminal.settings
        kill(terminal.pid, SIGSTOP)
        #expect(Self.waitUntilStopped(terminal.pid))
        // What a shell does while the job is stopped: its own settings back on the terminal.
        var before = terminal.settingsBefore
        #expect(tcsetattr(terminal.master, TCSANOW, &before) == 0)
        let drawn = terminal.output.components(separatedBy: "Secret").count
        kill(terminal.pid, SIGCONT)
        #expect(terminal.waitFor { $0.components(separatedBy: "Secret").count > drawn }, "the form was not redrawn")
        #expect(terminal.waitFor { _ in sameSettings(terminal.settings, raw) }, "raw mode did not return")
        terminal.send("abc")
        let masks = "› " + String(repeating: "•", count: Self.secret.count + 3)
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains(masks) }, "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"\#(Self.secret)abc","note":""}"# + "\n")
        #expect(!terminal.output.contains(Self.secret) && !terminal.output.contains("abc"), "typed text reached the screen in clear")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test("With stderr going to a file, the form is drawn on /dev/tty and nothing of it goes to the file")
    func devTTY() throws {
        let log = NSTemporaryDirectory() + "focusflow-stderr-\(UUID()).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let terminal = try PseudoTerminal(["run"], columns: 60, stderr: log)
        #expect(terminal.waitFor("Ctrl-C cancel"), "the form did not reach the terminal")
        #expect(terminal.screen(columns: 60).lines[0] == "Create your account  1/6")
        terminal.send(TerminalTests.signupTypeahead)
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == TerminalTests.signupJSON)
        #expect(!terminal.output.contains("hunter2"))
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "unreadable"
        #expect(logged.isEmpty, "stderr got \(logged.count) characters of the form")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    /// Waits until `pid` is stopped (state `T` in /proc).
    static func waitUntilStopped(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                stat[stat.index(close, offsetBy: 2)] == "T"
            {
                return true
            }
            usleep(5_000)
        } while Date() < deadline
        return false
    }
}
