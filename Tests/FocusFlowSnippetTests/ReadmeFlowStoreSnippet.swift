import FocusFlow
import Testing

/// README.md's "Embed it in Swift", run as a reader runs it.
func readmeFlowStoreSnippet(_ transcript: Transcript) throws {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet README.md 1
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

@Test("README.md's FlowStore snippet prints the events and where the walk is, as its comments say")
func readmeFlowStorePrints() throws {
    let transcript = Transcript()
    try readmeFlowStoreSnippet(transcript)
    #expect(
        transcript.lines == [
            #"changed(field: "email", old: "", new: "ada@example.com")"#,
            #"focusMoved(from: "email", to: "password")"#,
            #"surfaceChanged(field: "password", from: .plain, to: .secure)"#,
            #"keyboardChanged(from: .emailAddress, to: .asciiCapable)"#,
            #"changed(field: "password", old: nil, new: nil)"#,
            #"surfaceChanged(field: "password", from: .secure, to: .plain)"#,
            "password plain asciiCapable",
        ])
}
