import FocusFlow

extension RunOptions {
    /// The store a walk runs on, in every mode: the flow's, with the ``recorder`` watching it.
    func makeStore() -> FlowStore {
        let store = FlowStore(spec: spec)
        store.actionObserver = recorder
        return store
    }
}
