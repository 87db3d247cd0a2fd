import Glibc

/// A program running on a real pseudo-terminal (`openpty`): stdin and stderr on the terminal,
/// stdout on a pipe. For the test suite and the bench, which drive `focusflow` as a person would.
package final class PseudoTerminalProcess {
    package private(set) var master: Int32
    package let pid: pid_t
    private let stdoutRead: Int32
    /// Everything the program drew on the terminal, and wrote on stdout.
    package private(set) var terminalBytes: [UInt8] = []
    package private(set) var stdoutBytes: [UInt8] = []
    /// The terminal's settings before the program started.
    package let settingsBefore: termios
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// Starts `command` (a path, then its arguments) on a new terminal of the given size.
    ///
    /// - Throws: the `errno` of the step that failed.
    package init(_ command: [String], columns: Int, rows: Int, environment: [String: String]) throws {
        // Tests start programs in parallel: no child may inherit another's terminal or pipe (a
        // leaked master keeps a terminal open after its test closes it). Each descriptor is
        // close-on-exec before any other spawn can run.
        spawnLock.lock()
        defer { spawnLock.unlock() }
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw PseudoTerminalError(errno) }
        for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.master = master
        var before = termios()
        tcgetattr(slave, &before)
        settingsBefore = before
        let slaveName = String(cString: ttyname(slave))
        var pipeFDs: [Int32] = [-1, -1]
        _ = pipe(&pipeFDs)
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        stdoutRead = pipeFDs[0]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        for fd in [pipeFDs[0], pipeFDs[1], master, slave] { posix_spawn_file_actions_addclose(&actions, fd) }

        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.filter { !$0.value.isEmpty }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        // A session of its own (POSIX_SPAWN_SETSID), whatever signals the caller's thread blocks.
        let status = withDefaultSignals(flags: 0x80) { posix_spawn(&child, command[0], &actions, $0, argv, envp) }
        close(pipeFDs[1])
        close(slave)
        guard status == 0 else { throw PseudoTerminalError(status) }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        close(stdoutRead)
    }

    /// Types `text`, bytes as given (`\r` is Enter, `\u{1B}[Z` Shift-Tab…).
    package func send(_ text: String) { send(bytes: Array(text.utf8)) }

    /// Types `bytes` as they are, UTF-8 or not (a hostile line).
    ///
    /// A long text is written a little at a time, reading what the program draws in between: a
    /// program that echoes while it reads would otherwise fill the terminal's output, block on
    /// its write, stop reading, and leave this write blocked for ever.
    package func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count, master >= 0 {
            var fds = [pollfd(fd: master, events: Int16(POLLIN | POLLOUT), revents: 0)]
            guard poll(&fds, 1, 1000) >= 0 else { continue }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let n = read(master, &chunk, chunk.count)
                if n > 0 { terminalBytes += chunk.prefix(n) }
            }
            if fds[0].revents & Int16(POLLOUT) != 0 {
                let count = min(256, bytes.count - offset)
                let n = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, count) }
                if n <= 0 { return }
                offset += n
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return
            }
        }
    }

    /// Closes the terminal's master side, as a closed window or a dropped connection does; the
    /// program sees the terminal go away (and, its controlling terminal, SIGHUP).
    package func hangUp() {
        close(master)
        master = -1
    }

    /// Reads what arrives within `milliseconds`; returns how many terminal bytes came.
    @discardableResult
    package func pump(milliseconds: Int32) -> Int {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 2, milliseconds) > 0 else { return 0 }
        // The program is gone and nothing is left to read: wait out the time rather than spin.
        if fds[0].revents & Int16(POLLIN) == 0, fds[1].revents & Int16(POLLIN) == 0 {
            usleep(useconds_t(max(0, milliseconds)) * 1000)
            return 0
        }
        var got = 0
        if fds[0].revents & Int16(POLLIN) != 0 {
            let n = read(master, &chunk, chunk.count)
            if n > 0 { terminalBytes += chunk.prefix(n); got = n }
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            let n = read(stdoutRead, &chunk, chunk.count)
            if n > 0 { stdoutBytes += chunk.prefix(n) }
        }
        return got
    }

    /// Reads until `predicate` holds for everything drawn so far, or `seconds` pass.
    @discardableResult
    package func waitFor(seconds: Double, _ predicate: () -> Bool) -> Bool {
        let deadline = Self.now() + seconds
        while Self.now() < deadline {
            if predicate() { return true }
            pump(milliseconds: 20)
        }
        return predicate()
    }

    /// Waits for the program to end: how it ended (its exit status, or the signal that ended
    /// it), or `nil` if it still runs after `seconds` (it is killed then).
    package func finish(seconds: Double) -> ProcessEnd? {
        let deadline = Self.now() + seconds
        var status: Int32 = 0
        while Self.now() < deadline {
            pump(milliseconds: 20)
            if waitpid(pid, &status, WNOHANG) == pid {
                while pump(milliseconds: 20) > 0 {}
                return ProcessEnd(waitStatus: status)
            }
        }
        kill(pid, SIGKILL)
        return nil
    }

    /// Changes the terminal's size; the kernel sends the program SIGWINCH.
    package func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's settings now.
    package var settings: termios {
        var now = termios()
        tcgetattr(master, &now)
        return now
    }

    /// Seconds on the monotonic clock.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

package struct PseudoTerminalError: Error, CustomStringConvertible {
    package let code: Int32
    init(_ code: Int32) { self.code = code }
    package var description: String { "pseudo-terminal: \(String(cString: strerror(code)))" }
}

/// Serialises starting programs (see ``PseudoTerminalProcess/init(_:columns:rows:environment:)``).
private final class SpawnLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}

private let spawnLock = SpawnLock()
