import FocusFlow
import FocusFlowTerminal
import PseudoTerminalSupport
import Foundation

/// Over a real pseudo-terminal, `focusflow` beside two C programs built from this package's
/// sources, in one run and by one method: cold start to the first prompt, the echo latency of one
/// key with 10 and 10,000 characters already typed (plain and secure), and the peak RSS of a walk
/// of the sign-up. The references are what a user would otherwise run: stock GNU readline in
/// callback mode (`Sources/readline-reference`) and a raw-mode program that writes one `*` a key
/// (`Sources/raw-echo-reference`), the floor. The programs take turns sample by sample, so that
/// whatever else the machine does weighs on all of them alike.
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

    /// Where this bench's executable is: `focusflow` is built beside it.
    static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `focusflow run ARGUMENTS`, the copy at `installed` (``installCopy()``), else this bench
    /// itself running the same `FlowRunner` (see `main.swift`).
    static func focusflowProgram(_ arguments: [String], installed: String?) -> Program {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        return Program(
            name: installed == nil ? "focusflow-bench --run (same FlowRunner)" : "focusflow",
            words: (installed.map { [$0, "run"] } ?? [me, "--run"]) + arguments,
            prompt: Array("› ".utf8), toSecure: "\r")
    }

    /// Copies the `focusflow` built beside this bench into a folder of its own with `install`, as
    /// `make install` installs it, so that what is measured starts as the installed program does.
    /// The file the linker has just written does not: measured here, the same bytes take some
    /// twenty page faults and 0.2 ms more at a start from the linker's output than from a fresh
    /// copy (the kernel's page cache holds the two otherwise).
    ///
    /// - Returns: the copy, in a folder of its own to remove afterwards, or `nil` when no
    ///   `focusflow` is built.
    static func installCopy() throws -> String? {
        let built = directory.appendingPathComponent("focusflow").path
        guard FileManager.default.isExecutableFile(atPath: built) else { return nil }
        let folder = NSTemporaryDirectory() + "focusflow-bench-installed-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try install(built, as: folder + "/focusflow")
        return folder + "/focusflow"
    }

    /// `install -s -m 755 program destination`: a fresh copy of a program just linked, stripped
    /// as `make install` and Debian install theirs, to measure.
    static func install(_ program: String, as destination: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        process.arguments = ["-s", "-m", "755", program, destination]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("install -s -m 755 \(program) \(destination) failed with status \(process.terminationStatus)") }
    }

    static func report() throws {
        let path = NSTemporaryDirectory() + "focusflow-bench-\(getpid()).json"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let references = try CReferences()
        defer { references.remove() }
        let installed = try installCopy()
        defer { installed.map { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: $0).deletingLastPathComponent().path) } }
        let focusflow = focusflowProgram([path], installed: installed)
        let signUp = focusflowProgram([], installed: installed)
        let readline = references.readline, raw = references.raw
        let runtime = swiftRuntime(of: focusflow)
        print(
            """

            Terminal over a pty, one run: \(focusflow.name) (\(installed == nil ? "" : "installed as make install installs it; ")Swift runtime \(runtime)) beside two C programs of
            this package, built with \(references.compiler): stock GNU readline in callback mode (readline-reference)
            and the floor (raw-echo-reference: raw mode, one read and one write a key). Milliseconds, median / p99;
            ratios of medians. The programs take turns, sample by sample.
            """)
        print(
            "  " + "what".padding(toLength: 29, withPad: " ", startingAt: 0)
                + columns(["focusflow", "C readline", "C raw"]) + "  ×readline   ×raw")

        let starts = try coldStarts([focusflow, signUp, readline, raw], runs: 80)
        print(row("cold start, first prompt", starts[0], starts[2], starts[3]) + target(starts[0].median / starts[2].median, atMost: 1.3))
        print(row("  the sign-up (2 patterns)", starts[1], starts[2], starts[3]) + target(starts[1].median / starts[2].median, atMost: 2))

        for field in [Field.plain, .secure] {
            for typed in [10, 10_000] {
                let m = try echoes([focusflow, readline, raw], field: field, typed: typed, keys: 500)
                print(row("echo, \(field == .plain ? "plain " : "secure"), \(typed) typed", m[0], m[1], m[2]))
            }
        }

        let walks = try [signUp, readline, raw].map(signUpWalk)
        print(
            "  " + "peak RSS, sign-up walk".padding(toLength: 29, withPad: " ", startingAt: 0)
                + columns(walks.map { String(format: "%.1f MB", $0) })
                + "  " + Figure.ratio(walks[0] / walks[1]) + "    " + Figure.ratio(walks[0] / walks[2])
                + "  (target ≤ 8 MB: \(walks[0] <= 8 ? "met" : "not met"))")

        try whatStandsInTheWay([raw, readline, focusflow])

        // A list field: the same keys' echo in a select's filter, and a highlight move, each
        // redrawing the options' window; the ratio is to a plain field's echo in this run.
        let textEcho = try echoes([focusflow], field: .plain, typed: 0, keys: 500)[0]
        print("\n  focusflow's lists (median / p99; ratio to its own echo of a key in a text field, \(Figure.ms(textEcho.median)))")
        for count in [100, 10_000] {
            let listPath = NSTemporaryDirectory() + "focusflow-bench-list-\(getpid())-\(count).json"
            try Data(listFlow(options: count).utf8).write(to: URL(fileURLWithPath: listPath))
            defer { try? FileManager.default.removeItem(atPath: listPath) }
            let list = focusflowProgram([listPath], installed: installed)
            let label = String(count).padding(toLength: 6, withPad: " ", startingAt: 0)
            let filter = try echoes([list], field: .plain, typed: 0, keys: 500, pressing: ["1", "\u{7F}"])[0]
            print("  list, \(label) options, filter key  \(figures(filter))   \(Figure.ratio(filter.median / textEcho.median))")
            let move = try echoes([list], field: .plain, typed: 0, keys: 500, pressing: ["\u{1B}[B", "\u{1B}[A"])[0]
            print("  list, \(label) options, Down/Up     \(figures(move))   \(Figure.ratio(move.median / textEcho.median))")
        }
    }

    /// The C floor's few lines in Swift (``SwiftFloor``), started beside `programs` (the C
    /// references and focusflow): cold start and the RSS at the first prompt, to show how much of
    /// focusflow's start is the Swift runtime and Foundation, which FocusFlow cannot change.
    static func whatStandsInTheWay(_ programs: [Program]) throws {
        guard let floor = try SwiftFloor() else {
            print("\n  (no swiftc found: the Swift floor is not measured)")
            return
        }
        defer { floor.remove() }
        let all = programs + floor.programs
        let starts = try coldStarts(all, runs: 40)
        print("\n  What stands in the way: the floor's few lines in Swift, built here with swiftc -O, beside the C programs")
        print("  " + "program".padding(toLength: 34, withPad: " ", startingAt: 0) + "cold start, median / p99   RSS at first prompt")
        for (program, start) in zip(all, starts) {
            let rss = try rssAtPrompt(program)
            print(
                "  " + program.name.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + figures(start).padding(toLength: 27, withPad: " ", startingAt: 0) + String(format: "%5.1f MB", rss))
        }
        for note in floor.linkerNotes { print("  linker, \(note)") }
    }

    /// The RSS in megabytes of `program` once its first prompt is drawn (`VmHWM`).
    static func rssAtPrompt(_ program: Program) throws -> Double {
        let process = try PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment)
        process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
        settle(process)
        return Double(highWaterMark(process.pid) ?? 0) / 1024
    }

    private static func columns(_ texts: [String]) -> String {
        texts.map { String(repeating: " ", count: max(0, 17 - $0.count)) + $0 }.joined()
    }

    private static func figures(_ m: Latencies) -> String {
        String(format: "%6.3f / %.3f", m.median, m.p99)
    }

    /// The target a ratio to C readline is held to, and whether this run meets it.
    private static func target(_ ratio: Double, atMost bound: Double) -> String {
        "  (target ≤ \(String(format: "%g", bound))× readline: \(ratio <= bound ? "met" : "not met"))"
    }

    /// One figure for each program, median / p99, then the ratios of the medians.
    private static func row(_ label: String, _ mine: Latencies, _ stock: Latencies, _ floor: Latencies) -> String {
        "  " + label.padding(toLength: 29, withPad: " ", startingAt: 0)
            + columns([mine, stock, floor].map(figures))
            + "  " + Figure.ratio(mine.median / stock.median) + "    " + Figure.ratio(mine.median / floor.median)
    }

    /// "static" or "dynamic (libswiftCore.so)": how the running `program` has the Swift runtime.
    static func swiftRuntime(of program: Program) -> String {
        guard let process = try? PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment) else { return "unknown" }
        process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
        let maps = procFile(process.pid, "maps")
        if maps.contains("libswiftCore.so") { return "dynamic, libswiftCore.so" }
        // A static executable maps no shared object; a program linked with `-static-stdlib`
        // still maps libc, libstdc++ and whatever C libraries it links.
        return maps.contains(".so") ? "linked statically" : "and every C library linked statically: no shared library mapped"
    }

    enum Field { case plain, secure }

    struct Latencies {
        var samples: [Double]
        var median: Double { samples.sorted()[samples.count / 2] }
        var p99: Double { samples.sorted()[min(samples.count - 1, samples.count * 99 / 100)] }
    }

    /// Milliseconds from starting each program to the end of its first prompt on its terminal,
    /// the programs taking turns.
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

    /// For each program, milliseconds from writing one key to the first byte of its echo, with
    /// `typed` characters already in the field; the programs run side by side and take turns key
    /// by key.
    static func echoes(_ programs: [Program], field: Field, typed: Int, keys: Int, pressing pair: [String] = ["b", "\u{7F}"]) throws -> [Latencies] {
        let processes = try programs.map { program in
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
            return process
        }
        var samples = Array(repeating: [Double](), count: programs.count)
        for index in 0..<keys {
            for (which, process) in processes.enumerated() {
                let t0 = PseudoTerminalProcess.now()
                process.send(pair[index % 2])
                while process.pump(milliseconds: 1000) == 0 {}
                samples[which].append((PseudoTerminalProcess.now() - t0) * 1000)
                settle(process)
            }
        }
        return samples.map(Latencies.init)
    }

    /// The peak RSS in megabytes of `program` answering the sign-up's fields as a person types
    /// them, a key at a time, to its end (the C programs: the same lines, then Ctrl-D).
    ///
    /// Read from the kernel's high-water mark of the program's own memory (`VmHWM` in
    /// `/proc/PID/status`) after every key and until it exits. `wait4`'s `ru_maxrss` cannot be
    /// used: a child started with `posix_spawn` (vfork) keeps the high-water mark of the parent's
    /// memory it ran in before `exec`, the bench's own 20 MB and more.
    static func signUpWalk(_ program: Program) throws -> Double {
        let process = try PseudoTerminalProcess(program.words, columns: 100, rows: 40, environment: environment)
        process.waitFor(seconds: 10) { process.terminalBytes.contains(program.prompt) }
        var peak = 0
        func note() { peak = max(peak, highWaterMark(process.pid) ?? 0) }
        for answer in signUpAnswers {
            for key in answer {
                process.send(String(key))
                settle(process)
                note()
            }
            process.send("\r")
            settle(process)
            note()
        }
        if program.toSecure == nil { process.send("\u{4}") }
        // Until it has gone: its memory while it writes the answers and ends.
        while let mark = highWaterMark(process.pid) {
            peak = max(peak, mark)
            process.pump(milliseconds: 1)
        }
        guard process.finish(seconds: 10) == 0 else {
            let screen = String(decoding: process.terminalBytes.suffix(300), as: UTF8.self).debugDescription
            throw BenchError("\(program.name) did not finish the sign-up walk with status 0; its screen ends \(screen)")
        }
        return Double(peak) / 1024
    }

    /// `VmHWM` of a running process in kB, or `nil` once it has exited.
    static func highWaterMark(_ pid: pid_t) -> Int? {
        let status = procFile(pid, "status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// A file of `/proc/PID/`, read to its end (a /proc file says it is empty).
    static func procFile(_ pid: pid_t, _ name: String) -> String {
        let fd = open("/proc/\(pid)/\(name)", O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while case let n = read(fd, &chunk, chunk.count), n > 0 { bytes += chunk.prefix(n) }
        return String(decoding: bytes, as: UTF8.self)
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

extension Array where Element == UInt8 {
    /// Whether `part` occurs in these bytes.
    func contains(_ part: [UInt8]) -> Bool {
        guard count >= part.count else { return false }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
