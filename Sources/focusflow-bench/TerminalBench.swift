@preconcurrency import CReadline
import FocusFlow
import FocusFlowTerminal
import PseudoTerminalSupport
import Foundation

/// Over a real pseudo-terminal: cold start to the first prompt, and the echo latency of one key
/// on a plain and on a secure field with 10 and 10,000 characters already typed. The same run
/// measures the pty's own floor (the kernel echoing for `cat`) to compare against.
enum TerminalBench {
    static let flow = #"{"id":"bench","title":"Bench","fields":[{"id":"plain","label":"Plain"},{"id":"secret","label":"Secret","secure":true}]}"#
    /// A select of `count` options, for the echo of a key in a list field.
    static func listFlow(options count: Int) -> String {
        let options = (1...count).map { #"{"value":"o\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        return #"{"id":"list","title":"Bench","fields":[{"id":"pick","label":"Pick","kind":"select","options":["# + options + "]}]}"
    }

    static let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]

    /// `focusflow` beside this bench when built (`swift build -c release`), else this bench
    /// itself running the same `FlowRunner` (see `main.swift`).
    static func command(_ flowPath: String) -> (name: String, words: [String]) {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let focusflow = me.deletingLastPathComponent().appendingPathComponent("focusflow").path
        if FileManager.default.isExecutableFile(atPath: focusflow) { return ("focusflow", [focusflow, "run", flowPath]) }
        return ("focusflow-bench --run (same FlowRunner)", [me.path, "--run", flowPath])
    }

    static func report() throws {
        let path = NSTemporaryDirectory() + "focusflow-bench-\(getpid()).json"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (name, words) = command(path)
        let floor = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path, "--raw-echo"]
        print("\nTerminal over a pty (\(name); ms, median and p99; floor: a raw-mode Swift program echoing '*')")

        let start = try coldStart(words, runs: 40)
        let startFloor = try coldStart(floor, runs: 40)
        print("  cold start to first prompt      \(row(start, startFloor))")
        let echoFloor = try echo(floor, field: .plain, typed: 0, keys: 600)
        print("  floor: raw echo of one key      \(row(echoFloor, nil))")
        let stock = [floor[0], "--readline-echo"]
        let stockStart = try coldStart(stock, runs: 40)
        print("  stock readline: cold start      \(row(stockStart, startFloor))")
        for typed in [10, 10_000] {
            let m = try echo(stock, field: .plain, typed: typed, keys: 600)
            print("  stock readline: echo, \(String(typed).padding(toLength: 6, withPad: " ", startingAt: 0)) typed \(row(m, echoFloor))")
        }
        var textEcho: Latencies?
        for field in [Field.plain, .secure] {
            for typed in [10, 10_000] {
                let m = try echo(words, field: field, typed: typed, keys: 600)
                if field == .plain && typed == 10 { textEcho = m }
                print("  echo, \(field == .plain ? "plain " : "secure") field, \(String(typed).padding(toLength: 6, withPad: " ", startingAt: 0)) typed \(row(m, echoFloor))")
            }
        }
        // A list field: the same keys' echo in a select's filter, and a highlight move, each
        // redrawing the options' window; the ratio is to a plain field's echo in this run.
        for count in [100, 10_000] {
            let listPath = NSTemporaryDirectory() + "focusflow-bench-list-\(getpid())-\(count).json"
            try Data(listFlow(options: count).utf8).write(to: URL(fileURLWithPath: listPath))
            defer { try? FileManager.default.removeItem(atPath: listPath) }
            let list = command(listPath).words
            let label = String(count).padding(toLength: 6, withPad: " ", startingAt: 0)
            let filter = try echo(list, field: .plain, typed: 0, keys: 600, pressing: ["1", "\u{7F}"])
            print("  list, \(label) options, filter key    \(row(filter, echoFloor))   \(text(filter, textEcho))")
            let move = try echo(list, field: .plain, typed: 0, keys: 600, pressing: ["\u{1B}[B", "\u{1B}[A"])
            print("  list, \(label) options, Down/Up       \(row(move, echoFloor))   \(text(move, textEcho))")
        }
    }

    /// The ratio of a list's figure to a plain field's echo in the same run.
    private static func text(_ m: Latencies, _ text: Latencies?) -> String {
        text.map { "\(Figure.ratio(m.median / $0.median)) of text echo" } ?? ""
    }

    private static func row(_ m: Latencies, _ floor: Latencies?) -> String {
        let ratio = floor.map { "   \(Figure.ratio(m.median / $0.median)) of floor" } ?? ""
        return "median \(Figure.ms(m.median))   p99 \(Figure.ms(m.p99))\(ratio)"
    }

    /// Stock readline in callback mode with its own display and defaults: what any readline
    /// program pays, for comparison.
    static func stockReadline() -> Never {
        ff_set_streams(stdin, stderr)
        rl_callback_handler_install("› ") { line in free(line); exit(0) }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, -1) >= 0 { rl_callback_read_char() }
        exit(0)
    }

    /// The floor: raw mode, a prompt, then one `*` for every byte read; what a C program echoing
    /// `*` does, in Swift, so that the ratio compares like with like on this machine.
    static func rawEcho() -> Never {
        var settings = termios()
        tcgetattr(0, &settings)
        var raw = settings
        cfmakeraw(&raw)
        tcsetattr(0, TCSANOW, &raw)
        var prompt = Array("› ".utf8)
        _ = write(2, &prompt, prompt.count)
        var byte: UInt8 = 0, star = UInt8(ascii: "*")
        while read(0, &byte, 1) == 1 && byte != 3 { _ = write(2, &star, 1) }
        tcsetattr(0, TCSANOW, &settings)
        exit(0)
    }

    enum Field { case plain, secure }

    struct Latencies {
        var samples: [Double]
        var median: Double { samples.sorted()[samples.count / 2] }
        var p99: Double { samples.sorted()[min(samples.count - 1, samples.count * 99 / 100)] }
    }

    /// Milliseconds from starting the program to the first prompt (`› `) on its terminal.
    static func coldStart(_ words: [String], runs: Int) throws -> Latencies {
        var samples: [Double] = []
        for _ in 0..<runs {
            let t0 = PseudoTerminalProcess.now()
            let process = try PseudoTerminalProcess(words, columns: 100, rows: 40, environment: environment)
            process.waitFor(seconds: 10) { process.terminalBytes.contains(0xBA) } // "›" ends in 0xBA
            samples.append((PseudoTerminalProcess.now() - t0) * 1000)
        }
        return Latencies(samples: samples)
    }

    /// Milliseconds from writing one key to the first byte of its echo, with `typed` characters
    /// already in the field.
    static func echo(_ words: [String], field: Field, typed: Int, keys: Int, pressing pair: [String] = ["b", "\u{7F}"]) throws -> Latencies {
        let process = try PseudoTerminalProcess(words, columns: 100, rows: 40, environment: environment)
        process.waitFor(seconds: 10) { process.terminalBytes.contains(0xBA) }
        if field == .secure { process.send("\r"); settle(process) }
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

    /// Reads until nothing more arrives for a few milliseconds.
    private static func settle(_ process: PseudoTerminalProcess) {
        while process.pump(milliseconds: 5) > 0 {}
    }
}
