/// Checks and sends: the walk asks the host, and the host answers with the ticket it was given.
///
/// Checks:
/// - A field with a ``FieldSpec/check`` whose answer passes its rules is not passed until its
///   check passes. Where the walk would pass it (Next, a forward jump, completion, the review's
///   submit) focus stays on (or moves to) the field, ``State/checking`` holds a new ticket, and
///   ``FlowEvent/checking(field:check:ticket:)`` asks the host.
/// - While a check is pending the person may keep typing or go back: an edit of the answer, or
///   focus leaving the field, makes its ticket stale. Next again says only
///   ``FlowEvent/waiting(field:ticket:)``.
/// - ``Action/checked(ticket:_:)`` with the pending ticket: ``ServiceAnswer/ok`` passes the field
///   and the walk moves on as Next would; ``ServiceAnswer/refused(_:)`` shows its message as the
///   field's error; ``ServiceAnswer/unavailable`` says that the check could not be made. Any other
///   ticket changes nothing.
/// - An answer that passed its check and was not edited since is not checked again.
/// - A field the walk passes over without the person submitting it (a resumed walk's answers,
///   `skipFilled`, the fields before the last when the walk finishes) is checked as the walk
///   passes it: focus goes to it while its check runs, and once it passes the walk goes on to
///   where it was going (``PendingCheck/Onward``), so no field is asked twice for it.
///
/// Sends:
/// - When focus moves to a field with a ``FieldSpec/send`` for the first time (the walk's
///   first field too, at its start: ``startEvents(of:)``),
///   ``FlowEvent/sending(field:send:ticket:)`` asks the host to send. ``Action/resend`` asks again
///   once ``FieldSend/resendAfter`` seconds have passed since the last send (at once when the last
///   failed, or nothing was sent yet); ``resendIn(_:)`` says how long is left.
/// - ``Action/sent(ticket:_:)`` answers a send: `ok` starts its cooldown (and its expiry); a
///   refusal shows its message as the field's error.
/// - ``Action/tick(seconds:)`` moves the walk's clock; a send past its ``FieldSend/expiresAfter``
///   says ``FlowEvent/expired(field:)`` once, and the field then fails until a new send is made.
///
/// A ticket is unique within a walk. Ticks apply in every phase until the walk ends; answers
/// with a stale ticket never do anything.
extension FlowReducer {
    func reduceService(_ state: inout State, action: Action, events: inout [FlowEvent]) {
        guard !state.phase.hasEnded else { return }
        switch action {
        case .checked(let ticket, let answer):
            guard state.phase == .editing, let pending = state.checking, pending.ticket == ticket,
                state.focus == pending.field, let index = spec.index(of: pending.field)
            else { return }
            state.checking = nil
            let id = pending.field
            switch answer {
            case .ok:
                state.checked.insert(id)
                events.append(.checked(field: id, ticket: ticket, passed: true))
                switch pending.onward {
                case .submitted, .passing: advance(&state, from: index, events: &events)
                case .finishing: finish(&state, from: index, events: &events)
                case .jump(let id):
                    var visibility = VisibilityMemo(self)
                    guard let target = spec.index(of: id), target != index, visibility.isVisible(target, in: state) else {
                        return advance(&state, from: index, events: &events)
                    }
                    jump(&state, from: index, to: target, visibility: &visibility, events: &events)
                }
            case .refused, .unavailable:
                let label = label(at: index, in: state)
                let message =
                    if case .refused(let message) = answer {
                        shown(message, of: index, in: state) ?? spec.language.messages.checkRefused(label)
                    } else {
                        spec.language.messages.checkUnavailable(label)
                    }
                state.errors[id] = message
                events += [.checked(field: id, ticket: ticket, passed: false), .invalid(field: id, message: message)]
            }
        case .sent(let ticket, let answer):
            guard let id = sendingField(ticket, in: state), let index = spec.index(of: id) else { return }
            state.sends[id]?.ticket = nil
            switch answer {
            case .ok:
                state.sends[id]?.sentAt = state.clock
                state.sends[id]?.expired = false
                if state.errors[id] != nil { state.errors[id] = failure(of: index, in: state) }
                events.append(.sent(field: id, ticket: ticket, ok: true))
            case .refused(let message):
                state.errors[id] = shown(message, of: index, in: state) ?? spec.language.messages.sendUnavailable
                events.append(.sent(field: id, ticket: ticket, ok: false))
            case .unavailable:
                state.errors[id] = spec.language.messages.sendUnavailable
                events.append(.sent(field: id, ticket: ticket, ok: false))
            }
        case .resend:
            guard state.phase == .editing, let id = state.focus, let send = spec[id]?.send, resendIn(state) == 0 else { return }
            startSend(&state, field: id, send: send, events: &events)
        case .tick(let seconds):
            guard seconds > 0 else { return }
            state.clock += seconds
            guard !state.sends.isEmpty else { return }
            for (id, sending) in state.sends.sorted(by: { (spec.index(of: $0.key) ?? 0) < (spec.index(of: $1.key) ?? 0) }) {
                guard !sending.expired, let sentAt = sending.sentAt, let life = spec[id]?.send?.expiresAfter,
                    state.clock >= sentAt + life
                else { continue }
                state.sends[id]?.expired = true
                events.append(.expired(field: id))
            }
        default:
            return
        }
    }

    /// What a host's refusal shows as the field's error: its first line as plain words, without
    /// escape sequences, control or invisible characters (``DisplayText/plainLine(_:)``: a
    /// message never moves the cursor, colours a screen or reorders its line), at most 200
    /// characters; `nil` when that leaves nothing to say, or when it would show a secure field's
    /// value, as it is or changed (``SecretEcho``: a checker that echoed the password upper-cased,
    /// spaced out or reversed): the field's own words are shown then.
    func shown(_ message: String, of index: Int, in state: State) -> String? {
        let text = DisplayText.plainLine(message)
        guard !text.isEmpty else { return nil }
        let shown = text.count > 200 ? String(text.prefix(199)) + "…" : text
        if spec.layout.secure[index], SecretEcho.repeats(state.text(of: spec.layout.ids[index]), in: shown) { return nil }
        return shown
    }

    /// Seconds before the focused field's code may be sent again: 0 when it may be now, `nil`
    /// when the focused field sends nothing or its send awaits the host's answer.
    public func resendIn(_ state: State) -> Int? {
        guard let id = state.focus, let send = spec[id]?.send else { return nil }
        guard let sending = state.sends[id] else { return 0 }
        if sending.ticket != nil { return nil }
        guard let sentAt = sending.sentAt else { return 0 }
        return max(0, sentAt + send.resendAfter - state.clock)
    }

    /// The check the host is asked for now, with what it needs: the field's value (a secure one
    /// too: the host receives the answers anyway) and the non-secure answers before it.
    public func pendingCheck(in state: State) -> CheckRequest? {
        guard let pending = state.checking, let index = spec.index(of: pending.field) else { return nil }
        return CheckRequest(
            ticket: pending.ticket, field: pending.field, name: pending.check, value: state.fields[position: index].answer,
            answers: answers(before: index, in: state))
    }

    /// The send the host is asked for with `ticket`, with the non-secure answers before its field.
    public func pendingSend(_ ticket: Int, in state: State) -> CheckRequest? {
        guard let id = sendingField(ticket, in: state), let index = spec.index(of: id),
            let send = spec.fields[index].send
        else { return nil }
        return CheckRequest(ticket: ticket, field: id, name: send.name, value: nil, answers: answers(before: index, in: state))
    }

    /// The field whose send awaits the answer with `ticket`.
    private func sendingField(_ ticket: Int, in state: State) -> FieldID? {
        state.sends.first { $0.value.ticket == ticket }?.key
    }

    /// The visible, non-secure answers of the fields before `index`.
    func answers(before index: Int, in state: State) -> FlowResult {
        var visibility = VisibilityMemo(self)
        return FlowResult(
            answers: (0..<index).filter { !spec.layout.secure[$0] && visibility.isVisible($0, in: state) }.map {
                .init(field: spec.layout.ids[$0], answer: state.fields[position: $0].answer)
            })
    }

    /// The gate after a field's rules pass: whether its check passed for this answer. If not,
    /// focus goes to the field and its check is asked (or, pending already, said to be).
    ///
    /// - Parameter onward: where the walk goes once the check passes (``PendingCheck/Onward``);
    ///   when `nil`, on as Next: the person submitted the field at `index`, or the walk passes
    ///   over the field at `position`.
    func passesCheck(_ state: inout State, _ position: Int, events: inout [FlowEvent], movingFrom index: Int, onward: PendingCheck.Onward? = nil) -> Bool {
        let id = spec.layout.ids[position]
        guard let name = spec.fields[position].check, !state.checked.contains(id) else { return true }
        if let pending = state.checking, pending.field == id, position == index {
            events.append(.waiting(field: id, ticket: pending.ticket))
            return false
        }
        if position != index { move(&state, from: index, to: position, events: &events) }
        state.lastTicket += 1
        let onward = onward ?? (position == index ? .submitted : .passing)
        state.checking = PendingCheck(ticket: state.lastTicket, field: id, check: name, onward: onward)
        events.append(.checking(field: id, check: name, ticket: state.lastTicket))
        return false
    }

    /// After an edit of `id`'s answer: its check passes no more, and a pending one is stale.
    func forgetCheck(_ state: inout State, of id: FieldID) {
        state.checked.remove(id)
        if state.checking?.field == id { state.checking = nil }
    }

    /// The walk's start reaches its focused field: a send that field makes is asked for with the
    /// first ticket (``startEvents(of:)`` says it), and nothing else is.
    func reachFirst(_ state: inout State) {
        state.sends = [:]
        state.lastTicket = 0
        // The lists given stay (a draft's, a recording's); no request is pending any more.
        for id in state.optionLists.keys { state.optionLists[id]?.ticket = nil }
        guard let focus = state.focus, let index = spec.index(of: focus) else { return }
        var ignored: [FlowEvent] = []
        if let send = spec.fields[index].send { startSend(&state, field: focus, send: send, events: &ignored) }
        if spec.fields[index].optionSource != nil { reachOptions(&state, at: index, events: &ignored) }
    }

    /// What a walk's start says: focus on its field, and the send or the options that field asks for.
    public func startEvents(of state: State) -> [FlowEvent] {
        var events: [FlowEvent] = [.focusMoved(from: nil, to: state.focus)]
        if let focus = state.focus, let send = spec[focus]?.send, let ticket = state.sends[focus]?.ticket {
            events.append(.sending(field: focus, send: send.name, ticket: ticket))
        }
        if let focus = state.focus, let source = spec[focus]?.optionSource, let list = state.optionLists[focus], let ticket = list.ticket {
            events.append(.loadingOptions(field: focus, source: source.name, ticket: ticket, query: list.query))
        }
        return events
    }

    /// Asks the host to send for `field` with a new ticket.
    func startSend(_ state: inout State, field id: FieldID, send: FieldSend, events: inout [FlowEvent]) {
        state.lastTicket += 1
        state.sends[id, default: SendState()].ticket = state.lastTicket
        events.append(.sending(field: id, send: send.name, ticket: state.lastTicket))
    }
}

/// A host's answer to a check or a send.
public enum ServiceAnswer: Sendable, Hashable {
    /// The check passed; the send was made.
    case ok
    /// The check refused the answer, or the send failed, with what the person reads.
    case refused(String)
    /// The check or send could not be made (no answer in time, a failure of the host's own).
    case unavailable
}

/// What a host needs to make a check or a send.
public struct CheckRequest: Sendable, Equatable {
    public var ticket: Int
    public var field: FieldID
    /// The check's or the send's name.
    public var name: String
    /// The field's answer, for a check; `nil` for a send.
    public var value: FieldAnswer?
    /// The non-secure answers of the visible fields before this one.
    public var answers: FlowResult

    public init(ticket: Int, field: FieldID, name: String, value: FieldAnswer?, answers: FlowResult) {
        self.ticket = ticket
        self.field = field
        self.name = name
        self.value = value
        self.answers = answers
    }
}

extension CheckRequest: CustomStringConvertible {
    /// The request with its value masked: it may be a secret.
    public var description: String {
        "CheckRequest(ticket: \(ticket), field: \"\(field)\", name: \"\(name)\"\(value == nil ? "" : ", value: <masked>"), answers: \(answers))"
    }
}
