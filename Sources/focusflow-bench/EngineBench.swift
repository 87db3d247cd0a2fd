import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import Foundation

/// In-process throughput of the reducer: typing, next/previous and jumps.
enum EngineBench {
    /// A flow of `count` fields cycling through every keyboard, every fourth one secure, no rules.
    static func generated(_ count: Int) throws -> FlowSpec {
        let keyboards = KeyboardType.allCases
        return try FlowSpec(
            id: "generated", title: "Generated",
            fields: (0..<count).map {
                FieldSpec(id: FieldID("f\($0)"), secure: $0 % 4 == 1, keyboard: keyboards[$0 % keyboards.count])
            })
    }

    /// Typing one character and deleting it again, `n` times each, into the focused field that
    /// already holds `length` characters. The new values are built beforehand: what is timed is
    /// the reducer, as a text binding's setter hands it the whole new value.
    static func typing(_ spec: FlowSpec, length: Int, n: Int = 200_000) -> Measure {
        let reducer = FlowReducer(spec: spec)
        let base = String(repeating: "1", count: length)
        let longer = base + "2"
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged(base)))
        var events: [FlowEvent] = []
        events.reserveCapacity(8)
        return Measure.run(operations: 2 * n) {
            for _ in 0..<n {
                reducer.reduce(into: &state, action: .field(.textChanged(longer)), events: &events)
                events.removeAll(keepingCapacity: true)
                reducer.reduce(into: &state, action: .field(.textChanged(base)), events: &events)
                events.removeAll(keepingCapacity: true)
            }
        }
    }

    /// A select of `options` options with labels in several scripts (every 50th mentions Korea),
    /// folded once when the flow is built.
    static func bigSelect(options: Int) throws -> FlowSpec {
        let words = ["Café", "Zürich", "대한민국 Korea", "東京", "Ｗｉｄｅ", "Việt Nam", "São Paulo", "서울", "Ελλάδα", "Москва"]
        let list = (0..<options).map { i in
            FieldOption(value: "o\(i)", label: "\(words[i % words.count]) \(i)\(i % 50 == 7 ? " korea" : "")")
        }
        return try FlowSpec(id: "big", title: "Big select", fields: [FieldSpec(id: "pick", kind: .select, options: list)])
    }

    /// One keystroke in a select's filter: the reducer takes the new query and the visible
    /// options are found (what a screen needs to draw), timed one keystroke at a time while
    /// "korea" is typed and erased letter by letter.
    static func selectFiltering(options: Int, cycles: Int = 200) throws -> (median: Double, p99: Double, visible: Double) {
        let spec = try bigSelect(options: options)
        let reducer = FlowReducer(spec: spec)
        let field = spec.fields[0]
        var state = reducer.initialState()
        var events: [FlowEvent] = []
        let word = Array("korea")
        let queries = (1...word.count).map { String(word[..<$0]) } + (0..<word.count).reversed().map { String(word[..<$0]) }
        let clock = ContinuousClock()
        var times: [Double] = []
        var shown = 0
        for cycle in 0..<cycles + 2 {
            for query in queries {
                let elapsed = clock.measure {
                    reducer.reduce(into: &state, action: .field(.textChanged(query)), events: &events)
                    let visible = field.visibleOptions(query: state.text(of: "pick"))
                    shown += visible.count
                    blackHole(visible)
                }
                events.removeAll(keepingCapacity: true)
                if cycle >= 2 { times.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9) }
            }
        }
        times.sort()
        return (times[times.count / 2], times[times.count * 99 / 100], Double(shown) / Double((cycles + 2) * queries.count))
    }

    /// `next` then `previous` between the first two fields, the first holding a valid value.
    static func nextPrevious(_ spec: FlowSpec, value: String, n: Int = 200_000) -> Measure {
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged(value)))
        return Measure.run(operations: 2 * n) {
            for _ in 0..<n {
                blackHole(reducer.reduce(into: &state, action: .next))
                blackHole(reducer.reduce(into: &state, action: .previous))
            }
        }
    }

    /// A jump from the first field to the `distance`-th and back, every field on the way valid.
    static func jump(_ spec: FlowSpec, values: [String], distance: Int, n: Int = 200_000) -> Measure {
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        for value in values.prefix(distance) {
            _ = reducer.reduce(into: &state, action: .field(.textChanged(value)))
            _ = reducer.reduce(into: &state, action: .next)
        }
        _ = reducer.reduce(into: &state, action: .focus(spec.fields[0].id))
        let first = spec.fields[0].id, target = spec.fields[distance].id
        return Measure.run(operations: 2 * n) {
            for _ in 0..<n {
                blackHole(reducer.reduce(into: &state, action: .focus(target)))
                blackHole(reducer.reduce(into: &state, action: .focus(first)))
            }
        }
    }

    static func report() throws {
        print("Engine (in-process, one core; median ns per action of 7 rounds)")
        let signup = try FlowSpec.signup()
        let signupValues = ["ada@example.com", "correct horse", "correct horse", "에이다", "+82 10 1234 5678", "123456"]
        let rows: [(String, Measure)] = [
            ("signup  typing (email, 15 chars)", typing(signup, length: 15)),
            ("signup  next/previous", nextPrevious(signup, value: signupValues[0])),
            ("signup  jump email↔nickname", jump(signup, values: signupValues, distance: 3)),
        ]
        for (name, m) in rows { print("  \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(Figure.ns(m.median))  \(Figure.perSecond(m.median))") }

        print("  generated flows (ratio to 10 fields):")
        var baseline: [String: Double] = [:]
        for count in [10, 1_000, 10_000] {
            let spec = try generated(count)
            let values = Array(repeating: "1", count: 3)
            let cases: [(String, Measure)] = [
                ("typing", typing(spec, length: 10)),
                ("next/previous", nextPrevious(spec, value: "1")),
                ("jump f0↔f3", jump(spec, values: values, distance: 3)),
            ]
            for (name, m) in cases {
                let base = baseline[name] ?? m.median
                baseline[name] = base
                print(
                    "  \(String(count).padding(toLength: 6, withPad: " ", startingAt: 0)) fields \(name.padding(toLength: 29, withPad: " ", startingAt: 0)) \(Figure.ns(m.median))  \(Figure.ratio(m.median / base))"
                )
            }
        }

        let filter = try selectFiltering(options: 10_000)
        print(
            String(
                format: "  select of 10,000 options, one keystroke in the filter (type then erase \"korea\"): median %.1f µs, p99 %.1f µs, %.0f options visible on average",
                filter.median / 1e3, filter.p99 / 1e3, filter.visible))

        print("  typing into a field already holding N characters (ratio to 10):")
        let spec = try generated(10)
        let short = typing(spec, length: 10).median
        for length in [10, 1_000, 10_000] {
            let m = length == 10 ? short : typing(spec, length: length).median
            print("  \(String(length).padding(toLength: 6, withPad: " ", startingAt: 0)) chars                              \(Figure.ns(m))  \(Figure.ratio(m / short))")
        }
    }
}

/// The JSON-lines protocol in process (what `replay` does, without the file), and `check`.
enum ProtocolBench {
    /// Requests a second through ``ProtocolSession``: a text change and its undo, then next and
    /// previous, answered with full JSON responses.
    static func replay(_ spec: FlowSpec, value: String, n: Int = 50_000) -> Measure {
        var session = ProtocolSession(spec: spec)
        let lines = [
            #"{"action":"text","value":\#(JSONText.quote(value))}"#, "{\"action\":\"next\"}",
            "{\"action\":\"previous\"}", "{\"action\":\"text\",\"value\":\"\"}",
        ].map { Array($0.utf8) }
        return Measure.run(operations: n * lines.count) {
            for _ in 0..<n {
                for line in lines { blackHole(session.respond(toLine: line)) }
            }
        }
    }

    static func report() throws {
        print("\nProtocol (in-process replay of JSON lines; median ns per request of 7 rounds)")
        let signup = try FlowSpec.signup()
        let s = replay(signup, value: "ada@example.com").median
        print("  signup                                 \(Figure.ns(s))  \(Figure.perSecond(s))")
        var base: Double?
        for count in [10, 10_000] {
            let m = replay(try EngineBench.generated(count), value: "1").median
            base = base ?? m
            print("  \(String(count).padding(toLength: 6, withPad: " ", startingAt: 0)) fields                          \(Figure.ns(m))  \(Figure.perSecond(m))  \(Figure.ratio(m / base!))")
        }
        let clock = ContinuousClock()
        var times: [Double] = []
        var report: FlowExplorer.Report?
        for _ in 0..<5 {
            let elapsed = clock.measure { report = FlowExplorer(spec: signup).run() }
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        print(String(format: "  check signup.json: %d states, %d edges, median %.3f s of 5", report?.states ?? 0, report?.edges ?? 0, times.sorted()[2]))
        try LoadBench.report()
        try CheckBench.report()
    }
}

/// `check`'s cost a state as flows grow, hostile rules, and the paths that were quadratic.
enum CheckBench {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func report() throws {
        print("\nCheck (ms per explored state on plain text fields, first 2,000 states; linear in the fields)")
        let clock = ContinuousClock()
        for count in [30, 300] {
            let spec = try FlowSpec(id: "plain", title: "Plain", fields: (0..<count).map { FieldSpec(id: FieldID("f\($0)")) })
            var report: FlowExplorer.Report?
            let elapsed = clock.measure { report = FlowExplorer(spec: spec).run(.init(maxStates: 2_000)) }
            let states = max(1, report?.states ?? 1)
            print(String(format: "  %4d fields: %d states, %d edges, %.3f ms a state", count, states, report?.edges ?? 0, seconds(elapsed) * 1_000 / Double(states)))
        }
        do {
            // The whole check at the default limits, the untied fields explored group by group
            // (300 fields take minutes: 300 groups of 600 states, each edge linear in the fields).
            let spec = try FlowSpec(id: "plain", title: "Plain", fields: (0..<30).map { FieldSpec(id: FieldID("f\($0)")) })
            var report: FlowExplorer.Report?
            let elapsed = clock.measure { report = FlowExplorer(spec: spec).run(.init(decompose: true)) }
            let extent = report?.exhaustive == true ? "every reachable state" : "stopped at a limit"
            print(
                String(
                    format: "  check 30 plain fields, decomposed: %d groups, %d states, %.3f s, ", report?.groups.count ?? 0,
                    report?.states ?? 0, seconds(elapsed)) + extent)
        }
        let huge = try FlowSpec(id: "huge", title: "Huge", fields: [FieldSpec(id: "a", rules: .init(maxLength: FieldRules.largestLength))])
        let hugeTime = clock.measure { _ = FlowExplorer(spec: huge).run() }
        print(String(format: "  maxLength %d (the largest a flow may hold): %.3f s (values at most %d characters)", FieldRules.largestLength, seconds(hugeTime), FlowExplorer.valueLengthCap))
        let chain = (0..<8_000).map { i in
            FieldSpec(id: FieldID("c\(i)"), when: i == 0 ? nil : .init(field: FieldID("c\(i - 1)"), test: .notEmpty(true)))
        }
        let reducer = FlowReducer(spec: try FlowSpec(id: "chain", title: "Chain", fields: chain))
        var state = reducer.initialState()
        for i in 0..<chain.count { state.fields[FieldID("c\(i)")] = .init(text: "x") }
        _ = reducer.reduce(into: &state, action: .focus("c7999"))
        let chainTime = clock.measure {
            blackHole(reducer.progress(in: state)); blackHole(reducer.result(of: state))
        }
        print(String(format: "  8,000 chained when conditions: progress and result %.3f ms", seconds(chainTime) * 1_000))
        let names = (0..<5_000).map { "field\($0)" }
        let word = String(repeating: "fieldx", count: 3_400)
        let suggestTime = clock.measure { blackHole(Suggestion.nearest(to: word, in: names)) }
        print(String(format: "  did you mean, 20 kB name over 5,000 fields: %.3f ms", seconds(suggestTime) * 1_000))
    }
}

/// Loading flows, and what a request costs end to end through `focusflow replay`, as flows grow;
/// `validate`'s peak memory beside a C program's.
enum LoadBench {
    static let keyboards = ["default", "asciiCapable", "numberPad", "decimalPad", "phonePad", "emailAddress", "url", "numbersAndPunctuation"]
    /// Patterns as forms use them: a handful, each shared by many fields.
    static let patterns = [#"^[0-9a-z]*$"#, #"^[^@ ]+@[^@ ]+\\.[^@ ]+$"#, #"^\\+?[0-9 ]{7,15}$"#, #"^[0-9]{6}$"#]

    /// A flow file of `count` text fields: labels, a hint on every fifth, every fourth secure,
    /// every keyboard, `required` on every third, `maxLength` on every seventh, a pattern on
    /// every tenth (from ``patterns``).
    static func json(_ count: Int) -> [UInt8] {
        var text = #"{"id":"generated","title":"Generated","fields":["#
        for i in 0..<count {
            if i > 0 { text += "," }
            text += #"{"id":"f\#(i)","label":"Field \#(i)","keyboard":"\#(keyboards[i % keyboards.count])""#
            if i % 4 == 1 { text += #","secure":true"# }
            if i % 5 == 0 { text += #","hint":"Hint for field \#(i)""# }
            var rules: [String] = []
            if i % 3 == 0 { rules.append(#""required":true"#) }
            if i % 7 == 0 { rules.append(#""maxLength":64"#) }
            if i % 10 == 2 { rules.append(#""pattern":"\#(patterns[(i / 10) % patterns.count])""#) }
            if !rules.isEmpty { text += #","rules":{\#(rules.joined(separator: ","))}"# }
            text += "}"
        }
        return Array((text + "]}\n").utf8)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Median time to load `bytes` as a flow, of `rounds`.
    static func load(_ bytes: [UInt8], rounds: Int) throws -> Double {
        let data = Data(bytes)
        _ = try FlowSpec(json: data)
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<rounds {
            var spec: FlowSpec?
            let elapsed = try clock.measure { spec = try FlowSpec(json: data) }
            blackHole(spec)
            times.append(milliseconds(elapsed))
        }
        return times.sorted()[rounds / 2]
    }

    /// `focusflow`, built beside the bench, or `nil`.
    static var focusflow: String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("focusflow").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `arguments` with output to /dev/null and stdin from `input` (the bench's own when
    /// `nil`); the wall time in ms.
    static func spawn(_ arguments: [String], input: String? = nil) -> (ms: Double, maxRSS: Int) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return (.nan, 0) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return (milliseconds(clock.now - start), usage.ru_maxrss)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func report() throws {
        print("\nLoading (median of 15 loads in process; generated text fields, see LoadBench.json)")
        var base: Double?
        for count in [10, 1_000, 10_000] {
            let bytes = json(count)
            let ms = try load(bytes, rounds: 15)
            base = base ?? ms
            print(String(format: "  %6d fields (%7d bytes)             %8.3f ms", count, bytes.count, ms))
        }
        guard let focusflow else {
            print("  (focusflow is not built beside the bench: no end-to-end or RSS figures)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requests = 2_000
        let cycle = [#"{"action":"text","value":"1"}"#, #"{"action":"next"}"#, #"{"action":"previous"}"#, #"{"action":"text","value":""}"#]
        let script = (0..<requests).map { cycle[$0 % cycle.count] }.joined(separator: "\n") + "\n"
        let empty = folder.appendingPathComponent("empty.txt").path
        let full = folder.appendingPathComponent("script.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        try Data(script.utf8).write(to: URL(fileURLWithPath: full))
        print("\nEnd to end: focusflow replay FLOW SCRIPT, \(requests) requests less an empty script (median of 9 runs each)")
        var perRequestBase: Double?
        for count in [10, 10_000] {
            let flow = folder.appendingPathComponent("flow\(count).json").path
            try Data(json(count)).write(to: URL(fileURLWithPath: flow))
            var emptyTimes: [Double] = [], fullTimes: [Double] = []
            for _ in 0..<9 {
                emptyTimes.append(spawn([focusflow, "replay", flow, empty]).ms)
                fullTimes.append(spawn([focusflow, "replay", flow, full]).ms)
            }
            let start = median(emptyTimes), total = median(fullTimes)
            let perRequest = (total - start) * 1e3 / Double(requests)
            perRequestBase = perRequestBase ?? perRequest
            print(
                String(
                    format: "  %6d fields: empty script %7.2f ms, %d requests %7.2f ms, %6.2f µs a request  %@",
                    count, start, requests, total, perRequest, Figure.ratio(perRequest / perRequestBase!)))
        }
        // A child spawned from the bench inherits the bench's own peak (Linux keeps the
        // high-water mark across exec, and posix_spawn's child starts in the bench's memory), so
        // the peak is taken by GNU time, a small C program that forks afresh and reads wait4.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("\nPeak RSS: needs /usr/bin/time (GNU time), which is not installed")
            return
        }
        print("\nPeak RSS (wait4 of the child, through /usr/bin/time; median of 5 runs)")
        let signup = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Flows/signup.json").standardized.path
        let flow10k = folder.appendingPathComponent("flow10000.json").path
        let rows: [(String, [String])] = [
            ("/bin/true (a C program: the floor)", ["/bin/true"]),
            ("focusflow --version", [focusflow, "--version"]),
            ("focusflow validate signup.json", [focusflow, "validate", signup]),
            ("focusflow validate (10,000 fields)", [focusflow, "validate", flow10k]),
        ]
        for (name, arguments) in rows {
            let rss = (0..<5).map { _ in timed(arguments).kilobytes }
            print(String(format: "  %@ %6.1f MB", name.padding(toLength: 40, withPad: " ", startingAt: 0), median(rss) / 1024))
        }
    }

    /// Runs `arguments` under GNU time (`/usr/bin/time`, which must be there): the wall time in
    /// ms and the child's own peak RSS in KB. A child spawned from the bench inherits the
    /// bench's peak, so `spawn`'s `maxRSS` is not the child's.
    static func timed(_ arguments: [String]) -> (ms: Double, kilobytes: Double) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-bench-rss-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let ms = spawn(["/usr/bin/time", "-f", "%M", "-o", report] + arguments).ms
        return (ms, Double((try? String(contentsOfFile: report, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan)
    }
}
