import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

/// A recording says nothing of a secret beyond what the field's rules said of it: two walks whose
/// secrets differ in length, classes, spaces or script but pass (or fail) the rules alike give
/// the same recording, byte for byte, and both replay to the same end.
@Suite("Recordings that give nothing away")
struct RecordingPrivacyTests {
    /// A password with live requirements, its confirmation, and a word on the default keyboard.
    static let flow = """
        {"id":"private","title":"Private","fields":[
         {"id":"user","label":"User"},
         {"id":"password","label":"Password","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"minLength":8},
          "requirements":[{"minLength":8,"message":"8 or more characters"},{"pattern":"[0-9]","message":"a digit"}]},
         {"id":"confirm","label":"Confirm","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"matches":"password"}},
         {"id":"word","label":"Word","secure":true,"rules":{"required":true,"minLength":4}}]}
        """

    static func spec() throws -> FlowSpec { try FlowSpec(json: Data(flow.utf8)) }

    /// One walk's secrets: the password (typed twice) and the word.
    struct Secrets: Sendable, CustomStringConvertible {
        var password: String
        var word: String
        var all: [String] { [password, word] }
        // The test's name must not hold the secrets either: only their shapes.
        var description: String { "password of \(password.count), word of \(word.count)" }
    }

    /// Pairs of walks that pass every rule alike and differ in everything else.
    static let pairs: [(Secrets, Secrets)] = [
        // Lengths and classes: a long mixed password against a short run of one pattern.
        (Secrets(password: "Child-Secret-5150", word: "비밀번호다섯"), Secrets(password: "zz9zz9zz9", word: "hunter22")),
        // A passphrase whose spaces would give its word lengths away.
        (Secrets(password: "correct horse battery 9", word: "a b c d e f"), Secrets(password: "Tr0ub4dor&3", word: "ㅎㅎㅎㅎ")),
        // Hangul and emoji on the default keyboard against ASCII.
        (Secrets(password: "12345678", word: "🙂🙂🙂🙂🙂"), Secrets(password: "~!@#$%^&*()_+1", word: "Grüße, Welt")),
    ]

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-private-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(flow.utf8).write(to: folder.appendingPathComponent("flow.json"))
        return folder
    }

    /// Runs `focusflow run flow.json --record NAME` with `input` piped in; the recording and the
    /// exit status. The run's output is never printed: it holds the secrets.
    static func record(_ input: String, as name: String, in folder: URL, options: [String] = []) throws -> (recording: String, status: Int32) {
        let result = try Command.run(["run", "flow.json", "--record", name] + options, input: input, directory: folder)
        let recording = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return (recording, result.status)
    }

    /// `focusflow replay flow.json NAME`'s stdout.
    static func replay(_ name: String, in folder: URL) throws -> String {
        try Command.run(["replay", "flow.json", name], directory: folder).stdout
    }

    @Test("Two piped walks whose secrets pass the same rules give the same recording, byte for byte, and both replay to the same end", arguments: pairs)
    func pipedPair(first: Secrets, second: Secrets) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var recordings: [String] = []
        for (number, secrets) in [first, second].enumerated() {
            let input = "ada\n\(secrets.password)\n\(secrets.password)\n\(secrets.word)\n"
            let (recording, status) = try Self.record(input, as: "walk\(number).script", in: folder)
            #expect(status == 0, "walk \(number) did not complete")
            let leaked = secrets.all.contains { recording.contains($0) }
            #expect(!leaked, "a secret of walk \(number) is in its recording")
            recordings.append(recording)
        }
        #expect(recordings[0] == recordings[1], "the recordings differ: they say something of the secrets")
        let replays = try (0..<2).map { try Self.replay("walk\($0).script", in: folder) }
        #expect(replays[0] == replays[1])
        let values = try RecordingTests.completedValues(replays[0])
        #expect(values["user"] == "ada")
        #expect(values["confirm"] == values["password"], "a confirmation equal to its password stands in as the password's stand-in")
    }

    @Test("WalkRecorder on a store: two walks typed key by key whose secrets pass the same rules give the same script", arguments: pairs)
    func recorderPair(first: Secrets, second: Secrets) throws {
        let spec = try Self.spec()
        let scripts = try [first, second].map { secrets in
            var actions: [FlowReducer.Action] = Fixtures.answer("ada")
            for value in [secrets.password, secrets.password, secrets.word] {
                actions += value.indices.map { .field(.textChanged(String(value[...$0]))) } + [.field(.submit)]
            }
            let (script, last, store) = try WalkRecorderTests.recordAndReplay(spec, actions)
            #expect(store.state.phase == .completed)
            #expect(last.contains(#""phase":"completed""#))
            let leaked = secrets.all.contains { script.contains($0) }
            #expect(!leaked, "a secret is in the script")
            return script
        }
        #expect(scripts[0] == scripts[1], "the scripts differ: they say something of the secrets")
    }

    /// Walks that take a turn the rules can see, each with two sets of secrets that the rules
    /// cannot tell apart: the name, the first walk's actions and the second's.
    static let turns: [(name: String, first: [FlowReducer.Action], second: [FlowReducer.Action], ends: String)] = [
        (
            "a confirmation that differs from its password",
            Fixtures.answer("ada") + Fixtures.answer("Hunter-2024") + Fixtures.answer("Hunter-2025"),
            Fixtures.answer("ada") + Fixtures.answer("zz9zz9zz9zz9zz9") + Fixtures.answer("q"),
            #""event":"invalid","field":"confirm","message":"Confirm does not match Password.""#
        ),
        (
            "a password changed after its confirmation was typed",
            Fixtures.answer("ada") + Fixtures.answer("Hunter-2024") + [.field(.textChanged("Hunter-2024")), .previous]
                + Fixtures.answer("Hunter-2025") + [.next],
            Fixtures.answer("ada") + Fixtures.answer("a1a1a1a1a1") + [.field(.textChanged("a1a1a1a1a1")), .previous]
                + Fixtures.answer("Correct Horse 7") + [.next],
            #""event":"invalid","field":"confirm","message":"Confirm does not match Password.""#
        ),
        (
            "a password too short, then one that passes",
            Fixtures.answer("ada") + Fixtures.answer("short") + Fixtures.answer("Hunter-2024"),
            Fixtures.answer("ada") + Fixtures.answer("Ab-#") + Fixtures.answer("many words and 1 digit"),
            #""event":"focusMoved","from":"password","to":"confirm""#
        ),
        (
            "a password without a digit, which its requirement refuses",
            Fixtures.answer("ada") + Fixtures.answer("no digits here"),
            Fixtures.answer("ada") + Fixtures.answer("zyxwvuts"),
            #""event":"invalid","field":"password","message":"Password needs a digit.""#
        ),
    ]

    @Test("A walk whose rules see a turn — a mismatch, a change, a failed attempt — records it without the secrets' shapes", arguments: turns.indices)
    func turn(index: Int) throws {
        let turn = Self.turns[index]
        let spec = try Self.spec()
        let (first, firstLast, _) = try WalkRecorderTests.recordAndReplay(spec, turn.first)
        let (second, secondLast, _) = try WalkRecorderTests.recordAndReplay(spec, turn.second)
        #expect(first == second, "\(turn.name): the scripts differ, so they say something of the secrets")
        #expect(firstLast == secondLast)
        #expect(firstLast.contains(turn.ends), "\(turn.name): the replay ends \(firstLast)")
        for action in turn.first + turn.second {
            guard case .field(.textChanged(let value)) = action, value != "ada", value.count >= 4 else { continue }
            // Worked out apart, so that a failure does not print the secret.
            let leaked = first.contains(value) || second.contains(value)
            #expect(!leaked, "\(turn.name): a secret is in the script")
        }
    }

    @Test("A password changed to another that passes is recorded as a change, so the replay fails the confirmation as the walk did")
    func changedPassword() throws {
        let spec = try Self.spec()
        let actions =
            Fixtures.answer("ada") + Fixtures.answer("Hunter-2024") + [.field(.textChanged("Hunter-2024")), .previous]
            + Fixtures.answer("Hunter-2025")
        let (script, last, store) = try WalkRecorderTests.recordAndReplay(spec, actions)
        #expect(store.state.focus == "confirm")
        let passwords = script.split(separator: "\n").filter { $0.hasPrefix(#"{"action":"text""#) }.dropFirst()
        #expect(passwords.count == 3, "password, confirmation, password again: \(passwords.count)")
        let lines = Array(passwords)
        #expect(lines[0] == lines[1], "the confirmation stands in as its password does")
        #expect(lines[2] != lines[0], "the changed password must not replay as unchanged")
        #expect(last.contains(#""focus":"confirm""#))
    }

    @Test("Piped walks that fail alike — a password too short, a confirmation that differs — give the same recording; the replay fails there")
    func pipedFailures() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (inputs, message) in [
            (["ada\nshort\n", "ada\nAb-#\n"], "Password must be at least 8 characters."),
            (["ada\nHunter-2024\nHunter-2025\n", "ada\nzz9zz9zz9zz9\nzz9\n"], "Confirm does not match Password."),
        ] {
            let walks = try inputs.enumerated().map { number, input in try Self.record(input, as: "fail\(number).script", in: folder) }
            #expect(walks.allSatisfy { $0.status == 1 })
            #expect(walks[0].recording == walks[1].recording, "the recordings of two walks that failed alike differ")
            let leaked = ["short", "Hunter-202", "zz9zz9"].contains { walks[0].recording.contains($0) || walks[1].recording.contains($0) }
            #expect(!leaked, "a secret is in a recording")
            let replay = try Self.replay("fail0.script", in: folder)
            #expect(replay.split(separator: "\n").last?.contains(message) == true, "the replay ends \(replay.split(separator: "\n").last ?? "")")
        }
    }

    @Test("Prefilled secrets that pass alike start two recordings alike")
    func prefilledPair() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var recordings: [String] = []
        for (number, secrets) in Self.pairs[0...1].map(\.0).enumerated() {
            let answers = #"{"password":\#(JSONText.quote(secrets.password)),"confirm":\#(JSONText.quote(secrets.password))}"#
            try Data(answers.utf8).write(to: folder.appendingPathComponent("answers.json"))
            let (recording, status) = try Self.record(
                "\(secrets.word)\n", as: "start\(number).script", in: folder, options: ["--set", "user=ada", "--answers", "answers.json", "--skip-filled"])
            #expect(status == 0)
            recordings.append(recording)
            let leaked = secrets.all.contains { recording.contains($0) }
            #expect(!leaked, "a secret is in the recording")
        }
        #expect(recordings[0] == recordings[1], "the recordings differ: they say something of the prefilled secrets")
    }

    @Test("A secure field that must match a plain one is recorded, and stands in as the plain text it matched")
    func matchesPlain() throws {
        let spec = try FlowSpec(
            json: Data(
                #"{"id":"m","title":"M","fields":[{"id":"email","label":"Email","keyboard":"emailAddress"},{"id":"again","label":"Again","secure":true,"keyboard":"emailAddress","rules":{"required":true,"matches":"email"}}]}"#
                    .utf8))
        let (script, last, store) = try WalkRecorderTests.recordAndReplay(spec, Fixtures.answer("ada@example.com") + Fixtures.answer("ada@example.com"))
        #expect(store.state.phase == .completed)
        #expect(last.contains(#""phase":"completed""#), "\(last)")
        #expect(script.components(separatedBy: #"{"action":"text","value":"ada@example.com"}"#).count == 3, "the equality the rule reveals is kept")
    }

    /// A secure field no value made from its rules can pass: its pattern asks for a script the
    /// stand-ins are never made of.
    static let unrecordable = """
        {"id":"greek","title":"Greek","fields":[
         {"id":"user","label":"User"},
         {"id":"motto","label":"Secret motto","secure":true,"rules":{"required":true,"pattern":"^\\\\p{Greek}{4,}$"}}]}
        """

    @Test(
        "--record on a flow with a secure field no stand-in can pass is refused before the first field, naming the field, in English and Korean",
        arguments: [("en", "no stand-in"), ("ko", "대역 값")])
    func refusedAtStart(language: String, says: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.unrecordable.utf8).write(to: folder.appendingPathComponent("greek.json"))
        let result = try Command.run(
            ["run", "greek.json", "--record", "walk.script", "--lang", language], input: "ada\nαβγδεζ\n", directory: folder)
        #expect(result.status == 2, "\(result.stderr)")
        // Worked out apart: the answers, if printed, hold the secret.
        let printed = !result.stdout.isEmpty
        #expect(!printed, "answers were printed")
        #expect(result.stderr.contains(#""motto""#) && result.stderr.contains(says), "\(result.stderr)")
        #expect(!result.stderr.contains("Secret motto") && !result.stderr.contains("User"), "no field was asked: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("walk.script").path), "nothing was written")
        #expect(throws: WalkRecorder.Failure(field: "motto")) { try WalkRecorder(spec: FlowSpec(json: Data(Self.unrecordable.utf8))) }
    }

    @Test("A failure no stand-in made from the rules can repeat is said in the recording and on stderr, never recorded from the secret")
    func approximated() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only a Greek letter fails the pattern, and stand-ins are never made of Greek.
        let flow = #"{"id":"g","title":"G","fields":[{"id":"pin","label":"PIN","secure":true,"rules":{"required":true,"pattern":"^[^\\p{Greek}]*$"}}]}"#
        try Data(flow.utf8).write(to: folder.appendingPathComponent("g.json"))
        let result = try Command.run(["run", "g.json", "--record", "walk.script"], input: "αβγδ\n", directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"the recording's stand-in for "pin" is judged by its rules otherwise"#), "\(result.stderr)")
        let recording = try String(contentsOf: folder.appendingPathComponent("walk.script"), encoding: .utf8)
        let leaked = recording.contains("αβγδ")
        #expect(!leaked, "the secret is in the recording")
        let lines = recording.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == WalkRecorder.approximationNote("pin"), "\(lines)")
        var recorder = try WalkRecorder(spec: FlowSpec(json: Data(flow.utf8)))
        recorder.record(.field(.textChanged("αβγδ")), in: FlowReducer(spec: try FlowSpec(json: Data(flow.utf8))).initialState())
        _ = recorder.script()
        #expect(recorder.approximations == ["pin"])
    }
}
