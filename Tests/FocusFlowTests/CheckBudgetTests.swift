import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
@testable import focusflow

/// `check` stops at a time budget and says honestly what it covered; a partial proof (any limit:
/// `--depth`, `--max-states`, `--budget`) exits 0 unless `--require-complete` asks for every
/// reachable state, and a violation is still exit 1. No test here times anything: a budget is
/// spent before the exploration begins (`.zero` in process), or is a hundredth of a second on a
/// flow of 200 fields that takes seconds.
@Suite("check's budget and partial proofs")
struct CheckBudgetTests {
    /// The generated flow of 200 fields of every kind the bench times (``FlowGenerator``), in a file.
    static func generatedFile(fields: Int = 200) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-budget-\(UUID()).json")
        try Data(FlowGenerator.flow(seed: 2, fields: fields).utf8).write(to: url)
        return url
    }

    @Test("A budget spent before the exploration begins explores nothing, and the report says so: every group not at all, the proof partial")
    func spentBudget() throws {
        let spec = try FlowSpec(json: Data(FlowGenerator.flow(seed: 2, fields: 200).utf8))
        let report = FlowExplorer(spec: spec).run(.init(decompose: true, budget: .zero))
        #expect(report.limits == [.budget])
        #expect(!report.exhaustive && report.counterexample == nil)
        #expect(report.states == 0 && report.edges == 0)
        #expect(report.groups.count > 100 && report.coverage == Array(repeating: .none, count: report.groups.count))
    }

    @Test("Each limit says itself: --depth, --max-states and the budget, explored as one and in groups", arguments: [false, true])
    func limitsTold(decompose: Bool) throws {
        let spec = try FlowSpec.signup()
        let deep = FlowExplorer(spec: spec).run(.init(depth: 2, decompose: decompose))
        #expect(deep.limits == [.depth] && !deep.exhaustive)
        let many = FlowExplorer(spec: spec).run(.init(maxStates: 5, decompose: decompose))
        #expect(many.limits.contains(.states) && !many.exhaustive)
        let whole = FlowExplorer(spec: spec).run(.init(decompose: decompose, budget: .seconds(600)))
        #expect(whole.limits.isEmpty && whole.exhaustive)
        if decompose {
            #expect(deep.coverage == Array(repeating: .partial, count: deep.groups.count))
            #expect(whole.coverage == Array(repeating: .complete, count: whole.groups.count))
        }
    }

    @Test("focusflow check with a budget far too small for 200 fields: a partial proof, what was covered, exit 0; with --require-complete exit 3")
    func partialFromTheCommandLine() throws {
        let url = try Self.generatedFile()
        defer { try? FileManager.default.removeItem(at: url) }
        for required in [false, true] {
            let result = try Command.run(["check", url.path, "--budget", "0.01"] + (required ? ["--require-complete"] : []))
            #expect(result.status == (required ? 3 : 0), "stderr: \(result.stderr)")
            #expect(result.stderr.isEmpty, "piped, nothing but the report: \(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("independent groups explored apart, partial, to depth") == true, "\(lines.first ?? "")")
            #expect(lines.contains { $0.hasPrefix("covered: ") && $0.contains("/200 fields focused") })
            let explored = try #require(lines.first { $0.hasPrefix("groups explored: ") }, "\(result.stdout)")
            let counts = explored.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let groups = try #require((lines.first?.firstMatch(of: /in (\d+) independent groups/)).flatMap { Int($0.1) })
            #expect(counts.count == 3 && counts.reduce(0, +) == groups, "\(explored) for \(groups) groups")
            #expect(lines.contains("all 17 invariants hold on every edge explored"))
            // What decomposing proves is claimed for what was explored, not for every combination.
            #expect(!result.stdout.contains("hold for every combination"), "\(result.stdout)")
            #expect(result.stdout.contains("the invariants hold only for the combinations of the groups' values explored"))
            #expect(
                lines.contains { $0.hasPrefix("paths through the flow's visibility: at least ") && $0.hasSuffix(" (the search stopped at the budget)") },
                "\(result.stdout)")
            let partial = "partial proof: stopped by --budget 0.01 s (limits: --depth 50, --max-states 200000, --budget 0.01 s); nothing is claimed beyond the edges explored"
            #expect(lines.last == partial + (required ? "; --require-complete asks for every reachable state: exit 3" : ""), "\(lines.last ?? "")")
        }
    }

    @Test("--depth and --max-states stop a proof as the budget does: the same words, and exit 3 with --require-complete; a complete proof exits 0 with it")
    func otherLimits() throws {
        let deep = try Command.run(["check", "Flows/signup.json", "--depth", "3", "--require-complete"])
        #expect(deep.status == 3)
        #expect(deep.stdout.contains("edges, in 5 independent groups explored apart, partial, to depth 3 at most within a group\n"), "\(deep.stdout)")
        #expect(deep.stdout.contains("groups explored: 0 fully, 5 partly, 0 not at all\n"))
        #expect(deep.stdout.contains("\npartial proof: stopped by --depth 3 (limits: --depth 3, --max-states 200000, --budget 60 s);"))
        let many = try Command.run(["check", "Flows/signup.json", "--no-decompose", "--max-states", "100", "--require-complete"])
        #expect(many.status == 3)
        #expect(many.stdout.split(separator: "\n").first?.contains(" edges, partial, to depth ") == true, "\(many.stdout)")
        #expect(many.stdout.contains("\npartial proof: stopped by --max-states 100 (limits: --depth 50, --max-states 100, --budget 60 s);"))
        let whole = try Command.run(["check", "Flows/signup.json", "--require-complete"])
        #expect(whole.status == 0)
        #expect(!whole.stdout.contains("partial"))
    }

    @Test("A violation is exit 1 whatever the limits and --require-complete")
    func violationStillOne() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-planted-\(UUID()).json")
        try Data(
            #"{"id":"p","title":"P","fields":[{"id":"plan","label":"Plan","kind":"select","options":[{"value":"solo","label":"Solo"},{"value":"team","label":"Team"}],"rules":{"required":true}},{"id":"company","label":"Company","when":{"field":"plan","equals":"team"}},{"id":"nick","label":"Nickname at {company}"}]}"#
                .utf8
        ).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["check", url.path, "--require-complete"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("VIOLATION of invariant 17"))
        #expect(!result.stdout.contains("partial proof"))
    }

    @Test("In Korean, a partial proof says so in its own words")
    func partialInKorean() throws {
        let url = try Self.generatedFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["check", url.path, "--budget", "0.01", "--lang", "ko", "--require-complete"])
        #expect(result.status == 3)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("독립된 그룹") == true && lines.first?.contains("일부만, 그룹 안에서 깊이") == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("탐색한 그룹: 끝까지 ") })
        #expect(result.stdout.contains("탐색한 그룹 값의 조합에서만 성립합니다") && !result.stdout.contains("모든 조합에서\n  성립합니다"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("보이는 필드로 나뉘는 경로: ") && $0.hasSuffix("개 이상 (시간 예산에서 탐색을 멈춤)") }, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("부분 증명: --budget 0.01초에서 멈췄습니다 (한도: --depth 50, --max-states 200000, --budget 0.01초).") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix("종료 상태 3으로 끝납니다") == true)
    }

    @Test("--budget takes seconds more than 0, whole or decimal; anything else is a usage error", arguments: ["0", "-1", "abc", "1e3", "", "0.", "1,5", "2000000"])
    func badBudget(value: String) throws {
        let result = try Command.run(["check", "Flows/signup.json", "--budget", value])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--budget takes a number of seconds more than 0 and at most 1000000, such as 60 or 0.5, not \"\(value)\""), "\(result.stderr)")
    }

    @Test("The words of a partial proof and of the progress line read in Korean in words of their own")
    func words() {
        let english = CommandWords.english, korean = CommandWords.korean
        let samples: [(String, String)] = [
            (english.partly(3), korean.partly(3)), (english.partlyInGroups(3), korean.partlyInGroups(3)),
            (english.groupsExplored(1, 2, 3), korean.groupsExplored(1, 2, 3)),
            (english.partialProof("--budget 1 s", "--depth 50", true), korean.partialProof("--budget 1초", "--depth 50", true)),
            (english.partialProof("--depth 3", "--depth 3", false), korean.partialProof("--depth 3", "--depth 3", false)),
            (english.checking(12, "3/14: f12 f13", 4, 42), korean.checking(12, "3/14: f12 f13", 4, 42)),
            (english.checking(12, nil, 0, nil), korean.checking(12, nil, 0, nil)),
        ]
        for (english, korean) in samples {
            #expect(LanguageTableTests.check(korean: korean, english: english, given: "depth max-states budget require-complete f12 f13").isEmpty, "\(korean)")
        }
        #expect(Set(samples.map(\.1)).count == samples.count, "no two read the same")
        #expect(FlowExplorer.Limit.allCases.map { korean.limit($0, "5") } == ["--depth 5", "--max-states 5", "--budget 5초"])
    }

    @Test("The progress line names the group (four fields at most), the level and the whole seconds left, and fits the terminal")
    func progressLine() {
        let line = CheckProgressLine(words: .english, budget: .seconds(60))
        let group = FlowExplorer.Progress.Group(index: 2, count: 14, fields: ["f12", "f13", "f14", "f15", "f16"])
        let progress = FlowExplorer.Progress(states: 1_234, depth: 4, group: group, elapsed: .milliseconds(17_500))
        #expect(line.text(progress, columns: 200) == "checking: 1234 states, group 3/14: f12 f13 f14 f15 …, depth 4, 43 s left")
        #expect(line.text(progress, columns: 30) == "checking: 1234 states, group ")
        let korean = CheckProgressLine(words: .korean, budget: nil)
        let whole = FlowExplorer.Progress(states: 7, depth: 2, elapsed: .seconds(1))
        #expect(korean.text(whole, columns: 80) == "검사 중: 상태 7개, 깊이 2")
        #expect(korean.text(whole, columns: 12) == "검사 중: 상", "Hangul takes two columns each")
    }
}
