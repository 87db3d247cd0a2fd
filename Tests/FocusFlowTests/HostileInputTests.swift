import FocusFlow
import Foundation
import Testing

/// Hostile input (issue 10): what a hostile user or a buggy host sends gets a located error or
/// a bounded answer, never a hang, a crash or a silent change. Every run that could hang on the
/// old code runs under `timeout -s KILL`, so a hang fails the test instead of the suite.
@Suite("Hostile input: no hang, no silent change, located refusals")
struct HostileInputTests {
    /// A folder of its own holding `files`.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static let slowPattern = #"{"id":"p","title":"P","fields":[{"id":"word","label":"Word","rules":{"pattern":"^(a+)+$"}}]}"#
    static let secureFlow = #"{"id":"s","title":"S","fields":[{"id":"pw","label":"Password","secure":true},{"id":"name","label":"Name"}]}"#
    static let evil = String(repeating: "a", count: 30) + "!"

    // MARK: 1. Patterns

    @Test("A pattern that backtracks without end gives up on a piped line: the value is refused, promptly")
    func pipedPatternIsBounded() throws {
        let dir = try Self.folder(["p.json": Self.slowPattern])
        let start = Date()
        let result = try Command.shell(#"printf '%s\n' "$VALUE" | timeout -s KILL 30 "$FOCUSFLOW" run p.json"#, directory: dir, environment: ["VALUE": Self.evil])
        #expect(result.status == 1, "the value fails its pattern: \(result.stderr)")
        #expect(result.stderr.contains("line 1: Word (word)"))
        #expect(Date().timeIntervalSince(start) < 15)
    }

    @Test("A pattern that backtracks without end gives up in serve, which answers the next request")
    func servePatternIsBounded() throws {
        let dir = try Self.folder(["p.json": Self.slowPattern])
        let script = #"printf '{"action":"text","value":"%s"}\n{"action":"next"}\n{"action":"text","value":"aaa"}\n{"action":"next"}\n' "$VALUE" | timeout -s KILL 30 "$FOCUSFLOW" serve p.json"#
        let result = try Command.shell(script, directory: dir, environment: ["VALUE": Self.evil])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.last?.contains(#""phase":"completed""#) == true, "\(lines.last ?? "")")
    }

    @Test("Matching a slow pattern in the engine stops within its bound and refuses the value")
    func patternMatchStops() throws {
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(Self.slowPattern.utf8)))
        let elapsed = ContinuousClock().measure {
            let (state, _) = Fixtures.run(reducer, Fixtures.answer(Self.evil))
            #expect(state.phase == .editing)
        }
        #expect(elapsed < .seconds(10))
    }

    // MARK: 2. Signals while busy

    /// On the old code the match never ended and SIGTERM only reached the signal pipe, so the run
    /// spun until the guard's SIGKILL (137). Now the match is bounded (a tenth of a second), so
    /// the signal lands either during it (143, taken once the match ends, or by the watchdog) or
    /// after the walk refused the value (1); either way promptly and with no answers.
    @Test("SIGTERM ends a walk that is busy matching a pattern promptly, with no answers")
    func sigtermWhileBusy() throws {
        let dir = try Self.folder(["p.json": Self.slowPattern])
        let script = #"""
            ( printf '%s\n' "$VALUE"; sleep 3 ) | "$FOCUSFLOW" run p.json > answers &
            pid=$!
            ( sleep 20; kill -KILL $pid 2>/dev/null ) &
            guard=$!
            sleep 0.4
            kill -TERM $pid
            wait $pid
            echo "status $?"
            pkill -P $guard; kill $guard 2>/dev/null
            """#
        let result = try Command.shell(script, directory: dir, environment: ["VALUE": Self.evil])
        #expect(result.stdout.contains("status 143") || result.stdout.contains("status 1\n"), "\(result.stdout) \(result.stderr)")
        let answers = try String(contentsOf: dir.appendingPathComponent("answers"), encoding: .utf8)
        #expect(answers.isEmpty)
    }

    // MARK: 3. Closed standard streams

    @Test("With descriptor 0 (and 1, 2) closed, a walk sees empty input and ends instead of reading its own signal pipe", arguments: [("0<&-", 1), ("0<&- 2>&-", 1), ("0<&- 1>&- 2>&-", 74)])
    func closedStandardStreams(closing: String, status: Int) throws {
        // A closed stdout is still refused as closed (74) before the first field.
        let result = try Command.shell(#"timeout -s KILL 20 "$FOCUSFLOW" run \#(closing); echo "status $?""#)
        #expect(result.stdout.contains("status \(status)\n"), "\(result.stdout)")
    }

    // MARK: 5. Invalid UTF-8

    @Test("A piped line that is not UTF-8 is refused naming the line and field, never stored as U+FFFD, never echoed", arguments: [0, 1])
    func invalidUTF8Refused(field: Int) throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let lines = field == 0 ? #"open\377sesame\n"# : #"opensesame\nJo\377e\n"#
        let result = try Command.shell(#"printf '\#(lines)' | timeout -s KILL 20 "$FOCUSFLOW" run s.json"#, directory: dir)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(field == 0 ? "line 1: Password (pw)" : "line 2: Name (name)"), "\(result.stderr)")
        #expect(result.stderr.contains("not valid UTF-8"))
        #expect(!result.stderr.contains("sesame"))
    }

    // MARK: 6, 7. Flow files

    @Test("A flow refuses what JSON would take silently or without a place", arguments: [
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","secure":false,"secure":true}]}"#, "f.json:1:70: the key \"secure\" is given twice"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","s\u0065cure":false,"secure":true}]}"#, "the key \"secure\" is given twice"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"minLength":1.5}}]}"#, "f.json:1:76: 1.5 is not a whole number"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":1e308}}]}"#, "1e308 is not a whole number"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"minLength":2147483648}}]}"#, "2147483648 is too large"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":9223372036854775807}}]}"#, "9223372036854775807 is too large"),
        (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":10000000}}]}"#, "f.json: fields[0] (\"a\").rules.maxLength: 10000000 is more than 65536"),
    ])
    func flowRefusals(flow: String, message: String) throws {
        let dir = try Self.folder(["f.json": flow])
        let result = try Command.run(["validate", "f.json"], directory: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("not valid JSON"))
    }

    @Test("A flow at the length cap loads")
    func lengthCapLoads() throws {
        let flow = #"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"minLength":65536,"maxLength":65536}}]}"#
        #expect(throws: Never.self) { try FlowSpec(json: Data(flow.utf8)) }
    }

    // MARK: 8. Edge arguments

    @Test("--output - writes the answers to stdout and creates no file named -")
    func outputDashIsStdout() throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let result = try Command.run(["run", "s.json", "--output", "-"], input: "pw1\nJo\n", directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""name":"Jo""#))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }

    /// Already true on main (mkstemp names); kept so that it stays true.
    @Test("A file planted at the old temporary name does not stop --output's atomic write")
    func plantedTemporaryName() throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let script = #"""
            for pid in $(seq $(( $$ + 1 )) $(( $$ + 40 ))); do mkdir -p ".out.json.$pid.tmp"; : > ".out.json.$pid"; done
            printf 'pw1\nJo\n' | "$FOCUSFLOW" run s.json --output out.json; echo "status $?"
            """#
        let result = try Command.shell(script, directory: dir)
        #expect(result.stdout.contains("status 0"), "\(result.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("out.json"), encoding: .utf8).contains(#""name":"Jo""#))
    }

    /// Already true on main; kept so that it stays true.
    @Test("replay with a folder for its script is an error naming the path")
    func replayFolder() throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let result = try Command.run(["replay", "s.json", dir.path], directory: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(dir.path))
        #expect(result.stdout.isEmpty)
    }

    @Test("Piped lines left after the walk completes are said on stderr, the answers still written")
    func extraLinesSaid() throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let result = try Command.run(["run", "s.json"], input: "pw1\nJo\nleft over\n", directory: dir)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""name":"Jo""#))
        #expect(result.stderr.contains("the walk completed at line 2; the input after it was not used"), "\(result.stderr)")
        let exact = try Command.run(["run", "s.json"], input: "pw1\nJo\n", directory: dir)
        #expect(!exact.stderr.contains("not used"))
    }

    // MARK: 9. Line caps and linear reading

    @Test("serve answers a line past the cap with an error and goes on; memory stays bounded")
    func serveLineCap() throws {
        let script = #"""
            { head -c 3000000 /dev/zero | tr '\0' 'a'; printf '\n{"action":"snapshot"}\n'; } | timeout -s KILL 60 "$FOCUSFLOW" serve
            """#
        let result = try Command.shell(script)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.count > 1 && lines[1].contains("longer than 1048576 bytes"))
        #expect(lines.count > 2 && lines[2].contains("snapshot"))
    }

    @Test("A piped line past the cap is refused naming the line and field")
    func pipedLineCap() throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let result = try Command.shell(#"{ head -c 2000000 /dev/zero | tr '\0' 'a'; echo; echo Jo; } | timeout -s KILL 60 "$FOCUSFLOW" run s.json"#, directory: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: Password (pw): the line is longer than 1048576 bytes"), "\(result.stderr)")
    }

    @Test("Reading a long line is linear: 8 MB of one line takes well under its old 3 s")
    func linearReading() throws {
        let start = Date()
        let result = try Command.shell(#"{ head -c 8000000 /dev/zero | tr '\0' 'a'; echo; } | timeout -s KILL 60 "$FOCUSFLOW" serve > /dev/null; echo "status $?""#)
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.stdout.contains("status 0"))
        #expect(elapsed < 2.5, "8 MB took \(elapsed) s")
    }
}
