import FocusFlowTesting
import Testing

/// README.md's "Test field transitions", as a reader's test.
@Test("README.md's FlowTestStore snippet passes, as a reader's test")
func readmeFlowTestStoreSnippet() throws {
    // snippet README.md 2
    let store = FlowTestStore(spec: try FlowSpec.signup())
    store.send(.field(.textChanged("ada@example.com"))) { $0.fields["email"] = .init(text: "ada@example.com") }
    store.receive(.changed(field: "email", old: "", new: "ada@example.com"))
    store.send(.next) {
        $0.focus = "password"; $0.surface = .secure; $0.keyboard = .asciiCapable
    }
    store.receive(.focusMoved(from: "email", to: "password"))
    store.receive(.surfaceChanged(field: "password", from: .plain, to: .secure))
    store.receive(.keyboardChanged(from: .emailAddress, to: .asciiCapable))
    store.finish()
    // end snippet
}
