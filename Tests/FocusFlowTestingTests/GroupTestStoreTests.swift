import FocusFlowTesting
import Testing

@Suite("The test store walks a repeating group by its fields' paths")
struct GroupTestStoreTests {
    /// A name, then one or two numbers.
    static func flow() throws -> FlowSpec {
        try FlowSpec(
            id: "numbers", title: "Numbers",
            entries: [
                .field(.text("name")),
                .group(FieldGroup(id: "phones", label: "Phones", fields: [.text("number", required: true)], minItems: 1, maxItems: 2)),
            ])
    }

    @Test("Every change names the item's field by its path, and the question whether to add another is a step")
    func exhaustive() throws {
        let store = FlowTestStore(spec: try Self.flow())
        store.send(.field(.textChanged("Ada"))) { $0.fields["name"] = .init(text: "Ada") }
        store.receive(.changed(field: "name", old: "", new: "Ada"))
        store.send(.next) { $0.focus = "phones[0].number" }
        store.receive(.focusMoved(from: "name", to: "phones[0].number"))
        store.send(.field(.textChanged("010"))) { $0.fields["phones[0].number"] = .init(text: "010") }
        store.receive(.changed(field: "phones[0].number", old: "", new: "010"))
        store.send(.next) { $0.focus = "phones[1]" }
        store.receive(.focusMoved(from: "phones[0].number", to: "phones[1]"))
        #expect(store["phones[0].number"] == "010")
        #expect(store["phones[1]"] == false, "no unless the person says yes")
    }
}
