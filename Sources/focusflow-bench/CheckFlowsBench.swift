import FocusFlow
import FocusFlowCheck
import Foundation

/// `focusflow check` as a developer runs it in CI: on every flow in `Flows/` and on generated
/// flows of ten fields mixing every kind with `when` and `matches` ties (``FlowGenerator``).
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
    }
}
