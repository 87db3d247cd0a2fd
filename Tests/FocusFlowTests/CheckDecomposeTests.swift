import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import FocusFlowProtocol
import Synchronization

/// `check` explores fields that no rule or condition ties together apart, group by group,
/// instead of every combination of their values; `--no-decompose` explores the product.
@Suite("check explores independent groups apart")
struct CheckDecomposeTests {
    /// `count` text fields `f0`, `f1`, …; every third required, every fourth secure, keyboards in turn.
    static func untied(_ count: Int, mixed: Bool) throws -> FlowSpec {
        let keyboards: [KeyboardType] = [.default, .asciiCapable, .numberPad, .emailAddress]
        return try FlowSpec(
            id: "untied", title: "Untied",
            fields: (0..<count).map { i in
                guard mixed else { return FieldSpec(id: FieldID("f\(i)")) }
                return FieldSpec(
                    id: FieldID("f\(i)"), secure: i % 4 == 3, keyboard: keyboards[i % keyboards.count],
                    rules: .init(required: i % 3 == 0, maxLength: i % 5 == 0 ? 6 : nil))
            })
    }

    static func file(_ spec: FlowSpec) throws -> URL {
        let fields = spec.fields.map { #"{"id":"\#($0.id)","label":"\#($0.id)"}"# }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-untied-\(UUID()).json")
        try Data(#"{"id":"u","title":"U","fields":[\#(fields.joined(separator: ","))]}"#.utf8).write(to: url)
        return url
    }

    @Test("Groups: a matches rule ties fields, even through others; a when condition does not, and the rest stand alone")
    func groups() throws {
        #expect(FlowExplorer.independentGroups(in: try FlowSpec.signup()) == [[0], [1, 2], [3], [4], [5]])
        let spec = try FlowSpec(
            id: "g", title: "G",
            fields: [
                FieldSpec(id: "a"), FieldSpec(id: "b"), FieldSpec(id: "c", rules: .init(matches: "a")),
                FieldSpec(id: "d", when: .init(field: "b", test: .notEmpty(true))),
                FieldSpec(id: "e", when: .init(field: "d", test: .notEmpty(true))), FieldSpec(id: "f"),
            ])
        #expect(FlowExplorer.independentGroups(in: spec) == [[0, 2], [1], [3], [4], [5]])
    }

    @Test("A text naming an answer does not tie the two: the named field and the fields that show it are the text's sources, and a hidden one is still found")
    func namedAnswerIsASource() throws {
        let team = try Fixtures.flow("team")
        let groups = FlowExplorer.independentGroups(in: team).map { $0.map { team.fields[$0].id.rawValue } }
        #expect(groups.contains(["name"]) && groups.contains(["plan"]) && groups.contains(["terms"]), "\(groups)")
        let planted = try AnswersInTextTests.plantedHiddenName()
        #expect(FlowExplorer.independentGroups(in: planted) == [[0], [1], [2]])
        // Each group's backgrounds tell plan's ways apart: the hidden company is named in each.
        for group in [1, 2] {
            let explorer = FlowExplorer(spec: planted)
            let report = explorer.runDecomposed([[group]], .init(decompose: true), .init())
            #expect(report.counterexample?.violation.breach == .textNamesHidden("nick", named: "company"), "group \(group)")
        }
    }

    @Test(
        "30 untied text fields: every group explored to every reachable state, well within the default limit",
        arguments: [false, true])
    func thirtyFields(mixed: Bool) throws {
        let spec = try Self.untied(30, mixed: mixed)
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive)
        #expect(report.groups.count == 30)
        #expect(report.states < 200_000, "\(report.states) states")
        #expect(report.fieldsFocused.count == 30 && report.completed && report.cancelled)
        // The product is far beyond the limit: explored as one, it stops there.
        let whole = FlowExplorer(spec: spec).run(.init(maxStates: report.states))
        #expect(!whole.exhaustive)
    }

    @Test("focusflow check decomposes a flow of 30 untied fields, says what that proves, and --no-decompose explores the product")
    func command() throws {
        let url = try Self.file(try Self.untied(30, mixed: false))
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["check", url.path, "--max-states", "5000"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("in 30 independent groups explored apart, each to every reachable state") == true, "\(lines.first ?? "")")
        #expect(result.stdout.contains("groups: f0 | f1 | f2"))
        #expect(result.stdout.contains("invariants hold for every combination of the groups' values"))
        #expect(lines.last == "all 17 invariants hold on every edge explored")
        let whole = try Command.run(["check", url.path, "--max-states", "2000", "--no-decompose"])
        #expect(whole.status == 0)
        #expect(whole.stdout.contains("edges, partial, to depth") && whole.stdout.contains("partial proof: stopped by --max-states 2000 (limits: "))
        #expect(!whole.stdout.contains("groups"))
    }

    @Test("A flow whose fields are all tied is explored as one, and check says why")
    func allTied() throws {
        let spec = try FlowSpec(id: "t", title: "T", fields: [FieldSpec(id: "a"), FieldSpec(id: "b", rules: .init(matches: "a"))])
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.groups.isEmpty)
        #expect(report.notDecomposed == .allTied)
        #expect(report.exhaustive && report.counterexample == nil)
    }

    /// The machine under test `index`: the engine for `nil`, else that one of ExplorerTests' broken ones.
    static func machine(_ index: Int?, _ reducer: FlowReducer) -> (String, @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]) {
        guard let index else { return ("the engine", { reducer.reduce(into: &$0, action: $1) }) }
        return (ExplorerTests.broken[index].0, ExplorerTests.broken[index].2(reducer))
    }

    /// The flows the agreement is tried on: text fields tied by `matches` and `when`, and
    /// fields of every kind (``FlowGenerator``), where choice fields fail untouched and `when`
    /// conditions read every kind.
    enum Generated: String, CaseIterable, Sendable {
        case text, everyKind

        func flow(seed: UInt64) -> String {
            switch self {
            case .text:
                var random = SplitMix(seed: seed)
                return CheckFuzzTests.flow(&random, fields: 2...5)
            case .everyKind: return FlowGenerator.flow(seed: seed, fields: 2 + Int(seed % 4))
            }
        }
    }

    @Test(
        "Generated flows of 2 to 5 fields: apart and as one agree on pass or fail and on the invariant broken, for the engine and each broken machine, and every script replays",
        arguments: Generated.allCases)
    func agreement(flows: Generated) throws {
        let deadline = ContinuousClock.now + .seconds(CheckFuzzTests.seconds)
        var seed: UInt64 = flows == .text ? 20_261_130 : 20_261_202
        var compared = 0, decomposed = 0, violations = 0, tiedByWhen = 0
        repeat {
            seed += 1
            let json = flows.flow(seed: seed)
            guard let spec = try? FlowSpec(json: Data(json.utf8)) else { continue }
            let reducer = FlowReducer(spec: spec)
            for index in [nil] + ExplorerTests.broken.indices.map(Optional.some) {
                let (what, transition) = Self.machine(index, reducer)
                let limits = FlowExplorer.Options(depth: 50, maxStates: 20_000)
                let whole = FlowExplorer(spec: spec, transition: transition).run(limits)
                // As one, a flow that hit the limit without a violation proves nothing to compare with.
                guard whole.exhaustive || whole.counterexample != nil else { continue }
                var apartLimits = limits
                apartLimits.decompose = true
                let apart = FlowExplorer(spec: spec, transition: transition).run(apartLimits)
                compared += 1
                if !apart.groups.isEmpty { decomposed += 1 }
                // A condition between two groups: its dependent's group explored from each way its source answers.
                if apart.groups.count > 1,
                    spec.fields.contains(where: { field in field.when.map { condition in !apart.groups.contains { $0.contains(field.id) && condition.fields.allSatisfy($0.contains) } } ?? false })
                {
                    tiedByWhen += 1
                }
                if index == nil { #expect(apart.counterexample == nil, "seed \(seed): the engine breaks \(String(describing: apart.counterexample?.violation)) in \(json)") }
                #expect(
                    whole.counterexample?.violation.invariant == apart.counterexample?.violation.invariant,
                    "seed \(seed), \(what): as one \(String(describing: whole.counterexample?.violation)), apart \(String(describing: apart.counterexample?.violation)) in \(json)")
                if let counterexample = apart.counterexample {
                    violations += 1
                    #expect(CheckFuzzTests.replays(counterexample.script, reducer, transition), "seed \(seed), \(what): the script does not replay from the start")
                }
            }
        } while ContinuousClock.now < deadline
        #expect(decomposed > 0 && violations > 0 && tiedByWhen > 0, "\(compared) compared, \(decomposed) decomposed, \(tiedByWhen) with a condition between groups, \(violations) violations")
    }

    @Test("Groups explored side by side report as one after another: the first group in field order that breaks an invariant, and the same figures every run")
    func firstBrokenGroupInFieldOrder() throws {
        let spec = try Self.untied(14, mixed: false)
        let reducer = FlowReducer(spec: spec)
        // Says focus moved when f5 or f9 is emptied by typing, which only their own groups do
        // (a walk to a group's background types passing values into the fields outside it).
        let broken: @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent] = { state, action in
            let focus = state.focus
            let events = reducer.reduce(into: &state, action: action)
            guard case .field(.textChanged("")) = action, let focus, focus == "f5" || focus == "f9" else { return events }
            return events + [.focusMoved(from: focus, to: focus)]
        }
        let whole = FlowExplorer(spec: spec, transition: broken).run(.init(decompose: true))
        #expect(whole.counterexample?.violation.invariant == 4)
        #expect(whole.counterexample?.group == ["f5"], "\(String(describing: whole.counterexample?.group))")
        let clean = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(whole.states < clean.states && whole.edges < clean.edges, "the groups after f5's are not counted")
        for _ in 0..<8 {
            let again = FlowExplorer(spec: spec, transition: broken).run(.init(decompose: true))
            #expect(again.counterexample == whole.counterexample)
            #expect(again.states == whole.states && again.edges == whole.edges && again.eventsSeen == whole.eventsSeen)
        }
    }

    @Test("The progress of groups explored side by side counts every group's states, and never past the end, and names the group of each")
    func progressAcrossGroups() throws {
        let spec = try Self.untied(12, mixed: true)
        let seen = Mutex<[FlowExplorer.Progress]>([])
        let report = FlowExplorer(spec: spec).run(.init(decompose: true, progress: { progress in seen.withLock { $0.append(progress) } }))
        let told = seen.withLock { $0 }
        let counts = told.map(\.states)
        #expect(!counts.isEmpty)
        #expect(counts.allSatisfy { $0 <= report.states }, "\(counts.max() ?? 0) shown, \(report.states) explored")
        #expect(counts.max() == report.states, "the last group's last count makes the whole")
        // Each group's exploration names its group; only the walk no group changes (depth 0) names none.
        let explored = told.filter { $0.depth > 0 }
        #expect(!explored.isEmpty && explored.allSatisfy { $0.group.map { $0.count == 12 && $0.fields == [report.groups[$0.index]].flatMap { $0 } } ?? false })
        #expect(Set(explored.compactMap(\.group?.index)) == Set(0..<12), "every group is named while explored")
    }

    @Test("A violation found apart is the shortest from its group's start, and replays from the flow's start")
    func shortestInGroup() throws {
        let spec = try Self.untied(14, mixed: true)
        let reducer = FlowReducer(spec: spec)
        let (_, invariant, breakIt) = ExplorerTests.broken[4]  // keeps a secure field revealed after leaving it
        let report = FlowExplorer(spec: spec, transition: breakIt(reducer)).run(.init(decompose: true))
        let counterexample = try #require(report.counterexample)
        #expect(counterexample.violation.invariant == invariant)
        #expect(!counterexample.group.isEmpty && counterexample.groupStart < counterexample.script.count)
        #expect(CheckFuzzTests.replays(counterexample.script, reducer, breakIt(reducer)))
        let shorter = FlowExplorer(spec: spec, transition: breakIt(reducer))
            .run(.init(depth: counterexample.script.count - counterexample.groupStart - 1, decompose: true))
        #expect(shorter.counterexample.map { $0.group != counterexample.group } ?? true, "a shorter script in the same group")
    }
}
