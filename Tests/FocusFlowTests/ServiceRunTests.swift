import Foundation
import Glibc
import Testing

/// `focusflow run --check NAME=COMMAND --send NAME=COMMAND` with piped input and on the command
/// line: real programs (the shipped example scripts, and hostile ones) perform the checks and
/// sends of Flows/signup.json.
@Suite("Checks and sends performed by programs: piped input and the command line")
struct ServiceRunTests {
    static let programs = [
        "--check", "nickname-free=Flows/signup-check.sh", "--check", "code-valid=Flows/signup-check.sh",
        "--send", "sms-code=Flows/signup-send.sh",
    ]
    static let secret = "hunter2-secret"
    static func lines(nickname: String = "에이다", code: String = "123456") -> String {
        "ada@example.com\n\(secret)\n\(secret)\n\(nickname)\n+82 10 1234 5678\n\(code)\n"
    }

    /// A folder for one test's files, removed after it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-service-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("The shipped checker and sender walk the sign-up: the sender texts the phone number given before")
    func shippedScripts() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outbox = folder.appendingPathComponent("outbox").path
        let result = try Command.run(["run", "Flows/signup.json"] + Self.programs, input: Self.lines(), environment: ["SIGNUP_OUTBOX": outbox])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"# + "\n")
        #expect(try String(contentsOfFile: outbox, encoding: .utf8) == "To +82 10 1234 5678: your FocusFlow code is 123456\n")
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test(
        "A refused check ends a piped walk with the checker's message, naming the line and the field",
        arguments: [
            (lines(nickname: "admin"), "focusflow: line 4: Nickname (nickname): \"admin\" is taken; try another nickname\n"),
            (lines(code: "654321"), "focusflow: line 6: Verification code (code): That is not the code we sent; check it, or press Ctrl-R to send a new one\n"),
        ])
    func refused(input: String, message: String) throws {
        let result = try Command.run(["run", "Flows/signup.json"] + Self.programs, input: input)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    @Test("Each program reads exactly one JSON line on stdin; a secure value reaches only its own check, and no answer is on its command line or in its environment")
    func whatProgramsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json")
        try
            #"{"id":"s","fields":[{"id":"email","label":"Email"},{"id":"password","label":"Password","secure":true,"check":"pw"},{"id":"nickname","label":"Nickname","check":"nick"},{"id":"code","label":"Code","send":"sms","resendAfter":30}]}"#
            .write(to: flow, atomically: true, encoding: .utf8)
        let log = folder.appendingPathComponent("log").path
        // Each program appends what it read, then its arguments and environment.
        let record = "{ cat; echo; echo \"args: $0 $*\"; env; } >> '\(log)'"
        let result = try Command.run(
            ["run", flow.path, "--check", "pw=\(record)", "--check", "nick=\(record)", "--send", "sms=\(record)"],
            input: "ada@example.com\n\(Self.secret)\n에이다\n4321\n")
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let requests = text.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(
            requests == [
                #"{"field":"password","check":"pw","value":"hunter2-secret","answers":{"email":"ada@example.com"}}"#,
                #"{"field":"nickname","check":"nick","value":"에이다","answers":{"email":"ada@example.com"}}"#,
                #"{"field":"code","send":"sms","answers":{"email":"ada@example.com","nickname":"에이다"}}"#,
            ])
        #expect(text.components(separatedBy: Self.secret).count == 2, "the password is in its own check's request only")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("args:") } == Array(repeating: "args: /bin/sh ", count: 3), "nothing on the command line")
        for line in text.split(separator: "\n") where !line.hasPrefix("{") {
            #expect(!line.contains("ada@example.com") && !line.contains("에이다"), "\(line)")
        }
    }

    @Test("A checker that prints terminal sequences, or repeats the secret it checks, shows neither")
    func hostileMessages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json")
        try #"{"id":"s","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"}]}"#.write(to: flow, atomically: true, encoding: .utf8)
        let echoing = try Command.run(["run", flow.path, "--check", #"pw=sed -n 's/.*"value":"\([^"]*\)".*/\1 is too common/p'; exit 1"#], input: "\(Self.secret)\n")
        #expect(echoing.status == 1)
        #expect(echoing.stderr == "focusflow: line 1: Password (password): Password was not accepted.\n")
        let escapes = try Command.run(["run", flow.path, "--check", #"pw=printf '\033[2J\033]0;owned\007Too common\n'; exit 1"#], input: "\(Self.secret)\n")
        #expect(escapes.status == 1)
        #expect(!escapes.stderr.contains("\u{1B}") && !escapes.stderr.contains("\u{07}"), "\(escapes.stderr.debugDescription)")
        #expect(escapes.stderr.hasSuffix("Too common\n"))
    }

    @Test("A checker's escape sequences, control and invisible characters reach the field's words as plain text, recorded the same")
    func plainWords() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json").path, script = folder.appendingPathComponent("walk.script").path
        try #"{"id":"n","fields":[{"id":"nickname","label":"Nickname","check":"free"}]}"#.write(toFile: flow, atomically: true, encoding: .utf8)
        let program = #"free=printf '\033[2J\033[31mTAKEN\033]0;pwned-title\007 \342\200\256eman \342\200\213try another\n'; exit 1"#
        let result = try Command.run(["run", flow, "--record", script, "--check", program], input: "ada\n")
        #expect(result.status == 1)
        #expect(result.stderr == "focusflow: line 1: Nickname (nickname): TAKEN eman try another\n", "\(result.stderr.debugDescription)")
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(recording.contains(#""message":"TAKEN eman try another""#), "\(recording)")
    }

    @Test(
        "A program that fails, is killed, cannot start or takes too long could not check; a send that fails ends a piped walk",
        arguments: [
            ("exit 3", "Nickname could not be checked; try again, or go back."),
            ("kill -9 $$", "Nickname could not be checked; try again, or go back."),
            ("/nonexistent/checker", "Nickname could not be checked; try again, or go back."),
            ("sleep 30", "Nickname could not be checked; try again, or go back."),
            ("exit 1", "Nickname was not accepted."),
        ])
    func unavailable(command: String, message: String) throws {
        let result = try Command.run(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=\(command)", "--check", "code-valid=exit 0",
                "--send", "sms-code=exit 0", "--check-timeout", "1",
            ], input: Self.lines())
        #expect(result.status == 1)
        // What the program said on stderr stays there, before the walk's own line.
        #expect(result.stderr.hasSuffix("focusflow: line 4: Nickname (nickname): \(message)\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("focusflow:") }.count == 1)
    }

    @Test("A program past --check-timeout is ended with its children before the walk goes on")
    func timeoutEndsGroup() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pids = folder.appendingPathComponent("pids").path
        // The checker and a child of its own, neither holding the walk's streams, both stuck.
        let stuck = "sleep 300 >/dev/null 2>&1 & echo \"$$ $!\" > '\(pids)'; wait"
        let result = try Command.run(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=\(stuck)", "--check", "code-valid=exit 0",
                "--send", "sms-code=exit 0", "--check-timeout", "1",
            ], input: Self.lines())
        #expect(result.status == 1)
        let running = try String(contentsOfFile: pids, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
        #expect(running.count == 2)
        for pid in running {
            let deadline = Date().addingTimeInterval(10)
            while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
            #expect(kill(pid, 0) != 0, "process \(pid) of the checker still runs")
        }
    }

    @Test(
        "A send that fails ends a piped walk with the sender's message, or the engine's when it says none",
        arguments: [
            ("echo 'That number cannot take texts'; exit 1", "That number cannot take texts"),
            ("exit 1", "The code could not be sent; send it again."),
            ("exit 7", "The code could not be sent; send it again."),
        ])
    func sendFails(command: String, message: String) throws {
        let result = try Command.run(
            [
                "run", "Flows/signup.json", "--check", "nickname-free=exit 0", "--check", "code-valid=exit 0",
                "--send", "sms-code=\(command)",
            ], input: Self.lines())
        #expect(result.status == 1)
        #expect(result.stderr == "focusflow: Verification code (code): \(message)\n")
    }

    @Test("A recorded walk holds the programs' answers as requests: its replay needs no program and ends the same; a secret a checker repeated is not in it")
    func recorded() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json").path
        try
            #"{"id":"s","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"},{"id":"nickname","label":"Nickname","check":"nick"},{"id":"code","label":"Code","send":"sms","resendAfter":30,"check":"code"}]}"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("walk.script").path
        let passing = ["--check", "pw=exit 0", "--check", "nick=exit 0", "--send", "sms=exit 0", "--check", "code=exit 0"]
        let walked = try Command.run(["run", flow, "--record", script] + passing, input: "\(Self.secret)\n에이다\n4321\n")
        #expect(walked.status == 0, "\(walked.stderr)")
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(!recording.contains(Self.secret))
        for answer in [
            #"{"action":"checked","ticket":1,"ok":true}"#, #"{"action":"checked","ticket":2,"ok":true}"#, #"{"action":"sent","ticket":3,"ok":true}"#,
            #"{"action":"checked","ticket":4,"ok":true}"#,
        ] {
            #expect(recording.contains(answer + "\n"), "\(recording)")
        }
        let replayed = try Command.run(["replay", flow, script])
        #expect(replayed.status == 0)
        let completed = try #require(replayed.stdout.split(separator: "\n").last)
        #expect(completed.contains(#""event":"completed""#) && completed.contains(#""nickname":"에이다","code":"4321""#), "\(completed)")

        // A checker that repeats the password in its refusal: the walk and its recording show the field's own words.
        let echoing = ["--check", #"pw=sed -n 's/.*"value":"\([^"]*\)".*/\1 is too common/p'; exit 1"#] + passing.dropFirst(2)
        let refused = try Command.run(["run", flow, "--record", script] + echoing, input: "\(Self.secret)\n")
        #expect(refused.status == 1)
        let again = try String(contentsOfFile: script, encoding: .utf8)
        #expect(!again.contains(Self.secret) && !refused.stderr.contains(Self.secret))
        #expect(again.contains(#"{"action":"checked","ticket":1,"ok":false,"message":"Password was not accepted."}"#), "\(again)")
    }

    @Test(
        "The command line is checked against the flow before the first field",
        arguments: [
            (
                ["Flows/signup.json"], 2,
                #"focusflow: "nickname" names the check "nickname-free", and no program performs it: give one with --check nickname-free=COMMAND (or walk the flow with serve, or the Swift API's FlowServices). Nothing was asked"#
            ),
            (
                ["Flows/signup.json", "--check", "nickname-free=exit 0", "--check", "code-valid=exit 0"], 2,
                #"focusflow: "code" names the send "sms-code", and no program performs it: give one with --send sms-code=COMMAND (or walk the flow with serve, or the Swift API's FlowServices). Nothing was asked"#
            ),
            (["Flows/signup.json", "--check", "nickname-free"], 2, #"focusflow: --check takes NAME=COMMAND, like --check nickname-free=Flows/signup-check.sh; "nickname-free" has no ="#),
            (["Flows/signup.json", "--send", "=exit 0"], 2, #"focusflow: --send takes NAME=COMMAND, like --send sms-code=Flows/signup-send.sh; "=exit 0" has no ="#),
            (["Flows/signup.json", "--check", "nickname-free=a", "--check", "nickname-free=b"], 2, #"focusflow: --check gives "nickname-free" twice; give each one program"#),
            (["Flows/signup.json", "--check", "nick=exit 0"], 2, #"focusflow: no field of the flow names the check "nick"; it names "nickname-free", "code-valid""#),
            (["--send", "sms=exit 0"], 2, #"focusflow: no field of the flow names the send "sms"; it has none"#),
            (["Flows/signup.json", "--check-timeout", "0"] + programs, 2, #"focusflow: --check-timeout takes a whole number from 1 to 3600, not "0""#),
        ])
    func commandLine(arguments: [String], status: Int32, message: String) throws {
        let result = try Command.run(["run"] + arguments, input: Self.lines())
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("The refusal names the check in Korean too")
    func korean() throws {
        let result = try Command.run(["run", "Flows/signup.json", "--lang", "ko"], input: Self.lines())
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"nickname-free\"") && result.stderr.contains("--check nickname-free=COMMAND") && result.stderr.contains("프로그램"))
    }
}
