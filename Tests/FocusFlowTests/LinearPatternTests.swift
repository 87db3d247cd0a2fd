import Foundation
import Synchronization
import Testing

@testable import FocusFlow
@testable import FocusFlowCheck

/// The engine's own matcher (``LinearPattern``), the only one of a build without RE2: its work
/// is linear in the value (counted, never timed), it answers as RE2 does wherever it does not
/// refuse, and what it cannot match as RE2 does is refused at load with its place.
@Suite("The engine's own matcher")
struct LinearPatternTests {
    static func linear(_ pattern: String, whole: Bool = true) throws -> LinearPattern {
        try #require(CompiledPattern(pattern, remembersLastValue: false, whole: whole, matcher: .linear).linear)
    }

    /// Patterns a backtracking engine takes exponential time on, with the text each repeats and
    /// the tail that makes the match fail.
    static let catastrophic: [(String, String, String)] = [
        ("^(a+)+$", "a", "!"), ("^(a|aa)*$", "a", "!"), ("^(a|a?)+$", "a", "!"), ("(x+x+)+y", "x", ""), (#"^(\w+\s?)*$"#, "ab ", "!"),
        ("^([a-z]+)*[0-9]$", "abc", "!"), ("^(a*)*b$", "a", "c"), ("^((a+)|(b+))*c$", "ab", "d"), (#"^(\d+|[0-9a]+)+x$"#, "1a", "y"),
        ("(.*a){12}", "a", "b"), (#"^(([a-z])+.)+[A-Z]([a-z])+$"#, "ab", "!"),
    ]

    @Test(
        "Doubling the value at most doubles the matcher's work (its steps, counted), for patterns that backtrack for ever elsewhere",
        arguments: catastrophic, [true, false])
    func linearWork(example: (String, String, String), whole: Bool) throws {
        let (pattern, unit, tail) = example
        let compiled = try Self.linear(pattern, whole: whole)
        func steps(_ count: Int) -> Int {
            var steps = 0
            _ = compiled.matches(String(repeating: unit, count: count) + tail, whole: whole, steps: &steps)
            return steps
        }
        let short = steps(250), long = steps(500), longer = steps(1000)
        #expect(short > 250)
        // About twice: a program's states fill as the value goes, so the first scalars cost less.
        #expect(Double(long) <= 2.05 * Double(short) + Double(2 * compiled.size), "\(short) steps, then \(long)")
        #expect(Double(longer) <= 2.05 * Double(long) + Double(2 * compiled.size), "\(long) steps, then \(longer)")
        // Each scalar reaches each instruction at most once, and reads at most once from each.
        #expect(longer <= (1000 * unit.unicodeScalars.count + tail.unicodeScalars.count + 1) * 2 * compiled.size)
    }

    @Test("^(a+)+$ on thirty a's and a '!' is refused in a few hundred steps, and taken without the '!'")
    func thirtyAs() throws {
        let compiled = try Self.linear("^(a+)+$")
        var steps = 0
        #expect(!compiled.matches(String(repeating: "a", count: 30) + "!", whole: true, steps: &steps))
        #expect(steps < 31 * 2 * compiled.size, "\(steps) steps")
        #expect(compiled.matches(String(repeating: "a", count: 30), whole: true))
    }

    @Test(
        "A script the matcher has no table for, or \\C, is refused at load with its column, as needing RE2",
        arguments: [(#"^[a-z]+\p{Arabic}$"#, 8), (#"^\p{Thai}+$"#, 2), (#"(?i)x\P{Devanagari}"#, 6), (#"a\Cb"#, 2)])
    func needsRE2(pattern: String, column: Int) throws {
        #expect(throws: CompiledPattern.PatternError.self) { try Self.linear(pattern) }
        do {
            _ = try CompiledPattern(pattern, remembersLastValue: false, matcher: .linear)
        } catch {
            #expect(error.problem == .needsRE2)
            #expect(error.column == column)
            let message = FlowSpecError(path: "fields[0].rules.pattern", reason: .badPattern(pattern, error.problem, column: error.column)).message
            #expect(message.contains("only RE2 matches") && message.contains("at character \(column)"), "\(message)")
        }
        // A script with a table compiles.
        #expect(try Self.linear(#"^\p{Cyrillic}+$"#).matches("Москва", whole: true))
    }

    @Test("A program past the matcher's budget of instructions is refused as too large, with no column, as RE2 refuses one past its own")
    func tooLarge() throws {
        // RE2's budget is about 700,000 instructions, the engine's matcher's 50,000.
        for matcher in CompiledPattern.Matcher.available {
            let pattern = String(repeating: "a{1000}", count: matcher.description == "RE2" ? 700 : 51)
            #expect(throws: CompiledPattern.PatternError.self) { try CompiledPattern(pattern, remembersLastValue: false, matcher: matcher) }
            do {
                _ = try CompiledPattern(pattern, remembersLastValue: false, matcher: matcher)
            } catch {
                #expect(error.problem == .tooLarge && error.column == nil, "\(matcher)")
            }
        }
        // A class is one instruction here: a count of classes RE2 cannot build loads (docs/architecture.md).
        #expect(try CompiledPattern(#"^[\w\s]{1,500}$"#, remembersLastValue: false, matcher: .linear).matches("한글 text"))
    }

    @Test("Groups nest 100 deep on a thread with a secondary thread's stack (512 KiB, Darwin's); deeper is refused as too large, with no column")
    func deepNesting() throws {
        @Sendable func nested(_ depth: Int) -> String { String(repeating: "(a", count: depth) + String(repeating: ")", count: depth) }
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<Bool?>(nil)
        let thread = Thread {
            let matched = try? CompiledPattern(nested(100), remembersLastValue: false, matcher: .linear).matches(String(repeating: "a", count: 100))
            answer.withLock { $0 = matched }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(answer.withLock { $0 } == true)
        do {
            _ = try CompiledPattern(nested(101), remembersLastValue: false, matcher: .linear)
            Issue.record("101 groups deep compiled")
        } catch {
            #expect(error.problem == .tooLarge && error.column == nil)
        }
    }

    #if !RE2
    @Test("Without RE2, a flow whose pattern names a script the matcher has no table for does not load, and says where")
    func flowNeedsRE2() {
        let json = #"{"id":"x","fields":[{"id":"a","rules":{"pattern":"^[a-z]+\\p{Arabic}$"}}]}"#
        #expect {
            try FlowSpec(json: Data(json.utf8), file: "bad.json")
        } throws: { error in
            "\(error)".contains("only RE2 matches") && "\(error)".contains("at character 8")
        }
    }
    #endif

    #if RE2
    /// Whether RE2 and the engine's matcher compile `pattern` alike and, when both compile it,
    /// answer alike on every value, whole and anywhere; a difference said as a line.
    static func compare(_ pattern: String, _ values: [String]) -> [String] {
        var differences: [String] = []
        let re2: Result<(CompiledPattern, CompiledPattern), CompiledPattern.PatternError>
        let linear: Result<(CompiledPattern, CompiledPattern), CompiledPattern.PatternError>
        func compile(_ matcher: CompiledPattern.Matcher) -> Result<(CompiledPattern, CompiledPattern), CompiledPattern.PatternError> {
            Result { () throws(CompiledPattern.PatternError) in
                (
                    try CompiledPattern(pattern, remembersLastValue: false, whole: true, matcher: matcher),
                    try CompiledPattern(pattern, remembersLastValue: false, whole: false, matcher: matcher)
                )
            }
        }
        re2 = compile(.re2)
        linear = compile(.linear)
        switch (re2, linear) {
        case (.success(let (whole, anywhere)), .success(let (ourWhole, ourAnywhere))):
            for value in values {
                if whole.matches(value) != ourWhole.matches(value) || anywhere.matches(value) != ourAnywhere.matches(value) {
                    differences.append(
                        "\(String(reflecting: pattern)) on \(String(reflecting: value)): RE2 says whole \(whole.matches(value)), anywhere \(anywhere.matches(value))"
                    )
                }
            }
        case (.failure(let expected), .failure(let error)):
            if (expected.problem, expected.column) != (error.problem, error.column), error.problem != .needsRE2 {
                differences.append("\(String(reflecting: pattern)): RE2 refuses \(expected), the matcher \(error)")
            }
        case (.success, .failure(let error)) where error.problem == .needsRE2: break
        case (.success, .failure(let error)): differences.append("\(String(reflecting: pattern)): RE2 compiles it, the matcher refuses \(error)")
        case (.failure(let expected), .success): differences.append("\(String(reflecting: pattern)): RE2 refuses \(expected), the matcher compiles it")
        }
        return differences
    }

    static let values = [
        "", "a", "A", "aA1", "a1한", "한국어", "ab\nc", "\n", "ſK", "ß", "ẞ", "Σς", "é", "e\u{301}", "٣３", " \u{3000}", "ab cd", "x_y", "👍🏽",
        "a.b-c", "{1}", "(?=a)", "\\", "aaa", "ÀÉ",
    ]

    @Test("Generated patterns: RE2 and the engine's matcher answer the same on every value, whole and anywhere", arguments: 1...6)
    func agreeWithRE2(seed: Int) {
        var random = FlowGenerator.Random(seed: UInt64(seed) &* 104_729)
        var differences: [String] = []
        for _ in 0..<400 {
            var (pattern, value, _) = PatternDifferentialTests.pattern(&random)
            pattern = random.pick(["", "", "", "(?i)", "(?s)", "(?m)", "(?U)", "(?i:", "^", "\\b"]) + pattern
            if pattern.hasPrefix("(?i:") { pattern += ")" }
            if random.chance(1, in: 3) { pattern += random.pick(["$", "\\z", "\\B", "|", ".*"]) }
            let noise = (0..<random.below(6)).map { _ in random.pick(PatternDifferentialTests.characters) }
            differences += Self.compare(pattern, [value, value + "\n", String(noise), value.uppercased(), value.lowercased()] + Self.values)
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    @Test("Soups of RE2's syntax: both refuse alike (same problem, same column) or answer alike", arguments: 1...4)
    func soupAgrees(seed: Int) {
        var random = FlowGenerator.Random(seed: UInt64(seed) &* 31)
        let pieces = [
            "\\", "(", ")", "[", "]", "^", "$", ":", "?", "<", ">", "=", "{", "}", ",", "*", "+", "|", "-", "P", "p", "x", "Q", "E", "b", "B",
            "A", "z", "d", "w", "s", "1", "0", "2", "a", "K", "k", "ſ", "한", "é", ".", "(?i)", "(?m)", "(?s)", "(?U)", "(?-i)", "(?i:", "(?P<n>",
            "(?P<", "{2}", "{1,3}", "{0,}", "{01}", "\\x{41}", "\\x4", "\\x{", "\\pL", "\\PL", "\\p{Lu}", "\\p{^Ll}", "\\p{Greek}", "\\p{Han}",
            "\\p{Any}", "\\p{Nope}", "[^", "[a-z]", "\\n", "\\t", "\\v", "\\f", "\\_", "\\.", "\\-",
        ]
        var differences: [String] = []
        for _ in 0..<1500 {
            let pattern = (0..<(1 + random.below(8))).map { _ in random.pick(pieces) }.joined()
            differences += Self.compare(pattern, Self.values)
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    @Test("Every shipped flow's patterns: RE2 and the engine's matcher answer the same on samples of what they match and near misses")
    func shippedFlows() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("Flows").path)
            .filter { $0.hasSuffix(".json") && $0 != "flow.schema.json" }
        var patterns: Set<String> = []
        for name in names {
            for field in try Fixtures.flow(String(name.dropLast(5))).fields {
                if let pattern = field.rules.pattern { patterns.insert(pattern) }
                for case .pattern(let pattern) in field.requirements.map(\.test) { patterns.insert(pattern) }
            }
        }
        // The schema's own patterns (ids, colours, invisible characters) are patterns too.
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.root.appendingPathComponent("Flows/flow.schema.json")))
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                for (key, value) in object {
                    if key == "pattern", let pattern = value as? String { patterns.insert(pattern) } else { collect(value) }
                }
            } else if let array = node as? [Any] {
                array.forEach(collect)
            }
        }
        collect(schema)
        #expect(patterns.count >= 8)
        let alphabet = Array("aZz09._-@ ()+한é٣\u{3000}!\u{200B}\u{0}x")
        var random = FlowGenerator.Random(seed: 38)
        var differences: [String] = []
        var compared = 0
        for pattern in patterns.sorted() {
            var values = Self.values
            if let samples = PatternSamples(pattern: pattern, alphabet: alphabet, accepts: { _ in true }, limit: 40) {
                for length in 0...40 {
                    guard let sample = samples.sample(length: length, pick: { allowed, _ in random.pick(allowed) }) else { continue }
                    var near = Array(sample)
                    if !near.isEmpty { near[random.below(near.count)] = random.pick(alphabet) }
                    values += [sample, String(near), sample + random.pick(["", "!", " ", "a"]), String(sample.dropFirst())]
                }
            }
            values += (0..<40).map { _ in String((0..<random.below(12)).map { _ in random.pick(alphabet) }) }
            compared += values.count
            differences += Self.compare(pattern, values)
        }
        #expect(compared > 1000)
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
    }

    /// Every scalar RE2's tables and the matcher's place in a class, at once: the scalars the
    /// matcher puts in `\p{name}` must all match RE2's `^\p{name}*$`, and the rest `^\P{name}*$`.
    @Test(
        "Each general category, script table and Any holds the scalars RE2's holds, over every scalar",
        arguments: ["C", "L", "M", "N", "P", "S", "Z", "Any"] + [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So",
            "Zs", "Zl", "Zp", "Cc", "Cf", "Co",
        ] + PatternUnicode.scripts.keys.sorted())
    func tablesAgree(name: String) throws {
        let members: ScalarClass.Members =
            name == "Any" ? .any : try #require(PatternUnicode.categories(named: name).map { .categories($0) } ?? PatternUnicode.scripts[name].map { .ranges($0) })
        var inside = String.UnicodeScalarView(), outside = String.UnicodeScalarView()
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if members.contains(value) { inside.append(scalar) } else { outside.append(scalar) }
        }
        let positive = try CompiledPattern(#"^\p{\#(name)}*$"#, remembersLastValue: false, matcher: .re2)
        let negative = try CompiledPattern(#"^\P{\#(name)}*$"#, remembersLastValue: false, matcher: .re2)
        #expect(positive.matches(String(inside)), "RE2 leaves out of \\p{\(name)} \(Self.refused(by: positive, in: Array(inside)))")
        #expect(negative.matches(String(outside)), "RE2 puts in \\p{\(name)} \(Self.refused(by: negative, in: Array(outside)))")
    }

    /// The first few scalars of `scalars` that `pattern` (`^…*$`) refuses, found by halving.
    static func refused(by pattern: CompiledPattern, in scalars: [Unicode.Scalar]) -> String {
        var found: [String] = []
        func search(_ part: ArraySlice<Unicode.Scalar>) {
            guard found.count < 10, !pattern.matches(String(String.UnicodeScalarView(part))) else { return }
            guard part.count > 1 else {
                found.append("U+" + String(part[part.startIndex].value, radix: 16, uppercase: true))
                return
            }
            let middle = part.startIndex + part.count / 2
            search(part[..<middle])
            search(part[middle...])
        }
        search(scalars[...])
        return found.joined(separator: " ")
    }

    /// Case folding: for every scalar that changes when case-mapped or folded (no other scalar
    /// has a case to fold), RE2's `(?i)` literal takes exactly the scalars the matcher's orbit
    /// holds.
    @Test("Under (?i) each cased scalar matches exactly the scalars it does in RE2")
    func foldingAgrees() throws {
        let cased = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            $0.properties.changesWhenCaseMapped || $0.properties.changesWhenCaseFolded
        }
        var differences: [String] = []
        for scalar in cased {
            let orbit = [scalar.value] + PatternUnicode.orbit(of: scalar.value)
            let escaped = "\\x{" + String(scalar.value, radix: 16) + "}"
            let taking = try CompiledPattern("(?i)^" + escaped + "+$", remembersLastValue: false, matcher: .re2)
            let leaving = try CompiledPattern("(?i)^[^" + escaped + "]*$", remembersLastValue: false, matcher: .re2)
            var others = String.UnicodeScalarView()
            for other in cased where !orbit.contains(other.value) { others.append(other) }
            if !taking.matches(String(String.UnicodeScalarView(orbit.compactMap(Unicode.Scalar.init))))
                || !leaving.matches(String(others))
            {
                differences.append("U+\(String(scalar.value, radix: 16, uppercase: true)): the matcher folds it with \(orbit.map { String($0, radix: 16) })")
            }
        }
        #expect(cased.count > 2000)
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(10).joined(separator: "\n"))")
    }
    #endif
}
