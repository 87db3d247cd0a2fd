import Foundation
import Glibc

/// Runs the real `focusflow` on a real pseudo-terminal (`openpty`), stdin and stderr on the
/// terminal and stdout on a pipe, and reads everything it draws.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private let stdoutRead: Int32
    private(set) var bytes: [UInt8] = []
    private(set) var stdout: [UInt8] = []
    /// The terminal's settings before the program started.
    let settingsBefore: termios

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

    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], directory: String? = nil) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        self.master = master
        var before = termios()
        tcgetattr(slave, &before)
        settingsBefore = before
        let slaveName = String(cString: ttyname(slave))

        var pipeFDs: [Int32] = [-1, -1]
        _ = pipe(&pipeFDs)
        stdoutRead = pipeFDs[0]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner's threads block signals; the child starts with none blocked and all
        // default. POSIX_SPAWN_SETSID (0x80) is a GNU flag that Swift's Glibc does not import.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | 0x80)

        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
                   "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        // In another folder: a shell changes into it, then becomes focusflow.
        let command = directory.map { ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$0\" \"$@\"", Self.executable, $0] } ?? [Self.executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = env.filter { !$0.value.isEmpty }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, argv, envp)
        close(pipeFDs[1])
        close(slave)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
        close(stdoutRead)
    }

    /// Types `text` (bytes as given: `\r` is Enter, `\u{1B}[Z` Shift-Tab…).
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Reads what the program draws until `predicate` holds for the screen, or `timeout` passes.
    @discardableResult
    func waitFor(timeout: Double = 10, _ predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if predicate(String(decoding: bytes, as: UTF8.self)) { return true }
            pump(milliseconds: 50)
        }
        return predicate(String(decoding: bytes, as: UTF8.self))
    }

    /// Waits until line `index` of the screen reads `text`.
    func waitForLine(_ index: Int, _ text: String, columns: Int = 80, rows: Int = 24) -> Bool {
        waitFor { _ in screen(columns: columns, rows: rows).lines[index] == text }
    }

    /// Waits until the output holds `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool { waitFor(timeout: timeout) { $0.contains(text) } }

    /// Waits for the program to exit, reading all it writes; returns its exit status
    /// (128 + the signal's number when a signal ended it).
    func finish(timeout: Double = 10) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            pump(milliseconds: 20)
            if waitpid(pid, &status, WNOHANG) == pid {
                pump(milliseconds: 20)
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
        }
        kill(pid, SIGKILL)
        return -1
    }

    /// The terminal's settings now.
    var settings: termios {
        var now = termios()
        tcgetattr(master, &now)
        return now
    }

    var output: String { String(decoding: bytes, as: UTF8.self) }
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// What a terminal of this size would show now.
    func screen(columns: Int = 80, rows: Int = 24) -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        screen.feed(output)
        return screen
    }

    private func pump(milliseconds: Int32) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 2, milliseconds) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        if fds[0].revents & Int16(POLLIN) != 0 {
            let n = read(master, &chunk, chunk.count)
            if n > 0 { bytes += chunk.prefix(n) }
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            let n = read(stdoutRead, &chunk, chunk.count)
            if n > 0 { stdout += chunk.prefix(n) }
        }
    }
}

/// Two terminal settings are the same when every flag and control character is (`stty -g`).
func sameSettings(_ a: termios, _ b: termios) -> Bool {
    var a = a, b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
}
