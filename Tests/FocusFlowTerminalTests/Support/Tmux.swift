import Foundation
import Glibc
import PseudoTerminalSupport

/// The real `focusflow` inside tmux, a real terminal emulator: what a person sees is what
/// `capture-pane` reads, and the cursor is where tmux says it is. Each instance has a private
/// server socket, so tests never meet each other's sessions or the user's.
///
/// The program is the window's own command (`sh -c 'exec focusflow …'`), with stdout going to
/// a file (``answers``); the pane stays after it exits (`remain-on-exit`), so the last screen
/// can still be read, and tmux says how it ended (``exitStatus(timeout:)``). With `shell: true`
/// the pane runs an interactive shell instead, for job control: type the command line with
/// ``type(_:)``.
final class Tmux: Emulator {
    let folder: String
    private let socket: String
    private var ended = false

    /// - Parameters:
    ///   - arguments: the words after `focusflow`.
    ///   - term: the `TERM` inside the pane (tmux's `default-terminal`).
    ///   - shell: run an interactive shell (`bash` without rc files) instead of the program.
    init(
        _ arguments: [String], columns: Int = 80, rows: Int = 24, term: String = "tmux-256color",
        environment: [String: String] = [:], shell: Bool = false, directory: String? = nil
    ) throws {
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
        var env = [
            "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
            "HOME": folder, "HISTFILE": "/dev/null", "FOCUSFLOW": PseudoTerminal.executable,
        ]
        env.merge(environment) { $1 }
        let command: String
        if shell {
            command = "PS1='$ ' exec bash --norc --noprofile -i"
        } else {
            let words = ([PseudoTerminal.executable] + arguments).map(Self.quote).joined(separator: " ")
            let cd = directory.map { "cd \(Self.quote($0)) && " } ?? ""
            command = "\(cd)exec \(words) > \(Self.quote(folder + "/stdout"))"
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

    /// Closes the window as a person does, or the whole server as a dropped connection does:
    /// `kill-window` or `kill-server`. The terminal goes away; the program sees SIGHUP and the
    /// end of its input together.
    func close(by command: String) {
        _ = try? run(command == "kill-server" ? [command] : [command, "-t", "t"])
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

    /// Waits until the screen shows `text` exactly `count` times.
    @discardableResult
    func waitFor(_ text: String, count: Int, timeout: Double = 10) -> Bool {
        waitFor(timeout: timeout) { $0.joined(separator: "\n").components(separatedBy: text).count - 1 == count }
    }

    // MARK: - The program

    /// How the program ended — its exit status, or the signal that ended it, as tmux saw it
    /// (`pane_dead_status`, `pane_dead_signal`) — or `nil` if it did not end in time.
    func exitStatus(timeout: Double = 10) -> ProcessEnd? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let text = (try? run(["display-message", "-p", "-t", "t", "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}"])) ?? ""
            let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 3, parts[0] == "1" {
                if let signal = Int32(parts[2]) { return .signalled(signal) }
                if let status = Int32(parts[1]) { return .exited(status) }
                // The pane is dead (its terminal closed) and its process not yet reaped. tmux 3.3
                // at times misses the SIGCHLD of a pane's process and leaves it a zombie for
                // good (seen with the program as the pane's own command); another SIGCHLD makes
                // it wait for its children again.
                if let server = pid_t((try? run(["display-message", "-p", "#{pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
                    kill(server, SIGCHLD)
                }
            }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// What a command line typed at the shell (`shell: true`) wrote to the file `status` in
    /// ``folder`` (`echo $? > status`), once it is there: the shell's `$?`, which says 128 + N
    /// for signal N and for an exit status of 128 + N alike.
    func shellStatus(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOfFile: folder + "/status", encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// What the program wrote on stdout (the answers).
    var answers: String { (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? "" }

    /// The process the pane runs: the program itself, or the shell (`shell: true`).
    var panePID: pid_t {
        let text = (try? run(["display-message", "-p", "-t", "t", "#{pane_pid}"])) ?? ""
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The `focusflow` running in the pane: the pane's own process, or the one the shell started
    /// (its child, or a child of the `sh -c` it started); `nil` when none runs.
    var programPID: pid_t? {
        var queue = [panePID]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == PseudoTerminal.executable { return pid }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { pid_t($0) }
        }
        return nil
    }

    // MARK: - History

    /// Every line tmux keeps for the pane: its history (the lines scrolled or cleared off the
    /// top, `scroll-on-clear` copying a cleared screen there) and the visible screen, rows that
    /// wrap joined, so that a text cut at the edge is found whole.
    var everything: String { (try? run(["capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", "t"])) ?? "" }

    /// The history alone: the lines above the visible screen, rows that wrap joined.
    var history: String {
        let lines = (try? run(["display-message", "-p", "-t", "t", "#{history_size}"])) ?? ""
        guard let count = Int(lines.trimmingCharacters(in: .whitespacesAndNewlines)), count > 0 else { return "" }
        return (try? run(["capture-pane", "-p", "-J", "-S", "-", "-E", "-1", "-t", "t"])) ?? ""
    }

    /// Runs one tmux command on this instance's server and returns what it printed.
    @discardableResult
    private func run(_ words: [String], environment: [String: String]? = nil, capture: Bool = true) throws -> String {
        try Spawn.run(["/usr/bin/tmux", "-S", socket] + words, environment: environment, capture: capture)
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
