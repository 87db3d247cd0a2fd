import FocusFlowTesting
import Testing

@Suite("Exhaustive test store")
struct FlowTestStoreTests {
    static func signup() throws -> FlowSpec {
        try FlowSpec(
            contentsOf: .init(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Flows/signup.json"))
    }

    /// Types an email and presses Next, stating every change and receiving every event.
    static func walkToPassword(_ store: FlowTestStore) {
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
    }

    @Test("A test that states every change and receives every event passes")
    func exhaustivePasses() throws {
        let store = FlowTestStore(spec: try Self.signup())
        Self.walkToPassword(store)
        store.send(.previous) {
            $0.focus = "email"
            $0.surface = .plain
            $0.keyboard = .emailAddress
        }
        store.receive(.focusMoved(from: "password", to: "email"))
        store.receive(.surfaceChanged(field: "email", from: .secure, to: .plain))
        store.receive(.keyboardChanged(from: .asciiCapable, to: .emailAddress))
        store.finish()
    }

    @Test("An unasserted change fails at the send, showing the difference and the assignment that fixes it")
    func unassertedChange() throws {
        let store = FlowTestStore(spec: try Self.signup())
        store.send(.field(.textChanged("ada@example.com"))) { $0.fields["email"] = .init(text: "ada@example.com") }
        store.receive(.changed(field: "email", old: "", new: "ada@example.com"))
        let line = #line + 2
        withKnownIssue {
            store.send(.next) { $0.focus = "password" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && text.contains("State after send(.next) does not match what the test expects (− expected, + actual):")
                && text.contains("  − surface: .plain\n  + surface: .secure")
                && text.contains("  − keyboard: .emailAddress\n  + keyboard: .asciiCapable")
                && text.contains("Likely cause: the assert closure describes a different change than the reducer made.")
                && text.contains("Fix: in the assert closure of send(.next), set $0.surface = .secure; $0.keyboard = .asciiCapable.")
        }
        store.receive(.focusMoved(from: "email", to: "password"))
        store.receive(.surfaceChanged(field: "password", from: .plain, to: .secure))
        store.receive(.keyboardChanged(from: .emailAddress, to: .asciiCapable))
        store.finish()
    }

    @Test("A change with no assert closure at all is called unasserted")
    func noClosure() throws {
        let store = FlowTestStore(spec: try Self.signup())
        withKnownIssue {
            store.send(.field(.textChanged("a")))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("  − fields[\"email\"]: .init(text: \"\")\n  + fields[\"email\"]: .init(text: \"a\")")
                && text.contains("Likely cause: the action changed state that the test did not assert.")
                && text.contains("Fix: in the assert closure of send(.field(.textChanged(\"a\"))), set $0.fields[\"email\"] = .init(text: \"a\").")
        }
        store.receive(.changed(field: "email", old: "", new: "a"))
    }

    @Test("Events left unreceived fail at finish, naming them and the receive call")
    func unreceivedAtFinish() throws {
        let store = FlowTestStore(spec: try Self.signup())
        store.send(.cancel) {
            $0.phase = .cancelled
            $0.focus = nil
        }
        withKnownIssue {
            store.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("2 events were said and not received when the test finished:")
                && text.contains("  focusMoved(from: \"email\", to: nil)\n  cancelled")
                && text.contains("Fix: call store.receive(.focusMoved(from: \"email\", to: nil)) for each, in order, or set exhaustivity = .off.")
        }
    }

    @Test("A store released with events unreceived fails too")
    func unreceivedAtRelease() throws {
        let spec = try Self.signup()
        withKnownIssue {
            let store = FlowTestStore(spec: spec)
            store.send(.cancel) {
                $0.phase = .cancelled
                $0.focus = nil
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("not received when the test store was released")
        }
    }

    @Test("Receiving the wrong event says which came, and how to fix the order")
    func wrongEvent() throws {
        let store = FlowTestStore(spec: try Self.signup(), exhaustivity: .on)
        store.send(.cancel) {
            $0.phase = .cancelled
            $0.focus = nil
        }
        withKnownIssue {
            store.receive(.cancelled)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Received focusMoved(from: \"email\", to: nil), expected cancelled.")
                && text.contains("Fix: receive .focusMoved(from: \"email\", to: nil) first.")
        }
        store.receive(.cancelled)
        store.finish()
    }

    @Test("Sending before receiving fails, naming the events")
    func sendBeforeReceive() throws {
        let store = FlowTestStore(spec: try Self.signup())
        store.send(.field(.textChanged("a"))) { $0.fields["email"] = .init(text: "a") }
        withKnownIssue {
            store.send(.field(.clear)) { $0.fields["email"] = .init(text: "") }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Must receive every event before sending .field(.clear); 1 not received:")
        }
        store.receive(.changed(field: "email", old: "a", new: ""))
        store.receive(.cleared(field: "email"))
        store.finish()
    }

    @Test("A differing secure field is shown without its text")
    func secureDifference() throws {
        let store = FlowTestStore(spec: try Self.signup(), exhaustivity: .on)
        Self.walkToPassword(store)
        withKnownIssue {
            store.send(.field(.textChanged("hunter2-secret"))) { $0.fields["password"] = .init(text: "wrong-guess") }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("fields[\"password\"]: .init(text: <secure, 11 characters>)")
                && text.contains("send(.field(.textChanged(<secure>)))")
                && !text.contains("hunter2") && !text.contains("wrong-guess")
        }
        store.receive(.changed(field: "password", old: nil, new: nil))
        store.finish()
    }

    @Test("With exhaustivity off, only what the test asserts is checked")
    func nonExhaustive() throws {
        let store = FlowTestStore(spec: try Self.signup(), exhaustivity: .off)
        store.send(.field(.textChanged("ada@example.com")))
        store.send(.next) { $0.focus = "password" }
        store.send(.field(.textChanged("hunter2-secret")))
        store.send(.next)
        store.receive(.focusMoved(from: "password", to: "confirm"))
        #expect(store.state.focus == "confirm")
        withKnownIssue {
            store.send(.previous) { $0.focus = "email" }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("− focus: \"email\"\n  + focus: \"password\"")
        }
        store.finish()
    }
}
