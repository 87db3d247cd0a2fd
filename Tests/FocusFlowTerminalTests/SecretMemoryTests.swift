import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// A walk's memory, read from outside as an attacker with the same uid, or root, would read it:
/// the process cannot be dumped or read by its own user, and once a secure field is left the
/// engine's answer is the one copy of the secret in it (readline's line, its undo list, the input
/// buffer and whatever was drawn are wiped).
@Suite("Secrets in a walk's memory")
struct SecretMemoryTests {
    /// A secret long enough for a string of its own on the heap, and one Swift keeps inside the
    /// string's own 16 bytes (in an array, a dictionary or a frame).
    static let secrets = ["Correct-Horse-Battery-9", "Hunter2-Sec!"]

    /// How the secret reaches the field.
    enum Typing: String, CaseIterable, CustomTestStringConvertible {
        case burst, keyByKey, bracketedPaste, revealedThenHidden, editedWithUndo
        var testDescription: String { rawValue }
    }

    @Test("Once a secure field is left, the engine's answer is the one copy of the secret in memory", arguments: Typing.allCases, secrets)
    func leftField(typing: Typing, secret: String) throws {
        // The secret without its first bytes, so that a buffer whose start the next key
        // overwrote (readline's line, the input buffer) is found too.
        let needle = Array(secret.utf8.dropFirst(4))
        let flow = try TerminalTests.flow(
            #"{"id":"m","title":"Memory","fields":[{"id":"password","label":"Password","secure":true,"keyboard":"asciiCapable"},{"id":"nick","label":"Nickname"}]}"#)
        let terminal = try PseudoTerminal([flow])
        #expect(terminal.waitFor("Password"))
        switch typing {
        case .burst: terminal.send(secret)
        case .keyByKey:
            for character in secret {
                terminal.send(String(character))
                terminal.settle()
            }
        case .bracketedPaste: terminal.send("\u{1B}[200~" + secret + "\u{1B}[201~")
        case .revealedThenHidden:
            terminal.send(secret)
            terminal.settle()
            terminal.send("\u{14}")
            terminal.settle()
            terminal.send("\u{14}")
        case .editedWithUndo:
            // Typed, killed whole (readline's undo list keeps the text it deleted), typed again.
            terminal.send(secret)
            terminal.settle()
            terminal.send("\u{15}")
            terminal.settle()
            terminal.send(secret)
        }
        terminal.settle()
        let typed = try ProcessMemory.places(of: needle, in: terminal.pid)
        #expect(!typed.isEmpty, "the secret is not where the scan looks while it is typed: the scan proves nothing")
        terminal.send("\r")
        #expect(terminal.waitFor("Nickname"))
        terminal.send("zed")
        terminal.settle()
        let left = try ProcessMemory.places(of: needle, in: terminal.pid)
        #expect(left.count == 1, "copies of the secret once its field was left (the answer is the one expected; \(secret.count) characters): \(left)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
    }

    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let secondUser = ["/usr/bin/setpriv", "--reuid=1000", "--regid=1000", "--clear-groups"]

    @Test(
        "A walk cannot be read through /proc or dumped by its own user, and leaves no core file",
        .enabled(if: getuid() == 0 && setpriv != nil, "needs root and setpriv, to run the walk and its reader as one other uid"))
    func notDumpable() throws {
        let flow = PseudoTerminal.packageRoot.appendingPathComponent("Flows/login.json").path
        let walk = try PseudoTerminalProcess(
            Self.secondUser + [PseudoTerminal.executable, "run", flow], columns: 80, rows: 24,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "HOME": "/"])
        #expect(walk.waitFor(seconds: 10) { String(decoding: walk.terminalBytes, as: UTF8.self).contains("Email") })
        // The same uid reads a process of its own that is dumpable: what is refused below is refused
        // for being the walk's.
        let control = Process()
        control.executableURL = URL(fileURLWithPath: Self.secondUser[0])
        control.arguments = Array(Self.secondUser.dropFirst()) + ["/bin/sleep", "30"]
        try control.run()
        defer { control.terminate() }
        // Until setpriv has become `sleep`, the process is one that changed its uid and is not
        // dumpable: the control is the program it runs.
        let started = Date()
        while (try? String(contentsOfFile: "/proc/\(control.processIdentifier)/comm", encoding: .utf8)) != "sleep\n", Date().timeIntervalSince(started) < 10 {
            usleep(1_000)
        }
        #expect(Self.readEnvironment(of: control.processIdentifier) == 0, "the second uid cannot read its own dumpable process: the check proves nothing")
        #expect(Self.readEnvironment(of: walk.pid) != 0, "the walk's own uid read /proc/PID/environ of the walk")
        let limits = (try? String(contentsOfFile: "/proc/\(walk.pid)/limits", encoding: .utf8)) ?? ""
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(core.map { Array($0.suffix(3)) } == ["0", "0", "bytes"], "core file size: \(core ?? [])")
        walk.send("\u{3}")
        _ = walk.finish(seconds: 10)
    }

    /// The exit status of `cat /proc/PID/environ` run as the second uid, its output dropped.
    private static func readEnvironment(of pid: pid_t) -> Int32 {
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: secondUser[0])
        reader.arguments = Array(secondUser.dropFirst()) + ["/bin/cat", "/proc/\(pid)/environ"]
        reader.standardOutput = FileHandle.nullDevice
        reader.standardError = FileHandle.nullDevice
        guard (try? reader.run()) != nil else { return -1 }
        reader.waitUntilExit()
        return reader.terminationStatus
    }
}
