import Foundation
import Glibc

/// The real `focusflow` inside tmux, a real terminal emulator: what a person sees is what
/// `capture-pane` reads, and the cursor is where tmux says it is. Each instance has a private
/// server socket, so tests never meet each other's sessions or the user's.
///
/// The program runs under `sh -c`, with stdout going to a file (``answers``) and its exit
/// status written to another (``exitStatus(timeout:)``); the pane stays after it exits
/// (`remain-on-exit`), so the last screen can still be read. With `shell: true` the pane runs an
/// interactive shell instead, for job control: type the command line with ``type(_:)``.
final class Tmux {
    let folder: String
    private let socket: String
    private var ended = false

    /// - Parameters:
    ///   - arguments: the words after `focusflow`.
    ///   - term: the `TERM` inside the pane (tmux's `default-terminal`).
    ///   - shell: run an interactive shell (`bash` without rc files) instead of the program.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, term: String = "tmux-256color",
         environment: [String: String] = [:], shell: Bool = false, directory: String? = nil) throws {
        folder = NSTemporaryDirectory() + "focusflow-tmux-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        socket = folder + "/socket"
        let config = """
            set -g remain-on-exit on
            set -g status off
            set -g default-terminal "\(term)"
            set -sg escape-time 0
            set -g history-limit 2000
            set -g default-command "/bin/sh"
            """
        try config.write(toFile: folder + "/tmux.conf", atomically: true, encoding: .utf8)
        var env = ["LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
                   "HOME": folder, "FOCUSFLOW": PseudoTerminal.executable]
        env.merge(environment) { $1 }
        let command: String
        if shell {
            command = "PS1='$ ' exec bash --norc --noprofile -i"
        } else {
            let words = ([PseudoTerminal.executable] + arguments).map(Self.quote).joined(separator: " ")
            let cd = directory.map { "cd \(Self.quote($0)) && " } ?? ""
            command = "\(cd)\(words) > \(Self.quote(folder + "/stdout")); echo $? > \(Self.quote(folder + "/status"))"
        }
        var newSession = ["new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)"]
        for (key, value) in env.sorted(by: { $0.key < $1.key }) { newSession += ["-e", "\(key)=\(value)"] }
        // The server forks from this client and keeps its descriptors: give it none to hold open.
        try run(["-f", folder + "/tmux.conf"] + newSession + [command], environment: env, capture: false)
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - Typing

    /// Types `text` literally, as if each character were a key.
    func type(_ text: String) { _ = try? run(["send-keys", "-t", "t", "-l", text]) }

    /// Presses keys by tmux's names: `Enter`, `BSpace`, `BTab`, `C-z`, `Left`, `M-y`, `F1`…
    func press(_ keys: String...) { _ = try? run(["send-keys", "-t", "t"] + keys) }

    /// Sends raw bytes, for sequences tmux has no name for.
    func sendBytes(_ bytes: [UInt8]) {
        _ = try? run(["send-keys", "-t", "t", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Pastes `text` as a terminal does, bracketed when the program asked for it.
    func paste(_ text: String) {
        _ = try? run(["set-buffer", "-b", "p", text])
        _ = try? run(["paste-buffer", "-p", "-d", "-b", "p", "-t", "t"])
    }

    /// Changes the window's size, as a person dragging its corner does.
    func resize(columns: Int, rows: Int) {
        _ = try? run(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    // MARK: - Reading the screen

    /// The visible lines, trailing spaces removed.
    var lines: [String] {
        guard let text = try? run(["capture-pane", "-p", "-t", "t"]) else { return [] }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The visible screen with its escape sequences (colours and attributes).
    var styled: String { (try? run(["capture-pane", "-p", "-e", "-t", "t"])) ?? "" }

    /// The screen as one string, for messages (never holding a secret in a passing test).
    var text: String { lines.joined(separator: "\n") }

    /// Where the cursor is: column and row, from 0.
    var cursor: (x: Int, y: Int) {
        let text = (try? run(["display-message", "-p", "-t", "t", "#{cursor_x},#{cursor_y}"])) ?? ""
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (-1, -1)
    }

    /// The pane's size as tmux has it.
    var size: (columns: Int, rows: Int) {
        let text = (try? run(["display-message", "-p", "-t", "t", "#{pane_width},#{pane_height}"])) ?? ""
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (-1, -1)
    }

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

    /// Waits until the screen shows `text` exactly `count` times.
    @discardableResult
    func waitFor(_ text: String, count: Int, timeout: Double = 10) -> Bool {
        waitFor(timeout: timeout) { $0.joined(separator: "\n").components(separatedBy: text).count - 1 == count }
    }

    // MARK: - The program

    /// The program's exit status once it has ended, or `nil` if it did not end in time.
    func exitStatus(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOfFile: folder + "/status", encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// What the program wrote on stdout (the answers).
    var answers: String { (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? "" }

    /// The process ids running in the pane (the shell or the program's `sh -c`, and children).
    var panePID: pid_t {
        let text = (try? run(["display-message", "-p", "-t", "t", "#{pane_pid}"])) ?? ""
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Runs one tmux command on this instance's server and returns what it printed.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`: the server that `new-session` forks
    /// outlives its client, and must hold none of this process's pipes.
    @discardableResult
    private func run(_ words: [String], environment: [String: String]? = nil, capture: Bool = true) throws -> String {
        let argv = ["/usr/bin/tmux", "-S", socket] + words
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
        _ = Self.closeFrom(&actions, 3)
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }
        // The test runner's threads block most signals, and a spawned process inherits the mask:
        // the server would never see SIGCHLD (nor the program in its pane SIGTSTP or SIGWINCH).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnv)
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

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
