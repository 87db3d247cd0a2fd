import FocusFlow
import Foundation
import Testing

/// A walk resumed from `--draft`, fed by a script: it asks the secure fields again, then goes on
/// from the field it stopped at, so that the lines a script gives land in the fields the docs
/// name. A check an answer passed before runs again without taking a line.
@Suite("Resumed walks take the lines the docs describe")
struct ResumedWalkTests {
    static let checks = [
        "--check", "nickname-free=Flows/signup-check.sh", "--check", "code-valid=Flows/signup-check.sh",
        "--send", "sms-code=Flows/signup-send.sh",
    ]
    static let secret = "hunter2-secret"

    /// A folder for one test's files, removed after it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-resume-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A draft written the way a script's walk leaves one: its input ends before `stop`.
    static func draft(_ flow: String, lines: String, extra: [String] = [], in folder: URL) throws -> String {
        let draft = folder.appendingPathComponent("walk.draft").path
        let first = try Command.run(["run", flow, "--draft", draft] + extra, input: lines)
        #expect(first.status == 1, "the first walk stops where its input ends: \(first.stderr)")
        return draft
    }

    @Test("The sign-up resumed at Phone asks Password, Confirm password, then Phone: Nickname's check runs again without a line")
    func signupAtPhone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = "Flows/signup.json"
        let draft = try Self.draft(flow, lines: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n에이다\n", extra: Self.checks, in: folder)
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains(#""focus":"phone""#))
        let second = try Command.run(["run", flow, "--draft", draft] + Self.checks, input: "\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stdout
                == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"#
                + "\n")
        #expect(!second.stderr.contains("not used"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    @Test("A resumed walk cut off again while it asks the secure fields keeps the place it had reached: the third walk asks them, then Phone")
    func cutOffAgainKeepsPlace() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = "Flows/signup.json"
        let draft = try Self.draft(flow, lines: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n에이다\n", extra: Self.checks, in: folder)
        // Cut off at Confirm password: Phone is still where the walk stands.
        let second = try Command.run(["run", flow, "--draft", draft] + Self.checks, input: "\(Self.secret)\n")
        #expect(second.status == 1, "\(second.stderr)")
        let saved = try String(contentsOfFile: draft, encoding: .utf8)
        #expect(saved.contains(#""focus":"phone""#), "\(saved)")
        let third = try Command.run(["run", flow, "--draft", draft] + Self.checks, input: "\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(
            third.stdout
                == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"#
                + "\n")
    }

    @Test("A check that fails when it runs again on resuming ends the walk naming its field, before the line after the secure fields is taken")
    func checkRefusedOnResume() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = "Flows/signup.json"
        // Taken since: the first walk's checker knew no taken nickname.
        let draft = try Self.draft(
            flow, lines: "ada@example.com\n\(Self.secret)\n\(Self.secret)\nadmin\n",
            extra: ["--check", "nickname-free=exit 0", "--check", "code-valid=exit 0", "--send", "sms-code=exit 0"], in: folder)
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains(#""focus":"phone""#))
        let second = try Command.run(["run", flow, "--draft", draft] + Self.checks, input: "\(Self.secret)\n\(Self.secret)\n+82 10 1234 5678\n123456\n")
        #expect(second.status == 1)
        #expect(second.stdout.isEmpty)
        #expect(second.stderr.hasSuffix("focusflow: line 2: Nickname (nickname): \"admin\" is taken; try another nickname\n"), "\(second.stderr)")
    }

    @Test(
        "A two-field flow resumed at its secure field asks it once: the first line is the password",
        arguments: [
            #"[{"id":"nickname","label":"Nickname","check":"free"},{"id":"password","label":"Password","secure":true}]"#,
            #"[{"id":"nickname","label":"Nickname","check":"free"},{"id":"password","label":"Password","secure":true,"rules":{"required":true}}]"#,
        ])
    func twoFields(fields: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("two.json").path
        try #"{"id":"two","title":"Two","fields":\#(fields)}"#.write(toFile: flow, atomically: true, encoding: .utf8)
        let draft = try Self.draft(flow, lines: "ada\n", extra: ["--check", "free=exit 0"], in: folder)
        let second = try Command.run(["run", flow, "--draft", draft, "--check", "free=exit 0"], input: "first\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == #"{"nickname":"ada","password":"first"}"# + "\n")
    }

    @Test(
        "--skip-filled passes a prefilled field with a check after running it, without asking it or a later field twice; the last field still takes an Enter",
        arguments: [
            ([String](), "+82 10 1234 5678\n123456\n"),
            (["--set", "phone=+82 10 1234 5678", "--set", "code=123456"], "\n"),
        ])
    func skipFilledCheck(more: [String], rest: String) throws {
        let result = try Command.run(
            ["run", "Flows/signup.json", "--set", "nickname=에이다"] + more + ["--skip-filled"] + Self.checks,
            input: "ada@example.com\n\(Self.secret)\n\(Self.secret)\n" + rest)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다","phone":"+82 10 1234 5678","code":"123456"}"#
                + "\n")
        #expect(!result.stderr.contains("not used"), "\(result.stderr)")
    }

    @Test(
        "A forward jump past a field whose check must run lands on the field jumped to once the check passes",
        arguments: ["a", "b"])
    func jumpPastCheck(from start: String) throws {
        let json = #"{"id":"j","title":"J","fields":[{"id":"a","label":"A"},{"id":"b","label":"B","check":"free"},{"id":"c","label":"C"},{"id":"d","label":"D"}]}"#
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)))
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .focus("b"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("에이다")))
        if start == "a" { _ = reducer.reduce(into: &state, action: .previous) }
        #expect(state.focus == FieldID(start))
        let events = reducer.reduce(into: &state, action: .focus("d"))
        #expect(state.focus == "b")
        let ticket = try #require(state.checking?.ticket, "\(events)")
        #expect(state.checking?.isPassing == true, "keys typed meanwhile are meant for D")
        _ = reducer.reduce(into: &state, action: .checked(ticket: ticket, .ok))
        #expect(state.focus == "d", "the jump goes on to D, not to the field after B")
    }
}
