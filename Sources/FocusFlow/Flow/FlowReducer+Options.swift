/// Options from the service: a select or multi-select whose ``FieldSpec/optionSource`` names
/// the list the host gives.
///
/// - When focus reaches such a field and the walk holds no list for it (or, with
///   ``OptionSource/search``, none for the filter as it stands), a new ticket goes in
///   ``State/optionLists`` and ``FlowEvent/loadingOptions(field:source:ticket:query:)`` asks the
///   host. With `search`, each change of the filter asks again with the new query: the newer
///   ticket makes the older one stale, exactly as an edit makes a check stale. The engine stays
///   pure: a front waits for a pause in the typing (150 ms) before it performs the newest
///   request, and never performs a stale one.
/// - ``Action/options(ticket:_:)`` with the pending ticket: ``OptionsAnswer/list(_:)`` becomes the
///   field's options (labels as plain words, a repeated value kept once). The filter, its
///   cursor and the highlight stay where they are (a highlight the list lacks goes to its first
///   option); a chosen option the list no longer holds is let go with
///   ``FlowEvent/optionDropped(field:value:)``, which the fronts show as a note.
///   ``OptionsAnswer/refused(_:)`` shows its message as the field's error;
///   ``OptionsAnswer/unavailable`` says that the list could not be had. Any other ticket changes
///   nothing.
/// - Until a list arrived, Next is refused with a sentence (``RuleMessages/optionsLoading(_:)``);
///   Next on a field whose last request failed asks again. Answers are held to the list given:
///   a `select`, a `toggle`, a typed line or a prefilled answer the list lacks is refused or let go.
/// - The lists stay in the state: a draft or a recording that keeps the state, or the answers
///   to its requests, walks again with no service.
extension FlowReducer {
    /// The field at `index` with the options the service gave, for a field whose options come
    /// from the service (none until a list arrived); the field as the flow gives it otherwise.
    /// ``field(_:in:)`` adds the answers its texts name.
    @inline(__always)
    func withOptions(at index: Int, in state: State) -> FieldSpec {
        guard let source = spec.fields[index].optionSource else { return spec.fields[index] }
        return spec.fields[index].given(state.optionLists[spec.layout.ids[index]]?.options ?? [], searched: source.search)
    }

    /// Whether the field `id` waits for its options from the service (a request is pending).
    public func isLoadingOptions(_ id: FieldID, in state: State) -> Bool {
        state.optionLists[id]?.ticket != nil
    }

    /// What a host needs to give the list asked with `ticket`: the field, the source's name,
    /// the query (with `search`) and the non-secure answers before the field; `nil` for a
    /// ticket the walk no longer waits for.
    public func pendingOptions(_ ticket: Int, in state: State) -> OptionRequest? {
        guard let (id, list) = state.optionLists.first(where: { $0.value.ticket == ticket }), let index = spec.index(of: id),
            let source = spec.fields[index].optionSource
        else { return nil }
        return OptionRequest(ticket: ticket, field: id, source: source.name, query: list.query, answers: answers(before: index, in: state))
    }

    /// Every list the walk waits for, in the order of their tickets.
    public func pendingOptions(in state: State) -> [OptionRequest] {
        state.optionLists.values.compactMap(\.ticket).sorted().compactMap { pendingOptions($0, in: state) }
    }

    /// Focus reached the field at `index`: its options are asked for unless the walk holds a
    /// list for it (for the filter as it stands, with `search`) or waits for one.
    func reachOptions(_ state: inout State, at index: Int, events: inout [FlowEvent]) {
        guard let source = spec.fields[index].optionSource else { return }
        if let list = state.optionLists[spec.layout.ids[index]] {
            if list.ticket != nil { return }
            if list.options != nil, list.refusal == nil, !source.search || list.query == state.text(at: index) { return }
        }
        requestOptions(&state, at: index, source: source, events: &events)
    }

    /// Asks the host for the options of the field at `index` with a new ticket: any older one is stale.
    func requestOptions(_ state: inout State, at index: Int, source: OptionSource, events: inout [FlowEvent]) {
        let id = spec.layout.ids[index]
        state.lastTicket += 1
        let query = source.search ? state.text(at: index) : nil
        state.optionLists[id, default: GivenOptions()].ticket = state.lastTicket
        state.optionLists[id]?.query = query
        events.append(.loadingOptions(field: id, source: source.name, ticket: state.lastTicket, query: query))
    }

    /// After the filter of the field at `index` changed: a search asks again for the new query.
    func filterChanged(_ state: inout State, at index: Int, events: inout [FlowEvent]) {
        guard let source = spec.fields[index].optionSource, source.search else { return }
        requestOptions(&state, at: index, source: source, events: &events)
    }

    /// Why the field at `index` cannot be passed for want of its list: loading, refused or
    /// unavailable; `nil` once a list arrived (or for a field with its options in the flow).
    func optionsFailure(of index: Int, in state: State) -> String? {
        guard spec.fields[index].optionSource != nil else { return nil }
        let list = state.optionLists[spec.layout.ids[index]]
        if list?.ticket == nil, list?.options != nil { return nil }
        if list?.ticket == nil, let refusal = list?.refusal { return refusal }
        return spec.language.messages.optionsLoading(spec.fields[index].label)
    }

    /// Next on the field at `index` without its list: a request that failed (or was never made)
    /// is made again, and the sentence says the list is loading.
    func retryOptions(_ state: inout State, at index: Int, events: inout [FlowEvent]) -> String? {
        guard let source = spec.fields[index].optionSource, optionsFailure(of: index, in: state) != nil else { return nil }
        if state.optionLists[spec.layout.ids[index]]?.ticket == nil { requestOptions(&state, at: index, source: source, events: &events) }
        return spec.language.messages.optionsLoading(spec.fields[index].label)
    }

    /// ``Action/options(ticket:_:)``.
    func reduceOptions(_ state: inout State, ticket: Int, answer: OptionsAnswer, events: inout [FlowEvent]) {
        guard !state.phase.hasEnded, let (id, _) = state.optionLists.first(where: { $0.value.ticket == ticket }),
            let index = spec.index(of: id)
        else { return }
        state.optionLists[id]?.ticket = nil
        let label = spec.fields[index].label
        switch answer {
        case .list(let options):
            state.optionLists[id]?.options = Self.shown(options)
            state.optionLists[id]?.refusal = nil
            events.append(.optionsLoaded(field: id, ticket: ticket, ok: true))
            keepChoices(&state, at: index, events: &events)
            if state.errors[id] != nil { state.errors[id] = failure(of: index, in: state) }
        case .refused(let message):
            let shown = shown(message, of: index, in: state) ?? spec.language.messages.optionsRefused(label)
            state.optionLists[id]?.refusal = shown
            state.errors[id] = shown
            events += [.optionsLoaded(field: id, ticket: ticket, ok: false), .invalid(field: id, message: shown)]
        case .unavailable:
            let message = spec.language.messages.optionsUnavailable(label)
            state.optionLists[id]?.refusal = message
            state.errors[id] = message
            events += [.optionsLoaded(field: id, ticket: ticket, ok: false), .invalid(field: id, message: message)]
        }
    }

    /// A new list for the field at `index`: a chosen option it lacks is let go with a note, and
    /// a highlight it lacks goes back to the first option. The filter is left as it is.
    func keepChoices(_ state: inout State, at index: Int, events: inout [FlowEvent]) {
        state.fields[position: index].optionsGiven(field: field(at: index, in: state)) { events.append($0) }
    }

    /// A host's options as a screen may show them: each label a plain line (no escape sequence
    /// reaches a terminal), an empty label the value's, a value given twice kept once, at most
    /// ``OptionList/Given/limit``.
    static func shown(_ options: [FieldOption]) -> [FieldOption] {
        var seen: Set<String> = []
        var kept: [FieldOption] = []
        for option in options where kept.count < GivenOptions.limit && !option.value.isEmpty && seen.insert(option.value).inserted {
            let label = DisplayText.plainLine(option.label)
            kept.append(FieldOption(value: option.value, label: label.isEmpty ? DisplayText.plainLine(option.value) : label))
        }
        return kept
    }
}

/// The options a service gave one field, and its request pending, as the walk's state keeps
/// them (``FlowReducer/State/optionLists``).
public struct GivenOptions: Sendable, Hashable, Codable {
    /// The most options a list keeps: a host that sends more has the rest left out.
    public static let limit = 10_000

    /// The last list given; `nil` until one arrived.
    public var options: [FieldOption]?
    /// The ticket of the request the walk waits for; `nil` when none is pending.
    public var ticket: Int?
    /// The filter the pending request (else the last list) was asked for, with `search`.
    public var query: String?
    /// What the field's error said when the last request was refused or could not be made.
    public var refusal: String?

    public init(options: [FieldOption]? = nil, ticket: Int? = nil, query: String? = nil, refusal: String? = nil) {
        self.options = options
        self.ticket = ticket
        self.query = query
        self.refusal = refusal
    }
}

/// A host's answer to a request for options (``FlowEvent/loadingOptions(field:source:ticket:query:)``).
public enum OptionsAnswer: Sendable, Hashable {
    /// The options, in the order shown.
    case list([FieldOption])
    /// The service refused, with what the person reads.
    case refused(String)
    /// The list could not be had (no answer in time, a failure of the host's own).
    case unavailable
}

/// What a host needs to give a field's options.
public struct OptionRequest: Sendable, Equatable {
    public var ticket: Int
    public var field: FieldID
    /// The source's name (`"cities"`).
    public var source: String
    /// The person's filter, for a source with `search`; `nil` otherwise.
    public var query: String?
    /// The non-secure answers of the visible fields before this one.
    public var answers: FlowResult

    public init(ticket: Int, field: FieldID, source: String, query: String?, answers: FlowResult) {
        self.ticket = ticket
        self.field = field
        self.source = source
        self.query = query
        self.answers = answers
    }
}

extension RuleMessages {
    /// `City: the options are still loading.`
    public func optionsLoading(_ label: String) -> String {
        switch language {
        case .en: "\(label): the options are still loading."
        case .ko: "\(label): 선택지를 아직 불러오는 중입니다."
        }
    }

    /// `City: the options could not be loaded; press Enter to try again, or go back.`
    public func optionsUnavailable(_ label: String) -> String {
        switch language {
        case .en: "\(label): the options could not be loaded; press Enter to try again, or go back."
        case .ko: "\(label): 선택지를 불러오지 못했습니다. Enter로 다시 시도하거나 이전으로 돌아가세요."
        }
    }

    /// `City: the options were refused.`: a refusal that said nothing the person could be shown.
    public func optionsRefused(_ label: String) -> String {
        switch language {
        case .en: "\(label): the options were refused."
        case .ko: "\(label): 선택지를 받지 못했습니다."
        }
    }
}
