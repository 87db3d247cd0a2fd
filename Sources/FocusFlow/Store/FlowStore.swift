import Observation

/// Runs a ``FlowReducer`` for a host: owns the state, and ``send(_:)`` is the single entry point.
///
/// Observable, so a view reads ``state`` and redraws when it changes. Events go to the handler
/// given at creation and to ``events``.
///
/// ```swift
/// let store = FlowStore(spec: try FlowSpec.signup()) { event in print(event) }
/// store.send(.field(.textChanged("ada@example.com")))
/// store.send(.next)
/// ```
@Observable
public final class FlowStore {
    /// The flow's current state. Change it only through ``send(_:)``.
    public private(set) var state: FlowReducer.State

    @ObservationIgnored public let reducer: FlowReducer
    @ObservationIgnored private let handler: (FlowEvent) -> Void
    @ObservationIgnored private var continuation: AsyncStream<FlowEvent>.Continuation?
    /// Called with each action and the state it is about to apply to, before it applies: for a
    /// host that records a walk (`focusflow run --record`). It sees secure text: keep it in memory.
    @ObservationIgnored public var actionObserver: ((FlowReducer.Action, FlowReducer.State) -> Void)?

    /// Every event from now on, for one consumer; it finishes when the flow completes or is
    /// cancelled (not at a review).
    ///
    /// Nothing is buffered until this is first read, so a store nobody listens to keeps no events.
    @ObservationIgnored public private(set) lazy var events: AsyncStream<FlowEvent> = {
        let (stream, continuation) = AsyncStream.makeStream(of: FlowEvent.self)
        self.continuation = continuation
        if state.phase.hasEnded { continuation.finish() }
        return stream
    }()

    /// - Parameters:
    ///   - spec: the flow to walk.
    ///   - state: where to start; the flow's initial state when `nil`.
    ///   - handler: called with each event, in order, before ``send(_:)`` returns.
    public init(spec: FlowSpec, state: FlowReducer.State? = nil, handler: @escaping (FlowEvent) -> Void = { _ in }) {
        self.reducer = FlowReducer(spec: spec)
        self.state = state ?? reducer.initialState()
        self.handler = handler
    }

    deinit { continuation?.finish() }

    /// Applies `action`, then delivers its events.
    ///
    /// - Returns: the events, for callers that want them directly.
    @discardableResult
    public func send(_ action: FlowReducer.Action) -> [FlowEvent] {
        actionObserver?(action, state)
        let events = reducer.reduce(into: &state, action: action)
        for event in events {
            handler(event)
            continuation?.yield(event)
        }
        if state.phase.hasEnded { continuation?.finish() }
        return events
    }
}
