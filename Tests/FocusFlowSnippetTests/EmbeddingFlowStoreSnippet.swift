import FocusFlow
import Testing

/// docs/embedding.md's first snippet, the README's, run as a reader runs it.
func embeddingFlowStoreSnippet(_ transcript: Transcript) throws {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet docs/embedding.md 1
    let store = FlowStore(spec: try FlowSpec.signup()) { event in
        print(event)  // focusMoved(from: "email", to: "password"), …
    }
    store.send(.field(.textChanged("ada@example.com")))
    store.send(.next)  // → password: surface .secure, keyboard .asciiCapable
    store.send(.field(.textChanged("correct horse")))
    store.send(.toggleReveal)  // surfaceChanged(field: "password", from: .secure, to: .plain)
    if let focus = store.state.focus {  // nil at a review and once the walk has ended
        print(focus, store.state.surface, store.state.keyboard)  // password plain asciiCapable
    }
    // end snippet
}

@Test("docs/embedding.md's FlowStore snippet prints what the README's does")
func embeddingFlowStorePrints() throws {
    let (embedding, readme) = (Transcript(), Transcript())
    try embeddingFlowStoreSnippet(embedding)
    try readmeFlowStoreSnippet(readme)
    #expect(embedding.text == readme.text)
}
