import FocusFlow
import FocusFlowTerminal
import PseudoTerminalSupport
import Foundation

/// Over a real pseudo-terminal, `focusflow` beside two C programs built from this package's
/// sources, in one run and by one method: cold start to the first prompt, the echo latency of one
/// key with 10 and 10,000 characters already typed (plain and secure), and the peak RSS of a walk
/// of the sign-up. The references are what a user would otherwise run: stock GNU readline in
/// callback mode (`Sources/readline-reference`) and a raw-mode C program that writes one `*` a
/// key (`Sources/raw-echo-reference`), the floor.
enum TerminalBench {
    static let flow = #"{"id":"bench","title":"Bench","fields":[{"id":"plain","label":"Plain"},{"id":"secret","label":"Secret","secure":true}]}"#
    /// A select of `count` options, for the echo of a key in a list field.
    static func listFlow(options count: Int) -> String {
        let options = (1...count).map { #"{"value":"o\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        return #"{"id":"list","title":"Bench","fields":[{"id":"pick","label":"Pick","kind":"select","options":["# + options + "]}]}"
    }

    static let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]

    /// The keys of a walk of the built-in sign-up, one answer a field; the C programs read the same.
    static let signUpAnswers = ["ada@example.com", "correct horse", "correct horse", "Ada", "+82 10 1234 5678", "123456"]

    /// A program the bench starts on a pty: its command, the prompt that ends its first screen,
    /// and what takes it from its first field to a secure one.
    struct Program {
        var name: String
        var words: [String]
        var prompt: [UInt8]
        var toSecure: String?
    }

    /// Where this bench's executable is: the programs it measures are built beside it.
    static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `focusflow` beside this bench when built (`swift build -c release`), else this bench
    /// itself running the same `FlowRunner` (see `main.swift`).
    static func focusflowProgram(_ arguments: [String]) -> Program {
        let path = directory.appendingPathComponent("focusflow").path
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let words = FileManager.default.isExecutableFile(atPath: path) ? [path, "run"] + arguments : [me, "--run"] + arguments
        return Program(name: words[0] == path ? "focusflow" : "focusflow-bench --run (same FlowRunner)", words: words,
                       prompt: Array("› ".utf8), toSecure: "\r")
    }

    /// A C reference built beside this bench, or `nil` with the advice to build it.
    static func reference(_ name: String) -> Program? {
        let path = directory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return Program(name: name, words: [path], prompt: Array("> ".utf8), toSecure: nil)
    }

    static func report() throws {
        let path = NSTemporaryDirectory() + "focusflow-bench-\(getpid()).json"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let focusflow = focusflowProgram([path])
        guard let readline = reference("readline-reference"), let raw = reference("raw-echo-reference") else {
            print("\nTerminal: the C references are not built beside the bench; run `swift build -c release` first.")
            return
        }
        print("""

            Terminal over a pty, one run: \(focusflow.name) beside two C programs built from this package,
            stock GNU readline in callback mode (readline-reference) and the raw floor (raw-echo-reference,
            one read and one write a key). ms, median and p99; ratios of medians to each reference.
            """)
        print("  " + "what".padding(toLength: 31, withPad: " ", startingAt: 0)
              + columns(["focusflow", "C readline", "C raw"]) + "  ×readline  ×raw")

        if ProcessInfo.processInfo.environment["BENCH_WALK_FIRST"] != nil { _ = try [focusflowProgram([]), readline, raw].map(signUpWalk) }
        let starts = try coldStarts([focusflow, readline, raw], runs: 60)
        print(row("cold start to first prompt", starts[0], starts[1], starts[2]))

        for field in [Field.plain, .secure] {
            for typed in [10, 10_000] {
                let mine = try echo(focusflow, field: field, typed: typed, keys: 600)
                let stock = try echo(readline, field: field, typed: typed, keys: 600)
                let floor = try echo(raw, field: field, typed: typed, keys: 600)
                let label = "echo, \(field == .plain ? "plain " : "secure"), \(typed) typed"
                print(row(label, mine, stock, floor))
            }
        }

        let walk = try signUpWalk(focusflowProgram([]))
        let walkReadline = try signUpWalk(readline)
        let walkRaw = try signUpWalk(raw)
        print("  " + "peak RSS, sign-up walk".padding(toLength: 31, withPad: " ", startingAt: 0)
              + columns([walk, walkReadline, walkRaw].map { String(format: "%.1f MB", $0) })
              + "  " + Figure.ratio(walk / walkReadline) + "    " + Figure.ratio(walk / walkRaw))

        // A list field: the same keys' echo in a select's filter, and a highlight move, each
        // redrawing the options' window; the ratio is to a plain field's echo in this run.
        let textEcho = try echo(focusflow, field: .plain, typed: 0, keys: 600)
        print("\n  focusflow's lists (ms; ratio to its own echo of a key in a text field, \(Figure.ms(textEcho.median)))")
        for count in [100, 10_000] {
            let listPath = NSTemporaryDirectory() + "focusflow-bench-list-\(getpid())-\(count).json"
            try Data(listFlow(options: count).utf8).write(to: URL(fileURLWithPath: listPath))
            defer { try? FileManager.default.removeItem(atPath: listPath) }
            let list = focusflowProgram([listPath])
            let label = String(count).padding(toLength: 6, withPad: " ", startingAt: 0)
            let filter = try echo(list, field: .plain, typed: 0, keys: 600, pressing: ["1", "\u{7F}"])
            print("  list, \(label) options, filter key  \(figures(filter))   \(Figure.ratio(filter.median / textEcho.median))")
            let move = try echo(list, field: .plain, typed: 0, keys: 600, pressing: ["\u{1B}[B", "\u{1B}[A"])
            print("  list, \(label) options, Down/Up     \(figures(move))   \(Figure.ratio(move.median / textEcho.median))")
        }
    }

    private static func columns(_ texts: [String]) -> String {
        texts.map { String(repeating: " ", count: max(0, 18 - $0.count)) + $0 }.joined()
    }

    private static func figures(_ m: Latencies) -> String {
        String(format: "%7.3f / %.3f", m.median, m.p99)
    }

    /// One figure for each program, median / p99, then the ratios of the medians.
    private static func row(_ label: String, _ mine: Latencies, _ stock: Latencies, _ floor: Latencies) -> String {
        "  " + label.padding(toLength: 31, withPad: " ", startingAt: 0)
            + columns([mine, stock, floor].map(figures))
            + "  " + Figure.ratio(mine.median / stock.median) + "    " + Figure.ratio(mine.median / floor.median)
    }

    enum Field { case plain, secure }

    struct Latencies {
        var samples: [Double]
        var median: Double { samples.sorted()[samples.count / 2] }
        var p99: Double { samples.sorted()[min(samples.count - 1, samples.count * 99 / 100)] }
    }

    /// Milliseconds from starting each program to the end of its first prompt on its terminal,
    /// the programs taking turns so that whatever else the machine does weighs on all alike.
    static func coldStarts(_ programs: [Program], runs: Int) throws -> [Latencies] {
        var samples = Array(repeating: [Double](), count: programs.count)
        for _ in 0..<runs {
            for (index, program) in programs.enumerated() {
                let t0 = PseudoTerminalProcess.now()
                let process = try PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment)
                process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
                samples[index].append((PseudoTerminalProcess.now() - t0) * 1000)
            }
        }
        return samples.map(Latencies.init)
    }

    /// Milliseconds from writing one key to the first byte of its echo, with `typed` characters
    /// already in the field.
    static func echo(_ program: Program, field: Field, typed: Int, keys: Int, pressing pair: [String] = ["b", "\u{7F}"]) throws -> Latencies {
        let process = try PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment)
        process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
        if field == .secure, let toSecure = program.toSecure { process.send(toSecure); settle(process) }
        var remaining = typed
        while remaining > 0 {
            let chunk = min(remaining, 500)
            process.send(String(repeating: "a", count: chunk))
            remaining -= chunk
            settle(process)
        }
        settle(process)
        var samples: [Double] = []
        for index in 0..<keys {
            let t0 = PseudoTerminalProcess.now()
            process.send(pair[index % 2])
            while process.pump(milliseconds: 1000) == 0 {}
            samples.append((PseudoTerminalProcess.now() - t0) * 1000)
            settle(process)
        }
        return Latencies(samples: samples)
    }

    /// The peak RSS in megabytes of `program` answering the sign-up's fields as a person types
    /// them, a key at a time, to its end (the C programs: the same lines, then Ctrl-D).
    static func signUpWalk(_ program: Program) throws -> Double {
        let process = try PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment)
        process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
        for answer in signUpAnswers {
            for key in answer { process.send(String(key)); settle(process) }
            process.send("\r")
            settle(process)
        }
        if program.toSecure == nil { process.send("\u{4}") }
        let status = process.finish(seconds: 10)
        guard status == 0, let usage = process.usage else {
            let screen = String(decoding: process.terminalBytes.suffix(300), as: UTF8.self).debugDescription
            throw BenchError("\(program.name) did not finish the sign-up walk with status 0 (\(status.map(String.init) ?? "still running")); its screen ends \(screen)")
        }
        return Double(usage.ru_maxrss) / 1024
    }

    /// Reads until nothing more arrives for a few milliseconds.
    private static func settle(_ process: PseudoTerminalProcess) {
        while process.pump(milliseconds: 5) > 0 {}
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private extension Array where Element == UInt8 {
    /// Whether `part` occurs in these bytes.
    func contains(_ part: [UInt8]) -> Bool {
        guard count >= part.count else { return false }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
