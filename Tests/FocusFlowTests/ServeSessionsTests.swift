import Foundation
import Glibc
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

/// `focusflow serve --sessions`: many walks in one process, through a pipe.
@Suite("serve --sessions")
struct ServeSessionsTests {
    /// Runs `serve --sessions` over `lines`, and reads each response as JSON.
    static func serve(_ lines: [String], _ options: [String] = [], flow: String = "Flows/login.json") throws -> [[String: Any]] {
        let result = try Command.run(["serve", "--sessions", flow] + options, input: lines.map { $0 + "\n" }.joined())
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    static func session(_ id: String, _ request: String) -> String {
        #"{"session":"\#(id)",\#(request.dropFirst())"#
    }

    @Test("Interleaved walks keep their own answers; the response that completes a walk is its session's last")
    func interleaved() throws {
        let lines = [
            #"{"action":"open","session":"a"}"#, #"{"action":"open","session":"b"}"#,
            Self.session("a", #"{"action":"text","value":"ada@example.com"}"#),
            Self.session("b", #"{"action":"text","value":"bob@example.com"}"#),
            Self.session("b", #"{"action":"next"}"#), Self.session("a", #"{"action":"next"}"#),
            Self.session("a", #"{"action":"text","value":"ada-secret"}"#), Self.session("b", #"{"action":"text","value":"bob-secret"}"#),
            Self.session("b", #"{"action":"next"}"#), Self.session("a", #"{"action":"next"}"#),
            Self.session("a", #"{"action":"next"}"#),
        ]
        let responses = try Self.serve(lines)
        #expect(responses.count == lines.count)
        #expect(responses.map { $0["session"] as? String } == ["a", "b", "a", "b", "b", "a", "a", "b", "b", "a", "a"])
        func completed(_ response: [String: Any]) -> [String: Any]? {
            (response["events"] as? [[String: Any]])?.first { $0["event"] as? String == "completed" }?["values"] as? [String: Any]
        }
        #expect(completed(responses[8])?["email"] as? String == "bob@example.com")
        #expect(completed(responses[8])?["password"] as? String == "bob-secret")
        #expect(completed(responses[9])?["email"] as? String == "ada@example.com")
        #expect(completed(responses[9])?["password"] as? String == "ada-secret")
        #expect((responses[10]["error"] as? String)?.contains(#"no session "a" is open"#) == true, "a completed walk ends its session")
        for (index, response) in responses.enumerated() where index != 8 && index != 9 {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: response), as: UTF8.self)
            #expect(!text.contains("secret"), "a secure value outside completed: \(text)")
        }
    }

    @Test("open answers as a first response; close ends a session; a second open of one id is refused")
    func openClose() throws {
        let responses = try Self.serve([
            #"{"action":"open","session":"a"}"#, #"{"action":"open","session":"a"}"#, #"{"action":"close","session":"a"}"#,
            #"{"action":"next","session":"a"}"#, #"{"action":"close","session":"a"}"#, #"{"action":"open","session":"a"}"#,
        ])
        #expect(responses[0]["protocol"] as? Int == ProtocolSession.version)
        #expect((responses[1]["error"] as? String)?.contains("open already") == true)
        #expect(responses[2]["closed"] as? String == "request")
        #expect((responses[3]["error"] as? String)?.contains("no session") == true)
        #expect((responses[4]["error"] as? String)?.contains("no session") == true)
        #expect(responses[5]["protocol"] as? Int == ProtocolSession.version, "a closed id can be opened afresh")
    }

    @Test("--max-sessions refuses an open past the limit, naming it; a close makes room")
    func limit() throws {
        let responses = try Self.serve(
            [
                #"{"action":"open","session":"a"}"#, #"{"action":"open","session":"b"}"#, #"{"action":"open","session":"c"}"#,
                #"{"action":"close","session":"a"}"#, #"{"action":"open","session":"c"}"#,
            ], ["--max-sessions", "2"])
        #expect(responses[2]["error"] as? String == "the limit of 2 open sessions is reached (--max-sessions 2); close one first")
        #expect(responses[4]["protocol"] != nil)
    }

    @Test("Each request gets one line: a session closed for being idle is told in the response to the next request naming it")
    func idlePipe() throws {
        // The one wait here is the time that must pass for --idle 1 to apply.
        let result = try Command.shell(
            #"""
            { echo '{"action":"open","session":"a"}'; echo '{"action":"open","session":"b"}'; sleep 2.2;
              echo '{"action":"next","session":"a"}'; echo '{"action":"next","session":"a"}'; echo '{"action":"open","session":"a"}'; } |
              "$FOCUSFLOW" serve --sessions --idle 1 Flows/login.json
            """#)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "one line a request: \(result.stdout)")
        guard lines.count == 5 else { return }
        #expect(
            lines[2]
                == #"{"session":"a","closed":"idle","error":"session \"a\" was closed after 1 second without a request (--idle 1); open it again"}"#)
        #expect(lines[3].hasPrefix(#"{"session":"a","error":"no session \"a\" is open"#), "told once: \(lines[3])")
        #expect(lines[4].hasPrefix(#"{"session":"a","protocol":"#), "an idle-closed id opens afresh: \(lines[4])")
        #expect(!result.stdout.contains(#""session":"b","closed""#), "b, never named again, is told nothing")
    }

    @Test("Idle time counts from each session's last request (a clock given in process)")
    func idleClock() {
        var sessions = ProtocolSessions(spec: try! FlowSpec.signup(), idle: 10)
        _ = sessions.respond(toLine: Array(#"{"action":"open","session":"a"}"#.utf8), now: 0)
        _ = sessions.respond(toLine: Array(#"{"action":"open","session":"b"}"#.utf8), now: 0)
        _ = sessions.respond(toLine: Array(#"{"action":"clear","session":"a"}"#.utf8), now: 8)
        #expect(sessions.closeIdle(now: 10).isEmpty, "ten seconds is not past ten")
        #expect(sessions.closeIdle(now: 10.5) == ["b"])
        #expect(sessions.count == 1)
        #expect(sessions.respond(toLine: Array(#"{"action":"clear","session":"b"}"#.utf8), now: 11).contains(#""closed":"idle""#))
        let late = sessions.respond(toLine: Array(#"{"action":"clear","session":"a"}"#.utf8), now: 18.5)
        #expect(late.hasPrefix(#"{"session":"a","closed":"idle","error":"session \"a\" was closed after 10 seconds"#), "named past --idle, closed without a sweep: \(late)")
        #expect(sessions.count == 0)
    }

    @Test("Lines look for idle sessions at most once a second, so a request costs the same among many; each line gets one response")
    func idleSweep() {
        var sessions = ProtocolSessions(spec: try! FlowSpec.signup(), idle: 2)
        func line(_ text: String, at now: Double) -> String? { sessions.respond(toScriptLine: Array(text.utf8), now: now) }
        _ = line(#"{"action":"open","session":"a"}"#, at: 0)
        _ = line(#"{"action":"open","session":"b"}"#, at: 1.5)
        let cleared = line(#"{"action":"clear","session":"b"}"#, at: 2.5)
        #expect(cleared?.hasPrefix(#"{"session":"b","events":"#) == true, "b's response alone: \(cleared ?? "none")")
        #expect(sessions.count == 1, "a closed before b's response")
        #expect(line("# looks over, b idle 1.5 s", at: 4.0) == nil && sessions.count == 1)
        #expect(line("# b idle 2.2 s, but a second has not passed since", at: 4.7) == nil && sessions.count == 1)
        #expect(line("# a second since", at: 5.0) == nil && sessions.count == 0)
        #expect(line(#"{"action":"next","session":"b"}"#, at: 5.5)?.contains(#""closed":"idle""#) == true, "b is told when next named")
        #expect(
            line(#"{"action":"next","session":"a"}"#, at: 5.5)?.contains(#"no session \"a\" is open"#) == true,
            "a, closed more than --idle seconds ago, is forgotten: what is remembered stays bounded")
    }

    @Test("A snapshot taken in one process restores the walk in another, secure fields asked again")
    func snapshotMoves() throws {
        let first = try Self.serve([
            #"{"action":"open","session":"a"}"#, Self.session("a", #"{"action":"text","value":"ada@example.com"}"#),
            Self.session("a", #"{"action":"next"}"#), Self.session("a", #"{"action":"text","value":"half-typed"}"#),
            Self.session("a", #"{"action":"snapshot"}"#),
        ])
        let snapshot = try #require(first[4]["snapshot"] as? [String: Any])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: snapshot), as: UTF8.self)
        #expect(!text.contains("half-typed"), "a snapshot holds no secure text")
        let second = try Self.serve([
            #"{"action":"open","session":"z"}"#, #"{"action":"restore","session":"z","snapshot":\#(text)}"#,
            Self.session("z", #"{"action":"text","value":"new-secret"}"#), Self.session("z", #"{"action":"next"}"#),
        ])
        #expect((second[1]["state"] as? [String: Any])?["focus"] as? String == "password")
        let values = (second[3]["events"] as? [[String: Any]])?.first { $0["event"] as? String == "completed" }?["values"] as? [String: Any]
        #expect(values?["email"] as? String == "ada@example.com")
    }

    /// Ids a hostile host could send, and whether they are taken.
    static let ids: [(id: String, taken: Bool)] = [
        ("에이다 🙂", true), (#"a","error":"x"#, true), (#"back\slash"#, true), (String(repeating: "x", count: 128), true),
        (String(repeating: "x", count: 129), false), ("", false), ("bell\u{07}", false), ("line\nfeed", false), ("\u{85}", false),
    ]

    @Test("A session id is any text of 1 to 128 bytes without a control character, said back exactly", arguments: ids)
    func hostileIDs(id: String, taken: Bool) throws {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [id], options: .fragmentsAllowed), as: UTF8.self).dropFirst().dropLast()
        let responses = try Self.serve([#"{"action":"open","session":\#(quoted)}"#, #"{"action":"clear","session":\#(quoted)}"#])
        #expect(responses.count == 2)
        if taken {
            #expect(responses[0]["session"] as? String == id)
            #expect(responses[0]["protocol"] != nil)
            #expect(responses[1]["session"] as? String == id && responses[1]["state"] != nil)
        } else {
            #expect(responses[0]["session"] == nil && responses[0]["error"] != nil, "\(responses[0])")
        }
    }

    @Test("A request that is not a JSON object with a string session is an error that changes nothing")
    func malformed() throws {
        let responses = try Self.serve([
            "next", #"{"action":"next"}"#, #"{"action":"next","session":7}"#, #"{"action":"open","session":"a","value":"x"}"#,
            #"{"action":"bogus","session":"a"}"#,
        ])
        #expect(responses.allSatisfy { $0["error"] != nil })
        #expect(responses[4]["session"] as? String == "a")
        #expect((responses[4]["error"] as? String)?.contains("no session") == true)
    }

    @Test(
        "--idle and --max-sessions need --sessions; their values are checked",
        arguments: [
            (["serve", "--idle", "5"], "--idle goes with --sessions"), (["serve", "--max-sessions", "3"], "--max-sessions goes with --sessions"),
            (["serve", "--sessions", "--idle", "0"], "--idle takes a whole number from 1"),
            (["serve", "--sessions", "--max-sessions", "x"], "--max-sessions takes a whole number from 1"),
        ])
    func usage(words: [String], says: String) throws {
        let result = try Command.run(words, input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains(says), "\(result.stderr)")
    }

    @Test("A host that waits for each response gets each at once; lines sent together are all answered")
    func conversation() throws {
        let process = Process()
        process.executableURL = Command.executable
        process.arguments = ["serve", "--sessions", "Flows/login.json"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        var received: [UInt8] = []
        /// The next `count` response lines, read as they come, within 10 s.
        func responses(_ count: Int) -> [String] {
            let deadline = Date().addingTimeInterval(10)
            while received.filter({ $0 == 0x0A }).count < count && Date() < deadline {
                var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(ready.fd, &chunk, chunk.count)
                guard n > 0 else { break }
                received += chunk[..<n]
            }
            let lines = received.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard lines.count > count else { return lines.dropLast().map { String(decoding: $0, as: UTF8.self) } }
            received = Array(received[(lines[..<count].reduce(0) { $0 + $1.count + 1 })...])
            return lines[..<count].map { String(decoding: $0, as: UTF8.self) }
        }
        func send(_ lines: [String]) { input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
        // One at a time, each answered before the next is sent.
        for (index, request) in [#"{"action":"open"}"#, #"{"action":"text","value":"ada"}"#, #"{"action":"next"}"#].enumerated() {
            send([Self.session("a", request)])
            let answer = responses(1)
            #expect(answer.count == 1 && answer.first?.hasPrefix(#"{"session":"a""#) == true, "request \(index): \(answer)")
        }
        // Three together, three answers in order.
        send(["b", "c", "d"].map { Self.session($0, #"{"action":"open"}"#) })
        let three = responses(3)
        #expect(three.map { $0.prefix(15) } == [#"{"session":"b","#, #"{"session":"c","#, #"{"session":"d","#], "\(three)")
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
