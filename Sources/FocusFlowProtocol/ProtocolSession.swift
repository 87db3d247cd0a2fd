import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON-lines protocol over one flow: each request line gets one response line.
///
/// ```text
/// → {"action":"text","value":"ada@example.com"}
/// ← {"events":[{"event":"changed","field":"email","old":"","new":"ada@example.com"}],"state":{…}}
/// ```
///
/// A response is `{"events":[…],"state":{"phase","focus","step","steps","surface","keyboard",
/// "revealed","error"}}` (and `"section","sectionStep","sectionSteps"` in a flow with sections). `step` and
/// `steps` are ``/FocusFlow/FlowProgress``'s; once completed both are the
/// number of fields answered, and once cancelled they say where the person was. A malformed request, or one that cannot apply (a jump to an unknown or
/// hidden field, anything after the flow ended), gets `{"error":"…"}` and changes nothing.
/// A secure value leaves FocusFlow only in `completed`'s values and in the check that hands it
/// to the host (the protocol's `checking` event, `pendingCheck(in:)` in Swift), and every
/// protocol event that carries one says `"secret":true`. The first response starts with
/// `"protocol":` and ``version``; `{"action":"describe"}` answers the flow's fields.
public struct ProtocolSession: Sendable {
    /// The protocol's version, said in the first response: 2 added field kinds (`set`,
    /// `select`, `toggle`, `highlight`, `describe`, and typed `completed` values).
    public static let version = 2

    public let reducer: FlowReducer
    public private(set) var state: FlowReducer.State
    private var events: [FlowEvent] = []
    /// Where the person was when they cancelled: a cancelled state has no focus to say it.
    private var cancelledAt: FlowProgress?
    /// The field the person was on when they cancelled, for a snapshot taken after.
    private(set) var cancelledFocus: FieldID?
    /// The response being written, reused from request to request (see ``keptCapacity``).
    private var out = JSONWriter()
    /// The most a response's buffer keeps for the next: a longer response (a long text said
    /// back) lets it go, so that a server of many sessions does not hold a long response's worth
    /// for each.
    static let keptCapacity = 1 << 12
    /// Whether the flow has checks, sends, requirements and sections, whose keys its state then carries.
    private let services: (checks: Bool, sends: Bool, requirements: Bool, sections: Bool, optionSources: Bool)

    public init(spec: FlowSpec) {
        reducer = FlowReducer(spec: spec)
        state = reducer.initialState()
        services = (
            spec.fields.contains { $0.check != nil }, spec.fields.contains { $0.send != nil },
            spec.fields.contains { !$0.requirements.isEmpty }, spec.fields.contains { $0.section != nil },
            spec.fields.contains { $0.optionSource != nil }
        )
    }

    /// The first response, written before any request: the initial focus.
    public func initialResponse() -> String {
        var copy = self
        return #"{"protocol":\#(Self.version),"# + copy.response(to: reducer.startEvents(of: state)).dropFirst()
    }

    /// Reads one request line and answers it.
    ///
    /// - Complexity: O(*n*) in the line's length, plus the reducer's work.
    public mutating func respond(toLine line: some Collection<UInt8>) -> String {
        do {
            return respond(to: try FlowRequest(line: line))
        } catch {
            return Self.error(error.message)
        }
    }

    /// Answers one request.
    public mutating func respond(to request: FlowRequest) -> String {
        switch request {
        case .describe: return describe()
        case .verify(let json): return verify(json)
        case .snapshot, .start, .restore: return respond(toSession: request)
        default: break
        }
        if let refusal = Self.reviewRefusal(request, in: state) { return Self.error(refusal) }
        guard state.phase == .editing || state.phase == .review else {
            return Self.error("the flow is \(state.phase); no request applies any more")
        }
        if case .focus(let id) = request {
            guard let index = reducer.spec.index(of: id) else {
                let ids = reducer.spec.fields.map(\.id.rawValue)
                let hint = Suggestion.nearest(to: id.rawValue, in: ids).map { "; did you mean \"\($0)\"?" } ?? ""
                return Self.error("no field \(Self.short(id.rawValue).debugDescription) in this flow\(hint)")
            }
            guard reducer.isVisible(id, in: state) else {
                let condition = reducer.spec.fields[index].when.map { " (it is shown only when \(Self.describe($0)))" } ?? ""
                return Self.error("field \"\(id)\" is hidden\(condition)")
            }
        }
        if case .remove(let id) = request, let refusal = removeRefusal(id) { return Self.error(refusal) }
        let row = request.parts.row
        if let kinds = row.kinds, let focus = state.focus, let field = reducer.spec[focus], !kinds.contains(field.kind) {
            let names = FieldKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ", ")
            return Self.error("\(row.name) applies to \(names) fields; \"\(focus)\" is a \(field.kind) field")
        }
        if let value = request.option, let focus = state.focus, let field = reducer.field(focus, in: state),
            !field.options.contains(where: { $0.value.isIdentical(to: value) })
        {
            let values = field.options.map(\.value)
            let hint = Suggestion.nearest(to: value, in: values).map { "; did you mean \"\($0)\"?" } ?? "; the options are \(values.joined(separator: ", "))"
            return Self.error("\(Self.short(value).debugDescription) is not an option of \"\(focus)\"\(hint)")
        }
        if case .resend = request, let refusal = resendRefusal() { return Self.error(refusal) }
        guard let action = request.action else { return describe() }
        events.removeAll(keepingCapacity: true)
        if case .cancel = request { (cancelledAt, cancelledFocus) = (reducer.progress(in: state), state.focus) }
        reducer.reduce(into: &state, action: action, events: &events)
        let response = response(to: events)
        // The events hold the texts they say (a change's old text): a session waiting for its
        // next request keeps none of them.
        events.removeAll(keepingCapacity: true)
        if state.phase.hasEnded { forgetSecrets() }
        return response
    }

    /// A walk that ended holds no secure value any more: `completed` handed them to the host,
    /// and no request but a snapshot (which never holds one) applies after the end. The buffers
    /// of the events and of the last response (`completed`'s values) go too, rather than keep
    /// their bytes in the capacity they keep for the next request.
    private mutating func forgetSecrets() {
        for field in reducer.spec.fields where field.secure && state.text(of: field.id) != "" {
            state.fields[field.id] = .init()
        }
        events = []
        out = JSONWriter()
    }

    /// `{"protocol":2,"flow":{"id","title"},"fields":[…]}`: each field's kind, label, hint,
    /// placeholder, secure, keyboard, options, default, rules, condition and whether it is
    /// visible now, so that a host in another language can draw them.
    private func describe() -> String {
        var out = JSONWriter()
        out.raw(#"{"protocol":"#)
        out.int(Self.version)
        out.raw(#","flow":{"id":"#); out.string(reducer.spec.id)
        out.raw(#","title":"#); out.string(reducer.spec.title)
        out.raw(#","language":"#); out.string(reducer.spec.language.rawValue)
        out.raw(#"},"fields":["#)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (index, written) in reducer.spec.fields.enumerated() {
            if index > 0 { out.raw(",") }
            // The texts as the person sees them now, with the answers they name.
            let field = reducer.field(written.id, in: state) ?? written
            out.raw(#"{"id":"#); out.string(field.id.rawValue)
            out.raw(#","kind":""#); out.raw(field.kind.rawValue)
            out.raw(#"","label":"#); out.string(field.label)
            out.raw(#","hint":"#); if let hint = field.hint { out.string(hint) } else { out.raw("null") }
            out.raw(#","placeholder":"#); if let placeholder = field.placeholder { out.string(placeholder) } else { out.raw("null") }
            // A field's section, in a flow that has sections (as the state says it).
            if services.sections { out.raw(#","section":"#); if let section = field.section { out.string(section) } else { out.raw("null") } }
            out.raw(#","secure":"#); out.bool(field.secure)
            out.raw(#","keyboard":""#); out.raw(field.keyboard.rawValue)
            out.raw(#"","options":["#)
            // A field whose options come from the service: the list the walk holds now.
            for (number, option) in reducer.field(field.id, in: state)!.options.enumerated() {
                if number > 0 { out.raw(",") }
                out.raw(#"{"value":"#); out.string(option.value)
                out.raw(#","label":"#); out.string(option.label); out.raw("}")
            }
            out.raw(#"],"default":"#)
            if let value = field.default, !field.secure { value.write(into: &out) } else { out.raw("null") }
            field.writeKindSettings(into: &out)
            out.raw(#","rules":"#)
            out.raw((try? encoder.encode(field.rules)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
            out.raw(#","when":"#)
            out.raw(field.when.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "null")
            // What a field asks of its host, written only where the flow gives it.
            if let check = field.check { out.raw(#","check":"#); out.string(check) }
            if let source = field.optionSource {
                out.raw(#","optionSource":{"from":"#); out.string(source.name)
                out.raw(#","search":"#); out.bool(source.search); out.raw("}")
            }
            if let send = field.send {
                out.raw(#","send":{"name":"#); out.string(send.name)
                out.raw(#","resendAfter":"#); out.int(send.resendAfter)
                out.raw(#","expiresAfter":"#); if let life = send.expiresAfter { out.int(life) } else { out.raw("null") }
                out.raw("}")
            }
            if !field.requirements.isEmpty {
                out.raw(#","requirements":["#)
                for (number, requirement) in field.requirements.enumerated() {
                    if number > 0 { out.raw(",") }
                    requirement.write(into: &out)
                }
                out.raw("]")
            }
            if !field.prefill { out.raw(#","prefill":false"#) }
            // The texts that name answers, as the flow writes them, for a host that shows them itself.
            if !written.namedAnswers.isEmpty {
                out.raw(#","templates":{"#)
                for (number, key) in FieldSpec.Text.allCases.filter({ !written.answers(namedIn: $0).isEmpty }).enumerated() {
                    if number > 0 { out.raw(",") }
                    out.string(key.rawValue); out.raw(":"); out.string(written.text(key) ?? "")
                }
                out.raw("}")
            }
            out.raw(#","visible":"#); out.bool(reducer.isVisible(field.id, in: state))
            out.raw("}")
        }
        out.raw("]")
        writeGroups(into: &out)
        out.raw("}")
        return out.text
    }

    /// `"groups":[{"id","label","minItems","maxItems","fields":[…]}]`, in a flow that has
    /// repeating groups: the fields above name an item's field by its path (`phones[0].number`)
    /// and the question whether to add item 1 by the item's (`phones[1]`).
    private func writeGroups(into out: inout JSONWriter) {
        let groups = reducer.spec.groups
        guard !groups.isEmpty else { return }
        out.raw(#","groups":["#)
        for (index, group) in groups.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw(#"{"id":"#); out.string(group.id.rawValue)
            out.raw(#","label":"#); out.string(group.label)
            out.raw(#","minItems":"#); out.int(group.minItems)
            out.raw(#","maxItems":"#); out.int(group.maxItems)
            out.raw(#","fields":["#)
            for (number, field) in group.fields.enumerated() {
                if number > 0 { out.raw(",") }
                out.string(field.id.rawValue)
            }
            out.raw("]}")
        }
        out.raw("]")
    }

    /// Why `remove` cannot apply to `id`: no group's item, or the group at its fewest items.
    private func removeRefusal(_ id: FieldID) -> String? {
        guard let (group, item) = reducer.groupItem(named: id) else {
            return "\(Self.short(id.rawValue).debugDescription) names no item of a repeating group (phones[1])"
        }
        let count = reducer.itemCount(of: group.id, in: state)
        if item >= count { return "\"\(group.id)\" has \(count) items; there is no item \(item)" }
        if count <= group.minItems { return "\"\(group.id)\" holds its fewest items (minItems \(group.minItems))" }
        return nil
    }

    /// Why `resend` cannot apply now: the focused field sends nothing, its send awaits its
    /// answer, or its cooldown runs; `nil` when it can.
    private func resendRefusal() -> String? {
        guard let focus = state.focus, reducer.spec[focus]?.send != nil else {
            return "resend applies to a field that sends; \(state.focus.map { "\"\($0)\"" } ?? "no field") sends nothing"
        }
        switch reducer.resendIn(state) {
        case nil: return "the send is waiting for its answer (\"sent\")"
        case 0?: return nil
        case let seconds?: return "the code can be sent again in \(seconds) s"
        }
    }

    /// `{"error":"…"}`.
    public static func error(_ message: String) -> String {
        #"{"error":\#(JSONText.quote(message))}"#
    }

    /// The message of a response ``error(_:)`` wrote, or `nil` for any other response.
    public static func errorMessage(of response: String) -> String? {
        guard response.hasPrefix(#"{"error":"#), response.hasSuffix("}"),
            let object = try? JSONDecoder().decode([String: String].self, from: Data(response.utf8))
        else { return nil }
        return object["error"]
    }

    /// Replaces the walk (`start`, `restore`).
    mutating func replace(with state: FlowReducer.State) {
        self.state = state
        (cancelledAt, cancelledFocus) = (nil, nil)
    }

    mutating func response(to events: [FlowEvent]) -> String {
        out.removeAll()
        out.raw(#"{"events":["#)
        for (index, event) in events.enumerated() {
            if index > 0 { out.raw(",") }
            let request = hostRequest(of: event)
            Self.write(event, secure: state.fields, secret: Self.carriesSecret(event, request: request, secure: state.fields), into: &out)
            if let request { write(request) }
        }
        out.raw(#"],"state":"#)
        let progress = state.phase == .cancelled ? cancelledAt ?? reducer.progress(in: state) : reducer.progress(in: state)
        out.raw(#"{"phase":""#)
        out.raw(state.phase.rawValue)
        out.raw(#"","focus":"#)
        out.id(state.focus)
        out.raw(#","step":"#)
        out.int(progress.step)
        out.raw(#","steps":"#)
        out.int(progress.steps)
        out.raw(#","surface":""#)
        out.raw(state.surface.rawValue)
        out.raw(#"","kind":"#)
        if let kind = state.focus.flatMap({ reducer.spec[$0]?.kind }) { out.string(kind.rawValue) } else { out.raw("null") }
        out.raw(#","keyboard":""#)
        out.raw(state.keyboard.rawValue)
        out.raw(#"","revealed":"#)
        out.bool(state.revealed)
        out.raw(#","error":"#)
        if let error = state.error { out.string(error) } else { out.raw("null") }
        // The keys of checks, sends and requirements, in a flow that has them.
        if services.checks {
            out.raw(#","checking":"#)
            out.bool(state.checking != nil)
        }
        // The focused field's source of options and whether its list is loading, in a flow that has one.
        if services.optionSources {
            let source = state.focus.flatMap { reducer.spec[$0]?.optionSource }
            out.raw(#","optionSource":"#)
            if let source { out.string(source.name) } else { out.raw("null") }
            out.raw(#","loadingOptions":"#)
            out.bool(state.focus.map { reducer.isLoadingOptions($0, in: state) } ?? false)
        }
        if services.sends {
            out.raw(#","resendIn":"#)
            if let seconds = reducer.resendIn(state) { out.int(seconds) } else { out.raw("null") }
        }
        if services.requirements {
            out.raw(#","requirements":["#)
            if let focus = state.focus, let index = reducer.spec.index(of: focus), !reducer.spec.fields[index].requirements.isEmpty {
                for (number, row) in reducer.spec.fields[index].requirementsMet(by: state.text(of: focus)).enumerated() {
                    if number > 0 { out.raw(",") }
                    out.raw(#"{"message":"#); out.string(row.requirement.message)
                    out.raw(#","met":"#); out.bool(row.met); out.raw("}")
                }
            }
            out.raw("]")
        }
        // The focused field's section and its step within it (``/FocusFlow/FlowProgress/Section``), in a flow that has sections.
        if services.sections {
            out.raw(#","section":"#)
            if let section = progress.section { out.string(section.name) } else { out.raw("null") }
            out.raw(#","sectionStep":"#)
            if let section = progress.section { out.int(section.step) } else { out.raw("null") }
            out.raw(#","sectionSteps":"#)
            if let section = progress.section { out.int(section.steps) } else { out.raw("null") }
        }
        if reducer.spec.review { Self.writeReview(of: state, into: &out) }
        out.raw("}}")
        let text = out.text
        if out.bytes.capacity > Self.keptCapacity { out = JSONWriter() }
        return text
    }

    /// After a `checking`, `sending` or `loadingOptions` event, what the host needs to answer it.
    private func hostRequest(of event: FlowEvent) -> CheckRequest? {
        switch event {
        case .checking(_, _, let ticket): reducer.pendingCheck(in: state).flatMap { $0.ticket == ticket ? $0 : nil }
        case .sending(_, _, let ticket): reducer.pendingSend(ticket, in: state)
        case .loadingOptions(_, _, let ticket, _):
            reducer.pendingOptions(ticket, in: state).map {
                CheckRequest(ticket: $0.ticket, field: $0.field, name: $0.source, value: nil, answers: $0.answers)
            }
        default: nil
        }
    }

    /// Whether `event`, as a response writes it with the host's `request`, carries a secure
    /// value: `completed` with a secure field's answer, or `checking` of a secure field, whose
    /// value the host checks. Such an event says `"secret":true`, so that a host that logs
    /// events can drop it by that one key.
    static func carriesSecret(_ event: FlowEvent, request: CheckRequest?, secure fields: FieldStates) -> Bool {
        switch event {
        case .completed(let result): result.answers.contains { $0.secure }
        case .checking(let field, _, _): request?.value != nil && fields.isSecure(field)
        default: false
        }
    }

    /// What the host needs to answer a `checking` or `sending` event: the field's value (a
    /// check's; a secure one too, the event then marked secret) and the non-secure answers
    /// before it, written inside the event's object (its closing brace is taken back).
    private mutating func write(_ request: CheckRequest) {
        out.dropLast()
        if let value = request.value {
            out.raw(#","value":"#); value.write(into: &out)
        }
        out.raw(#","answers":"#); request.answers.write(into: &out)
        out.raw("}")
    }

    /// One event as the protocol spells it; a secure field's `changed` carries no text, and a
    /// `completed` with a secure field's answer says `"secret":true`.
    public static func json(_ event: FlowEvent, secure fields: FieldStates) -> String {
        var out = JSONWriter(capacity: 64)
        write(event, secure: fields, secret: carriesSecret(event, request: nil, secure: fields), into: &out)
        return out.text
    }

    /// Writes `event` from its ``FlowEvent/parts``, `"secret":true` after its name when it
    /// carries a secure value; a secure field's texts are left out.
    private static func write(_ event: FlowEvent, secure fields: FieldStates, secret: Bool, into out: inout JSONWriter) {
        let (name, members) = event.parts
        out.raw(#"{"event":""#)
        out.raw(name.rawValue)
        out.raw("\"")
        if secret { out.raw(#","secret":true"#) }
        let secure = event.field.map(fields.isSecure) ?? false
        for (key, value) in members {
            switch value {
            case .text(let text):
                guard let text, !secure else { continue }
                out.raw(","); out.string(key); out.raw(":"); out.string(text)
            case .id(let id):
                out.raw(","); out.string(key); out.raw(":"); out.id(id)
            case .ids(let ids):
                out.raw(","); out.string(key); out.raw(":[")
                for (index, id) in ids.enumerated() {
                    if index > 0 { out.raw(",") }
                    out.id(id)
                }
                out.raw("]")
            case .optional(let text):
                out.raw(","); out.string(key); out.raw(":")
                if let text { out.string(text) } else { out.raw("null") }
            case .bool(let flag):
                out.raw(","); out.string(key); out.raw(":")
                if let flag { out.bool(flag) } else { out.raw("null") }
            case .int(let number):
                out.raw(","); out.string(key); out.raw(":"); out.int(number)
            case .word(let word):
                out.raw(","); out.string(key); out.raw(":"); out.string(word)
            case .message(let message):
                out.raw(","); out.string(key); out.raw(":"); out.string(message)
            case .answers(let result):
                out.raw(","); out.string(key); out.raw(":"); result.write(into: &out)
            }
        }
        out.raw("}")
    }

    private static func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    /// A condition in words: `"plan" is "team" and not ("country" is "kr")`.
    private static func describe(_ condition: FieldCondition) -> String {
        func inner(_ condition: FieldCondition) -> String {
            if case .leaf = condition { describe(condition) } else { "(\(describe(condition)))" }
        }
        return switch condition {
        case .leaf(let field, let test): "\"\(field)\" \(describe(test))"
        case .all(let list): list.map(inner).joined(separator: " and ")
        case .any(let list): list.map(inner).joined(separator: " or ")
        case .not(let condition): "not \(inner(condition))"
        }
    }

    private static func describe(_ test: FieldCondition.Test) -> String {
        switch test {
        case .equals(let value): "is \(value)"
        case .in(let values): "is one of \(values.map(\.description).joined(separator: ", "))"
        case .notEmpty(true): "is not empty"
        case .notEmpty(false): "is empty"
        case .range(let min?, let max?): "is from \(min) to \(max)"
        case .range(let min?, nil): "is at least \(min)"
        case .range(nil, let max?): "is at most \(max)"
        case .range(nil, nil): "is answered"
        }
    }
}
