import Foundation
import FocusFlowTesting
import Testing

@Suite("Exhaustive test store: dropped answers")
struct DroppedTestStoreTests {
    static let json = #"""
        {"id": "plan", "title": "Plan", "review": true, "fields": [
          {"id": "plan", "label": "Plan", "kind": "select", "options": [{"value": "personal", "label": "Personal"}, {"value": "team", "label": "Team"}]},
          {"id": "company", "label": "Company", "when": {"field": "plan", "equals": "team"}}
        ]}
        """#

    @Test("A test states an amendment that drops an answer, and receives dropped after the choice")
    func amendDrops() throws {
        let spec = try FlowSpec(json: Data(Self.json.utf8))
        let start = try FlowReducer(spec: spec).initialState(prefill: FlowPrefill(answers: ["plan": .choice("team"), "company": .text("Acme")]))
        let store = FlowTestStore(spec: spec, state: start)
        store.send(.next) { $0.focus = "company" }
        store.receive(.focusMoved(from: "plan", to: "company"))
        store.send(.next) {
            $0.phase = .review
            $0.focus = nil
            $0.reviewed = ["plan", "company"]
        }
        store.receive(.focusMoved(from: "company", to: nil))
        store.receive(.reviewing)
        store.send(.focus("plan")) {
            $0.phase = .editing
            $0.focus = "plan"
        }
        store.receive(.focusMoved(from: nil, to: "plan"))
        store.send(.field(.select("personal"))) { $0.fields[field: "plan"] = .select(.init(choice: "personal", highlight: "personal")) }
        store.receive(.highlighted(field: "plan", from: "team", to: "personal"))
        store.receive(.chosen(field: "plan", old: "team", new: "personal"))
        store.receive(.dropped(fields: ["company"], because: "plan"))
        store.send(.next) {
            $0.phase = .review
            $0.focus = nil
            $0.reviewed = ["plan"]
        }
        store.receive(.focusMoved(from: "plan", to: nil))
        store.receive(.reviewing)
        store.send(.submit) { $0.phase = .completed }
        store.receive(.completed(.init(answers: [.init(field: "plan", answer: .choice("personal"))])))
        store.finish()
    }
}
