import FocusFlow
import Foundation
import Glibc
import PseudoTerminalSupport
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// What the terminal says around the form, in the session's language: the refusals of a line
/// that is not UTF-8 or too long, the note about lines left over, the job-control and
/// fatal-signal notes, and the keyboard badge. Through the real binary, piped and on a pty.
@Suite("Languages: notes and refusals in English and Korean", .serialized)
struct LanguageNotesTests {
    static let flow =
        #"{"id":"s","title":{"en":"Sign","ko":"가입"},"fields":["#
        + #"{"id":"pw","label":{"en":"Password","ko":"비밀번호"},"secure":true,"keyboard":"asciiCapable"},"#
        + #"{"id":"name","label":{"en":"Name","ko":"이름"}}]}"#
    static let reviewFlow = flow.replacingOccurrences(of: #""id":"s","#, with: #""id":"s","review":true,"#)
    static let secret = "opensesame"

    /// One language's expected sentences, written out (not read from the table under test).
    struct Words: Sendable, CustomTestStringConvertible {
        let lang: String
        let invalidLine1: String
        let tooLongLine1: String
        let invalidAtReview: String
        let extraLines: String
        let otherJob: String
        let fatal: String
        let badge: String
        var testDescription: String { lang }
    }

    static let languages = [
        Words(
            lang: "en",
            invalidLine1: "line 1: Password (pw): the line is not valid UTF-8 text, and nothing was changed; send the answer as UTF-8",
            tooLongLine1: "line 1: Password (pw): the line is longer than 1048576 bytes, the most a line may hold",
            invalidAtReview: "line 3: review: the line is not valid UTF-8 text, and nothing was changed; send the answer as UTF-8",
            extraLines: "focusflow: the walk completed at line 2; the input after it was not used.",
            otherJob: "focusflow: the terminal belongs to another job",
            fatal: "focusflow: stopped by a fatal signal; the terminal was restored.",
            badge: "Password  [abc]"),
        Words(
            lang: "ko",
            invalidLine1: "1번째 줄: 비밀번호 (pw): 이 줄은 올바른 UTF-8 텍스트가 아니어서 아무것도 바꾸지 않았습니다. 답을 UTF-8로 보내세요",
            tooLongLine1: "1번째 줄: 비밀번호 (pw): 이 줄은 한 줄에 담을 수 있는 최대 크기인 1048576바이트보다 깁니다",
            invalidAtReview: "3번째 줄: 검토: 이 줄은 올바른 UTF-8 텍스트가 아니어서 아무것도 바꾸지 않았습니다. 답을 UTF-8로 보내세요",
            extraLines: "focusflow: 2번째 줄에서 모든 항목에 답했습니다. 그 뒤의 입력은 쓰지 않았습니다.",
            otherJob: "focusflow: 터미널을 다른 작업이 쓰고 있습니다",
            fatal: "focusflow: 치명적인 시그널로 멈췄습니다. 터미널은 원래대로 돌려 놓았습니다.",
            badge: "비밀번호  [영문]"),
    ]

    /// Runs `focusflow arguments…` with `input` on stdin, bytes as they are.
    static func piped(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = NSTemporaryDirectory() + "focusflow-piped-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(input).write(to: URL(fileURLWithPath: folder + "/in"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec timeout -s KILL 60 "$0" "$@" < "$D/in" > "$D/out" 2> "$D/err""#, PseudoTerminal.executable] + arguments
        process.environment = ["D": folder, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        try process.run()
        process.waitUntilExit()
        let read = { (name: String) in (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read("out"), read("err"))
    }

    @Test("Piped: a line that is not UTF-8 is refused in the session's language, naming the line and the field", arguments: languages)
    func pipedNotText(words: Words) throws {
        let result = try Self.piped(
            ["run", "--lang", words.lang, try TerminalTests.flow(Self.flow)],
            input: Array("open".utf8) + [0xFF] + Array("sesame\nJo\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(words.invalidLine1), "\(result.stderr)")
        #expect(!result.stderr.contains("sesame"))
    }

    @Test("Piped: a line over the cap is refused in the session's language, naming the line and the field", arguments: languages)
    func pipedTooLong(words: Words) throws {
        let result = try Self.piped(
            ["run", "--lang", words.lang, try TerminalTests.flow(Self.flow)],
            input: Array(repeating: UInt8(ascii: "a"), count: 1_100_000) + Array("\nJo\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains(words.tooLongLine1), "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 2000, "the line is not repeated")
    }

    @Test("Piped: a line that is not UTF-8 at the review is refused in the session's language", arguments: languages)
    func pipedNotTextAtReview(words: Words) throws {
        let result = try Self.piped(
            ["run", "--lang", words.lang, try TerminalTests.flow(Self.reviewFlow)],
            input: Array("\(Self.secret)\nJo\n".utf8) + [0xC3, 0x28, 0x0A])
        #expect(result.status == 1)
        #expect(result.stderr.contains(words.invalidAtReview), "\(result.stderr)")
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test("Piped: lines left over after the walk completes are said in the session's language", arguments: languages)
    func pipedExtraLines(words: Words) throws {
        let result = try Self.piped(["run", "--lang", words.lang, try TerminalTests.flow(Self.flow)], input: Array("\(Self.secret)\nJo\nleft over\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == #"{"pw":"\#(Self.secret)","name":"Jo"}"# + "\n")
        #expect(result.stderr.contains(words.extraLines), "\(result.stderr)")
    }

    @Test("The keyboard badge on a field is in the session's language", arguments: languages)
    func badge(words: Words) throws {
        let terminal = try PseudoTerminal(["--lang", words.lang, try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains { $0.hasPrefix(words.badge) } }, "\(terminal.screen().text)")
        terminal.send("\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("Ctrl-R's history search names itself in the session's language", arguments: [("en", "(reverse-i-search)`a': abc"), ("ko", "(역방향 검색)`a': abc")])
    func historySearch(lang: String, expected: String) throws {
        let terminal = try PseudoTerminal(["--lang", lang, try TerminalTests.flow(#"{"id":"h","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#)])
        #expect(terminal.waitFor("Ctrl-C"))
        terminal.send("abc\r")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains { $0.hasPrefix("B  [") } })
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains { $0.hasPrefix("A  [") } })
        terminal.send("\u{12}a")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains { $0.contains(expected) } }, "\(terminal.screen().text)")
        terminal.send("\u{07}\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    @Test("A fatal signal's line says in the session's language that the terminal was restored", arguments: languages)
    func fatalLine(words: Words) throws {
        let terminal = try PseudoTerminal(["--lang", words.lang, try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Ctrl-C"))
        terminal.send(Self.secret)
        #expect(terminal.waitFor("••••••••••"))
        kill(terminal.pid, SIGUSR1)
        #expect(terminal.finish() == .signalled(SIGUSR1))
        #expect(terminal.output.contains(words.fatal), "\(terminal.output.suffix(300))")
        #expect(!terminal.output.contains(Self.secret))
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }

    @Test("Started in the background where it cannot wait stopped, it says so in the session's language", arguments: languages)
    func otherJob(words: Words) throws {
        // A shell with job control starts the walk as a background job that ignores SIGTTIN:
        // the walk cannot stop until it is brought to the foreground, and must say why it ends.
        let script = #"set -m; (trap '' TTIN; exec "$0" "$@") & wait $!; echo "status $?" >&2"#
        let process = try PseudoTerminalProcess(
            ["/bin/sh", "-c", script, PseudoTerminal.executable, "--lang", words.lang, try TerminalTests.flow(Self.flow)],
            columns: 200, rows: 24, environment: ReadlineParityTests.environment)
        let text = { String(decoding: process.terminalBytes, as: UTF8.self) }
        #expect(process.waitFor(seconds: 10) { text().contains("status ") }, "\(text())")
        #expect(text().contains(words.otherJob), "\(text())")
        #expect(process.finish(seconds: 10) == 0)
    }

    @Test("Every new note has a Korean sentence that differs from the English one")
    func table() {
        let en = TerminalWords.english, ko = TerminalWords.korean
        let pairs = [
            (en.notText, ko.notText), (en.tooLong(1), ko.tooLong(1)), (en.extraLines(2), ko.extraLines(2)),
            (en.otherJob, ko.otherJob), (en.noTerminal("x"), ko.noTerminal("x")), (en.fatalSignal, ko.fatalSignal),
        ]
        for (english, korean) in pairs {
            #expect(english != korean)
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "no Hangul in \(korean)")
        }
        for keyboard in KeyboardType.allCases {
            #expect(ko.keyboardTakes(keyboard).unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(keyboard)")
        }
    }
}
