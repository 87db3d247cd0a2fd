import FocusFlow

extension RunOptions {
    /// The store a walk runs on, in every mode: from ``start`` (or the flow's first state),
    /// followed by ``draft`` and watched by ``recorder``; `also` hears every event with the store
    /// that said it, whatever action said it (a front's notes: ``DroppedNote``).
    package func makeStore(also: ((FlowEvent, FlowStore) -> Void)? = nil) -> FlowStore {
        let link = StoreLink()
        let store = FlowStore(spec: spec, state: start) { [draft] event in
            guard let store = link.store else { return }
            also?(event, store)
            guard let draft else { return }
            draft.record(event, in: store.state)
        }
        link.store = store
        store.actionObserver = recorder
        return store
    }
}

/// Lets a store's event handler read the store's state (the handler runs after each change).
private final class StoreLink {
    weak var store: FlowStore?
}
