import FocusFlow
import Testing

/// A host's own service, which docs/embedding.md's snippet asks.
struct NicknameDirectory {
    func isFree(_ nickname: String) async -> Bool { nickname != "ada" }
}

/// docs/embedding.md's `FlowServices` snippet, where the page puts it: a store (the page's first
/// snippet) and the host's `api` at hand, on the main actor as an app's are.
@MainActor func embeddingFlowServicesSnippet(store: FlowStore, api: NicknameDirectory) {
    // snippet docs/embedding.md 6
    let services = FlowServices(checks: [
        "nickname-free": { request in
            await api.isFree(request.value?.plainText ?? "") ? .ok : .refused("That nickname is taken")
        }
    ])
    Task { await store.run(services) }
    // end snippet
}

// No time limit: on a machine of two cores the whole suite's blocking tests hold the cooperative
// pool for minutes, and a test waiting its turn would be failed for it.
@MainActor
@Test(
    "docs/embedding.md's FlowServices snippet answers the store's check with the host's api",
    arguments: [("ada", "That nickname is taken"), ("grace", nil)])
func embeddingFlowServicesChecks(nickname: String, refusal: String?) async throws {
    let store = FlowStore(spec: try FlowSpec(contentsOf: DocumentSnippets.root.appendingPathComponent("Flows/signup.json")))
    let events = store.events
    embeddingFlowServicesSnippet(store: store, api: NicknameDirectory())
    for text in ["ada@example.com", "correct horse 1", "correct horse 1", nickname] {
        store.send(.field(.textChanged(text)))
        store.send(.next)
    }
    for await event in events {
        if case .checked(field: "nickname", _, let passed) = event {
            #expect(passed == (refusal == nil))
            break
        }
    }
    #expect(store.state.focus == (refusal == nil ? "phone" : "nickname"))
    #expect(store.state.error == refusal)
    store.send(.cancel)
}
