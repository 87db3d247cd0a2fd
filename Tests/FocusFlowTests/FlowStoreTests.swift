import Foundation
import Observation
import Testing
@testable import FocusFlow

@Suite("Flow store")
struct FlowStoreTests {
    @Test("send is the single entry point: state changes, and the handler hears every event in order")
    func handler() throws {
        var heard: [FlowEvent] = []
        let store = FlowStore(spec: try Fixtures.flow("login")) { heard.append($0) }
        let returned = store.send(.field(.textChanged("ada@example.com"))) + store.send(.next)
        #expect(store.state.focus == "password")
        #expect(heard == returned)
        #expect(
            heard == [
                .changed(field: "email", old: "", new: "ada@example.com"),
                .focusMoved(from: "email", to: "password"),
                .surfaceChanged(field: "password", from: .plain, to: .secure),
                .keyboardChanged(from: .emailAddress, to: .asciiCapable),
            ])
    }

    @Test("The event stream yields every event and finishes when the flow ends")
    func stream() async throws {
        let store = FlowStore(spec: try Fixtures.flow("login"))
        let events = store.events
        store.send(.field(.textChanged("ada@example.com")))
        store.send(.cancel)
        var received: [FlowEvent] = []
        for await event in events { received.append(event) }
        #expect(received == [.changed(field: "email", old: "", new: "ada@example.com"), .focusMoved(from: "email", to: nil), .cancelled])
    }

    @Test("Observers of the state hear each change")
    func observation() throws {
        let store = FlowStore(spec: try Fixtures.flow("login"))
        let changed = Box()
        withObservationTracking {
            _ = store.state.focus
        } onChange: {
            changed.value = true
        }
        #expect(!changed.value)
        store.send(.field(.textChanged("ada@example.com")))
        #expect(changed.value)
    }

    @Test("A store can start from a saved state, which survives encoding")
    func restore() throws {
        let spec = try FlowSpec.signup()
        let first = FlowStore(spec: spec)
        first.send(.field(.textChanged("ada@example.com")))
        first.send(.next)
        let saved = try JSONDecoder().decode(FlowReducer.State.self, from: JSONEncoder().encode(first.state))
        #expect(saved == first.state)
        let second = FlowStore(spec: spec, state: saved)
        #expect(second.state.focus == "password")
        #expect(second.send(.previous).first == .focusMoved(from: "password", to: "email"))
    }
}

private final class Box: @unchecked Sendable {
    var value = false
}
