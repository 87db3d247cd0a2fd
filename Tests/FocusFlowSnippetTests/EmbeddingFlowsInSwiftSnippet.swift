import FocusFlow
import Testing

/// docs/embedding.md's flow written in Swift.
func embeddingFlowsInSwiftSnippet() throws -> FlowSpec {
    // snippet docs/embedding.md 5
    let profile = try FlowSpec(
        id: "profile", title: "Your profile",
        fields: [
            .text("name", label: "Name", required: true),
            .number("age", label: "Age", hint: "↑/↓ or type it", min: 13, max: 120, required: true),
            .text(
                "guardian", label: "Parent or guardian's email", keyboard: .emailAddress, required: true,
                pattern: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", message: "Enter an email address like you@example.com",
                when: FieldCondition(field: "age", test: .range(min: nil, max: 17))),
            .number("weight", label: "Weight (kg)", default: 70, min: 20, max: 300, decimals: 1),
        ])
    // end snippet
    return profile
}

@Test("docs/embedding.md's flow written in Swift is Flows/profile.json")
func embeddingFlowsInSwiftEqualsFile() throws {
    let file = try FlowSpec(contentsOf: DocumentSnippets.root.appendingPathComponent("Flows/profile.json"))
    #expect(try embeddingFlowsInSwiftSnippet() == file)
}
