import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import Foundation

/// In-process throughput of the reducer: typing, next/previous and jumps.
enum EngineBench {
    /// A flow of `count` fields cycling through every keyboard, every fourth one secure, no rules.
    static func generated(_ count: Int) throws -> FlowSpec {
        let keyboards = KeyboardType.allCases
        return try FlowSpec(id: "generated", title: "Generated", fields: (0..<count).map {
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
                print("  \(String(count).padding(toLength: 6, withPad: " ", startingAt: 0)) fields \(name.padding(toLength: 29, withPad: " ", startingAt: 0)) \(Figure.ns(m.median))  \(Figure.ratio(m.median / base))")
            }
        }

        let filter = try selectFiltering(options: 10_000)
        print(String(format: "  select of 10,000 options, one keystroke in the filter (type then erase \"korea\"): median %.1f µs, p99 %.1f µs, %.0f options visible on average",
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
            print(String(format: "  check 30 plain fields, decomposed: %d groups, %d states, %.3f s, ", report?.groups.count ?? 0,
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
        let chainTime = clock.measure { blackHole(reducer.progress(in: state)); blackHole(reducer.result(of: state)) }
        print(String(format: "  8,000 chained when conditions: progress and result %.3f ms", seconds(chainTime) * 1_000))
        let names = (0..<5_000).map { "field\($0)" }
        let word = String(repeating: "fieldx", count: 3_400)
        let suggestTime = clock.measure { blackHole(Suggestion.nearest(to: word, in: names)) }
        print(String(format: "  did you mean, 20 kB name over 5,000 fields: %.3f ms", seconds(suggestTime) * 1_000))
    }
}
