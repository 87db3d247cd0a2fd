import FocusFlowTesting
import Testing

/// FocusFlowTesting's DocC catalog's snippet, a reader's test, in a suite of its own: docs/testing.md's
/// declares a test of the same name.
@Suite("FocusFlowTesting's catalog's snippet")
struct CatalogFlowTestStoreSnippet {
    // snippet Sources/FocusFlowTesting/FocusFlowTesting.docc/FocusFlowTesting.md 1
    @Test func emailToPassword() throws {
        let store = FlowTestStore(spec: try FlowSpec.signup())
        store.send(.field(.textChanged("ada@example.com"))) {
            $0.fields["email"] = .init(text: "ada@example.com")
        }
        store.receive(.changed(field: "email", old: "", new: "ada@example.com"))
        store.send(.next) {
            $0.focus = "password"
            $0.surface = .secure
            $0.keyboard = .asciiCapable
        }
        store.receive(.focusMoved(from: "email", to: "password"))
        store.receive(.surfaceChanged(field: "password", from: .plain, to: .secure))
        store.receive(.keyboardChanged(from: .emailAddress, to: .asciiCapable))
        store.finish()
    }
    // end snippet
}
