import FocusFlow
import Glibc

/// Performs what the walk asks of its service at the terminal, in every mode: starts the
/// program for each check and send the state waits for (``FlowReducer/pendingCheck(in:)``, the
/// tickets in ``FlowReducer/State/sends``), ends a program whose ticket went stale (the answer
/// was edited, the code sent again), hands each answer back to the engine as an action, and
/// gives the engine the clock's ticks, a second at a time, while a code has been asked for.
///
/// The engine decides everything else: what passes, what a refusal shows, when a code may be
/// sent again. The sessions poll ``descriptors`` and call ``advance(_:)`` when they wake.
package struct ServiceDriver {
    package let programs: ServicePrograms
    /// Where the programs' standard error goes; `nil` for `/dev/null`.
    private let errors: Int32?
    /// The calls running, in the order of their tickets: a few at most, and a list rather than
    /// a dictionary, which every start would pay a scan of the program's conformances for.
    private var calls: [(ticket: Int, call: ServiceCall)] = []
    /// Every ticket a program was started for: an answered one is never started again.
    private var started: Set<Int> = []
    /// When the clock last ticked the engine, while a code has been asked for.
    private var lastTick: Double?
    /// When each request for options of a search was first seen: it starts after a pause in
    /// the typing (``quiet``), and a newer one makes it stale before it starts.
    private var seen: [Int: Double] = [:]
    /// How long the typing must pause before a search's request for options starts, in seconds.
    package static let quiet = 0.15

    package init(_ programs: ServicePrograms, errors: Int32?) {
        self.programs = programs
        self.errors = errors
    }

    /// Whether a program runs.
    package var isBusy: Bool { !calls.isEmpty }

    /// Whether any program was named: without one, the walk asks nothing of a service (a flow
    /// that checks or sends is refused before its first field) and there is nothing to do.
    package var hasPrograms: Bool { !programs.checks.isEmpty || !programs.sends.isEmpty || !programs.options.isEmpty }

    /// Whether the list of options for `field` is being asked for (its program runs, or waits
    /// for a pause in the typing).
    package func loadingOptions(for field: FieldID, in store: FlowStore) -> Bool {
        store.reducer.isLoadingOptions(field, in: store.state)
    }

    /// The check or the send running for `field`, if one does.
    package func running(for field: FieldID) -> ServiceCall? {
        calls.first { $0.call.request.field == field }?.call
    }

    /// What to poll besides the terminal.
    package var descriptors: [pollfd] { calls.flatMap(\.call.descriptors) }

    /// How long a session may sleep before it must call ``advance(_:)``, in milliseconds; -1
    /// when nothing needs it.
    package var timeout: Int32 {
        if let first = seen.values.min() {
            let wait = Int32(max(0, (first + Self.quiet - ServiceCall.now()) * 1000)) + 1
            return isBusy ? min(wait, ServiceCall.pollInterval, calls.map(\.call.remaining).min() ?? 0) : wait
        }
        if isBusy { return min(ServiceCall.pollInterval, calls.map(\.call.remaining).min() ?? 0) }
        guard let lastTick else { return -1 }
        return Int32(max(0, min(1000, (lastTick + 1 - ServiceCall.now()) * 1000)))
    }

    /// Starts the programs the state waits for and ends those it no longer does.
    package mutating func update(_ store: FlowStore) {
        let state = store.state
        var wanted: [CheckRequest] = []
        if let check = store.reducer.pendingCheck(in: state) { wanted.append(check) }
        for ticket in state.sends.values.compactMap(\.ticket).sorted() {
            if let send = store.reducer.pendingSend(ticket, in: state) { wanted.append(send) }
        }
        let tickets = Set(wanted.map(\.ticket))
        calls.removeAll { running in
            guard !running.call.isOptions, !tickets.contains(running.ticket) else { return false }
            running.call.cancel()
            return true
        }
        let lists = store.reducer.pendingOptions(in: state)
        let listTickets = Set(lists.map(\.ticket))
        calls.removeAll { running in
            guard running.call.isOptions, !listTickets.contains(running.ticket) else { return false }
            running.call.cancel()
            return true
        }
        seen = seen.filter { listTickets.contains($0.key) }
        for request in wanted where !started.contains(request.ticket) {
            started.insert(request.ticket)
            let check = request.ticket == state.checking?.ticket
            // A name with no program is refused before the first field; were one met, the walk
            // would not wait for ever: its answer is that it could not be made.
            let command = programs.command(request.name, check: check) ?? "exit 2"
            let call = ServiceCall(request, check: check, command: command, timeout: programs.timeout, errors: errors)
            calls.insert((request.ticket, call), at: calls.firstIndex { $0.ticket > request.ticket } ?? calls.endIndex)
        }
        let now = ServiceCall.now()
        for request in lists where !started.contains(request.ticket) {
            // A search waits for a pause in the typing: each key makes a new request, and only
            // the newest is made.
            if request.query != nil {
                let first = seen[request.ticket] ?? now
                seen[request.ticket] = first
                if now - first < Self.quiet { continue }
            }
            seen[request.ticket] = nil
            started.insert(request.ticket)
            let command = programs.options[request.source] ?? "exit 2"
            let call = ServiceCall(options: request, command: command, timeout: programs.timeout, errors: errors)
            calls.insert((request.ticket, call), at: calls.firstIndex { $0.ticket > request.ticket } ?? calls.endIndex)
        }
    }

    /// Reads what the programs said, hands each finished answer to the engine, ticks the clock,
    /// and starts what the answers ask for next (a passed check moves to a field that sends).
    ///
    /// - Returns: the engine's events, in order.
    package mutating func advance(_ store: FlowStore) -> [FlowEvent] {
        var events: [FlowEvent] = []
        for (ticket, call) in calls {
            call.advance()
            guard let answer = call.answer else { continue }
            calls.removeAll { $0.ticket == ticket }
            if call.isOptions {
                events += store.send(.options(ticket: ticket, call.optionsAnswer ?? .unavailable))
                continue
            }
            events += store.send(call.isCheck ? .checked(ticket: ticket, answer) : .sent(ticket: ticket, answer))
        }
        events += tick(store)
        update(store)
        return events
    }

    /// The seconds passed since the last tick, to the engine, while a code has been asked for.
    package mutating func tick(_ store: FlowStore) -> [FlowEvent] {
        guard !store.state.sends.isEmpty, !store.state.phase.hasEnded else {
            lastTick = nil
            return []
        }
        let now = ServiceCall.now()
        guard let last = lastTick else {
            lastTick = now
            return []
        }
        let seconds = Int(now - last)
        guard seconds >= 1 else { return [] }
        lastTick = last + Double(seconds)
        return store.send(.tick(seconds: seconds))
    }

    /// Ends every program: the walk is over.
    package mutating func cancelAll() {
        for running in calls { running.call.cancel() }
        calls = []
        seen = [:]
    }

    /// Waits until no program runs, handing each answer to the engine, for the modes that read
    /// a line at a time. `started` is told of each call as it starts, to say so. A signal other
    /// than SIGWINCH ends the programs and comes back.
    package mutating func settle(_ store: FlowStore, signals: SignalPipe?, started: (ServiceCall) -> Void = { _ in }) -> (events: [FlowEvent], signal: Int32?) {
        var events: [FlowEvent] = []
        var told: Set<Int> = []
        func tell() {
            for running in calls where told.insert(running.ticket).inserted { started(running.call) }
        }
        update(store)
        events += tick(store)
        tell()
        while isBusy || !seen.isEmpty {
            var fds = descriptors
            if let signals { fds.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if let signals, fds.last!.revents != 0 {
                for signal in signals.drain() where signal != SIGWINCH {
                    cancelAll()
                    return (events, signal)
                }
            }
            events += advance(store)
            tell()
        }
        return (events, nil)
    }
}
