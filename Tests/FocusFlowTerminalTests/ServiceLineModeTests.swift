import Foundation
import Glibc
import Testing

/// Checks, sends and requirements in the accessible line mode, through a real pseudo-terminal,
/// performed by the shipped example scripts of Flows/signup.json.
@Suite("Checks, sends and requirements in line mode", .serialized)
struct ServiceLineModeTests {
    static let programs = [
        "--check", "nickname-free=Flows/signup-check.sh", "--check", "code-valid=Flows/signup-check.sh",
        "--send", "sms-code=Flows/signup-send.sh",
    ]

    @Test("Each check and send is said as it starts; a refusal asks the field again; /resend says how long is left; requirements are listed with the field")
    func walk() throws {
        let terminal = try PseudoTerminal(["run", "Flows/signup.json", "--accessible"] + Self.programs, directory: PseudoTerminal.packageRoot.path)
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("ada@example.com\n", expect: "Step 2 of 6. Password"))
        #expect(terminal.output.contains("✗ 8 or more characters\n") || terminal.output.contains("✗ 8 or more characters\r\n"), "\(terminal.output)")
        #expect(terminal.type("hunter-secret\n", expect: "Password needs a digit."))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 3 of 6. Confirm password"))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 4 of 6. Nickname"))
        #expect(terminal.type("admin\n", expect: "\"admin\" is taken; try another nickname"))
        #expect(terminal.output.contains("Checking Nickname…"))
        #expect(terminal.waitFor { $0.components(separatedBy: "Step 4 of 6. Nickname").count == 3 }, "the nickname is asked again")
        #expect(terminal.type("에이다\n", expect: "Step 5 of 6. Phone"))
        #expect(terminal.type("+82 10 1234 5678\n", expect: "Step 6 of 6. Verification code"))
        #expect(terminal.output.contains("Sending Verification code…") && terminal.output.contains("Verification code: sent."))
        #expect(terminal.output.contains("Resend in "), "the prompt says when the code may be sent again")
        #expect(terminal.type("/resend\n", expect: "Resend in "))
        #expect(terminal.type("123456\n", expect: "Done."), "\(terminal.output)")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText.contains(#""nickname":"에이다","phone":"+82 10 1234 5678","code":"123456""#))
        #expect(!terminal.output.contains("hunter2-secret") && !terminal.output.contains("hunter-secret"))
    }

    @Test("Ctrl-C while a check runs cancels the walk and ends the program")
    func cancel() throws {
        let folder = NSTemporaryDirectory() + "focusflow-servicelines-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pid = folder + "/pid"
        let terminal = try PseudoTerminal(
            [
                "run", "Flows/signup.json", "--accessible", "--check", "nickname-free=echo $$ > '\(pid)'; sleep 300",
                "--check", "code-valid=exit 0", "--send", "sms-code=exit 0",
            ], directory: PseudoTerminal.packageRoot.path)
        #expect(terminal.waitFor("Step 1 of 6. Email"))
        #expect(terminal.type("ada@example.com\n", expect: "Step 2 of 6."))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 3 of 6."))
        #expect(terminal.type("hunter2-secret\n", expect: "Step 4 of 6."))
        #expect(terminal.type("ada\n", expect: "Checking Nickname…"))
        let deadline = Date().addingTimeInterval(10)
        var checker: pid_t?
        while checker == nil && Date() < deadline {
            checker = (try? String(contentsOfFile: pid, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if checker == nil { usleep(10_000) }
        }
        let running = try #require(checker)
        terminal.send("\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
        let gone = Date().addingTimeInterval(10)
        while kill(running, 0) == 0 && Date() < gone { usleep(10_000) }
        #expect(kill(running, 0) != 0, "the checker still runs")
    }
}
