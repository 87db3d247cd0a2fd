import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import FocusFlowProtocol

/// What keeps `check` on a flow of hundreds of fields within seconds, each held to what it
/// replaces: a group's exploration tries only the requests that can read the group
/// (``GroupScope``), each group's walk takes the walk no group changes where it does the same
/// (``SharedWalk``), and a description is searched from the parts of the last one
/// (``StateDescriber``).
@Suite("check at scale: the group's scope, the shared walk, the describer")
struct CheckScopeTests {
    /// Generated flows of every kind just past ``FlowExplorer/everyJumpUpTo`` fields, where the
    /// scope applies.
    static let seeds: [UInt64] = [3, 5, 8]

    static func spec(seed: UInt64, fields: Int = 14) throws -> FlowSpec {
        try FlowSpec(json: Data(FlowGenerator.flow(seed: seed, fields: fields).utf8))
    }

    @Test(
        "A group explored within its scope finds what it finds following every field: the engine and each broken machine, on generated flows of 14 fields",
        arguments: seeds)
    func scopeAgrees(seed: UInt64) throws {
        let spec = try Self.spec(seed: seed)
        let reducer = FlowReducer(spec: spec)
        for index in [nil] + ExplorerTests.broken.indices.map(Optional.some) {
            let (what, transition) = CheckDecomposeTests.machine(index, reducer)
            var every = FlowExplorer.Options(depth: 10, maxStates: 50_000, decompose: true)
            every.followsEveryField = true
            let scoped = FlowExplorer(spec: spec, transition: transition).run(.init(depth: 10, maxStates: 50_000, decompose: true))
            let everywhere = FlowExplorer(spec: spec, transition: transition).run(every)
            #expect(scoped.groups == everywhere.groups)
            #expect(
                scoped.counterexample?.violation.invariant == everywhere.counterexample?.violation.invariant,
                "seed \(seed), \(what): \(String(describing: scoped.counterexample?.violation)) within the scope, \(String(describing: everywhere.counterexample?.violation)) following every field")
            if everywhere.exhaustive && scoped.exhaustive && everywhere.counterexample == nil { #expect(scoped.states <= everywhere.states && scoped.edges <= everywhere.edges) }
            if let counterexample = scoped.counterexample { #expect(CheckFuzzTests.replays(counterexample.script, reducer, transition)) }
        }
    }

    @Test("Beyond 12 fields a field outside the group gets Next, Previous and the jumps that pass or land on the group; on the group, every request")
    func requestsOutside() throws {
        let fields = (0..<20).map { FieldSpec(id: FieldID("f\($0)")) }
        let explorer = FlowExplorer(spec: try FlowSpec(id: "u", title: "U", fields: fields))
        let scope = explorer.scope(of: [10], roots: [explorer.initial])
        var state = explorer.initial
        _ = explorer.reducer.reduce(into: &state, action: .focus("f3"))
        let outside = explorer.requests(from: state, group: scope).map(\.text)
        #expect(outside == ["next", "previous", "focus f10", "focus f19"], "\(outside)")
        _ = explorer.reducer.reduce(into: &state, action: .focus("f10"))
        let inside = explorer.requests(from: state, group: scope).map(\.text)
        #expect(inside.contains("reveal") && inside.contains("cancel") && inside.contains("clear"), "\(inside)")
        #expect(inside.filter { $0.hasPrefix("focus ") } == ["focus f0", "focus f8", "focus f9", "focus f10", "focus f11", "focus f12", "focus f19"])
        // Followed: the group, the field before it, and the last field shown.
        #expect((0..<20).filter { scope.follows($0) } == [9, 10, 19])
    }

    @Test("A group's walk that takes the shared walk's requests reaches the same background by the same script, and counts the same", arguments: seeds)
    func sharedWalkAgrees(seed: UInt64) throws {
        let spec = try Self.spec(seed: seed, fields: 30)
        let explorer = FlowExplorer(spec: spec)
        var scratch = FlowExplorer.Report()
        let shared = try #require(explorer.sharedWalk(into: &scratch))
        guard case .groups(let groups) = explorer.decomposition() else { Issue.record("seed \(seed) is explored as one"); return }
        for group in groups.map(Set.init) {
            for sources in explorer.sourceSettings(of: group) {
                for stopping in [false, true] {
                    var alone = FlowExplorer.Report(), taking = FlowExplorer.Report()
                    let walked = explorer.walkToBackground(of: group, sources: sources, stoppingAtChoice: stopping, into: &alone)
                    let taken = explorer.walkToBackground(of: group, sources: sources, stoppingAtChoice: stopping, shared: shared, into: &taking)
                    #expect(walked?.state == taken?.state && walked?.script == taken?.script && walked?.choseInGroup == taken?.choseInGroup, "seed \(seed), group \(group.sorted())")
                    #expect(alone.edges == taking.edges && alone.eventsSeen == taking.eventsSeen && alone.fieldsFocused == taking.fieldsFocused)
                }
            }
        }
    }

    @Test("The describer finds in a state's description exactly what the description says, along random walks of flows with secure fields")
    func describerAgrees() throws {
        var random = FlowGenerator.Random(seed: 11)
        for spec in [try FlowSpec.signup(), try Self.spec(seed: 21, fields: 24)] {
            let explorer = FlowExplorer(spec: spec)
            let describer = StateDescriber()
            for _ in 0..<30 {
                var state = explorer.initial
                for _ in 0..<25 where state.phase == .editing {
                    let requests = explorer.requests(from: state)
                    _ = explorer.reducer.reduce(into: &state, action: random.pick(requests).action!)
                    let description = state.description
                    let bytes = Array(description.utf8)
                    var texts = spec.fields.map { state.text(of: $0.id) }.filter { !$0.isEmpty } + ["[", "], errors", ", f1", "<secure>", "zq"]
                    for _ in 0..<4 {
                        let start = random.below(bytes.count), length = 1 + random.below(12)
                        texts.append(String(decoding: bytes[start..<min(bytes.count, start + length)], as: UTF8.self))
                    }
                    for text in texts {
                        #expect(describer.description(of: state, says: text) == description.containsVerbatim(text), "\(text.debugDescription) in \(description)")
                    }
                }
            }
        }
    }
}
