import FocusFlow
import FocusFlowTesting
import Foundation
import Testing

/// A host's own tests, with FocusFlowTesting.
@Suite("A host's tests of its sign-up")
struct HostTests {
    @Test("Next from email to password moves focus, masks, and changes the keyboard")
    func emailToPassword() throws {
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
    }

    /// Built without the RE2 trait, the engine matches patterns itself, in time linear in the
    /// value: a pattern that backtracks for ever in a backtracking engine refuses at once.
    @Test("A flow's pattern is matched by the engine's own matcher, and a nested repetition refuses a value")
    func patternsWithoutRE2() throws {
        let json = #"{"id":"p","title":"Patterns","fields":[{"id":"a","label":"A","rules":{"pattern":"^(a+)+$"}},{"id":"b","label":"B"}]}"#
        let store = FlowStore(spec: try FlowSpec(json: Data(json.utf8)))
        store.send(.field(.textChanged(String(repeating: "a", count: 30) + "!")))
        store.send(.next)
        #expect(store.state.focus == "a")
        store.send(.field(.textChanged(String(repeating: "a", count: 30))))
        store.send(.next)
        #expect(store.state.focus == "b")
    }
}
