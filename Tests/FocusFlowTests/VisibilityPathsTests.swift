import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import FocusFlowProtocol
import PseudoTerminalSupport

/// `FlowExplorer.visibilityPaths` and `focusflow check --paths`: every distinct sequence of
/// fields a completed walk shows, each with a script that walks it.
@Suite("Paths through a flow's visibility")
struct VisibilityPathsTests {
    static func spec(_ name: String) throws -> FlowSpec {
        if name.hasPrefix("generated-"), let seed = UInt64(name.dropFirst("generated-".count)) {
            return try FlowSpec(json: Data(FlowGenerator.flow(seed: seed, fields: 12).utf8))
        }
        return try Fixtures.flow(name)
    }

    static let flows = FlowSpecTests.shipped + (1...12).map { "generated-\($0)" }

    @Test("A search stopped says which limit stopped it: the paths found, the requests made or the deadline")
    func limitNamed() throws {
        let explorer = FlowExplorer(spec: try Fixtures.flow("team"))
        let all = explorer.visibilityPaths()
        #expect(all.stoppedBy == nil && all.exhaustive && all.paths.count > 1, "\(all.paths.count) paths")
        #expect(explorer.visibilityPaths(limit: 1).stoppedBy == .paths(1))
        #expect(explorer.visibilityPaths(steps: 10).stoppedBy == .requests(10))
        // The clock is read every few hundred requests: a deadline already past stops the search there.
        let late = explorer.visibilityPaths(until: .now - .seconds(1))
        #expect(late.stoppedBy == .deadline || late.exhaustive, "\(String(describing: late.stoppedBy))")
    }

    @Test("Each path's script completes the walk showing exactly its fields, and no two paths show the same", arguments: flows)
    func scriptsWalkTheirPaths(name: String) throws {
        let explorer = FlowExplorer(spec: try Self.spec(name))
        let found = explorer.visibilityPaths()
        #expect(found.exhaustive)
        #expect(Set(found.paths.map(\.fields)).count == found.paths.count)
        for path in found.paths {
            var state = explorer.reducer.initialState()
            for request in path.script { _ = explorer.reducer.reduce(into: &state, action: try #require(request.action)) }
            #expect(state.phase == .completed, "\(name): \(path.fields)")
            #expect(explorer.reducer.result(of: state).answers.map(\.field) == path.fields)
        }
    }

    @Test("Every walk that completes shows the fields of a path found: random walks of shipped and generated flows", arguments: flows)
    func everyWalkIsAPath(name: String) throws {
        let explorer = FlowExplorer(spec: try Self.spec(name))
        let paths = Set(explorer.visibilityPaths().paths.map(\.fields))
        var completed = 0
        for seed in UInt64(1)...40 {
            let state = VerifyTests.randomWalk(explorer, seed: seed)
            guard state.phase == .completed else { continue }
            completed += 1
            let shown = explorer.reducer.result(of: state).answers.map(\.field)
            #expect(paths.contains(shown), "\(name), seed \(seed): \(shown) is no path found")
        }
        #expect(completed > 0 || paths.isEmpty, "\(name): no walk completed")
    }

    @Test("check prints the count, and with --paths each path and its script, which replays to completion")
    func command() throws {
        let counted = try Command.run(["check", "Flows/plan.json"])
        #expect(counted.status == 0)
        let spec = try Fixtures.flow("plan")
        let count = FlowExplorer(spec: spec).visibilityPaths().paths.count
        #expect(count > 1)
        // Beside the coverage, the verdict still last.
        let said = counted.stdout.split(separator: "\n").map(String.init)
        #expect(said.dropFirst().first?.hasPrefix("covered: ") == true && said.dropFirst(2).first == "paths through the flow's visibility: \(count)", "\(counted.stdout)")
        #expect(said.last == "all 17 invariants hold on every edge explored")
        let listed = try Command.run(["check", "Flows/plan.json", "--paths", "--lang", "ko"])
        let lines = listed.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("경로 1 (필드 ") })
        let script = lines[(first + 1)...].prefix { $0.hasPrefix("  {") }.map { $0.dropFirst(2) }.joined(separator: "\n") + "\n"
        let file = try ScratchFolder.write(script, named: "path-1", ".jsonl")
        let replayed = try Command.run(["replay", "Flows/plan.json", file])
        #expect(replayed.status == 0 && replayed.stdout.contains(#""phase":"completed""#), "\(replayed.stdout)")
        #expect(lines.contains("보이는 필드로 나뉘는 경로: \(count)개"))
    }
}
