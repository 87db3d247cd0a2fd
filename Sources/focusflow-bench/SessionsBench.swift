import FocusFlow
import FocusFlowProtocol
import Foundation

/// Many walks in one `serve --sessions`: a request's cost among 10,000 open sessions against
/// one, and the whole server over a pipe — requests a second and peak RSS with 10,000 sign-ups
/// open — each beside its target.
enum SessionsBench {
    static let sessions = 10_000
    /// A walk's requests, the same for every session: two texts and the moves between them.
    static let cycle = [#"{"action":"text","value":"ada@example.com"}"#, #"{"action":"next"}"#, #"{"action":"previous"}"#, #"{"action":"text","value":""}"#]

    static func line(_ request: String, session: Int) -> String {
        #"{"session":"s\#(session)",\#(request.dropFirst())"#
    }

    /// Nanoseconds a request on one session when `open` sessions are open.
    static func request(among open: Int, n: Int = 20_000) throws -> Double {
        var server = ProtocolSessions(spec: try FlowSpec.signup(), limit: open)
        for session in 0..<open { _ = server.respond(toLine: Array(line(#"{"action":"open"}"#, session: session).utf8), now: 0) }
        let lines = cycle.map { Array(line($0, session: open / 2).utf8) }
        return Measure.run(operations: n * lines.count) {
            for _ in 0..<n {
                for request in lines { blackHole(server.respond(toLine: request, now: 0)) }
            }
        }.median
    }

    static func report() throws {
        print("\nServe --sessions (figure, then target)")
        let one = try request(among: 1), many = try request(among: sessions)
        print(String(format: "  a request in process, 1 session open          %8.1f ns", one))
        print(
            String(
                format: "  the same with %d sessions open              %8.1f ns  %@  (target ≤ 1.20×: %@)",
                sessions, many, Figure.ratio(many / one), many / one <= 1.2 ? "met" : "not met"))
        guard let focusflow = LoadBench.focusflow, FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("  (focusflow or /usr/bin/time is missing beside the bench: no figures over a pipe)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-sessions-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every session opened, then each request of the cycle sent to every session in turn.
        var script = (0..<sessions).map { line(#"{"action":"open"}"#, session: $0) }
        for request in cycle { script += (0..<sessions).map { line(request, session: $0) } }
        let path = folder.appendingPathComponent("script.txt").path
        try Data((script.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let empty = folder.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let report = folder.appendingPathComponent("rss.txt").path
        var times: [Double] = [], starts: [Double] = [], peaks: [Double] = []
        for _ in 0..<5 {
            starts.append(LoadBench.spawn(["/usr/bin/time", "-f", "%M", "-o", report, focusflow, "serve", "--sessions"], input: empty).ms)
            times.append(LoadBench.spawn(["/usr/bin/time", "-f", "%M", "-o", report, focusflow, "serve", "--sessions"], input: path).ms)
            peaks.append(Double((try? String(contentsOfFile: report, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .nan)
        }
        let seconds = (LoadBench.median(times) - LoadBench.median(starts)) / 1e3
        let rate = Double(script.count) / seconds
        let peak = LoadBench.median(peaks) / 1024
        print(
            String(
                format: "  over a pipe: %d lines (%d opens, %d requests) in %.3f s less a start: %.0f requests/s  (target ≥ 200,000: %@)",
                script.count, sessions, script.count - sessions, seconds, rate, rate >= 200_000 ? "met" : "not met"))
        print(String(format: "  peak RSS with %d sign-up walks open          %6.1f MB  (target ≤ 100 MB: %@)", sessions, peak, peak <= 100 ? "met" : "not met"))
    }
}
