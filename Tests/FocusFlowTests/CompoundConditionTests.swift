import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck

/// `when` as `all`, `any` and `not` over the leaf tests: read the same by both loaders, shown
/// by the engine as the truth table says, refused at load with its place.
@Suite("Compound conditions")
struct CompoundConditionTests {
    /// A flow whose fourth field has `when` set to `condition`.
    static func flow(when condition: String) -> String {
        #"""
        {"id":"c","fields":[
         {"id":"plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
         {"id":"country","kind":"select","options":[{"value":"kr","label":"Korea"},{"value":"us","label":"USA"}]},
         {"id":"pin","secure":true},
         {"id":"company","when":\#(condition)},
         {"id":"seats","kind":"number"}]}
        """#
    }

    static let team = #"{"all":[{"field":"plan","equals":"team"},{"not":{"field":"country","equals":"kr"}}]}"#

    /// Conditions good and bad, each read by both loaders and judged by the schema.
    static let conditions: [String] = [
        team,
        #"{"any":[{"field":"plan","in":["team"]},{"all":[{"field":"pin","notEmpty":true},{"not":{"field":"country","equals":"us"}}]}]}"#,
        #"{"not":{"not":{"field":"plan","equals":"team"}}}"#,
        #"{"all":[]}"#, #"{"any":[]}"#, #"{"all":{"field":"plan","equals":"team"}}"#, #"{"not":[]}"#,
        #"{"all":[{"field":"plan","equals":"team"}],"any":[{"field":"plan","equals":"team"}]}"#,
        #"{"all":[{"field":"plan","equals":"team"}],"field":"plan"}"#,
        #"{"not":{"field":"plan","equals":"team"},"equals":"team"}"#,
        #"{"not":{"field":"plan","equals":"team"},"equals":null}"#,
        #"{"all":[{"field":"plan","equals":"team","also":1}]}"#, #"{"every":[]}"#, #"{"all":null}"#,
        #"{"all":[{"field":"seats","min":1}]}"#, #"{"all":[{"field":"pin","equals":"1234"}]}"#,
    ]

    /// The flows of ``conditions``, for the schema test.
    static var schemaCases: [(name: String, json: String)] {
        conditions.enumerated().map { ("compound\($0.offset)", flow(when: $0.element)) }
    }

    @Test("Both loaders read a compound condition the same, good or bad", arguments: conditions)
    func bothLoaders(condition: String) {
        let bytes = Array(Self.flow(when: condition).utf8)
        let fast = FlowDecodingTests.outcome(bytes, directly: true)
        #expect(fast == FlowDecodingTests.outcome(bytes, directly: false))
    }

    @Test("The loader reads all, any and not into the Swift API's cases")
    func decodesToCases() throws {
        let spec = try FlowSpec(json: Data(Self.flow(when: Self.team).utf8))
        #expect(spec.fields[3].when == .all(.init(field: "plan", test: .equals("team")), .not(.init(field: "country", test: .equals("kr")))))
        #expect(spec.fields[3].when?.fields == ["plan", "country"])
    }

    @Test(
        "Company is shown only for a team outside Korea",
        arguments: [("personal", "kr", false), ("personal", "us", false), ("team", "kr", false), ("team", "us", true)])
    func truthTable(plan: String, country: String, shown: Bool) throws {
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(Self.flow(when: Self.team).utf8)))
        let state = try reducer.initialState(prefill: FlowPrefill(answers: ["plan": .choice(plan), "country": .choice(country)]))
        #expect(reducer.isVisible("company", in: state) == shown)
        var memo = VisibilityMemo(reducer)
        #expect(memo.isVisible(3, in: state) == shown)
    }

    @Test(
        "any and nested not decide as written",
        arguments: [("personal", "kr", true), ("personal", "us", false), ("team", "kr", true), ("team", "us", true)])
    func anyTable(plan: String, country: String, shown: Bool) throws {
        let condition = #"{"any":[{"field":"plan","equals":"team"},{"not":{"not":{"field":"country","equals":"kr"}}}]}"#
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(Self.flow(when: condition).utf8)))
        let state = try reducer.initialState(prefill: FlowPrefill(answers: ["plan": .choice(plan), "country": .choice(country)]))
        #expect(reducer.isVisible("company", in: state) == shown)
    }

    @Test("A field whose compound condition reads a hidden field is hidden")
    func hiddenSourceHides() throws {
        let json = #"""
            {"id":"h","fields":[
             {"id":"plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
             {"id":"company","when":{"field":"plan","equals":"team"}},
             {"id":"vat","when":{"any":[{"field":"company","notEmpty":true},{"field":"plan","equals":"personal"}]}},
             {"id":"size","when":{"all":[{"field":"company","notEmpty":false},{"field":"plan","equals":"team"}]}}]}
            """#
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)))
        let team = try reducer.initialState(prefill: FlowPrefill(answers: ["plan": .choice("team"), "company": .text("Acme"), "vat": .text("1")]))
        #expect(reducer.isVisible("vat", in: team))
        #expect(!reducer.isVisible("size", in: team))
        let personal = try reducer.initialState(prefill: FlowPrefill(answers: ["plan": .choice("personal"), "company": .text("Acme"), "vat": .text("1")]))
        // "company" is hidden: "vat" reads it, so "vat" is hidden too, whatever "plan" says.
        #expect(!reducer.isVisible("company", in: personal))
        #expect(!reducer.isVisible("vat", in: personal))
    }

    @Test(
        "A compound condition that is wrong is refused at load with its place, in English and Korean",
        arguments: [
            (#"{"all":[{"field":"plan","equals":"team"},{"field":"seats","min":1}]}"#, #"fields[3] ("company").when.all[1].field"#, "names no earlier field", "앞선 필드"),
            (#"{"any":[{"not":{"field":"company","notEmpty":true}}]}"#, #"fields[3] ("company").when.any[0].not.field"#, "names no earlier field", "앞선 필드"),
            (#"{"all":[{"field":"pin","equals":"1234"}]}"#, #"fields[3] ("company").when.all[0].field"#, "is secure", "보안 필드"),
            (#"{"field":"pin","equals":"1234"}"#, #"fields[3] ("company").when.field"#, "is secure", "보안 필드"),
            (#"{"field":"pin","in":["1234","0000"]}"#, #"fields[3] ("company").when.field"#, "is secure", "보안 필드"),
            (#"{"any":[{"field":"plan","equals":"team"},{"field":"pin","in":["1"]}]}"#, #"fields[3] ("company").when.any[1].field"#, "is secure", "보안 필드"),
            (#"{"all":[]}"#, #"fields[3] ("company").when.all"#, "empty \"all\"", "빈 \"all\""),
            (#"{"not":{"any":[]}}"#, #"fields[3] ("company").when.not.any"#, "empty \"any\"", "빈 \"any\""),
            (#"{"all":[{"field":"plan","equals":"gold"}]}"#, #"fields[3] ("company").when.all[0].equals"#, "gold", "gold"),
            (#"{"all":[{"field":"plan","equals":"team"}],"any":[{"field":"plan","equals":"team"}]}"#, "when.any", "exactly one of", "꼭 하나"),
            (#"{"not":{"field":"plan","equals":"team"},"field":"plan"}"#, "when.not", "exactly one of", "꼭 하나"),
            (#"{"all":[{"field":"plan","equals":"team","also":1}]}"#, "when.all[0].also", "also", "also"),
        ])
    func refusals(condition: String, path: String, english: String, korean: String) throws {
        let error = #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(Self.flow(when: condition).utf8), file: "f.json") }
        #expect(error?.path?.contains(path) == true, "\(String(describing: error?.path))")
        #expect(error?.message(in: .en).contains(english) == true, "\(String(describing: error?.message(in: .en)))")
        #expect(error?.message(in: .ko).contains(korean) == true, "\(String(describing: error?.message(in: .ko)))")
        // validate says the same problem at the same place.
        let problems = FlowSpec.problems(in: Array(Self.flow(when: condition).utf8), file: "f.json")
        #expect(problems.contains { $0.path?.contains(path) == true }, "\(problems)")
    }

    @Test(
        "A secure field may be asked only whether it is empty, alone or in a combination",
        arguments: [#"{"all":[{"field":"pin","notEmpty":true}]}"#, #"{"field":"pin","notEmpty":true}"#])
    func secureNotEmpty(condition: String) throws {
        let spec = try FlowSpec(json: Data(Self.flow(when: condition).utf8))
        #expect(spec.fields[3].when?.fields == ["pin"])
    }

    @Test(
        "Both loaders refuse a test of a secure field's value the same, alone or in a combination",
        arguments: [#"{"field":"pin","equals":"1234"}"#, #"{"field":"pin","in":["1234"]}"#, #"{"not":{"field":"pin","equals":"1234"}}"#])
    func secureValueBothLoaders(condition: String) {
        let bytes = Array(Self.flow(when: condition).utf8)
        let fast = FlowDecodingTests.outcome(bytes, directly: true)
        #expect(fast == FlowDecodingTests.outcome(bytes, directly: false))
        #expect("\(fast)".contains("is secure"), "\(fast)")
    }

    @Test("The Swift API builds compound conditions with the per-kind factories")
    func swiftAPI() throws {
        let spec = try FlowSpec(
            id: "s", title: "",
            fields: [
                .select("plan", options: ["personal", "team"]),
                .select("country", options: ["kr", "us"]),
                .text(
                    "company",
                    when: .all(.init(field: "plan", test: .equals("team")), .not(.init(field: "country", test: .equals("kr"))))),
            ])
        let reducer = FlowReducer(spec: spec)
        let state = try reducer.initialState(prefill: FlowPrefill(answers: ["plan": .choice("team"), "country": .choice("us")]))
        #expect(reducer.isVisible("company", in: state))
        #expect(throws: FlowSpecError.self) {
            try FlowSpec(id: "s", title: "", fields: [.select("plan", options: ["a"]), .text("company", when: .any([]))])
        }
    }

    @Test("check walks into compound conditions: each option a leaf tells apart is chosen, and every field is reached")
    func checkExplores() throws {
        let spec = try Fixtures.flow("plan")
        let reducer = FlowReducer(spec: spec)
        // "kr" and "de" each decide a leaf under all/not/any; "us" decides neither.
        #expect(FlowExplorer.optionClasses(of: spec.fields[1], reducer: reducer) == ["kr", "us", "de"])
        #expect(FlowExplorer.optionClasses(of: spec.fields[0], reducer: reducer) == ["personal", "team"])
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive && report.completed)
        #expect(report.fieldsFocused == Set(spec.fields.map(\.id)))
    }
}
