import Foundation
import FocusFlowTesting
import Testing

@Suite("Exhaustive test store: review and amend")
struct ReviewTestStoreTests {
    static let json = #"""
        {"id": "short", "title": "Short", "review": true, "fields": [
          {"id": "name", "label": "Name", "rules": {"required": true}},
          {"id": "pin", "label": "PIN", "secure": true, "keyboard": "numberPad", "rules": {"minLength": 4}}
        ]}
        """#

    static func store() throws -> FlowTestStore { FlowTestStore(spec: try FlowSpec(json: Data(json.utf8))) }

    /// Types both answers and reaches the review, stating every change and receiving every event.
    static func walkToReview(_ store: FlowTestStore) {
        store.send(.field(.textChanged("Ada"))) { $0.fields["name"] = .init(text: "Ada") }
        store.receive(.changed(field: "name", old: "", new: "Ada"))
        store.send(.next) {
            $0.focus = "pin"
            $0.surface = .secure
            $0.keyboard = .numberPad
        }
        store.receive(.focusMoved(from: "name", to: "pin"))
        store.receive(.surfaceChanged(field: "pin", from: .plain, to: .secure))
        store.receive(.keyboardChanged(from: .default, to: .numberPad))
        store.send(.field(.textChanged("4321"))) { $0.fields["pin"] = .init(text: "4321") }
        store.receive(.changed(field: "pin", old: nil, new: nil))
        store.send(.next) {
            $0.phase = .review
            $0.focus = nil
            $0.reviewed = ["name", "pin"]
        }
        store.receive(.focusMoved(from: "pin", to: nil))
        store.receive(.reviewing)
    }

    @Test("A test that states the review, an amend and the submit passes")
    func exhaustiveReview() throws {
        let store = try Self.store()
        Self.walkToReview(store)
        store.send(.focus("name")) {
            $0.phase = .editing
            $0.focus = "name"
            $0.surface = .plain
            $0.keyboard = .default
        }
        store.receive(.focusMoved(from: nil, to: "name"))
        store.receive(.surfaceChanged(field: "name", from: .secure, to: .plain))
        store.receive(.keyboardChanged(from: .numberPad, to: .default))
        store.send(.next) {
            $0.phase = .review
            $0.focus = nil
        }
        store.receive(.focusMoved(from: "name", to: nil))
        store.receive(.reviewing)
        store.send(.submit) { $0.phase = .completed }
        store.receive(.completed(.init(answers: [.init(field: "name", value: "Ada"), .init(field: "pin", value: "4321", secure: true)])))
        store.finish()
    }

    /// The state on the PIN with both answers typed: the next Next reaches the review.
    static func onLastField() throws -> (FlowSpec, FlowReducer.State) {
        let spec = try FlowSpec(json: Data(json.utf8))
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        for action: FlowReducer.Action in [.field(.textChanged("Ada")), .next, .field(.textChanged("4321"))] {
            _ = reducer.reduce(into: &state, action: action)
        }
        return (spec, state)
    }

    @Test("A review not stated fails at the send, naming reviewed and the assignment that fixes it, never the secret")
    func unstatedReview() throws {
        let (spec, state) = try Self.onLastField()
        let store = FlowTestStore(spec: spec, state: state)
        withKnownIssue {
            store.send(.next) {
                $0.phase = .review
                $0.focus = nil
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("  − reviewed: nil\n  + reviewed: [\"name\", \"pin\"]") && text.contains(#"$0.reviewed = ["name", "pin"]"#) && !text.contains("4321")
        }
        store.receive(.focusMoved(from: "pin", to: nil))
        store.receive(.reviewing)
        store.finish()
    }

    @Test("An unreceived reviewing event fails at finish, naming it")
    func unreceivedReviewing() throws {
        let (spec, state) = try Self.onLastField()
        let store = FlowTestStore(spec: spec, state: state)
        store.send(.next) {
            $0.phase = .review
            $0.focus = nil
            $0.reviewed = ["name", "pin"]
        }
        store.receive(.focusMoved(from: "pin", to: nil))
        withKnownIssue {
            store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("store.receive(.reviewing)")
        }
    }
}
