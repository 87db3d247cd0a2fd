import FocusFlowTesting
import Testing

@Suite("The test store asserts a field of any kind through one subscript")
struct AnswerSubscriptTests {
    static func everyKind() throws -> FlowSpec {
        try FlowSpec(
            id: "every", title: "Every kind",
            fields: [
                .text("name"), .text("password", secure: true), .confirm("terms"), .select("country", options: ["kr", "jp"]),
                .multiSelect("channels", options: ["sms", "email", "post"]), .number("age"), .number("weight", decimals: 1),
                .date("birth-date"), .select("region", options: ["north", "south"]), .text("nickname"),
            ])
    }

    /// A store whose fields hold an answer of each kind; `region` and `nickname` hold none.
    static func store() throws -> FlowTestStore {
        try FlowTestStore(
            spec: everyKind(),
            prefill: FlowPrefill(answers: [
                "name": .text("Ada"), "password": .text("hunter2-secret"), "terms": .bool(true), "country": .choice("kr"),
                "channels": .choices(["post", "sms"]), "age": .number(36), "weight": .number(70.5), "birth-date": .date("1990-04-23"),
            ]),
            exhaustivity: .off)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var field: FieldID
        var expected: FieldValue
        var other: FieldValue
        var testDescription: String { "\(field) is \(expected), not \(other)" }
    }

    static let cases: [Case] = [
        Case(field: "name", expected: "Ada", other: "Bob"),
        Case(field: "password", expected: "hunter2-secret", other: "hunter3"),
        Case(field: "terms", expected: true, other: false),
        Case(field: "country", expected: "kr", other: "jp"),
        Case(field: "channels", expected: ["sms", "post"], other: ["post", "sms"]),
        Case(field: "age", expected: 36, other: 36.5),
        Case(field: "weight", expected: 70.5, other: 70),
        Case(field: "birth-date", expected: "1990-04-23", other: "1990-04-24"),
        Case(field: "region", expected: .unanswered, other: ""),
        Case(field: "nickname", expected: "", other: .unanswered),
    ]

    @Test("Each kind's answer equals the literal of its type and no other value", arguments: cases)
    func eachKind(_ test: Case) throws {
        let store = try Self.store()
        #expect(store[test.field] == test.expected)
        #expect(store[test.field] != test.other)
    }

    @Test("Literals read as a test writes them")
    func literals() throws {
        let store = try Self.store()
        #expect(store["age"] == 36)
        #expect(store["terms"] == true)
        #expect(store["channels"] == ["sms", "post"])
        #expect(store["name"] == "Ada")
        #expect(store["region"] == .unanswered)
    }

    @Test("The subscript follows the walk: an answer typed shows at once")
    func followsWalk() throws {
        let store = try FlowTestStore(spec: Self.everyKind(), exhaustivity: .off)
        #expect(store["name"] == "")
        store.send(.field(.textChanged("Grace")))
        #expect(store["name"] == "Grace")
    }

    @Test("A secure field's value shows as <secure>, never as itself")
    func secureMasked() throws {
        let store = try Self.store()
        #expect(store["password"].description == "<secure>")
        #expect(!String(reflecting: store["password"]).contains("hunter2"))
        #expect(store["name"].description == #""Ada""#)
        #expect(store["channels"].description == #"["sms", "post"]"#)
        #expect(store["age"].description == "36")
    }

    @Test("A field the flow does not have fails at the caller's line, naming the flow's fields")
    func unknownField() throws {
        let store = try Self.store()
        withKnownIssue {
            #expect(store["agee"] == .unanswered)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(#"The flow "every" has no field "agee"; its fields are "name", "password", "terms""#)
                && text.contains("Fix: name one of the fields above")
        }
    }
}
