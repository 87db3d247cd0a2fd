/// What a flow says happened, in the order it happened.
///
/// A secure field's text appears in no event but ``completed(_:)``: its ``changed(field:old:new:)``
/// carries `nil` for both texts. Every event is spelled once, in `parts`: its protocol name
/// and members, from which ``name``, ``description`` and the protocol's JSON are all made.
public enum FlowEvent: Sendable, Hashable {
    /// Focus moved; `to` is `nil` when the flow completed or was cancelled.
    case focusMoved(from: FieldID?, to: FieldID?)
    /// The surface of the focused text field changed (a step to or from a secure field, or a reveal).
    case surfaceChanged(field: FieldID, from: Surface, to: Surface)
    /// The active keyboard changed.
    case keyboardChanged(from: KeyboardType, to: KeyboardType)
    /// The field's text (a choice field's filter) changed; `nil` texts for a secure field.
    ///
    /// The flow says this for every change of text, clearing included: a ``TextFieldReducer``
    /// says only `cleared` when cleared (the search-field reducer's contract), so the flow says
    /// `changed(old:, new: "")` before `cleared` when there was text, and a host that follows
    /// `changed` alone stays in step.
    case changed(field: FieldID, old: String?, new: String?)
    /// The field was submitted (Return, or the keyboard's Next key).
    case submitted(field: FieldID)
    /// The field was cleared.
    case cleared(field: FieldID)
    /// A confirm field's answer changed (`nil`: not answered).
    case answered(field: FieldID, old: Bool?, new: Bool?)
    /// A select field's choice changed.
    case chosen(field: FieldID, old: String?, new: String?)
    /// A multi-select field's option `value` was chosen (`selected`) or let go.
    case toggled(field: FieldID, value: String, selected: Bool)
    /// A choice field's highlight moved.
    case highlighted(field: FieldID, from: String?, to: String?)
    /// Input outside the field's keyboard, or a value that is none of its options, was
    /// refused; nothing changed.
    case rejected(field: FieldID)
    /// A rule failed, so focus did not move forward.
    case invalid(field: FieldID, message: String)
    /// Every visible field passed its rules and the flow shows them for review (a flow with
    /// ``FlowSpec/review``); focus cleared with the `focusMoved` before it.
    case reviewing
    /// Every visible field passed its rules: the answers.
    case completed(FlowResult)
    /// The person cancelled the flow.
    case cancelled
    /// The field's answer passed its rules and the host is asked to check it: answer with
    /// ``FlowReducer/Action/checked(ticket:_:)`` and this ticket (``FlowReducer/pendingCheck(in:)``
    /// says the value).
    case checking(field: FieldID, check: String, ticket: Int)
    /// Next while the field's check is pending: nothing moves until the host answers.
    case waiting(field: FieldID, ticket: Int)
    /// The host answered the field's check: passed, or refused (an `invalid` follows).
    case checked(field: FieldID, ticket: Int, passed: Bool)
    /// The host is asked to send for the field (a code): answer with
    /// ``FlowReducer/Action/sent(ticket:_:)`` and this ticket.
    case sending(field: FieldID, send: String, ticket: Int)
    /// The host answered the field's send: sent, or not (the field's error says why).
    case sent(field: FieldID, ticket: Int, ok: Bool)
    /// What the field's last send sent has expired.
    case expired(field: FieldID)
    /// A change of the field `because` hid these fields, in field order, and their answers are
    /// left out of the result: said once, by the action that hid them, for each field that held
    /// an answer the person gave (a flow's default counts once the review has shown it). A field
    /// hidden while it holds nothing is not named, and the event carries no value, only ids.
    case dropped(fields: [FieldID], because: FieldID)
    /// The host is asked for the field's options (``OptionSource``): answer with
    /// ``FlowReducer/Action/options(ticket:_:)`` and this ticket; `query` is the person's filter
    /// for a source with `search`, else `nil`.
    case loadingOptions(field: FieldID, source: String, ticket: Int, query: String?)
    /// The host answered the field's request for options: a list, or not (the field's error says why).
    case optionsLoaded(field: FieldID, ticket: Int, ok: Bool)
    /// A new list no longer holds the chosen option `value`: it is let go (a note the fronts show).
    case optionDropped(field: FieldID, value: String)

    /// Every event's protocol name, in the order the protocol documents them.
    public enum Name: String, Sendable, CaseIterable {
        case focusMoved, surfaceChanged, keyboardChanged, changed, submitted, cleared
        case answered, chosen, toggled, highlighted
        case rejected, invalid, reviewing, completed, cancelled
        case checking, waiting, checked, sending, sent, expired
        case dropped
        case loadingOptions, optionsLoaded, optionDropped

        /// The kinds of field a flow needs for this event to be said; `nil` for any flow.
        public var kinds: Set<FieldKind>? {
            switch self {
            case .answered: [.confirm]
            case .chosen: [.select]
            case .toggled: [.multiSelect]
            case .highlighted, .loadingOptions, .optionsLoaded, .optionDropped: [.select, .multiSelect]
            default: nil
            }
        }
    }

    /// A member's value, as both the JSON and the Swift forms write it.
    package enum Member {
        case id(FieldID?)
        /// Several fields, in order.
        case ids([FieldID])
        /// A text; `nil` is written `nil` in Swift and left out of JSON (a secure text).
        case text(String?)
        /// A text that may be JSON `null`.
        case optional(String?)
        case bool(Bool?)
        case int(Int)
        /// A name: `.secure` in Swift, `"secure"` in JSON.
        case word(String)
        case message(String)
        case answers(FlowResult)
    }

    /// The event's protocol name and members, in order: the one place an event is spelled.
    package var parts: (name: Name, members: KeyValuePairs<String, Member>) {
        switch self {
        case .focusMoved(let from, let to): (.focusMoved, ["from": .id(from), "to": .id(to)])
        case .surfaceChanged(let field, let from, let to):
            (.surfaceChanged, ["field": .id(field), "from": .word(from.rawValue), "to": .word(to.rawValue)])
        case .keyboardChanged(let from, let to): (.keyboardChanged, ["from": .word(from.rawValue), "to": .word(to.rawValue)])
        case .changed(let field, let old, let new): (.changed, ["field": .id(field), "old": .text(old), "new": .text(new)])
        case .submitted(let field): (.submitted, ["field": .id(field)])
        case .cleared(let field): (.cleared, ["field": .id(field)])
        case .answered(let field, let old, let new): (.answered, ["field": .id(field), "old": .bool(old), "new": .bool(new)])
        case .chosen(let field, let old, let new): (.chosen, ["field": .id(field), "old": .optional(old), "new": .optional(new)])
        case .toggled(let field, let value, let selected):
            (.toggled, ["field": .id(field), "value": .optional(value), "selected": .bool(selected)])
        case .highlighted(let field, let from, let to): (.highlighted, ["field": .id(field), "from": .optional(from), "to": .optional(to)])
        case .rejected(let field): (.rejected, ["field": .id(field)])
        case .invalid(let field, let message): (.invalid, ["field": .id(field), "message": .message(message)])
        case .reviewing: (.reviewing, [:])
        case .completed(let result): (.completed, ["values": .answers(result)])
        case .cancelled: (.cancelled, [:])
        case .checking(let field, let check, let ticket): (.checking, ["field": .id(field), "check": .message(check), "ticket": .int(ticket)])
        case .waiting(let field, let ticket): (.waiting, ["field": .id(field), "ticket": .int(ticket)])
        case .checked(let field, let ticket, let passed): (.checked, ["field": .id(field), "ticket": .int(ticket), "passed": .bool(passed)])
        case .sending(let field, let send, let ticket): (.sending, ["field": .id(field), "send": .message(send), "ticket": .int(ticket)])
        case .sent(let field, let ticket, let ok): (.sent, ["field": .id(field), "ticket": .int(ticket), "ok": .bool(ok)])
        case .expired(let field): (.expired, ["field": .id(field)])
        case .dropped(let fields, let because): (.dropped, ["fields": .ids(fields), "because": .id(because)])
        case .loadingOptions(let field, let source, let ticket, let query):
            (.loadingOptions, ["field": .id(field), "source": .message(source), "ticket": .int(ticket), "query": .text(query)])
        case .optionsLoaded(let field, let ticket, let ok): (.optionsLoaded, ["field": .id(field), "ticket": .int(ticket), "ok": .bool(ok)])
        case .optionDropped(let field, let value): (.optionDropped, ["field": .id(field), "value": .message(value)])
        }
    }

    /// The event's name as the JSON-lines protocol spells it.
    public var name: String { parts.name.rawValue }
}

extension FlowEvent: CustomStringConvertible {
    /// The event as Swift source (`focusMoved(from: "email", to: "password")`), never showing a
    /// secure value: a secure field's `changed` has `nil` texts, and `completed` masks them.
    public var description: String {
        let (name, members) = parts
        if case .completed(let result) = self { return "completed(\(result))" }
        if members.isEmpty { return name.rawValue }
        let list = members.map { key, value -> String in
            let shown: String =
                switch value {
                case .id(let id): id.map { "\"\($0)\"" } ?? "nil"
                case .ids(let ids): "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                case .text(let text), .optional(let text): text.map { $0.debugDescription } ?? "nil"
                case .bool(let flag): flag.map(String.init) ?? "nil"
                case .int(let number): String(number)
                case .word(let word): ".\(word)"
                case .message(let message): message.debugDescription
                case .answers(let result): result.description
                }
            return "\(key): \(shown)"
        }
        return "\(name.rawValue)(\(list.joined(separator: ", ")))"
    }
}
