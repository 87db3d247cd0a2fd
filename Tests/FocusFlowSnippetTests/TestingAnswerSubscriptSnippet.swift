import FocusFlowTesting
import Testing

// snippet docs/testing.md 2
@Test("A prefilled walk holds each kind's answer")
func prefilledAnswers() throws {
    let spec = try FlowSpec(
        id: "preferences", title: "Preferences",
        fields: [
            .number("age", label: "Age"), .confirm("terms", label: "Accept the terms"),
            .multiSelect("channels", label: "Reach me by", options: ["sms", "email", "post"]),
            .select("country", label: "Country", options: ["kr", "jp"]),
        ])
    let prefill = FlowPrefill(answers: ["age": .number(36), "terms": .bool(true), "channels": .choices(["post", "sms"])])
    let store = try FlowTestStore(spec: spec, prefill: prefill, exhaustivity: .off)
    #expect(store["age"] == 36)
    #expect(store["terms"] == true)
    #expect(store["channels"] == ["sms", "post"])
    #expect(store["country"] == .unanswered)
}
// end snippet
