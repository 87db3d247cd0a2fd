import Foundation
import Glibc
import PseudoTerminalSupport

/// A real terminal emulator a test drives (tmux, GNU screen): what it shows, read again and
/// again until what the test waits for is there.
protocol Emulator: AnyObject {
    /// The visible lines, trailing spaces removed.
    var lines: [String] { get }
}

extension Emulator {
    /// Polls the screen until `predicate` holds for its lines, or `timeout` passes.
    @discardableResult
    func waitFor(timeout: Double = 10, _ predicate: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if predicate(lines) { return true }
            usleep(10_000)
        } while Date() < deadline
        return predicate(lines)
    }

    /// Waits until some visible line contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// The screen as one string, for messages (never holding a secret in a passing test).
    var text: String { lines.joined(separator: "\n") }
}

/// Runs the client of a terminal emulator (tmux, GNU screen) from a test.
enum Spawn {
    /// A program a test runs that this machine does not have.
    struct NotInstalled: Error, CustomStringConvertible {
        var program: String
        var description: String {
            "\(program) is not installed: `.ci/run` installs what the tests run (apt-get install -y \((program as NSString).lastPathComponent))"
        }
    }

    /// Runs `argv` and returns what it printed on stdout.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`: a terminal emulator's server forks
    /// from its client and outlives it, and must hold none of this process's pipes.
    @discardableResult
    static func run(_ argv: [String], environment: [String: String]? = nil, capture: Bool = true) throws -> String {
        guard access(argv[0], X_OK) == 0 else { throw NotInstalled(program: argv[0]) }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: a process spawned meanwhile by another test (a tmux server, a pty
        // child) must not inherit the write end, or this read never sees end of file.
        if capture {
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nor any other descriptor: a pipe another test has open at that moment (a child's stdin)
        // would stay open in the server for as long as it runs, and that child never see its end.
        _ = closeFrom(&actions, 3)
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }
        // The test runner's threads block most signals, and a spawned process inherits the mask:
        // the server would never see SIGCHLD (nor the program in its pane SIGTSTP or SIGWINCH).
        var pid: pid_t = 0
        let spawned = withDefaultSignals { posix_spawn(&pid, argv[0], &actions, $0, cArgv, cEnv) }
        if capture { close(fds[1]) }
        guard spawned == 0 else {
            if capture { close(fds[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        var output: [UInt8] = []
        if capture {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fds[0], &chunk, chunk.count)
                if count > 0 { output += chunk.prefix(count) } else if count == 0 || errno != EINTR { break }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module
    /// does not declare (it needs _GNU_SOURCE).
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return { _, _ in 0 }
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
