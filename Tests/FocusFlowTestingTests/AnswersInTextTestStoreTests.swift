import Foundation
import FocusFlowTesting
import Testing

@Suite("Test store: answers in text")
struct AnswersInTextTestStoreTests {
    @Test("The test store reads a text with the answer it names, as the person sees it after each action")
    func readsResolvedText() throws {
        let spec = try FlowSpec(
            id: "w", title: "W", fields: [.text("name"), .text("nick", label: "Welcome, {name}", placeholder: "{{nick}}")])
        let store = FlowTestStore(spec: spec, exhaustivity: .off)
        #expect(store.text(.label, of: "nick") == "Welcome, ")
        store.send(.field(.textChanged("Ada")))
        store.send(.next)
        #expect(store.text(.label, of: "nick") == "Welcome, Ada")
        #expect(store.text(.placeholder, of: "nick") == "{nick}")
        #expect(store.text(.hint, of: "nick") == nil)
    }
}
