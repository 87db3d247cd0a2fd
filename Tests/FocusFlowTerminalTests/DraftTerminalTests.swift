import Foundation
import Glibc
import Testing

/// `--draft FILE` at a terminal: a walk hung up on (SIGHUP) mid-flow is resumed by the next run.
@Suite("Drafts over a pseudo-terminal", .serialized)
struct DraftTerminalTests {
    static let secret = "hunter2-secret"

    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        return haystack.indices.contains { haystack[$0...].starts(with: bytes) }
    }

    @Test(
        "SIGHUP (or SIGTERM) mid-flow writes a draft without the secret; the next run resumes at the secure fields and completion removes it",
        arguments: [([String](), SIGHUP), (["--accessible"], SIGHUP), ([], SIGTERM)])
    func hangUpAndResume(mode: [String], signal: Int32) throws {
        let folder = NSTemporaryDirectory() + "focusflow-draft-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let accessible = !mode.isEmpty

        let first = try PseudoTerminal(["run", "--draft", draft] + mode)
        #expect(first.waitFor("Email"))
        first.send("ada@example.com\r")
        #expect(first.waitFor("Password"))
        first.send(Self.secret + "\r")
        #expect(first.waitFor("Confirm password"))
        first.send(Self.secret + "\r")
        #expect(first.waitFor("Nickname"))
        if !accessible {
            first.send("에이다")
            #expect(first.waitFor("에이다"))
        }
        kill(first.pid, signal)
        #expect(first.finish() == .signalled(signal))
        #expect(!first.output.contains(Self.secret))
        #expect(first.stdoutText.isEmpty)

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        #expect(!Self.contains(bytes, Self.secret), "the secret's bytes are in the draft")
        #expect(Self.contains(bytes, #""email":"ada@example.com""#))
        #expect(Self.contains(bytes, #""focus":"nickname""#))
        #expect(accessible || Self.contains(bytes, #""nickname":"에이다""#), "the nickname typed but not entered is kept")
        #expect((try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int) == 0o600)

        let second = try PseudoTerminal(["run", "--draft", draft] + mode)
        #expect(second.waitFor("resuming the draft \(draft) at Password"))
        #expect(second.waitFor(accessible ? "Step 2 of 6. Password" : "Password"))
        second.send(Self.secret + "\r")
        #expect(second.waitFor("Confirm password"))
        second.send(Self.secret + "\r")
        #expect(second.waitFor("Nickname"))
        second.send(accessible ? "에이다\r" : "\r")
        #expect(second.waitFor("Phone"))
        second.send("+82 10 1234 5678\r123456\r")
        #expect(second.finish() == 0)
        #expect(second.stdoutText == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: draft), "completion removes the draft")
    }

    @Test(
        "Resumed at Phone with the example checks, the walk asks Password, Confirm password, then Phone: Nickname's check runs again on the way",
        arguments: [[String](), ["--accessible"]])
    func resumeAfterCheckedField(mode: [String]) throws {
        let folder = NSTemporaryDirectory() + "focusflow-draft-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let services = [
            PseudoTerminal.packageRoot.path + "/Flows/signup.json", "--check", "nickname-free=\(PseudoTerminal.packageRoot.path)/Flows/signup-check.sh",
            "--check", "code-valid=\(PseudoTerminal.packageRoot.path)/Flows/signup-check.sh", "--send", "sms-code=exit 0",
        ]
        let first = try PseudoTerminal(["run", "--draft", draft] + services + mode)
        #expect(first.waitFor("Email"))
        first.send("ada@example.com\r" + Self.secret + "\r" + Self.secret + "\r에이다\r")
        #expect(first.waitFor("Phone"))
        kill(first.pid, SIGHUP)
        #expect(first.finish() == .signalled(SIGHUP))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        #expect(Self.contains(bytes, #""focus":"phone""#))

        let second = try PseudoTerminal(["run", "--draft", draft] + services + mode)
        #expect(second.waitFor("resuming the draft \(draft) at Password"))
        #expect(second.waitFor(mode.isEmpty ? "Password  [abc]" : "Step 2 of 6. Password"))
        // Typed ahead, as a person who knows the walk (or a script) does.
        second.send(Self.secret + "\r" + Self.secret + "\r+82 10 1234 5678\r123456\r")
        #expect(second.finish() == 0, "\(second.output)")
        #expect(second.stdoutText == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!second.output.contains(Self.secret))
    }

    @Test(
        "A terminal closed from its master side mid-field ends by SIGHUP and keeps the draft with the text typed into the field",
        arguments: 0..<4)
    func masterClosed(round: Int) throws {
        let folder = NSTemporaryDirectory() + "focusflow-draft-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let terminal = try PseudoTerminal(["run", "--draft", draft])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.com\r" + Self.secret + "\r" + Self.secret + "\r")
        #expect(terminal.waitFor("Nickname"))
        terminal.send("에이다")
        #expect(terminal.waitFor("에이다"))
        terminal.hangUp()
        #expect(terminal.finish() == .signalled(SIGHUP))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        #expect(Self.contains(bytes, #""focus":"nickname""#) && Self.contains(bytes, #""nickname":"에이다""#), "\(String(decoding: bytes, as: UTF8.self))")
        #expect(!Self.contains(bytes, Self.secret))
    }

    @Test("Ctrl-C writes the draft with the field the person was on, then ends by SIGINT")
    func cancelKeepsDraft() throws {
        let folder = NSTemporaryDirectory() + "focusflow-draft-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let terminal = try PseudoTerminal(["run", "--draft", draft])
        #expect(terminal.waitFor("Email"))
        terminal.send("ada@example.com\r" + Self.secret)
        #expect(terminal.waitFor("••••••••••••••"))
        terminal.send("\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        #expect(!Self.contains(bytes, Self.secret), "the secret's bytes are in the draft")
        #expect(Self.contains(bytes, #""email":"ada@example.com""#) && Self.contains(bytes, #""focus":"password""#))
    }

    @Test("Prefilled fields show their value at the terminal, and Enter keeps it")
    func prefillAtTerminal() throws {
        let terminal = try PseudoTerminal(["run", "--set", "email=ada@example.com", "--set", "nickname=에이다"])
        #expect(terminal.waitFor("ada@example.com"))
        terminal.send("\r" + Self.secret + "\r" + Self.secret + "\r")
        #expect(terminal.waitFor("에이다"))
        terminal.send("\r+82 10 1234 5678\r123456\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
    }
}
