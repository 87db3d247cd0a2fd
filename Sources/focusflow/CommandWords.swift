import FocusFlow
import FocusFlowCheck

/// What `focusflow` says that is no error: the pointer to help after a usage mistake, the
/// reports of `validate` and `check`, and notes on stderr. One value per language
/// (``english``, ``korean``); the memberwise initialiser makes every language give every word.
struct CommandWords: Sendable {
    /// `Run 'focusflow run --help' for usage.`
    let helpPointer: @Sendable (_ help: String) -> String
    /// `Flows/account.json: ok (8 fields)`
    let valid: @Sendable (_ path: String, _ fields: Int) -> String
    /// `answers.json: ok`: answers that `verify` finds hold.
    let answersHold: @Sendable (_ path: String) -> String
    /// `Flows/flow.schema.json: skipped, a JSON Schema, not a flow`
    let skippedSchema: @Sendable (_ path: String) -> String
    /// `Flows/big.json: more problems; fix these and validate again`
    let moreProblems: @Sendable (_ path: String) -> String
    /// `resuming the draft d.json at Email; secure fields are asked again.`
    let resuming: @Sendable (_ path: String, _ label: String?) -> String
    /// `waiting for a reader on the FIFO /tmp/f…`
    let waitingForReader: @Sendable (_ path: String) -> String
    /// `the recording's stand-in for "pin" is judged by its rules otherwise than the typed value; …`
    let recordingApproximated: @Sendable (_ field: String) -> String
    /// The name `check` gives the built-in flow.
    let builtInFlow: String
    /// `checking: 120 states, group 3/14: f12 f13, depth 4, 42 s left` while `check` runs on a
    /// terminal; `group` is `3/14: f12 f13` when explored in groups, `left` the whole seconds
    /// left in the budget.
    let checking: @Sendable (_ states: Int, _ group: String?, _ depth: Int, _ left: Int?) -> String
    /// `login.json: 10 states, 20 edges, every reachable state`; `extent` is ``everyState`` or ``toDepth``.
    let explored: @Sendable (_ name: String, _ states: Int, _ edges: Int, _ extent: String) -> String
    let everyState: String
    /// `partial, to depth 3`: stopped at a limit (``partialProof`` says which).
    let partly: @Sendable (_ depth: Int) -> String
    /// `covered: 2/3 fields focused; completed: yes; cancelled: no`
    let covered: @Sendable (_ focused: Int, _ fields: Int, _ completed: Bool, _ cancelled: Bool) -> String
    /// `events seen: focusMoved, changed` (event names are the protocol's, never translated).
    let eventsSeen: @Sendable (_ names: String) -> String
    let eventsNotSeen: @Sendable (_ names: String) -> String
    /// `no passing value found for: code (the explorer cannot get past them)`
    let noPassingValue: @Sendable (_ ids: String) -> String
    /// `paths through the flow's visibility: 4`, or `at least 752 (the search stopped after
    /// 200000 requests)` when a limit stopped the search.
    let paths: @Sendable (_ count: Int, _ stoppedBy: FlowExplorer.VisibilityPaths.Limit?) -> String
    /// `path 2 (5 fields): name plan country city terms`, before its script.
    let path: @Sendable (_ number: Int, _ fields: [String]) -> String
    /// `VIOLATION of invariant 4: …`, the invariant's own sentence in the same language.
    let violation: @Sendable (_ violation: FlowInvariants.Violation) -> String
    /// `shortest script (3 requests; replay with 'focusflow replay FLOW SCRIPT'):`
    let shortestScript: @Sendable (_ requests: Int) -> String
    /// `all 12 invariants hold on every edge explored`
    let allHold: @Sendable (_ count: Int) -> String
    /// `plain30.json: 1800 states, 3540 edges, in 30 independent groups explored apart, …`
    let exploredInGroups: @Sendable (_ name: String, _ states: Int, _ edges: Int, _ groups: Int, _ extent: String) -> String
    let everyStateOfEachGroup: String
    /// `partial, to depth 3 at most within a group`
    let partlyInGroups: @Sendable (_ depth: Int) -> String
    /// `groups explored: 120 fully, 1 partly, 73 not at all`
    let groupsExplored: @Sendable (_ fully: Int, _ partly: Int, _ none: Int) -> String
    /// A limit as its option says it: `--depth 50`, `--max-states 200000`, `--budget 60 s`.
    let limit: @Sendable (_ limit: FlowExplorer.Limit, _ value: String) -> String
    /// `partial proof: stopped by --budget 60 s (limits: --depth 50, --max-states 200000,
    /// --budget 60 s); nothing is claimed beyond the edges explored`, and what
    /// `--require-complete` does then when it was given.
    let partialProof: @Sendable (_ stoppedBy: String, _ limits: String, _ required: Bool) -> String
    /// `explored as one: a rule or a condition ties every field to the others`
    let exploredAsOne: @Sendable (_ reason: FlowExplorer.WholeReason) -> String
    /// `groups: email | password confirm | nickname`, with the count when not all are shown.
    let groups: @Sendable (_ shown: String, _ total: Int?) -> String
    /// What a decomposed run proves, a few lines; `complete` when every group was explored to
    /// every reachable state (else only what was explored is, as the partial proof's line says).
    let decomposedProof: @Sendable (_ complete: Bool) -> [String]
    /// The script of a violation found in a group: `requests` in all, `setup` of them to the group's start.
    let groupScript: @Sendable (_ requests: Int, _ setup: Int, _ group: String) -> String

    static let english = CommandWords(
        helpPointer: { "Run '\($0)' for usage." },
        valid: { "\($0): ok (\($1) field\($1 == 1 ? "" : "s"))" },
        answersHold: { "\($0): ok" },
        skippedSchema: { "\($0): skipped, a JSON Schema, not a flow" },
        moreProblems: { "\($0): more problems; fix these and validate again" },
        resuming: { "resuming the draft \($0) at \($1 ?? "the start"); secure fields are asked again." },
        waitingForReader: { "waiting for a reader on the FIFO \($0)…" },
        recordingApproximated: {
            "the recording's stand-in for \"\($0)\" is judged by its rules otherwise than the typed value, as none made from the rules alone was judged alike; its replay differs there (a comment in the recording says where)"
        },
        builtInFlow: "signup.json (built in)",
        checking: { states, group, depth, left in
            "checking: \(states) states" + (group.map { ", group \($0)" } ?? "") + ", depth \(depth)" + (left.map { ", \($0) s left" } ?? "")
        },
        explored: { "\($0): \($1) states, \($2) edges, \($3)" },
        everyState: "every reachable state",
        partly: { "partial, to depth \($0)" },
        covered: { "covered: \($0)/\($1) fields focused; completed: \($2 ? "yes" : "no"); cancelled: \($3 ? "yes" : "no")" },
        eventsSeen: { "events seen: \($0)" },
        eventsNotSeen: { "events not seen: \($0)" },
        noPassingValue: { "no passing value found for: \($0) (the explorer cannot get past them)" },
        paths: { count, stoppedBy in
            let why: String? =
                switch stoppedBy {
                case nil: nil
                case .paths(let most)?: "the search stopped at \(most) paths"
                case .requests(let most)?: "the search stopped after \(most) requests"
                case .deadline?: "the search stopped at the budget"
                }
            return "paths through the flow's visibility: " + (why.map { "at least \(count) (\($0))" } ?? "\(count)")
        },
        path: { "path \($0) (\($1.count) field\($1.count == 1 ? "" : "s")): \($1.joined(separator: " "))" },
        violation: { "VIOLATION of \($0)" },
        shortestScript: { "shortest script (\($0) requests; replay with 'focusflow replay FLOW SCRIPT'):" },
        allHold: { "all \($0) invariants hold on every edge explored" },
        exploredInGroups: { "\($0): \($1) states, \($2) edges, in \($3) independent groups explored apart, \($4)" },
        everyStateOfEachGroup: "each to every reachable state",
        partlyInGroups: { "partial, to depth \($0) at most within a group" },
        groupsExplored: { "groups explored: \($0) fully, \($1) partly, \($2) not at all" },
        limit: { limit, value in
            switch limit {
            case .depth: "--depth \(value)"
            case .states: "--max-states \(value)"
            case .budget: "--budget \(value) s"
            }
        },
        partialProof: { stoppedBy, limits, required in
            "partial proof: stopped by \(stoppedBy) (limits: \(limits)); nothing is claimed beyond the edges explored"
                + (required ? "; --require-complete asks for every reachable state: exit 3" : "")
        },
        exploredAsOne: { "explored as one: \($0)" },
        groups: { "groups: \($0)\($1.map { " | … (\($0) in all)" } ?? "")" },
        decomposedProof: { complete in
            [
                "decomposed: no matches rule ties two groups; each group was explored with every field outside it holding a passing",
                "  value, once for each way the fields its when conditions read tell them apart,",
                complete
                    ? "  so the invariants hold for every combination of the groups' values: a field outside a group is read only as"
                    : "  until a limit stopped it, so the invariants hold only for the combinations of the groups' values explored (a",
                complete
                    ? "  shown or hidden, and as passing or failing a move's check, and a move stops at the first field that fails, as"
                    : "  partial proof, below): a field outside a group is read only as shown or hidden, and as passing or failing a",
                complete
                    ? "  explored in that field's own group (--no-decompose explores every combination, within the limits)"
                    : "  move's check (--no-decompose explores every combination, within the limits)",
            ]
        },
        groupScript: { requests, setup, group in
            let how =
                setup == requests
                ? "on the walk to the start of group \(group)"
                : "\(setup) to the start of group \(group), then the shortest from there"
            return "script (\(requests) requests: \(how); replay with 'focusflow replay FLOW SCRIPT'):"
        })

    static let korean = CommandWords(
        helpPointer: { "사용법은 '\($0)'로 보세요." },
        valid: { "\($0): 올바름 (필드 \($1)개)" },
        answersHold: { "\($0): 올바름" },
        skippedSchema: { "\($0): 건너뜀. 흐름이 아니라 JSON Schema입니다" },
        moreProblems: { "\($0): 문제가 더 있습니다. 이것들을 고치고 다시 검사하세요" },
        resuming: { "초안 \($0)을 \($1.map { "\($0) 항목" } ?? "처음")부터 이어서 합니다. 보안 필드는 다시 묻습니다." },
        waitingForReader: { "FIFO \($0)에서 읽을 프로그램을 기다리는 중…" },
        recordingApproximated: {
            "녹화에서 \"\($0)\"의 대역 값은 규칙이 입력한 값과 다르게 판단합니다. 규칙만으로 만든 값 중 같게 판단되는 것이 없었습니다. 재생은 그 자리에서 달라집니다(녹화의 주석이 위치를 알려 줍니다)"
        },
        builtInFlow: "signup.json (내장)",
        checking: { states, group, depth, left in
            "검사 중: 상태 \(states)개" + (group.map { ", 그룹 \($0)" } ?? "") + ", 깊이 \(depth)" + (left.map { ", 남은 시간 \($0)초" } ?? "")
        },
        explored: { "\($0): 상태 \($1)개, 간선 \($2)개, \($3)" },
        everyState: "도달할 수 있는 모든 상태",
        partly: { "일부만, 깊이 \($0)까지" },
        covered: { "범위: 필드 \($0)/\($1)개에 포커스; 완료: \($2 ? "예" : "아니요"); 취소: \($3 ? "예" : "아니요")" },
        eventsSeen: { "본 이벤트: \($0)" },
        eventsNotSeen: { "보지 못한 이벤트: \($0)" },
        noPassingValue: { "통과하는 값을 찾지 못한 필드: \($0) (탐색기가 그 뒤로 갈 수 없습니다)" },
        paths: { count, stoppedBy in
            let why: String? =
                switch stoppedBy {
                case nil: nil
                case .paths(let most)?: "경로 \(most)개에서 탐색을 멈춤"
                case .requests(let most)?: "요청 \(most)개 뒤에 탐색을 멈춤"
                case .deadline?: "시간 예산에서 탐색을 멈춤"
                }
            return "보이는 필드로 나뉘는 경로: \(count)개" + (why.map { " 이상 (\($0))" } ?? "")
        },
        path: { "경로 \($0) (필드 \($1.count)개): \($1.joined(separator: " "))" },
        violation: { "위반: 불변식 \($0.invariant): \($0.message(in: .ko))" },
        shortestScript: { "가장 짧은 스크립트 (요청 \($0)개. 'focusflow replay FLOW SCRIPT'로 재생하세요):" },
        allHold: { "탐색한 모든 간선에서 불변 조건 \($0)개가 모두 성립합니다" },
        exploredInGroups: { "\($0): 상태 \($1)개, 간선 \($2)개, 독립된 그룹 \($3)개를 따로 탐색, \($4)" },
        everyStateOfEachGroup: "그룹마다 도달할 수 있는 모든 상태",
        partlyInGroups: { "일부만, 그룹 안에서 깊이 \($0)까지" },
        groupsExplored: { "탐색한 그룹: 끝까지 \($0)개, 일부만 \($1)개, 하지 못함 \($2)개" },
        limit: { limit, value in
            switch limit {
            case .depth: "--depth \(value)"
            case .states: "--max-states \(value)"
            case .budget: "--budget \(value)초"
            }
        },
        partialProof: { stoppedBy, limits, required in
            "부분 증명: \(stoppedBy)에서 멈췄습니다 (한도: \(limits)). 탐색한 간선 너머로는 아무것도 주장하지 않습니다"
                + (required ? ". --require-complete는 도달할 수 있는 모든 상태를 요구하므로 종료 상태 3으로 끝납니다" : "")
        },
        exploredAsOne: { reason in
            let why =
                switch reason {
                case .allTied: "규칙이나 조건이 모든 필드를 서로 묶습니다"
                case .noPassingValue(let id): "\"\(id)\" 필드에 통과하는 값을 찾지 못해, 다른 필드를 탐색하는 동안 통과한 채로 둘 수 없습니다"
                case .failsUntouched(let id): "\"\(id)\" 필드는 건드리지 않으면 통과하지 못해, 다른 필드를 탐색하는 동안 통과한 채로 둘 수 없습니다"
                }
            return "하나로 탐색함: \(why)"
        },
        groups: { "그룹: \($0)\($1.map { " | … (모두 \($0)개)" } ?? "")" },
        decomposedProof: { complete in
            complete
                ? [
                    "분해함: 두 그룹을 묶는 matches 규칙이 없습니다. 각 그룹은 그 밖의 모든 필드가 통과하는 값을 가진 채로,",
                    "  그룹의 when 조건이 읽는 필드가 조건을 가르는 방식마다 한 번씩 탐색했으므로, 불변 조건은 그룹 값의 모든 조합에서",
                    "  성립합니다. 그룹 밖의 필드는 보이는지 숨었는지와 이동할 때의 검사에서 통과했는지만 읽히고, 이동은 처음으로",
                    "  통과하지 못한 필드에서 멈추며, 그 이동은 그 필드의 그룹에서 탐색했습니다",
                    "  (--no-decompose는 한도 안에서 모든 조합을 탐색합니다)",
                ]
                : [
                    "분해함: 두 그룹을 묶는 matches 규칙이 없습니다. 각 그룹은 그 밖의 모든 필드가 통과하는 값을 가진 채로,",
                    "  그룹의 when 조건이 읽는 필드가 조건을 가르는 방식마다 한 번씩 탐색하다 한도에서 멈췄으므로, 불변 조건은",
                    "  탐색한 그룹 값의 조합에서만 성립합니다(아래의 부분 증명). 그룹 밖의 필드는 보이는지 숨었는지와 이동할 때의",
                    "  검사에서 통과했는지만 읽힙니다 (--no-decompose는 한도 안에서 모든 조합을 탐색합니다)",
                ]
        },
        groupScript: { requests, setup, group in
            let how =
                setup == requests
                ? "그룹 \(group)의 시작으로 가는 길에서"
                : "그룹 \(group)의 시작까지 \(setup)개, 그다음은 거기서부터 가장 짧게"
            return "스크립트 (요청 \(requests)개: \(how). 'focusflow replay FLOW SCRIPT'로 재생하세요):"
        })
}

extension Language {
    /// `focusflow`'s own words in this language.
    var commandWords: CommandWords {
        switch self {
        case .en: .english
        case .ko: .korean
        }
    }
}
