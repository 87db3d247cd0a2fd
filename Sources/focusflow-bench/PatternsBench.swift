import FocusFlow
import Foundation

/// The sign-up's patterns in RE2, the linear-time engine with no backtracking focusflow links
/// (Debian's libre2-dev), beside ICU's backtracking engine as a program would run it safely
/// (loaded when the first pattern is compiled, a step limit on every match): the reference that
/// decided between them. `Sources/regex-reference` built twice with the system's C++ compiler. What each adds to a start (compiling the three
/// patterns and matching a value against each, less the same program compiling nothing) and
/// to the peak RSS, a match's cost in process, and `^(a+)+$` on thirty `a`s and a `!`.
enum PatternsBench {
    static func report() throws {
        print("\nPatterns: ICU (loaded at the first pattern, a step limit) beside RE2 (linked, as focusflow links it), the sign-up's three patterns")
        let source = CReferences.sources.appendingPathComponent("regex-reference/main.cc").path
        guard let compiler = ["/usr/bin/c++", "/usr/bin/g++", "/usr/bin/clang++"].first(where: FileManager.default.isExecutableFile),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), FileManager.default.fileExists(atPath: source)
        else {
            print("  (needs a C++ compiler, GNU time and Sources/regex-reference: no pattern figures)")
            return
        }
        let folder = NSTemporaryDirectory() + "focusflow-bench-regex-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let icu = folder + "/regex-icu", re2 = folder + "/regex-re2"
        guard build(compiler, [source, "-o", icu, "-ldl"]), build(compiler, ["-DFF_RE2", source, "-o", re2, "-lre2"]) else {
            print("  (\(compiler) could not build the reference with ICU's and RE2's headers: install libicu-dev and libre2-dev)")
            return
        }
        // The programs take turns, run by run, so that the machine's noise falls on both alike.
        var starts: [String: [Double]] = [:], peaks: [String: [Double]] = [:]
        for _ in 0..<21 {
            for (program, mode) in [(icu, "none"), (icu, "start"), (re2, "none"), (re2, "start")] {
                let run = LoadBench.timed([program, mode])
                starts[program + mode, default: []].append(run.ms)
                peaks[program + mode, default: []].append(run.kilobytes)
            }
        }
        func cost(_ program: String) -> (ms: Double, megabytes: Double) {
            (
                LoadBench.median(starts[program + "start"]!) - LoadBench.median(starts[program + "none"]!),
                (LoadBench.median(peaks[program + "start"]!) - LoadBench.median(peaks[program + "none"]!)) / 1024
            )
        }
        let figures = [icu, re2].map(Self.figures)
        let (icuStart, re2Start) = (cost(icu), cost(re2))
        func row(_ what: String, _ icu: String, _ re2: String, _ note: String = "") {
            print("  " + what.padding(toLength: 40, withPad: " ", startingAt: 0) + icu.leftPadded(to: 12) + re2.leftPadded(to: 12) + note)
        }
        row("figure", "ICU", "RE2")
        row("added to a start (median of 21)", String(format: "%.3f ms", icuStart.ms), String(format: "%.3f ms", re2Start.ms))
        row("added to the peak RSS", String(format: "%.1f MB", icuStart.megabytes), String(format: "%.1f MB", re2Start.megabytes))
        row("a match, in process (median of 7)", String(format: "%.1f ns", figures[0].match), String(format: "%.1f ns", figures[1].match))
        row(
            "^(a+)+$ on 30 a's and a !", String(format: "%.3f ms", figures[0].backtrack), String(format: "%.3f ms", figures[1].backtrack),
            "  (ICU \(figures[0].outcome), RE2 \(figures[1].outcome))")
        print(
            String(
                format: "  linking RE2 adds %.3f ms to a start that compiles nothing (median of 21)",
                LoadBench.median(starts[re2 + "none"]!) - LoadBench.median(starts[icu + "none"]!)))
        inProcess()
    }

    /// The same patterns and values through the engine's `CompiledPattern`, with each matcher the
    /// build has: RE2 (the trait, as `focusflow` is built) and the engine's own (every build's,
    /// the only one of a package that depends on FocusFlow).
    private static func inProcess() {
        let patterns = [#"^[^@ ]+@[^@ ]+\.[^@ ]+$"#, "[0-9]", "[0-9]{6}"], values = ["ada@example.com", "correct horse 1", "123456"]
        print("  in process, through the engine (median of 7 rounds):")
        let clock = ContinuousClock()
        func nanoseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        }
        for matcher in CompiledPattern.Matcher.available {
            var compiles: [Double] = [], matches: [Double] = []
            var compiled: [CompiledPattern] = []
            for _ in 0..<7 {
                let start = clock.now
                compiled = patterns.compactMap { try? CompiledPattern($0, remembersLastValue: false, whole: false, matcher: matcher) }
                compiles.append(nanoseconds(clock.now - start) / 1e3)
            }
            guard compiled.count == patterns.count else {
                print("    \(matcher): a pattern did not compile")
                continue
            }
            var found = 0
            for _ in 0..<7 {
                let start = clock.now
                for k in 0..<20_000 where compiled[k % 3].matches(values[k % 3]) { found += 1 }
                matches.append(nanoseconds(clock.now - start) / 20_000)
            }
            let evil = try? CompiledPattern("^(a+)+$", remembersLastValue: false, matcher: matcher)
            let start = clock.now
            let outcome = evil?.matches(String(repeating: "a", count: 30) + "!")
            let backtrack = nanoseconds(clock.now - start) / 1e6
            let figures = String(
                format: "compile the three %7.1f µs   a match %7.1f ns   ^(a+)+$ on 30 a's and a ! %.3f ms", LoadBench.median(compiles),
                LoadBench.median(matches), backtrack)
            print(
                "    " + "\(matcher)".padding(toLength: 22, withPad: " ", startingAt: 0) + figures + (outcome == false ? " (no-match)" : " (wrong)")
                    + (found == 7 * 20_000 ? "" : "  (a value did not match)"))
        }
    }

    private static func build(_ compiler: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-O2"] + arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The `figures` lines of `program`: a match's ns, the backtracking pattern's ms and outcome.
    private static func figures(_ program: String) -> (match: Double, backtrack: Double, outcome: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["figures"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return (.nan, .nan, "did not run") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var match = Double.nan, backtrack = Double.nan, outcome = "not said"
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "match", words.count == 2 { match = Double(words[1]) ?? .nan }
            if words.first == "backtrack", words.count == 3 {
                backtrack = Double(words[1]) ?? .nan
                outcome = String(words[2])
            }
        }
        return (match, backtrack, outcome)
    }
}

extension String {
    /// The string with spaces before it to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
