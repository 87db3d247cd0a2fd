import FocusFlow
import FocusFlowCheck
import Foundation

/// `focusflow check` as a developer runs it in CI: on every flow in `Flows/` and on generated
/// flows of ten fields mixing every kind with `when` and `matches` ties (``FlowGenerator``),
/// then at scale, on generated flows of 200 and 2,000 fields (``scale(focusflow:in:)``).
/// The time and peak RSS are those of the release `focusflow check` process (through GNU time),
/// median of three;
/// the states and states a second come from the same exploration in process.
enum CheckFlowsBench {
    static let seconds = 1.0, megabytes = 64.0
    /// The seeds of the generated flows timed: fixed, so that every run times the same flows.
    static let seeds: [UInt64] = Array(1...10)

    /// The package's `Flows` folder: under the working directory, or two folders above the bench.
    static var flowsFolder: URL? {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [URL(fileURLWithPath: "Flows"), bench.appendingPathComponent("../../Flows").standardized]
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("signup.json").path) }
    }

    static func report() throws {
        print("\nCheck on real flows (release focusflow check: median of 3 runs, peak RSS; states a second in process)")
        print("  target: each at most \(Int(seconds)) s and \(Int(megabytes)) MB")
        guard let focusflow = LoadBench.focusflow, FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("  (needs focusflow built beside the bench and GNU time at /usr/bin/time: no check figures)")
            return
        }
        var files: [(String, URL)] = []
        if let folder = flowsFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && $0 != "flow.schema.json" }.sorted()
            files += names.map { ($0, folder.appendingPathComponent($0)) }
        } else {
            print("  (no Flows folder here or beside the package: only generated flows)")
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-check-bench-\(getpid())")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        for seed in seeds {
            let url = temporary.appendingPathComponent("generated-\(seed).json")
            try Data(FlowGenerator.flow(seed: seed, fields: 10).utf8).write(to: url)
            files.append(("generated 10 fields, seed \(seed)", url))
        }
        var worst = (seconds: 0.0, megabytes: 0.0)
        for (name, url) in files {
            let spec = try FlowSpec(contentsOf: url)
            let clock = ContinuousClock()
            var report: FlowExplorer.Report?
            let inProcess = CheckBench.seconds(clock.measure { report = FlowExplorer(spec: spec).run(.init(decompose: true)) })
            let runs = (0..<3).map { _ in LoadBench.timed([focusflow, "check", url.path]) }
            let wall = LoadBench.median(runs.map(\.ms)) / 1_000
            let rss = (runs.map(\.kilobytes).max() ?? .nan) / 1_024
            worst = (max(worst.seconds, wall), max(worst.megabytes, rss))
            let states = report?.states ?? 0
            let how = report.map { $0.groups.isEmpty ? "as one" : "\($0.groups.count) groups" } ?? ""
            let extent = report?.exhaustive == true ? "" : ", stopped at a limit"
            print(
                "  \(name.padding(toLength: 34, withPad: " ", startingAt: 0))"
                    + String(format: "%7.3f s %6.1f MB %8d states %9.0f states/s  ", wall, rss, states, Double(states) / max(inProcess, 1e-9))
                    + how + extent + (wall <= seconds && rss <= megabytes ? "" : "  (over target)"))
        }
        print(
            String(format: "  slowest %.3f s against %.0f s, largest %.1f MB against %.0f MB: ", worst.seconds, seconds, worst.megabytes, megabytes)
                + (worst.seconds <= seconds && worst.megabytes <= megabytes ? "met" : "not met"))
        try scale(focusflow: focusflow, in: temporary)
    }

    /// The targets at scale: a generated flow of 200 fields of every kind with `when` ties
    /// explored in at most 5 s and 256 MB; one of 2,000 fields ends within `check`'s default
    /// budget or stops there, saying that the proof is partial.
    static let scaleSeconds = 5.0, scaleMegabytes = 256.0
    /// The seeds of the generated flows of 200 fields.
    static let scaleSeeds: [UInt64] = [1, 2, 3]
    /// How long past the budget a run may take to end and write its report.
    static let budgetSlack = 2.0

    /// `check` with its default limits and budget on generated flows of 200 fields (median of
    /// three runs) and of 2,000 fields (one run: it takes the whole budget), beside the targets.
    static func scale(focusflow: String, in temporary: URL) throws {
        print("\nCheck at scale (release focusflow check with its default limits and budget, generated flows of every kind with when ties)")
        print("  target: 200 fields at most \(Int(scaleSeconds)) s and \(Int(scaleMegabytes)) MB; 2,000 fields end within the budget (\(Int(budget)) s) or stop there, saying the proof is partial")
        var worst = (seconds: 0.0, megabytes: 0.0)
        for seed in scaleSeeds {
            let url = temporary.appendingPathComponent("generated-200-\(seed).json")
            try Data(FlowGenerator.flow(seed: seed, fields: 200).utf8).write(to: url)
            let runs = try (0..<3).map { _ in try checked(focusflow, url) }
            let run = runs.sorted { $0.seconds < $1.seconds }[1]
            let megabytes = runs.map(\.megabytes).max() ?? .nan
            worst = (max(worst.seconds, run.seconds), max(worst.megabytes, megabytes))
            print(row("generated 200 fields, seed \(seed)", run, megabytes: megabytes) + (run.seconds <= scaleSeconds && megabytes <= scaleMegabytes ? "" : "  (over target)"))
        }
        print(
            String(format: "  200 fields: slowest %.3f s against %.0f s, largest %.1f MB against %.0f MB: ", worst.seconds, scaleSeconds, worst.megabytes, scaleMegabytes)
                + (worst.seconds <= scaleSeconds && worst.megabytes <= scaleMegabytes ? "met" : "not met"))
        let url = temporary.appendingPathComponent("generated-2000-2.json")
        try Data(FlowGenerator.flow(seed: 2, fields: 2_000).utf8).write(to: url)
        let run = try checked(focusflow, url)
        print(row("generated 2,000 fields, seed 2", run, megabytes: run.megabytes))
        let within = run.seconds <= budget + budgetSlack
        let honest = run.complete || run.partial
        print(
            String(format: "  2,000 fields: ended after %.1f s against a budget of %.0f s, ", run.seconds, budget)
                + (run.complete ? "every reachable state explored" : run.partial ? "saying the proof is partial" : "saying nothing of a partial proof") + ": "
                + (within && honest ? "met" : "not met"))
    }

    /// `check`'s default budget, in seconds.
    static let budget = 60.0

    /// One run of the release `focusflow check FLOW` through GNU time: its time, its peak RSS and
    /// what its report says.
    struct Checked {
        var seconds: Double, megabytes: Double, status: Int32
        var states = 0, edges = 0, focused = "", groups = "", complete = false, partial = false
    }

    static func checked(_ focusflow: String, _ url: URL) throws -> Checked {
        let times = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-check-time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: times) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", times.path, focusflow, "check", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let figures = (try? String(contentsOf: times, encoding: .utf8))?.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        var run = Checked(seconds: figures.first ?? .nan, megabytes: (figures.dropFirst().first ?? .nan) / 1_024, status: process.terminationStatus)
        let lines = report.split(separator: "\n").map(String.init)
        if let first = lines.first, let match = first.firstMatch(of: /: (\d+) states, (\d+) edges/) {
            run.states = Int(match.1) ?? 0
            run.edges = Int(match.2) ?? 0
            run.complete = first.hasSuffix("every reachable state")
            run.groups = first.firstMatch(of: /in (\d+) independent groups/).map { "\($0.1) groups" } ?? "as one"
        }
        run.focused = lines.first { $0.hasPrefix("covered: ") }?.firstMatch(of: /(\d+\/\d+) fields focused/).map { String($0.1) } ?? "?"
        if let explored = lines.first(where: { $0.hasPrefix("groups explored: ") }) { run.groups = String(explored.dropFirst("groups explored: ".count)) }
        run.partial = lines.contains { $0.hasPrefix("partial proof: ") }
        return run
    }

    static func row(_ name: String, _ run: Checked, megabytes: Double) -> String {
        "  \(name.padding(toLength: 32, withPad: " ", startingAt: 0))"
            + String(format: "%8.3f s %6.1f MB %7d states %9d edges  ", run.seconds, megabytes, run.states, run.edges)
            + "\(run.focused) fields focused, \(run.groups)" + (run.complete ? ", every reachable state" : run.partial ? ", partial proof" : "")
            + (run.status == 0 ? "" : ", exit \(run.status)")
    }
}
