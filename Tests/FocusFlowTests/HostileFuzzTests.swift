import Foundation
import FocusFlowProtocol
import PseudoTerminalSupport
import Testing

/// Seeded fuzzers over what a hostile user or a buggy host hands `focusflow`: `serve`
/// requests, flow files, piped lines and `--output` targets. Each case runs the real program under
/// `timeout -s KILL`, and must end (no hang: 137 is not an allowed status), with a status from the
/// documented set (no crash: no 128 + signal), and with no secret in what it printed where the
/// secret has no business. A few seconds each by default; `FOCUSFLOW_FUZZ_SECONDS=60` runs longer
/// with a fresh seed, and `FOCUSFLOW_FUZZ_SEED=N` replays a printed one.
@Suite("Hostile input fuzzers")
struct HostileFuzzTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SECONDS"] ?? "") ?? 2
    static let seed: UInt64 =
        UInt64(ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SEED"] ?? "")
        ?? (ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SECONDS"] == nil ? 20_261_130 : UInt64.random(in: 1...1_000_000_000))

    static let secret = "Fuzz-s3cret-ZQX"
    static let flow = #"""
        {"id":"f","title":"F","fields":[
          {"id":"pw","label":"Password","secure":true,"rules":{"required":true,"minLength":4,"pattern":"^(a+)+$|[A-Za-z0-9-]+"}},
          {"id":"again","label":"Again","secure":true,"rules":{"matches":"pw"}},
          {"id":"name","label":"Name","rules":{"maxLength":40,"pattern":"^(a+)+$|[^0-9]*"}},
          {"id":"pick","label":"Pick","kind":"select","options":["a","b","c"]},
          {"id":"many","label":"Many","kind":"multiSelect","options":["x","y"],"when":{"field":"pick","equals":"b"}}
        ]}
        """#

    /// Bytes a hostile line is made of: plain text, JSON punctuation, escapes, invalid UTF-8,
    /// control characters, big numbers and the pattern's worst case.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8),
        Array(":".utf8), Array(",".utf8), Array("[".utf8), Array("]".utf8), Array("\\u0000".utf8), Array("\\ud800".utf8),
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0x1B], [0x0D], Array("에".utf8), Array("9223372036854775807".utf8),
        Array("1e308".utf8), Array("-1".utf8), Array("null".utf8), Array("true".utf8), Array(#""action":"#.utf8),
        Array(#""text""#.utf8), Array(#""value":"#.utf8), Array(#""next""#.utf8), Array(#""focus""#.utf8),
        Array(#""field":"pw""#.utf8), Array(#""start""#.utf8), Array(#""answers":{}"#.utf8), Array(#""restore""#.utf8),
        Array(#""snapshot":{"focus":"name","answers":{"pw":1}}"#.utf8), Array("text ".utf8), Array("next".utf8),
        Array("# ".utf8), Array(" ".utf8), Array("\t".utf8),
    ]

    static func line(_ random: inout SplitMix) -> [UInt8] {
        // Half the lines are well-formed requests carrying a hostile value, so they reach the fields.
        if random.below(2) == 0 {
            var value: [UInt8] = []
            for _ in 0..<(1 + random.below(3)) { value += random.pick(pieces) }
            return random.pick([Array(#"{"action":"text","value":""#.utf8) + value + Array(#""}"#.utf8), Array("text ".utf8) + value, Array("next".utf8)])
        }
        var bytes: [UInt8] = []
        for _ in 0..<random.below(12) { bytes += random.pick(pieces) }
        if random.below(20) == 0 { bytes += [UInt8](repeating: UInt8(ascii: "a"), count: random.below(70_000)) }
        return bytes
    }

    static func folder() throws -> URL {
        let folder = URL(fileURLWithPath: ScratchFolder.name("fuzz"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(flow.utf8).write(to: folder.appendingPathComponent("f.json"))
        return folder
    }

    /// Runs `case` with fresh randomness until the time is up; returns how many ran.
    static func fuzz(_ name: String, _ body: (inout SplitMix, Int) throws -> Void) rethrows {
        let start = Date()
        var cases = 0
        while cases == 0 || Date().timeIntervalSince(start) < seconds {
            var random = SplitMix(seed: seed &+ UInt64(cases) &* 7919)
            try body(&random, cases)
            cases += 1
        }
        print("\(name): \(cases) cases, seed \(seed)")
    }

    static func input(_ lines: [[UInt8]]) -> Data { Data(lines.flatMap { $0 + [0x0A] }) }

    @Test("serve: hostile request lines get a response each, and serve ends with 0")
    func serveRequests() throws {
        let dir = try Self.folder()
        try Self.fuzz("serve") { random, number in
            let lines = (0..<(1 + random.below(30))).map { _ in Self.line(&random) }
            let result = try Command.run(
                ["-c", #"timeout -s KILL 30 "$FOCUSFLOW" serve f.json"#], data: Self.input(lines), directory: dir,
                environment: ["FOCUSFLOW": Command.executable.path], program: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 0, "serve ended with \(result.status) (seed \(Self.seed), case \(number))")
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("{") })
        }
    }

    @Test("serve --sessions: hostile lines for a few sessions get one JSON response each, serve ends with 0")
    func serveSessions() throws {
        let dir = try Self.folder()
        let ids = [#""a""#, #""b""#, #""에이다 🙂""#, #""\u0007""#, #""""#, "7", "null", #""\"}{""#]
        try Self.fuzz("sessions") { random, number in
            var lines: [[UInt8]] = []
            for _ in 0..<(1 + random.below(30)) {
                let id = random.pick(ids)
                switch random.below(4) {
                case 0: lines.append(Array(#"{"action":"open","session":\#(id)}"#.utf8))
                case 1: lines.append(Array(#"{"action":"close","session":\#(id)}"#.utf8))
                case 2:
                    // A hostile request with the session put in front of its other members.
                    let request = Self.line(&random)
                    lines.append(request.first == UInt8(ascii: "{") ? Array(#"{"session":\#(id),"#.utf8) + request.dropFirst() : request)
                default: lines.append(Self.line(&random))
                }
            }
            let result = try Command.run(
                ["-c", #"timeout -s KILL 30 "$FOCUSFLOW" serve --sessions --max-sessions 2 f.json"#], data: Self.input(lines), directory: dir,
                environment: ["FOCUSFLOW": Command.executable.path], program: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 0, "serve --sessions ended with \(result.status) (seed \(Self.seed), case \(number))")
            let responses = result.stdout.split(separator: "\n")
            #expect(responses.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] }, "(seed \(Self.seed), case \(number))")
            let requests = lines.filter { RequestLine.request(in: $0) != nil }.count
            #expect(responses.count == requests, "one response a request (seed \(Self.seed), case \(number))")
        }
    }

    @Test("Piped lines: a walk ends with 0 or 1, and never says the secret on stderr")
    func pipedLines() throws {
        let dir = try Self.folder()
        try Self.fuzz("piped") { random, number in
            var lines = [Array(Self.secret.utf8)]
            if random.below(2) == 0 { lines.append(Array(Self.secret.utf8)) }
            lines += (0..<random.below(8)).map { _ in random.below(3) == 0 ? Array(random.pick(["a", "b", "c", "1", "Jo", "x"]).utf8) : Self.line(&random) }
            let result = try Command.run(
                ["-c", #"timeout -s KILL 30 "$FOCUSFLOW" run f.json"#], data: Self.input(lines), directory: dir,
                environment: ["FOCUSFLOW": Command.executable.path], program: URL(fileURLWithPath: "/bin/sh"))
            #expect([0, 1].contains(result.status), "run ended with \(result.status) (seed \(Self.seed), case \(number))")
            #expect(!result.stderr.contains(Self.secret), "a secret reached stderr (seed \(Self.seed), case \(number))")
        }
    }

    @Test("Flow files: a mangled flow is valid (0) or refused with a place (2), never a crash or a hang")
    func flowFiles() throws {
        let dir = try Self.folder()
        let original = Array(Self.flow.utf8)
        try Self.fuzz("flows") { random, number in
            var bytes = original
            for _ in 0..<(1 + random.below(4)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: random.pick(Self.pieces), at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            try Data(bytes).write(to: dir.appendingPathComponent("m.json"))
            let result = try Command.run(
                ["-c", #"timeout -s KILL 30 "$FOCUSFLOW" validate m.json"#], data: nil, directory: dir,
                environment: ["FOCUSFLOW": Command.executable.path], program: URL(fileURLWithPath: "/bin/sh"))
            #expect([0, 2].contains(result.status), "validate ended with \(result.status) (seed \(Self.seed), case \(number))")
            if result.status == 2 { #expect(result.stderr.contains("m.json"), "the refusal names no file: \(result.stderr)") }
        }
    }

    @Test("--output targets: the answers are written (0) or refused (74), the secret only in the answers")
    func outputTargets() throws {
        let dir = try Self.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        try Data().write(to: dir.appendingPathComponent("ro"))
        chmod(dir.appendingPathComponent("ro").path, 0o444)
        _ = symlink("d/inside.json", dir.appendingPathComponent("link").path)
        _ = symlink("missing/x.json", dir.appendingPathComponent("dangling").path)
        let targets = [
            "-", "./-", "out.json", "d", "d/", "d/a.json", "missing/x.json", "/dev/null", "/dev/full", "/dev/stdout",
            "/dev/fd/9", "link", "dangling", "ro", ".", "", "out\u{1B}[2J.json", String(repeating: "n", count: 300), ".out.json.tmp",
        ]
        try Self.fuzz("output") { random, number in
            let target = random.pick(targets)
            let input = Self.input([Array(Self.secret.utf8), Array(Self.secret.utf8), Array("Jo".utf8), Array("a".utf8)])
            let result = try Command.run(
                ["-c", #"timeout -s KILL 30 "$FOCUSFLOW" run f.json --output "$TARGET""#], data: input, directory: dir,
                environment: ["FOCUSFLOW": Command.executable.path, "TARGET": target], program: URL(fileURLWithPath: "/bin/sh"))
            #expect([0, 2, 74].contains(result.status), "--output \(target.debugDescription) ended with \(result.status) (seed \(Self.seed), case \(number))")
            #expect(!result.stderr.contains(Self.secret))
            if !["-", "/dev/stdout"].contains(target) { #expect(!result.stdout.contains(Self.secret)) }
        }
    }
}
