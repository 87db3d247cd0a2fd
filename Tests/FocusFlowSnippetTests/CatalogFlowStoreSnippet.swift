import FocusFlow
import Testing

/// FocusFlow's DocC catalog's snippet, the README's first lines, run as a reader runs it.
func catalogFlowStoreSnippet(_ transcript: Transcript) throws {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet Sources/FocusFlow/FocusFlow.docc/FocusFlow.md 1
    let store = FlowStore(spec: try FlowSpec.signup()) { event in
        print(event)  // focusMoved(from: "email", to: "password"), …
    }
    store.send(.field(.textChanged("ada@example.com")))
    store.send(.next)  // → password: surface .secure, keyboard .asciiCapable
    store.send(.field(.textChanged("correct horse")))
    store.send(.toggleReveal)  // surfaceChanged(field: "password", from: .secure, to: .plain)
    // end snippet
}

@Test("FocusFlow's catalog's snippet prints the events the README's does")
func catalogFlowStorePrints() throws {
    let (catalog, readme) = (Transcript(), Transcript())
    try catalogFlowStoreSnippet(catalog)
    try readmeFlowStoreSnippet(readme)
    #expect(catalog.lines == readme.lines.dropLast())
}
