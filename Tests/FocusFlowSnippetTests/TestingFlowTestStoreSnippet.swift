// snippet docs/testing.md 1
import FocusFlowTesting
import Testing

@Test("Next from email to password moves focus, masks, and changes the keyboard")
func emailToPassword() throws {
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
