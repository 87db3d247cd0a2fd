import Foundation
import PseudoTerminalSupport
import Testing

/// The protocol reads requests as strictly as flow files and answers files are read: a key given
/// twice is refused, a replay that met a refusal says so by its exit status, a script that is
/// not lines of text stops the replay, and every request line gets exactly one response line.
@Suite("The protocol as strict as the files")
struct ProtocolStrictnessTests {
    /// The JSON objects of `text`, one a line.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    /// The requests that give a key twice, the key, and the column where it is given again.
    static let duplicates: [(String, String, Int)] = [
        (#"{"action":"text","value":"x","value":"y"}"#, "value", 30),
        (#"{"action":"next","action":"previous"}"#, "action", 18),
        (#"{"action":"restore","snapshot":{"flow":"login","flow":"login"}}"#, "flow", 48),
    ]

    @Test("serve refuses a request that gives a key twice, naming the key and its column; nothing changes", arguments: duplicates)
    func serveRefusesDuplicateKey(request: String, key: String, column: Int) throws {
        let follow = #"{"action":"text","value":"z"}"#
        let refused = try Command.run(["serve", "Flows/login.json"], input: request + "\n" + follow + "\n")
        let alone = try Command.run(["serve", "Flows/login.json"], input: follow + "\n")
        #expect(refused.status == 0, "\(refused.stderr)")
        let responses = try Self.objects(refused.stdout)
        try #require(responses.count == 3, "\(refused.stdout)")
        #expect(
            responses[1]["error"] as? String
                == "the request is ambiguous: column \(column): the key \"\(key)\" is given twice in this object; keep one")
        #expect(refused.stdout.split(separator: "\n").last == alone.stdout.split(separator: "\n").last, "the refused request changed nothing")
    }

    @Test("serve --sessions refuses a request that gives a key twice, the session's own key too")
    func sessionsRefuseDuplicateKey() throws {
        let lines = [
            #"{"action":"open","session":"a"}"#, #"{"session":"a","action":"text","value":"x","value":"y"}"#,
            #"{"session":"a","session":"b","action":"close"}"#, #"{"session":"a","action":"text","value":"z"}"#,
        ]
        let result = try Command.run(["serve", "--sessions", "Flows/login.json"], input: lines.map { $0 + "\n" }.joined())
        let responses = try Self.objects(result.stdout)
        try #require(responses.count == 4, "\(result.stdout)")
        #expect((responses[1]["error"] as? String)?.hasSuffix(#"column 44: the key "value" is given twice in this object; keep one"#) == true, "\(responses[1])")
        #expect((responses[2]["error"] as? String)?.hasSuffix(#"column 16: the key "session" is given twice in this object; keep one"#) == true, "\(responses[2])")
        let changed = (responses[3]["events"] as? [[String: Any]])?.first { $0["event"] as? String == "changed" }
        #expect(changed?["old"] as? String == "", "neither refused request changed the walk or closed the session: \(responses[3])")
    }

    @Test("replay refuses a line that gives a key twice, placed SCRIPT:LINE, and exits 1")
    func replayRefusesDuplicateKey() throws {
        let path = try ScratchFolder.write(#"{"action":"text","value":"x","value":"y"}"# + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["replay", "Flows/login.json", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"\#(path):1: the request is ambiguous: column 30: the key "value""#), "\(result.stderr)")
    }

    @Test("replay exits 1 when a line was refused, after answering every line; 0 when none was")
    func replayStatusSaysRefusals() throws {
        let script = "text ada@example.com\nfocus nowhere\nnext\ntext secret-word\nnext\n"
        let path = try ScratchFolder.write(script)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replayed = try Command.run(["replay", "Flows/login.json", path])
        let served = try Command.run(["serve", "Flows/login.json"], input: script)
        #expect(replayed.status == 1)
        #expect(replayed.stdout == served.stdout, "every line is answered still")
        #expect(try Self.objects(replayed.stdout).count == 6)
        let clean = try ScratchFolder.write("text ada@example.com\nnext\n")
        defer { try? FileManager.default.removeItem(atPath: clean) }
        #expect(try Command.run(["replay", "Flows/login.json", clean]).status == 0)
    }

    /// Scripts that are not lines of text, by what they hold, and where the replay stops.
    static let binaryScripts: [(String, String)] = [
        ("/dev/zero", "1: the line is longer than 1048576 bytes"),
        ("a NUL byte on line 2", "2: the line holds a NUL byte"),
        ("a line past the limit on line 2", "2: the line is longer than 1048576 bytes"),
    ]

    @Test("replay of a script that is not lines of text stops with exit 2, naming its line", arguments: binaryScripts)
    func replayStopsAtBinary(script: String, says: String) throws {
        let second = script.contains("NUL") ? "text a\u{0}b" : String(repeating: "x", count: (1 << 20) + 1)
        let path = script.hasPrefix("/dev/") ? script : try ScratchFolder.write("text ada@example.com\n\(second)\nnext\n")
        defer { if path != script { try? FileManager.default.removeItem(atPath: path) } }
        // A bound for the test itself: without one, a replay that reads for ever would hang it.
        let result = try Command.shell(#"exec timeout 60 "$FOCUSFLOW" replay Flows/login.json "$SCRIPT""#, environment: ["SCRIPT": path])
        #expect(result.status == 2, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("focusflow: \(path):\(says)"), "\(result.stderr.prefix(500))")
        #expect(!result.stdout.contains("password"), "the line after the bad one is not answered: \(result.stdout.prefix(500))")
    }

    @Test("replay --expect with a GOLDEN that is not lines of text stops with exit 2")
    func goldenStopsAtBinary() throws {
        let path = try ScratchFolder.write("next\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.shell(#"exec timeout 60 "$FOCUSFLOW" replay --expect /dev/zero Flows/login.json "$SCRIPT""#, environment: ["SCRIPT": path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/zero"), "\(result.stderr)")
    }
}
