import Testing
@testable import FocusFlow

/// The step counter: `step` of `steps`, and whether the focused field is the first or the last.
@Suite("Progress: the step counter")
struct ProgressTests {
    /// One field a walk visited: the progress on arriving and after typing its answer.
    struct Visit {
        var field: FieldID
        var arriving: FlowProgress
        var answered: FlowProgress
    }

    /// Every walk to completion through `spec`, answering each field with each of `choices(field)`.
    static func walks(_ spec: FlowSpec, choices: (FieldID) -> [String]) -> [[Visit]] {
        let reducer = FlowReducer(spec: spec)
        var walks: [[Visit]] = []
        func walk(_ state: FlowReducer.State, _ visits: [Visit]) {
            guard state.phase == .editing, let focus = state.focus else { return walks.append(visits) }
            let arriving = reducer.progress(in: state)
            for value in choices(focus) {
                var next = state
                for action in reducer.actions(answering: value, in: next) { _ = reducer.reduce(into: &next, action: action) }
                let visit = Visit(field: focus, arriving: arriving, answered: reducer.progress(in: next))
                _ = reducer.reduce(into: &next, action: .next)
                precondition(next.focus != focus, "the sample answer \(value.debugDescription) for \(focus) must pass its rules")
                walk(next, visits + [visit])
            }
        }
        walk(reducer.initialState(), [])
        return walks
    }

    /// What a person must be able to trust in the counter on every walk: it counts up by one,
    /// reads n/n exactly where Enter would finish and otherwise never promises fewer steps than
    /// the walk takes (no `5/5` with a sixth to come), only ever tightens as the person moves on,
    /// and says first and last exactly where they are.
    static func checkCounter(_ walks: [[Visit]], _ name: String) {
        var problems: [String] = []
        for walk in walks {
            let route = walk.map(\.field.rawValue).joined(separator: " → ")
            for (number, visit) in walk.enumerated() {
                func problem(_ text: String) { problems.append("\(route), at \(visit.field): \(text)") }
                for (when, progress) in [("arriving", visit.arriving), ("answered", visit.answered)] {
                    if progress.step != number + 1 { problem("\(when): step \(progress.step), but it is visit \(number + 1)") }
                    // Only where Enter would finish now may the counter read fewer steps than the walk takes.
                    if !progress.isLast, progress.steps < walk.count { problem("\(when): \(progress) promises fewer steps than the \(walk.count) this walk takes") }
                    if progress.isFirst != (number == 0) { problem("\(when): isFirst is \(progress.isFirst)") }
                    if progress.isLast != (progress.step == progress.steps) { problem("\(when): reads \(progress) while isLast is \(progress.isLast)") }
                }
                if visit.answered.steps != visit.arriving.steps, visit.answered.isLast == visit.arriving.isLast {
                    problem("typing the answer changed steps from \(visit.arriving.steps) to \(visit.answered.steps) without showing or hiding a later field")
                }
                if visit.answered.isLast != (number == walk.count - 1) { problem("isLast is \(visit.answered.isLast) once answered") }
                if number > 0, visit.arriving.steps > walk[number - 1].answered.steps { problem("steps grew on a forward move") }
            }
        }
        #expect(problems.isEmpty, "\(name): \(problems.count) problems, first: \(problems.prefix(3).joined(separator: "; "))")
    }

    @Test(
        "Delivery: every walk counts honestly, whether the address and the voucher appear or not",
        arguments: [
            ("post", ""), ("post", "R1"), ("pickup", ""), ("pickup", "R1"),
        ])
    func deliveryWalks(method: String, referral: String) throws {
        let spec = try Fixtures.flow("delivery")
        let answers: [FieldID: String] = [
            "name": "Ada", "method": method, "address": "1 Road", "postcode": "12-345", "referral": referral, "voucher": "1234",
        ]
        let walks = Self.walks(spec) { [answers[$0] ?? ""] }
        #expect(walks.count == 1)
        #expect(walks.first?.count == (method == "post" ? 4 : 2) + (referral.isEmpty ? 1 : 2))
        Self.checkCounter(walks, "delivery with \(method), referral \(referral.debugDescription)")
    }

    @Test("Delivery, post with a referral: 1/6 … 5/5 (Enter would finish), 6/6; pickup without one: 1/6, 2/6, 3/3, done")
    func deliveryFigures() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("delivery"))
        var state = reducer.initialState()
        var seen: [String] = []
        for value in ["Ada", "post", "1 Road", "12-345", "R1", "1234"] {
            seen.append("\(reducer.progress(in: state))")
            for action in reducer.actions(answering: value, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        // On the referral, still empty, Enter would finish: 5/5 until a referral shows the voucher.
        #expect(seen == ["1/6", "2/6", "3/6", "4/6", "5/5", "6/6"])
        state = reducer.initialState()
        seen = []
        for value in ["Ada", "pickup", ""] {
            seen.append("\(reducer.progress(in: state))")
            for action in reducer.actions(answering: value, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        #expect(seen == ["1/6", "2/6", "3/3"])
        #expect(state.phase == .completed)
    }

    /// A generated flow of chained conditions, reproducible from its seed.
    struct Chain: CustomTestStringConvertible, Sendable {
        var seed: UInt64

        var testDescription: String { "chain \(seed): \(Self.summary(spec))" }

        var spec: FlowSpec {
            var random = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            func next(_ bound: Int) -> Int {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((random >> 33) % UInt64(bound))
            }
            let count = 3 + next(5)
            var fields: [FieldSpec] = []
            for index in 0..<count {
                var field = FieldSpec(id: FieldID("f\(index)"))
                if index > 0, next(3) > 0 {
                    let tests: [FieldCondition.Test] = [.equals("x"), .notEmpty(true), .notEmpty(false)]
                    field.when = FieldCondition(field: FieldID("f\(next(index))"), test: tests[next(3)])
                }
                fields.append(field)
            }
            // Generated specs are valid by construction: conditions name earlier fields only.
            return try! FlowSpec(id: "chain\(seed)", title: "", fields: fields)
        }

        static func summary(_ spec: FlowSpec) -> String {
            spec.fields.map { field in
                guard case .leaf(let source, let whenTest)? = field.when else { return field.id.rawValue }
                let test =
                    switch whenTest {
                    case .equals(let value): "=\(value)"
                    case .in(let values): "∈\(values)"
                    case .notEmpty(let flag): flag ? "≠∅" : "=∅"
                    case .range(let min, let max): "∈[\(min.map(String.init(describing:)) ?? "")…\(max.map(String.init(describing:)) ?? "")]"
                    }
                return "\(field.id)(\(source)\(test))"
            }.joined(separator: " ")
        }
    }

    @Test("Generated chains of conditions: the counter holds on every walk", arguments: (0..<24).map { Chain(seed: $0) })
    func generatedChains(chain: Chain) {
        let walks = Self.walks(chain.spec) { _ in ["", "x", "y"] }
        #expect(!walks.isEmpty)
        Self.checkCounter(walks, chain.testDescription)
    }

    @Test("First and last follow the visible fields: going back, and a later field appearing while typing")
    func firstAndLast() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("delivery"))
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("Ada") + Fixtures.answer("pickup"))
        #expect(state.focus == "referral")
        #expect(reducer.progress(in: state) == FlowProgress(step: 3, steps: 3, isFirst: false, isLast: true), "Enter finishes here: 3/3")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("R1")))
        #expect(
            reducer.progress(in: state) == FlowProgress(step: 3, steps: 4, isFirst: false, isLast: false),
            "a referral shows the voucher: Enter no longer finishes")
        _ = reducer.reduce(into: &state, action: .focus("name"))
        #expect(reducer.progress(in: state) == FlowProgress(step: 1, steps: 6, isFirst: true, isLast: false))
    }

    @Test("A one-field flow is first and last at once")
    func single() throws {
        let reducer = FlowReducer(spec: try FlowSpec(id: "one", title: "", fields: [FieldSpec(id: "only")]))
        #expect(reducer.progress(in: reducer.initialState()) == FlowProgress(step: 1, steps: 1, isFirst: true, isLast: true))
    }

    @Test("Once completed, the step is the last: every visible field was answered")
    func completed() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("delivery"))
        let (state, _) = Fixtures.run(reducer, Fixtures.answer("Ada") + Fixtures.answer("pickup") + Fixtures.answer(""))
        #expect(state.phase == .completed)
        #expect(reducer.progress(in: state).step == 3 && reducer.progress(in: state).steps == 3)
    }
}
