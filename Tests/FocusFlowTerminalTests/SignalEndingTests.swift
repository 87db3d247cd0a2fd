import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// A signal that ends a walk ends the program by that same signal once the terminal is put back,
/// as `readpassphrase(3)` and sudo do: a shell running a script then stops the script too, as it
/// does for any program a signal killed, while Ctrl-D (no signal) is an exit status of 130.
@Suite("Ending by the signal, as sudo does", .serialized)
struct SignalEndingTests {
    struct ScriptCase: Sendable, CustomTestStringConvertible {
        /// The command line in the script, before `echo CONTINUED`.
        let walk: String
        let key: String
        var testDescription: String { "\(walk), \(key == "C-c" ? "Ctrl-C" : "Ctrl-D on an empty line")" }
    }

    static let walks = [#""$FOCUSFLOW" flow.json > out"#, #""$FOCUSFLOW" ask text Name > out"#, #"answer=$("$FOCUSFLOW" ask text Name)"#]
    static let scriptCases = walks.flatMap { walk in ["C-c", "C-d"].map { ScriptCase(walk: walk, key: $0) } }

    @Test(
        "In a bash script, Ctrl-C stops the script (CONTINUED is never printed) and Ctrl-D lets it go on; the terminal's settings are as before",
        arguments: scriptCases)
    func script(_ test: ScriptCase) throws {
        let tmux = try JobControlTests.shell("bash")
        // The marker typed in two halves, so the command line shows no CONTINUED.
        tmux.type(#"stty -a > before; bash -c '\#(test.walk); echo CONT""INUED'"#)
        tmux.press("Enter")
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        if test.key == "C-c" { tmux.type("abc") }
        tmux.press(test.key)
        #expect(JobControlTests.run(tmux, "stty -a > after; cmp -s before after && echo settings-same", printing: "done-stty"), "\(tmux.text)")
        #expect(tmux.lines.contains("settings-same"), "stty -a differs after the walk:\n\(tmux.text)")
        let continued = tmux.lines.contains("CONTINUED")
        #expect(continued == (test.key == "C-d"), "\(tmux.text)")
        #expect(!tmux.text.contains("abc"))
    }

    enum Mode: String, CaseIterable, Sendable {
        case terminal, accessible, piped
    }

    struct SignalCase: Sendable, CustomTestStringConvertible {
        let signal: Int32
        let mode: Mode
        var testDescription: String { "\(String(cString: strsignal(signal))), \(mode.rawValue)" }
    }

    static let signalCases = [SIGINT, SIGTERM, SIGHUP, SIGQUIT].flatMap { signal in Mode.allCases.map { SignalCase(signal: signal, mode: $0) } }

    /// Whether `pid` is blocked in poll(2) (`/proc/PID/syscall`): waiting for its input.
    static func waitsInPoll(_ pid: pid_t) -> Bool {
        let call = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
        #if arch(x86_64)
        return call.first == "7"
        #else
        return call.first == "73"
        #endif
    }

    @Test("INT, TERM, HUP and QUIT sent while the walk waits end it by that signal, nothing written, the terminal as before", arguments: signalCases)
    func signalled(_ test: SignalCase) throws {
        let flow = try TerminalTests.flow(TerminalTests.secretFlow)
        if test.mode == .piped {
            let (end, answers) = try Self.piped([PseudoTerminal.executable, flow], signal: test.signal)
            #expect(end == .signalled(test.signal))
            #expect(answers.isEmpty)
            return
        }
        let terminal = try PseudoTerminal([flow] + (test.mode == .accessible ? ["--accessible"] : []))
        #expect(terminal.waitFor(test.mode == .accessible ? "Step 1 of 2. Secret" : "Ctrl-C cancel"))
        terminal.send("abc")
        #expect(terminal.waitFor { _ in Self.waitsInPoll(terminal.pid) && terminal.bytesRead > 0 })
        kill(terminal.pid, test.signal)
        #expect(terminal.finish() == .signalled(test.signal))
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        #expect(terminal.stdoutText.isEmpty)
        #expect(terminal.waitFor("Secret: cancelled.") || test.mode == .accessible)
    }

    /// Runs `argv` with its stdin a pipe that stays open and empty, sends `signal` once it waits
    /// in poll(2) for a line, and says how it ended and what it wrote on stdout.
    static func piped(_ argv: [String], signal: Int32) throws -> (ProcessEnd?, [UInt8]) {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { for fd in [input[1], output[0]] { close(fd) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block most signals: the program starts with none blocked.
        let cArgv = argv.map { strdup($0) } + [nil]
        let environment: [String] = ["LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = withDefaultSignals { posix_spawn(&pid, argv[0], &actions, $0, cArgv, cEnv) }
        close(input[0])
        close(output[1])
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let deadline = Date().addingTimeInterval(10)
        while !waitsInPoll(pid) && Date() < deadline { usleep(5_000) }
        kill(pid, signal)
        var answers: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output[0], &chunk, chunk.count)
            if count > 0 { answers += chunk.prefix(count) } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (ProcessEnd(waitStatus: status), answers)
    }

    @Test("After Ctrl-S stopped the terminal's output, SIGTERM or SIGQUIT from elsewhere leaves it running again", arguments: [SIGTERM, SIGQUIT])
    func outputStarted(signal: Int32) throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(TerminalTests.secretFlow)])
        #expect(terminal.waitFor("Ctrl-C cancel"))
        // The walk waits for keys: readline has started and written what it writes at its start.
        #expect(terminal.bytesReadWhenWaiting() != nil)
        // The terminal's own side, to write to it once the walk is gone; a write to a terminal
        // whose output is stopped waits for it to start, or fails at once (EAGAIN) here.
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(terminal.pid)/fd/0")
        let slave = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard slave >= 0 else {
            Issue.record("cannot open \(path)")
            return
        }
        defer { close(slave) }
        // Ctrl-S, as a person presses it: the line discipline stops the output (IXON).
        terminal.send("\u{13}")
        terminal.settle()
        kill(terminal.pid, signal)
        #expect(terminal.finish() == .signalled(signal))
        let line = "written-after-the-walk\r\n"
        #expect(write(slave, line, line.utf8.count) == line.utf8.count)
        #expect(terminal.waitFor(timeout: 3) { $0.contains("written-after-the-walk") }, "the output stayed stopped")
        #expect(terminal.output.contains("Secret: cancelled."))
    }
}
