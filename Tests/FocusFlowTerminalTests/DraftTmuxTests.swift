import Foundation
import Glibc
import Testing

/// `--draft` and `--set` inside a real terminal emulator (tmux), read back as a person sees it.
@Suite("Drafts and prefill inside tmux", .serialized)
struct DraftTmuxTests {
    static let secret = "hunter2-secret"

    /// The focusflow process the pane runs.
    static func program(in tmux: Tmux) -> pid_t? { tmux.programPID }

    /// Walks the sign-up to Nickname, the secure fields typed on the way, and types `에이다` there.
    static func walkToNickname(_ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(tmux.waitFor("Email"), sourceLocation: sourceLocation)
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password  [abc]"), sourceLocation: sourceLocation)
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Confirm password"), sourceLocation: sourceLocation)
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Nickname"), sourceLocation: sourceLocation)
        tmux.type("에이다")
        #expect(tmux.waitFor("› 에이다"), sourceLocation: sourceLocation)
    }

    @Test("A walk hung up on inside tmux resumes there: the secure fields asked again, the nickname typed before the hang-up shown")
    func hangUpResume() throws {
        let folder = NSTemporaryDirectory() + "focusflow-drafttmux-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        do {
            let tmux = try Tmux(["run", "--draft", draft])
            Self.walkToNickname(tmux)
            let pid = try #require(Self.program(in: tmux))
            kill(pid, SIGHUP)
            #expect(tmux.exitStatus() == .signalled(SIGHUP))
            #expect(!tmux.text.contains(Self.secret))
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: draft)))
        let secret = Array(Self.secret.utf8)
        #expect(!bytes.indices.contains { bytes[$0...].starts(with: secret) }, "the secret's bytes are in the draft")

        let tmux = try Tmux(["run", "--draft", draft])
        #expect(tmux.waitFor("Password  [abc]"), "\(tmux.text)")
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Confirm password"))
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("› 에이다"), "the nickname typed before the hang-up is back")
        tmux.press("Enter")
        #expect(tmux.waitFor("Phone"))
        tmux.type("+82 10 1234 5678")
        tmux.press("Enter")
        #expect(tmux.waitFor("Verification code"))
        tmux.type("123456")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    /// Waits until `pid` has ended (gone, or a zombie its parent has not reaped yet).
    static func ended(_ pid: pid_t, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(10_000)
        } while Date() < deadline
        return false
    }

    @Test(
        "Closing the window (or the whole tmux) keeps the draft, the text typed into the current field with it",
        arguments: ["kill-window", "kill-server"], [(false, 0), (true, 0), (true, 1), (true, 2)])
    func windowClosed(by command: String, shellAndRound: (inShell: Bool, round: Int)) throws {
        let inShell = shellAndRound.inShell
        let folder = NSTemporaryDirectory() + "focusflow-drafttmux-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draft = folder + "/signup.draft"
        let tmux = try inShell ? Tmux([], shell: true) : Tmux(["run", "--draft", draft])
        if inShell {
            #expect(tmux.waitFor("$"))
            tmux.type("\"$FOCUSFLOW\" run --draft \(Tmux.quote(draft))")
            tmux.press("Enter")
        }
        Self.walkToNickname(tmux)
        let pid = try #require(Self.program(in: tmux))
        tmux.close(by: command)
        #expect(Self.ended(pid), "focusflow still runs after its window closed")
        let text = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(text.contains(#""focus":"nickname""#), "\(text)")
        #expect(text.contains(#""nickname":"에이다""#), "the nickname typed before the window closed is lost: \(text)")
        #expect(!text.contains(Self.secret))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["signup.draft"], "a temporary file was left behind")
    }

    @Test("A field prefilled with --set shows its value in the input, ready to keep or edit")
    func prefilledShown() throws {
        let tmux = try Tmux(["run", "--set", "email=ada@example.com"])
        #expect(tmux.waitFor("› ada@example.com"), "\(tmux.text)")
        tmux.press("BSpace")
        tmux.type("g")
        #expect(tmux.waitFor("› ada@example.cog"), "the prefilled value is edited like typed text")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password  [abc]"))
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }
}
