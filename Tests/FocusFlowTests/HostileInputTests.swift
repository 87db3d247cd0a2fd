import FocusFlow
import Foundation
import PseudoTerminalSupport
import Testing

/// Hostile input: what a hostile user or a buggy host sends gets a located error or
/// a bounded answer, never a hang, a crash or a silent change. Every run that could hang on the
/// old code runs under `timeout -s KILL`, so a hang fails the test instead of the suite.
@Suite("Hostile input: no hang, no silent change, located refusals")
struct HostileInputTests {
    /// A folder of its own holding `files`.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = URL(fileURLWithPath: ScratchFolder.name("hostile"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static let slowPattern = #"{"id":"p","title":"P","fields":[{"id":"word","label":"Word","rules":{"pattern":"^(a+)+$"}}]}"#
    static let secureFlow = #"{"id":"s","title":"S","fields":[{"id":"pw","label":"Password","secure":true},{"id":"name","label":"Name"}]}"#
    static let evil = String(repeating: "a", count: 30) + "!"

    // MARK: 1. Patterns

    @Test("The pattern a backtracking engine takes for ever on refuses a piped line at once")
    func pipedPatternIsBounded() throws {
        let dir = try Self.folder(["p.json": Self.slowPattern])
        let start = Date()
        let result = try Command.shell(#"printf '%s\n' "$VALUE" | timeout -s KILL 30 "$FOCUSFLOW" run p.json"#, directory: dir, environment: ["VALUE": Self.evil])
        #expect(result.status == 1, "the value fails its pattern: \(result.stderr)")
        #expect(result.stderr.contains("line 1: Word (word)"))
        #expect(Date().timeIntervalSince(start) < 15)
    }

    @Test("The pattern a backtracking engine takes for ever on refuses a value in serve, which answers the next request")
    func servePatternIsBounded() throws {
        let dir = try Self.folder(["p.json": Self.slowPattern])
        let script = #"printf '{"action":"text","value":"%s"}\n{"action":"next"}\n{"action":"text","value":"aaa"}\n{"action":"next"}\n' "$VALUE" | timeout -s KILL 30 "$FOCUSFLOW" serve p.json"#
        let result = try Command.shell(script, directory: dir, environment: ["VALUE": Self.evil])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.last?.contains(#""phase":"completed""#) == true, "\(lines.last ?? "")")
    }

    @Test("The engine matches ^(a+)+$ in linear time and refuses thirty a's and a !")
    func patternMatchStops() throws {
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(Self.slowPattern.utf8)))
        let elapsed = ContinuousClock().measure {
            let (state, _) = Fixtures.run(reducer, Fixtures.answer(Self.evil))
            #expect(state.phase == .editing)
        }
        #expect(elapsed < .seconds(10))
    }

    // MARK: 2. Signals while busy
    //
    // A walk that is busy when SIGTERM lands is covered where the test can know it is busy:
    // WatchdogTests (a walk blocked writing to a stopped terminal) and CheckSignalTests (a check
    // seen running mid-exploration). A piped walk of the slow pattern is no longer busy long
    // enough for that: the match takes time linear in the value.

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

    @Test(
        "A flow refuses what JSON would take silently or without a place",
        arguments: [
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","secure":false,"secure":true}]}"#, "f.json:1:70: the key \"secure\" is given twice"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","s\u0065cure":false,"secure":true}]}"#, "the key \"secure\" is given twice"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"minLength":1.5}}]}"#, "f.json:1:76: 1.5 is not a whole number"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":1e308}}]}"#, "f.json:1:76: 1e308 is not a whole number"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"minLength":2147483648}}]}"#, "f.json:1:76: 2147483648 is too large"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":9223372036854775807}}]}"#, "f.json:1:76: 9223372036854775807 is too large"),
            (#"{"id":"p","title":"P","fields":[{"id":"a","label":"A","rules":{"maxLength":10000000}}]}"#, "f.json: fields[0] (\"a\").rules.maxLength: 10000000 is more than 65536"),
        ])
    func flowRefusals(flow: String, message: String) throws {
        let dir = try Self.folder(["f.json": flow])
        let result = try Command.run(["validate", "f.json"], directory: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("not valid JSON"))
    }

    /// The numbers JSON takes but a flow cannot hold are refused at their own place, the file
    /// named: here on the third line, after other text, so that a place that is missing, the
    /// start of the file or the end of the number fails the test.
    @Test(
        "A number that is not whole or too large is refused naming the file, its line and its column",
        arguments: [
            ("1e308", "is not a whole number"), ("1.5", "is not a whole number"), ("2147483648", "is too large"),
            ("9223372036854775807", "is too large"),
        ],
        ["minLength", "maxLength"])
    func numberRefusalsLocated(number: (text: String, says: String), key: String) throws {
        // Line 3: three spaces, `"rules":{`, then `"minLength":` or `"maxLength":`, so the number is at column 25.
        let flow = "{\"id\":\"p\",\"title\":\"P\",\"fields\":[\n  {\"id\":\"a\",\"label\":\"A\",\n   \"rules\":{\"\(key)\":\(number.text)}}]}\n"
        let dir = try Self.folder(["f.json": flow])
        let result = try Command.run(["validate", "f.json"], directory: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("f.json:3:25: \(number.text) \(number.says)"), "\(result.stderr)")
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

    /// The old code wrote each file through `.NAME.PID.tmp`; a folder planted there made the
    /// write fail. The name is planted with the very PID focusflow runs with: `sh -c` plants it
    /// with its own `$$` and then `exec`s focusflow, which keeps that PID. The planted folder
    /// holds a file, so that a run that removed or replaced it is seen too.
    @Test(
        "A folder planted at the old temporary name .NAME.PID.tmp, with focusflow's own PID, stops neither --output, --draft nor --record, and is left as it was",
        arguments: [("--output", "out.json"), ("--draft", "draft.json"), ("--record", "rec.json")])
    func plantedTemporaryName(option: String, file: String) throws {
        let dir = try Self.folder(["s.json": Self.secureFlow])
        let script = #"""
            printf 'pw1\nJo\n' | sh -c 'mkdir ".$FILE.$$.tmp" && : > ".$FILE.$$.tmp/planted" && echo "$$" > planted-pid && exec "$FOCUSFLOW" run s.json "$OPTION" "$FILE"'
            echo "status $?"
            """#
        let result = try Command.shell(script, directory: dir, environment: ["OPTION": option, "FILE": file])
        #expect(result.stdout.contains("status 0"), "\(result.stdout) \(result.stderr)")
        let pid = try String(contentsOf: dir.appendingPathComponent("planted-pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".\(file).\(pid).tmp").path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".\(file).\(pid).tmp/planted").path))
        let answers = option == "--output" ? try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) : result.stdout
        #expect(answers.contains(#""name":"Jo""#))
        switch option {
        case "--record": #expect(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8).contains("Jo"))
        case "--draft": #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "a completed walk removes its draft")
        default: break
        }
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

    /// The memory half of the cap: a reader that kept the whole line and only then refused it
    /// would peak above 200 MB here (the line's bytes, and more while its buffer grows); with
    /// the cap, serve keeps at most one MiB of it. The peak is the kernel's (`/usr/bin/time`'s
    /// maximum resident set), so nothing is timed.
    @Test("serve fed a 200 MB line keeps its peak memory under 64 MB, answers that line with one error and the next request")
    func serveLineMemoryBounded() throws {
        let script = #"""
            { head -c 200000000 /dev/zero | tr '\0' 'a'; printf '\n{"action":"snapshot"}\n'; } | timeout -s KILL 120 /usr/bin/time -f '%M' -o peak "$FOCUSFLOW" serve
            echo "status $?"
            """#
        let dir = try Self.folder([:])
        let result = try Command.shell(script, directory: dir)
        #expect(result.stdout.contains("status 0"), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 3, "the start, one error for the long line, the snapshot")
        #expect(lines.count == 3 && lines[1].contains("longer than 1048576 bytes"))
        #expect(lines.count == 3 && lines[2].contains("snapshot"))
        let peak = try String(contentsOf: dir.appendingPathComponent("peak"), encoding: .utf8)
        let kilobytes = Int(peak.split(separator: "\n").last.map(String.init) ?? "") ?? .max
        #expect(kilobytes < 64 * 1024, "peak resident memory \(kilobytes) kB")
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
