import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import PseudoTerminalSupport

/// An interactive walk whose answers could not be written stops before the first field shows,
/// so no one answers every field to lose the answers.
@Suite("Where the answers go, checked before an interactive walk", .serialized)
struct AnswerTargetTerminalTests {
    /// `focusflow run` on a pseudo-terminal, through `sh -c` for the redirection `shell` adds.
    static func start(_ shell: String, in folder: String) throws -> PseudoTerminalProcess {
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
        ]
        let script = "cd \"$1\" && exec \"$0\" run \(shell)"
        return try PseudoTerminalProcess(["/bin/sh", "-c", script, PseudoTerminal.executable, folder], columns: 80, rows: 24, environment: environment)
    }

    @Test(
        "A bad --output or an unwritable stdout is said at once, exit 74, and no field shows",
        arguments: [
            ("--output answers", "cannot write the answers to answers: it is a folder; name a file in it, like answers/answers.json. Nothing was asked."),
            ("--output locked.json", "cannot write the answers to locked.json: it is read-only; make it writable or name another file. Nothing was asked."),
            ("--output /dev/fd/63", "cannot write the answers to /dev/fd/63: it is closed. Nothing was asked."),
            (">&-", "cannot write the answers to stdout: it is closed. Nothing was asked."),
            (">/dev/full", "cannot write the answers to stdout: it is /dev/full, where every write fails. Nothing was asked."),
        ])
    func refusedBeforeTheFirstField(shell: String, message: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-pty-target-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder + "/answers", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: folder + "/locked.json"))
        chmod(folder + "/locked.json", 0o444)
        let process = try Self.start(shell, in: folder)
        let status = process.finish(seconds: 10)
        let screen = String(decoding: process.terminalBytes, as: UTF8.self)
        #expect(status == 74, "the walk went on: \(screen)")
        #expect(screen.contains("focusflow: " + message))
        #expect(!screen.contains("Email"), "the first field showed before the error")
        #expect(sameSettings(process.settings, process.settingsBefore))
        #expect((try? String(contentsOfFile: folder + "/locked.json", encoding: .utf8)) == "kept\n")
    }

    @Test(
        "In tmux: when stdout's reader goes during the walk, the last words say the answers were not saved, never done, and the status is 74",
        arguments: [([], "Sign in: answers not saved.", "Sign in: done"), (["--accessible"], "Answers not saved.", "Done.")])
    func readerGoneDuringTheWalk(options: [String], says: String, never: String) throws {
        let tmux = try Tmux([], columns: 120, shell: true)
        #expect(tmux.waitFor("$"), "\(tmux.text)")
        try Data(#"{"id":"s","title":"Sign in","fields":[{"id":"name","label":"Name"}]}"#.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/flow.json"))
        #expect(mkfifo(tmux.folder + "/gate", 0o600) == 0)
        // The reader of stdout reads nothing, and goes once the test opens the gate.
        tmux.type("cd '\(tmux.folder)'; clear; \"$FOCUSFLOW\" run flow.json \(options.joined(separator: " ")) | { read -r _ < gate; : > gone; }; echo \"status=${PIPESTATUS[0]}\"")
        tmux.press("Enter")
        #expect(tmux.waitFor("Name"), "\(tmux.text)")
        tmux.type("Ada")
        let gate = try #require(FileHandle(forWritingAtPath: tmux.folder + "/gate"))
        gate.write(Data("go\n".utf8))
        try gate.close()
        #expect(Self.waitForFile(tmux.folder + "/gone"), "the reader did not go")
        tmux.press("Enter")
        #expect(tmux.waitFor("status=74"), "\(tmux.text)")
        #expect(tmux.text.contains(says), "\(tmux.text)")
        #expect(!tmux.text.contains(never), "\(tmux.text)")
        #expect(tmux.text.contains("cannot write the answers to stdout"), "\(tmux.text)")
    }

    /// Whether `path` exists within ten seconds, looked for every 20 ms.
    static func waitForFile(_ path: String) -> Bool {
        for _ in 0..<500 {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("A good --output is walked and written: a symbolic link's target is replaced")
    func goodTargetIsWritten() throws {
        let folder = NSTemporaryDirectory() + "focusflow-pty-target-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        symlink("real.json", folder + "/link.json")
        let process = try Self.start("--output link.json", in: folder)
        #expect(process.waitFor(seconds: 10) { String(decoding: process.terminalBytes, as: UTF8.self).contains("Email") })
        process.send(TerminalTests.signupTypeahead)
        #expect(process.finish(seconds: 10) == 0)
        #expect(process.stdoutBytes.isEmpty)
        #expect((try? String(contentsOfFile: folder + "/real.json", encoding: .utf8)) == TerminalTests.signupJSON)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json")) == "real.json")
    }

    @Test(
        "A path another user planted (a link to the person's file) is refused before the first field shows, the file untouched",
        .enabled(if: SharedFolder.available, Comment(rawValue: SharedFolder.unavailable)),
        arguments: [("--output", "the answers", 74), ("--record", "the recording", 74), ("--draft", "the draft", 74), ("--answers", "", 2)])
    func plantedLinkRefused(option: String, content: String, status expected: Int32) throws {
        let shared = try SharedFolder()
        defer { shared.remove() }
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: shared.path + "/own.json"))
        #expect(shared.asOtherUser("ln -s own.json planted.json") == 0)
        let process = try Self.start("\(option) planted.json", in: shared.path)
        let status = process.finish(seconds: 10)
        let screen = String(decoding: process.terminalBytes, as: UTF8.self)
        #expect(status == .exited(expected), "the walk went on: \(screen)")
        let said = content.isEmpty ? "focusflow: --answers planted.json: " : "focusflow: cannot write \(content) to planted.json: "
        #expect(screen.contains(said + "it is a symbolic link owned by another user (uid 1000), which focusflow does not follow"), "\(screen)")
        #expect(!screen.contains("Email"), "the first field showed before the error")
        #expect(sameSettings(process.settings, process.settingsBefore))
        #expect((try? String(contentsOfFile: shared.path + "/own.json", encoding: .utf8)) == "kept\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: shared.path + "/planted.json")) == "own.json")
    }
}
