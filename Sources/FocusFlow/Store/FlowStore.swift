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

    /// The checks and sends asked for and not yet handed to ``run(_:isolation:)``, and the tasks
    /// performing them, by ticket.
    @ObservationIgnored private var services = ServiceQueue()

    deinit {
        continuation?.finish()
        services.end()
    }

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
        if services.running { services.follow(events, reducer: reducer, state: state) }
        return events
    }
}

/// The services a store performs for its walk: a check or a send by its name.
public struct FlowServices: Sendable {
    /// Answers a check or a send. Cancelled when its ticket goes stale (the answer was edited,
    /// focus left the field) or the walk ends; an answer after that is dropped.
    public typealias Service = @Sendable (CheckRequest) async -> ServiceAnswer

    /// Gives a field's options from the service (``OptionSource``): the list, or a thrown
    /// ``OptionsRefusal`` whose message the person reads; any other error says the list could
    /// not be had. Cancelled when its ticket goes stale (a newer filter asked again).
    public typealias OptionsProvider = @Sendable (OptionRequest) async throws -> [FieldOption]

    public var checks: [String: Service]
    public var sends: [String: Service]
    /// Gives every source's options, by ``OptionRequest/source``.
    public var optionsProvider: OptionsProvider?

    public init(checks: [String: Service] = [:], sends: [String: Service] = [:], optionsProvider: OptionsProvider? = nil) {
        self.checks = checks
        self.sends = sends
        self.optionsProvider = optionsProvider
    }
}

/// What an ``FlowServices/OptionsProvider`` throws to refuse a list, with what the person reads.
public struct OptionsRefusal: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension FlowStore {
    /// Performs the checks and sends the walk asks for (``FlowEvent/checking(field:check:ticket:)``,
    /// ``FlowEvent/sending(field:send:ticket:)``) with `services`, each in its own task on the
    /// caller's actor, and sends each answer back as an action (``FlowReducer/Action/checked(ticket:_:)``,
    /// ``FlowReducer/Action/sent(ticket:_:)``). A check whose ticket goes stale is cancelled. Returns
    /// when the walk ends or the calling task is cancelled.
    ///
    /// A check or send the services have no entry for is answered ``ServiceAnswer/unavailable``.
    ///
    /// ```swift
    /// let services = FlowServices(checks: ["nickname-free": { request in
    ///     await api.isFree(request.value?.plainText ?? "") ? .ok : .refused("That nickname is taken")
    /// }])
    /// Task { await store.run(services) }
    /// ```
    public func run(_ services: FlowServices, isolation: isolated any Actor = #isolation) async {
        let (jobs, feed) = AsyncStream.makeStream(of: CheckRequestJob.self)
        self.services.start(feed)
        // What was asked before the store ran (a restored walk's pending check).
        if let check = reducer.pendingCheck(in: state) { feed.yield(.check(check)) }
        for ticket in state.sends.values.compactMap(\.ticket).sorted() {
            if let send = reducer.pendingSend(ticket, in: state) { feed.yield(.send(send)) }
        }
        for request in reducer.pendingOptions(in: state) { feed.yield(.options(request)) }
        if state.phase.hasEnded { feed.finish() }
        await withTaskCancellationHandler {
            for await job in jobs {
                if case .options(let request) = job {
                    let provider = services.optionsProvider
                    let task = Task {
                        _ = isolation
                        let answer: OptionsAnswer
                        do {
                            if let provider { answer = .list(try await provider(request)) } else { answer = .unavailable }
                        } catch let refusal as OptionsRefusal {
                            answer = .refused(refusal.message)
                        } catch {
                            answer = .unavailable
                        }
                        guard !Task.isCancelled else { return }
                        self.services.finished(request.ticket)
                        self.send(.options(ticket: request.ticket, answer))
                    }
                    self.services.started(task, ticket: request.ticket)
                    continue
                }
                let (request, isCheck) =
                    switch job {
                    case .check(let request): (request, true)
                    case .send(let request): (request, false)
                    case .options: fatalError("taken above")
                    }
                let service = (isCheck ? services.checks : services.sends)[request.name]
                let task = Task {
                    _ = isolation
                    let answer = await service?(request) ?? .unavailable
                    guard !Task.isCancelled else { return }
                    self.services.finished(request.ticket)
                    self.send(isCheck ? .checked(ticket: request.ticket, answer) : .sent(ticket: request.ticket, answer))
                }
                self.services.started(task, ticket: request.ticket)
            }
        } onCancel: {
            feed.finish()
        }
        self.services.end()
    }
}

/// A check or a send handed to ``FlowStore/run(_:isolation:)``.
enum CheckRequestJob: Sendable {
    case check(CheckRequest)
    case send(CheckRequest)
    case options(OptionRequest)
}

/// The store's side of ``FlowStore/run(_:isolation:)``: where new requests go, and the tasks
/// performing them, so that a stale one is cancelled.
struct ServiceQueue {
    private var feed: AsyncStream<CheckRequestJob>.Continuation?
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// The ticket of the check being performed, if any.
    private var checkTicket: Int?
    /// The tickets of the requests for options being performed.
    private var optionTickets: Set<Int> = []

    var running: Bool { feed != nil }

    mutating func start(_ feed: AsyncStream<CheckRequestJob>.Continuation) {
        end()
        self.feed = feed
    }

    mutating func started(_ task: Task<Void, Never>, ticket: Int) { tasks[ticket] = task }

    mutating func finished(_ ticket: Int) {
        tasks[ticket] = nil
        if checkTicket == ticket { checkTicket = nil }
        optionTickets.remove(ticket)
    }

    /// Hands the requests `events` say to the runner, and cancels the check the state no longer waits for.
    mutating func follow(_ events: [FlowEvent], reducer: FlowReducer, state: FlowReducer.State) {
        for event in events {
            switch event {
            case .checking(_, _, let ticket):
                if let request = reducer.pendingCheck(in: state), request.ticket == ticket {
                    checkTicket = ticket
                    feed?.yield(.check(request))
                }
            case .sending(_, _, let ticket):
                if let request = reducer.pendingSend(ticket, in: state) { feed?.yield(.send(request)) }
            case .loadingOptions(_, _, let ticket, _):
                if let request = reducer.pendingOptions(ticket, in: state) {
                    optionTickets.insert(ticket)
                    feed?.yield(.options(request))
                }
            default: break
            }
        }
        // A request for options a newer one made stale is cancelled.
        if !optionTickets.isEmpty {
            let pending = Set(state.optionLists.values.compactMap(\.ticket))
            for ticket in optionTickets where !pending.contains(ticket) {
                tasks.removeValue(forKey: ticket)?.cancel()
                optionTickets.remove(ticket)
            }
        }
        if let ticket = checkTicket, state.checking?.ticket != ticket {
            tasks.removeValue(forKey: ticket)?.cancel()
            checkTicket = nil
        }
        if state.phase.hasEnded { end() }
    }

    /// Cancels every task and lets the runner return.
    mutating func end() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        checkTicket = nil
        optionTickets = []
        feed?.finish()
        feed = nil
    }
}
