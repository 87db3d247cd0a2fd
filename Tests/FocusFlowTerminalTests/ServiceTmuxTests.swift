import Foundation
import Glibc
import Testing

/// Checks, sends and live requirements inside a real terminal emulator (tmux), performed by
/// real programs: the shipped example scripts of Flows/signup.json, and slow or stuck ones.
@Suite("Checks, sends and requirements inside tmux", .serialized)
struct ServiceTmuxTests {
    static let root = PseudoTerminal.packageRoot.path
    static let secret = "hunter2-secret"

    /// A folder for one test's files, removed after it.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "focusflow-servicetmux-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Waits until `path` holds a line (a program wrote it), never a fixed sleep.
    static func waitForFile(_ path: String, timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// Types the sign-up's answers up to the nickname.
    static func toNickname(_ tmux: Tmux) {
        #expect(tmux.waitFor("Email"))
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password  [abc]"))
        tmux.type(secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Confirm password"))
        tmux.type(secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("Nickname"))
    }

    @Test("The sign-up with its shipped checker and sender: requirements as typed, a spinner while checking, a refusal kept on the field, the code sent to the phone, a wrong code refused")
    func signUp() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outbox = folder + "/outbox"
        // The checker answers after a marker file appears, so the spinner is seen for certain.
        let gate = folder + "/go"
        let slow = "while [ ! -e '\(gate)' ]; do sleep 0.05; done; rm -f '\(gate)'; exec Flows/signup-check.sh"
        let tmux = try Tmux(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=\(slow)", "--check", "code-valid=Flows/signup-check.sh",
                "--send", "sms-code=Flows/signup-send.sh",
            ], environment: ["SIGNUP_OUTBOX": outbox], directory: Self.root)
        #expect(tmux.waitFor("Email"))
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ 8 or more characters"), "\(tmux.text)")
        #expect(tmux.waitFor("✗ a digit"))
        tmux.type("hunter-secret")
        #expect(tmux.waitFor("✓ 8 or more characters"))
        #expect(tmux.waitFor("✗ a digit"), "a secure field's requirements say met or not")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Password needs a digit."), "\(tmux.text)")
        tmux.type("2")
        #expect(tmux.waitFor("✓ a digit"))
        tmux.press("Enter")
        #expect(tmux.waitFor("Confirm password"))
        tmux.type("hunter-secret2")
        tmux.press("Enter")
        #expect(tmux.waitFor("Nickname"))
        tmux.type("admin")
        tmux.press("Enter")
        #expect(tmux.waitFor("Checking Nickname…"), "\(tmux.text)")
        // Enter again while it runs changes nothing: the check is still the one under way.
        tmux.press("Enter")
        #expect(tmux.waitFor("Checking Nickname…"))
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(tmux.waitFor("✗ \"admin\" is taken; try another nickname"), "\(tmux.text)")
        #expect(tmux.lines.contains { $0.hasPrefix("Create your account  4/6") }, "the focus stays on the nickname")
        tmux.press("C-u")
        tmux.type("에이다")
        tmux.press("Enter")
        #expect(tmux.waitFor("Checking Nickname…"))
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(tmux.waitFor("Phone"))
        tmux.type("+82 10 1234 5678")
        tmux.press("Enter")
        #expect(tmux.waitFor("Verification code"))
        #expect(tmux.waitFor("Resend in "), "\(tmux.text)")
        #expect(Self.waitForFile(outbox) == "To +82 10 1234 5678: your FocusFlow code is 123456\n")
        tmux.type("654321")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ That is not the code we sent"), "\(tmux.text)")
        tmux.press("C-u")
        tmux.type("123456")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"email":"ada@example.com","password":"hunter-secret2","confirm":"hunter-secret2","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(!tmux.text.contains("hunter-secret"))
    }

    @Test("Ctrl-C while a check runs ends the walk and the checker with all its children")
    func cancelEndsChecker() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        // The checker and a child of its own, both recorded, then stuck.
        let stuck = "sleep 300 & echo \"$$ $!\" > '\(pids)'; wait"
        let tmux = try Tmux(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=\(stuck)", "--check", "code-valid=exit 0",
                "--send", "sms-code=exit 0", "--check-timeout", "600",
            ], directory: Self.root)
        Self.toNickname(tmux)
        tmux.type("ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("Checking Nickname…"))
        let running = try #require(Self.waitForFile(pids)).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
        #expect(running.count == 2)
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
        for pid in running {
            let deadline = Date().addingTimeInterval(10)
            while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
            #expect(kill(pid, 0) != 0, "process \(pid) of the checker still runs")
        }
    }

    @Test("A checker past --check-timeout could not check: the field says so, and Enter tries again")
    func timeout() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tries = folder + "/tries"
        // The first try never answers; the second passes.
        let once = "if [ -e '\(tries)' ]; then exit 0; fi; echo 1 > '\(tries)'; sleep 300"
        let tmux = try Tmux(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=\(once)", "--check", "code-valid=exit 0",
                "--send", "sms-code=exit 0", "--check-timeout", "1",
            ], directory: Self.root)
        Self.toNickname(tmux)
        tmux.type("ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Nickname could not be checked; try again, or go back."), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Phone"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("A refusal full of escape sequences and invisible characters shows its plain words on the form, and the screen stays whole")
    func plainWords() throws {
        let tmux = try Tmux(
            [
                "run", "Flows/signup.json", "--check",
                #"nickname-free=printf '\033[2J\033[31mTAKEN\033]0;pwned-title\007 \342\200\256eman \342\200\213try another\n'; exit 1"#,
                "--check", "code-valid=exit 0", "--send", "sms-code=exit 0",
            ], directory: Self.root)
        Self.toNickname(tmux)
        tmux.type("ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ TAKEN eman try another"), "\(tmux.text)")
        #expect(tmux.lines.contains { $0.hasPrefix("Create your account  4/6") }, "the title is still on the screen: \(tmux.text)")
        #expect(!tmux.text.contains("[2J") && !tmux.text.contains("]0;") && !tmux.text.contains("\u{202E}"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }

    @Test("Ctrl-R sends the code again once the cooldown has passed; before, the key line says how long is left")
    func resend() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json"
        try #"{"id":"code","title":"Code","fields":[{"id":"phone","label":"Phone"},{"id":"code","label":"Code","keyboard":"numberPad","send":"sms","resendAfter":2,"check":"ok"}]}"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let outbox = folder + "/outbox"
        let tmux = try Tmux(["run", flow, "--send", "sms=cat >> '\(outbox)'; echo >> '\(outbox)'", "--check", "ok=exit 0"])
        #expect(tmux.waitFor("Phone"))
        tmux.type("555")
        tmux.press("Enter")
        #expect(tmux.waitFor("Resend in "), "\(tmux.text)")
        #expect(Self.waitForFile(outbox) != nil)
        tmux.press("C-r")
        #expect(tmux.waitFor("Ctrl-R resend"), "\(tmux.text)")
        #expect((try String(contentsOfFile: outbox, encoding: .utf8)).split(separator: "\n").count == 1, "Ctrl-R during the cooldown sends nothing")
        tmux.press("C-r")
        #expect(tmux.waitFor("Resend in "))
        let deadline = Date().addingTimeInterval(10)
        while ((try? String(contentsOfFile: outbox, encoding: .utf8)) ?? "").split(separator: "\n").count < 2 && Date() < deadline { usleep(10_000) }
        #expect(
            (try String(contentsOfFile: outbox, encoding: .utf8)).split(separator: "\n") == [
                #"{"field":"code","send":"sms","answers":{"phone":"555"}}"#, #"{"field":"code","send":"sms","answers":{"phone":"555"}}"#,
            ])
        tmux.type("1")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"phone":"555","code":"1"}"# + "\n")
    }

    @Test("A code past its expiry says so on the field, and Enter does not pass it until a new one is sent; in Korean too", arguments: ["en", "ko"])
    func expiry(language: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json"
        try #"{"id":"code","title":"Code","fields":[{"id":"code","label":"Code","keyboard":"numberPad","send":"sms","resendAfter":1,"expiresAfter":2,"check":"ok"}]}"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let tmux = try Tmux(["run", flow, "--send", "sms=exit 0", "--check", "ok=exit 0", "--lang", language])
        let expired = language == "en" ? "Code has expired; send a new one." : "Code 항목의 유효 시간이 지났습니다. 새로 보내세요."
        #expect(tmux.waitFor(expired), "\(tmux.text)")
        #expect(tmux.waitFor(language == "en" ? "Ctrl-R resend" : "Ctrl-R 다시 보내기"))
        tmux.type("1")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ " + expired), "an expired code does not pass:\n\(tmux.text)")
        tmux.press("C-r")
        #expect(tmux.waitFor(language == "en" ? "Resend in " : "초 후 다시 보내기"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0, "\(tmux.text)")
        #expect(tmux.answers == #"{"code":"1"}"# + "\n")
    }
}
