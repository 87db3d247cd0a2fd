import Foundation
import Testing

/// Piped input into a flow with review: after the last field, a numbered summary on stderr;
/// an empty line submits, a number amends that answer.
@Suite("Scripted runs: review and amend")
struct ScriptedReviewTests {
    static let secret = "hunter2-secret"
    /// Every field of `Flows/account.json`, without the review's line.
    static let answers = "ada@example.com\n\(secret)\n\(secret)\n에이다\n+82 10 1234 5678\n123456\nkr\ny\n"
    static func json(nickname: String = "에이다") -> String {
        #"{"email":"ada@example.com","password":"\#(secret)","confirm":"\#(secret)","nickname":"\#(nickname)","phone":"+82 10 1234 5678","code":"123456","country":"kr","terms":true}"# + "\n"
    }

    @Test("An empty line at the review submits; the summary heads each section, masks the secret, says yes/no and the choice's label")
    func submits() throws {
        let result = try Command.run(["run", "Flows/account.json"], input: Self.answers + "\n")
        #expect(result.status == 0)
        #expect(result.stdout == Self.json())
        #expect(
            result.stderr == """
                Review your answers:
                  Account:
                  1. Email: ada@example.com
                  2. Password: ••••••••••••••
                  3. Confirm password: ••••••••••••••
                  Profile:
                  4. Nickname: 에이다
                  5. Phone: +82 10 1234 5678
                  6. Verification code: 123456
                  7. Country: 대한민국 (한국) · South Korea
                  Confirm:
                  8. I accept the terms of service: yes

                """)
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test("A number amends that answer; Enter on it returns to the review, then an empty line submits")
    func amends() throws {
        let result = try Command.run(["run", "Flows/account.json"], input: Self.answers + "4\nGrace\n\n")
        #expect(result.status == 0)
        #expect(result.stdout == Self.json(nickname: "Grace"))
        #expect(result.stderr.components(separatedBy: "Review your answers:").count == 3, "the summary twice")
        #expect(result.stderr.contains("  4. Nickname: Grace"))
    }

    @Test("Amending the password asks its confirmation next, which must match again")
    func amendPassword() throws {
        let ok = try Command.run(["run", "Flows/account.json"], input: Self.answers + "2\nnew-secret-99\nnew-secret-99\n\n")
        #expect(ok.status == 0)
        #expect(ok.stdout.contains(#""password":"new-secret-99","confirm":"new-secret-99""#))
        let bad = try Command.run(["run", "Flows/account.json"], input: Self.answers + "2\nnew-secret-99\nnew-secret-00\n")
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasSuffix("focusflow: line 11: Confirm password (confirm): Confirm password does not match Password.\n"))
        #expect(!bad.stderr.contains("new-secret") && !bad.stderr.contains(Self.secret))
    }

    @Test(
        "At the review, a line that is neither empty nor a listed number, or the end of input, exits 1 without answers",
        arguments: [
            ("9\n", "focusflow: line 9: at the review, a line is empty (submit) or a number from 1 to 8 (change that answer)\n"),
            ("\(secret)\n", "focusflow: line 9: at the review, a line is empty (submit) or a number from 1 to 8 (change that answer)\n"),
            ("", "focusflow: input ended at the review; an empty line submits the answers, a number changes one\n"),
        ])
    func invalidAtReview(line: String, message: String) throws {
        let result = try Command.run(["run", "Flows/account.json"], input: Self.answers + line)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix(message))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test("The built-in sign-up has no review: its last line completes")
    func signupUnchanged() throws {
        let result = try Command.run(["run"], input: ScriptedRunTests.answers)
        #expect(result.status == 0 && result.stderr.isEmpty)
    }
}
