import Foundation
import Glibc

/// An interactive shell inside GNU screen, a second real terminal emulator beside tmux, with
/// a private socket folder (`SCREENDIR`), so tests never meet each other's sessions or the
/// user's. Typing is screen's `stuff`, reading its `hardcopy`.
///
/// screen 4's `hardcopy` writes each cell's low byte only, so what it reads is right for ASCII
/// alone: the tests that use it look at ASCII (the key line, the shell's lines) and at the
/// program's files.
final class GNUScreen: Emulator {
    let folder: String
    private let sockets: String
    private let environment: [String: String]

    private let rows: Int

    /// - Parameters:
    ///   - shell: `bash` or `sh`, started interactive with `$ ` as its prompt.
    ///   - scrollback: how many lines screen keeps above the window (``history``).
    init(shell: String, columns: Int = 80, rows: Int = 24, scrollback: Int = 0) throws {
        self.rows = rows
        folder = NSTemporaryDirectory() + "focusflow-screen-\(UUID().uuidString.prefix(8))"
        sockets = folder + "/sockets"
        try FileManager.default.createDirectory(
            atPath: sockets, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try "startup_message off\ndefutf8 on\ndefscrollback \(scrollback)\n".write(toFile: folder + "/screenrc", atomically: true, encoding: .utf8)
        environment = [
            "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "HOME": folder, "HISTFILE": "/dev/null",
            "TERM": "xterm-256color", "SCREENDIR": sockets, "FOCUSFLOW": PseudoTerminal.executable,
        ]
        let start = shell == "bash" ? "PS1='$ ' exec bash --norc --noprofile -i" : "PS1='$ ' exec sh -i"
        // -d -m: the session starts detached, and the client returns once it runs.
        try Spawn.run(
            ["/usr/bin/screen", "-c", folder + "/screenrc", "-U", "-d", "-m", "-S", "t", "sh", "-c", "cd \(Tmux.quote(folder)) && \(start)"],
            environment: environment, capture: false)
        command("width", "-w", "\(columns)")
        command("height", "-w", "\(rows)")
    }

    deinit {
        command("quit")
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func command(_ words: String...) { command(words) }

    private func command(_ words: [String]) {
        _ = try? Spawn.run(["/usr/bin/screen", "-S", "t", "-X"] + words, environment: environment)
    }

    /// Types ASCII `text` (no `^` or `\`, which `stuff` reads as its own escapes).
    func type(_ text: String) { command("stuff", text) }

    /// Presses Enter.
    func enter() { command("stuff", "^M") }

    /// Presses a control key: `z` for Ctrl-Z.
    func control(_ letter: Character) { command("stuff", "^\(letter.uppercased())") }

    /// The visible lines, trailing spaces removed (right for ASCII only, see above).
    var lines: [String] {
        var lines = hardcopy()
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The scrollback (the lines above the window) and the window, as one text.
    var everything: String { hardcopy(history: true).joined(separator: "\n") }

    /// The scrollback alone: the lines above the window.
    var history: String { hardcopy(history: true).dropLast(rows).joined(separator: "\n") }

    /// The lines `hardcopy` writes (`-h`: the scrollback's, then the window's), trailing spaces
    /// removed.
    private func hardcopy(history: Bool = false) -> [String] {
        let copy = folder + "/hardcopy"
        try? FileManager.default.removeItem(atPath: copy)
        command(["hardcopy"] + (history ? ["-h"] : []) + [copy])
        // The client returns once it has asked; the session writes the file a moment later.
        var data: Data?
        let deadline = Date().addingTimeInterval(2)
        while data?.isEmpty ?? true, Date() < deadline {
            usleep(5_000)
            data = FileManager.default.contents(atPath: copy)
        }
        guard let data else { return [] }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }
}
