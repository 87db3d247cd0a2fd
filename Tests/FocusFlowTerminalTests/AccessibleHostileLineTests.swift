import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// The accessible line mode refuses what piped input refuses: a line that is not UTF-8, or one
/// longer than the cap. The walk ends with exit status 1 and a message naming the line and the
/// field, in the session's language, and never repeats the line (it may be a password).
@Suite("Accessible line mode: hostile lines", .serialized)
struct AccessibleHostileLineTests {
    static let secret = "sesame"

    struct Case: Sendable, CustomTestStringConvertible {
        let lang: String
        /// 0: the secure field (line 1), 1: the plain field (line 2).
        let field: Int
        let expected: String
        var testDescription: String { "\(lang), \(field == 0 ? "secure" : "plain") field" }
    }

    static let notTextCases = [
        Case(lang: "en", field: 0, expected: "line 1: Password (pw): the line is not valid UTF-8 text, and nothing was changed; send the answer as UTF-8"),
        Case(lang: "en", field: 1, expected: "line 2: Name (name): the line is not valid UTF-8 text, and nothing was changed; send the answer as UTF-8"),
        Case(lang: "ko", field: 0, expected: "1번째 줄: 비밀번호 (pw): 이 줄은 올바른 UTF-8 텍스트가 아니어서 아무것도 바꾸지 않았습니다. 답을 UTF-8로 보내세요"),
        Case(lang: "ko", field: 1, expected: "2번째 줄: 이름 (name): 이 줄은 올바른 UTF-8 텍스트가 아니어서 아무것도 바꾸지 않았습니다. 답을 UTF-8로 보내세요"),
    ]

    @Test("A line that is not UTF-8 ends the walk with exit 1, naming the line and the field; the secret is never shown", arguments: notTextCases)
    func notText(_ test: Case) throws {
        let terminal = try PseudoTerminal(["run", "--accessible", "--lang", test.lang, try TerminalTests.flow(LanguageNotesTests.flow)])
        #expect(terminal.waitFor(test.lang == "en" ? "Step 1 of 2." : "2단계 중 1단계."), "\(terminal.output)")
        if test.field == 1 {
            terminal.send("open" + Self.secret + "\n")
            #expect(terminal.waitFor(test.lang == "en" ? "Step 2 of 2." : "2단계 중 2단계."), "\(terminal.output)")
            terminal.send(bytes: Array("Jo".utf8) + [0xFF] + Array("e\n".utf8))
        } else {
            terminal.send(bytes: Array("open".utf8) + [0xFF] + Array(Self.secret.utf8) + [0x0A])
        }
        #expect(terminal.finish() == 1)
        #expect(terminal.output.contains(test.expected), "\(terminal.output)")
        #expect(!terminal.output.contains(Self.secret), "the secure answer reached the screen")
        #expect(terminal.stdoutText.isEmpty)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test(
        "At the review too, a line that is not UTF-8 ends the walk with exit 1, naming the line",
        arguments: [
            ("en", "line 3: review: the line is not valid UTF-8 text"), ("ko", "3번째 줄: 검토: 이 줄은 올바른 UTF-8 텍스트가 아니어서"),
        ])
    func notTextAtReview(lang: String, expected: String) throws {
        let terminal = try PseudoTerminal(["run", "--accessible", "--lang", lang, try TerminalTests.flow(LanguageNotesTests.reviewFlow)])
        #expect(terminal.waitFor(lang == "en" ? "Step 1 of 2." : "2단계 중 1단계."), "\(terminal.output)")
        terminal.send("open" + Self.secret + "\nJo\n")
        #expect(terminal.waitFor(lang == "en" ? "Enter submits" : "Enter는 제출"), "\(terminal.output)")
        terminal.send(bytes: [0x31, 0xFF, 0x0A])
        #expect(terminal.finish() == 1)
        #expect(terminal.output.contains(expected), "\(terminal.output)")
        #expect(!terminal.output.contains(Self.secret))
        #expect(terminal.stdoutText.isEmpty)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    static let tooLongCases = [
        Case(lang: "en", field: 0, expected: "line 1: Password (pw): the line is longer than 1048576 bytes, the most a line may hold"),
        Case(lang: "ko", field: 0, expected: "1번째 줄: 비밀번호 (pw): 이 줄은 한 줄에 담을 수 있는 최대 크기인 1048576바이트보다 깁니다"),
    ]

    @Test("A line over the cap ends the walk with exit 1, naming the line and the field, and is not repeated", arguments: tooLongCases)
    func tooLong(_ test: Case) throws {
        // A terminal in canonical mode holds at most 4095 bytes of a line; one read a byte at a
        // time (-icanon) passes any length, as a paste into such a terminal does.
        let flow = try TerminalTests.flow(LanguageNotesTests.flow)
        let process = try PseudoTerminalProcess(
            [
                "/bin/sh", "-c", #"stty -icanon; exec "$0" "$@""#, PseudoTerminal.executable,
                "run", "--accessible", "--lang", test.lang, flow,
            ],
            columns: 80, rows: 24, environment: ReadlineParityTests.environment)
        let text = { String(decoding: process.terminalBytes, as: UTF8.self) }
        #expect(process.waitFor(seconds: 10) { text().contains(test.lang == "en" ? "Step 1 of 2." : "2단계 중 1단계.") }, "\(text())")
        // The settings the walk started with: the terminal's, -icanon.
        var settings = process.settingsBefore
        settings.c_lflag &= ~tcflag_t(ICANON)
        let chunk = [UInt8](repeating: UInt8(ascii: "s"), count: 65536)
        for _ in 0..<17 {
            process.send(bytes: chunk)
            process.pump(milliseconds: 0)
        }
        process.send(bytes: [0x0A])
        #expect(process.finish(seconds: 20) == 1)
        #expect(text().contains(test.expected), "\(text().suffix(400))")
        #expect(!text().contains(String(repeating: "s", count: 100)), "the line was repeated")
        #expect(process.stdoutBytes.isEmpty)
        #expect(sameSettings(process.settings, settings))
    }
}
