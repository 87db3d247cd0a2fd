import Foundation
import Glibc
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import PseudoTerminalSupport

/// The real `focusflow` on a real pseudo-terminal, with what the tests ask of it.
final class PseudoTerminal {
    private let process: PseudoTerminalProcess

    /// The built `focusflow`, next to the running test binary.
    static let executable: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("focusflow").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("focusflow").path
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts `focusflow arguments…`, in `directory` when given (a shell changes into it first),
    /// with stderr going to the file `stderr` when given instead of the terminal.
    init(
        _ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], directory: String? = nil,
        stderr: String? = nil
    ) throws {
        var env = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
        ]
        env.merge(environment) { $1 }
        var command = directory.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$0\" \"$@\"", Self.executable, $0] } ?? [Self.executable]
        if let stderr {
            command = ["/bin/sh", "-c", "file=$1; shift; exec \"$0\" \"$@\" 2>\"$file\"", Self.executable, stderr]
        }
        process = try PseudoTerminalProcess(command + arguments, columns: columns, rows: rows, environment: env)
    }

    var pid: pid_t { process.pid }
    var master: Int32 { process.master }
    var settingsBefore: termios { process.settingsBefore }
    var settings: termios { process.settings }
    var output: String { String(decoding: process.terminalBytes, as: UTF8.self) }
    var stdoutText: String { String(decoding: process.stdoutBytes, as: UTF8.self) }

    func send(_ text: String) { process.send(text) }

    /// Types `bytes` as they are, UTF-8 or not.
    func send(bytes: [UInt8]) { process.send(bytes: bytes) }

    /// Reads what the program draws until it has drawn nothing for 40 ms: the keys sent so far
    /// have been handled.
    func settle() { while process.pump(milliseconds: 40) > 0 {} }

    /// Closes the terminal (see ``PseudoTerminalProcess/hangUp()``).
    func hangUp() { process.hangUp() }

    func resize(columns: Int, rows: Int) { process.resize(columns: columns, rows: rows) }

    /// Reads what the program draws until `predicate` holds for it, or `timeout` passes.
    @discardableResult
    func waitFor(timeout: Double = 10, _ predicate: (String) -> Bool) -> Bool {
        process.waitFor(seconds: timeout) { predicate(output) }
    }

    /// Waits until the output holds `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool { waitFor(timeout: timeout) { $0.contains(text) } }

    /// Waits until line `index` of the screen reads `text`.
    func waitForLine(_ index: Int, _ text: String, columns: Int = 80, rows: Int = 24) -> Bool {
        waitFor { _ in screen(columns: columns, rows: rows).lines[index] == text }
    }

    /// How many bytes the program has read so far (`rchar` in `/proc/PID/io`): from the terminal,
    /// once it has started.
    var bytesRead: Int {
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        return io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Whether the program waits in its main loop for more input: blocked in poll(2) on its two
    /// descriptors with no time limit (`/proc/PID/syscall`), which it enters only once nothing
    /// more is waiting to be read and every key read has been handled and drawn.
    var waitsForInput: Bool {
        let call = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
        return call.count > 3 && call[0] == "7" && call[2] == "0x2" && call[3] == "0xffffffff"
    }

    /// Waits until the program waits for its first key, and gives ``bytesRead`` then: what it
    /// reads from there on is keys. (The first field shows before readline has read its inputrc
    /// and the terminal's description, which count in ``bytesRead`` too.) `nil` when it never waits.
    func bytesReadWhenWaiting(timeout: Double = 10) -> Int? {
        process.waitFor(seconds: timeout) { isRunning && waitsForInput } ? bytesRead : nil
    }

    /// Waits until the program has read `count` bytes since it had read `start` (``bytesRead``)
    /// and waits for more input: every key sent has been handled. No sleep: the program's own
    /// state says when.
    func waitUntilIdle(afterReading count: Int, since start: Int, timeout: Double = 10) -> Bool {
        process.waitFor(seconds: timeout) { !isRunning || (bytesRead - start >= count && waitsForInput) }
    }

    /// Whether the program is still running (not ended, nor a zombie waiting to be reaped).
    var isRunning: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    /// How the program ended (its exit status, or the signal that ended it), or `nil` when it
    /// did not end in time.
    func finish(timeout: Double = 10) -> ProcessEnd? { process.finish(seconds: timeout) }

    /// What a terminal of this size shows now.
    func screen(columns: Int = 80, rows: Int = 24) -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        screen.feed(output)
        return screen
    }
}

/// Two terminal settings are the same when every flag and control character is (`stty -g`).
func sameSettings(_ a: termios, _ b: termios) -> Bool {
    var a = a, b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
}
