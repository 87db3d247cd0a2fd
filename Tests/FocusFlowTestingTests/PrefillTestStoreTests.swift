import FocusFlow
import FocusFlowTesting
import Testing

@Suite("Exhaustive test store from prefilled answers")
struct PrefillTestStoreTests {
    @Test("A prefilled walk states every change: Enter keeps the prefilled choice, and the walk completes with it")
    func prefilledWalk() throws {
        let spec = try FieldKindTestStoreTests.choices()
        let store = try FlowTestStore(spec: spec, prefill: FlowPrefill(answers: ["terms": .bool(true), "country": .text("jp"), "channels": .choices(["post", "sms"])], skipFilled: true))
        #expect(store.state.focus == "channels", "every field is filled, so the walk starts on the last")
        #expect(store.state.answer(of: "channels") == .choices(["sms", "post"]))
        store.send(.next) {
            $0.phase = .completed; $0.focus = nil
        }
        store.receive(.focusMoved(from: "channels", to: nil))
        store.receive(
            .completed(
                FlowResult(answers: [
                    .init(field: "terms", answer: .bool(true), secure: false),
                    .init(field: "country", answer: .choice("jp"), secure: false),
                    .init(field: "channels", answer: .choices(["sms", "post"]), secure: false),
                ])))
    }
}
