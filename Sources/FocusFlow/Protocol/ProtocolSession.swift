/// The JSON-lines protocol over one flow: each request line gets one response line.
///
/// ```text
/// → {"action":"text","value":"ada@example.com"}
/// ← {"events":[{"event":"changed","field":"email","old":"","new":"ada@example.com"}],"state":{…}}
/// ```
///
/// A response is `{"events":[…],"state":{"phase","focus","step","steps","surface","keyboard",
/// "revealed","error"}}`. `step` and `steps` are ``FlowProgress``'s; once completed both are the
/// number of fields answered, and once cancelled they say where the person was. A malformed request, or one that cannot apply (a jump to an unknown or
/// hidden field, anything after the flow ended), gets `{"error":"…"}` and changes nothing.
/// Secure text appears only in `completed`'s `values`.
public struct ProtocolSession: Sendable {
    public let reducer: FlowReducer
    public private(set) var state: FlowReducer.State
    private var events: [FlowEvent] = []
    /// Where the person was when they cancelled: a cancelled state has no focus to say it.
    private var cancelledAt: FlowProgress?
    /// The response being written, reused from request to request.
    private var out = JSONWriter()

    public init(spec: FlowSpec) {
        reducer = FlowReducer(spec: spec)
        state = reducer.initialState()
    }

    /// The first response, written before any request: the initial focus.
    public func initialResponse() -> String {
        var copy = self
        return copy.response(to: [.focusMoved(from: nil, to: state.focus)])
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
        guard state.phase == .editing else {
            return Self.error("the flow is \(state.phase); no request applies any more")
        }
        if case .focus(let id) = request {
            guard let index = reducer.spec.index(of: id) else {
                let ids = reducer.spec.fields.map(\.id.rawValue)
                let hint = Suggestion.nearest(to: id.rawValue, in: ids).map { "; did you mean \"\($0)\"?" } ?? ""
                return Self.error("no field \(Self.short(id.rawValue).debugDescription) in this flow\(hint)")
            }
            guard reducer.isVisible(id, in: state) else {
                let condition = reducer.spec.fields[index].when.map { " (it is shown only when \"\($0.field)\" \(Self.describe($0.test)))" } ?? ""
                return Self.error("field \"\(id)\" is hidden\(condition)")
            }
        }
        events.removeAll(keepingCapacity: true)
        if case .cancel = request { cancelledAt = reducer.progress(in: state) }
        reducer.reduce(into: &state, action: request.action, events: &events)
        return response(to: events)
    }

    /// `{"error":"…"}`.
    public static func error(_ message: String) -> String {
        #"{"error":\#(JSONText.quote(message))}"#
    }

    private mutating func response(to events: [FlowEvent]) -> String {
        out.removeAll()
        out.raw(#"{"events":["#)
        for (index, event) in events.enumerated() {
            if index > 0 { out.raw(",") }
            Self.write(event, secure: state.fields, into: &out)
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
        out.raw(#"","keyboard":""#)
        out.raw(state.keyboard.rawValue)
        out.raw(#"","revealed":"#)
        out.bool(state.revealed)
        out.raw(#","error":"#)
        if let error = state.error { out.string(error) } else { out.raw("null") }
        out.raw("}}")
        return out.text
    }

    /// One event as the protocol spells it; a secure field's `changed` carries no text.
    public static func json(_ event: FlowEvent, secure fields: FieldStates) -> String {
        var out = JSONWriter(capacity: 64)
        write(event, secure: fields, into: &out)
        return out.text
    }

    private static func write(_ event: FlowEvent, secure fields: FieldStates, into out: inout JSONWriter) {
        out.raw(#"{"event":""#)
        out.raw(event.name)
        out.raw("\"")
        switch event {
        case .focusMoved(let from, let to):
            out.raw(#","from":"#); out.id(from)
            out.raw(#","to":"#); out.id(to)
        case .surfaceChanged(let field, let from, let to):
            out.raw(#","field":"#); out.id(field)
            out.raw(#","from":""#); out.raw(from.rawValue)
            out.raw(#"","to":""#); out.raw(to.rawValue); out.raw("\"")
        case .keyboardChanged(let from, let to):
            out.raw(#","from":""#); out.raw(from.rawValue)
            out.raw(#"","to":""#); out.raw(to.rawValue); out.raw("\"")
        case .changed(let field, let old?, let new?) where !fields.isSecure(field):
            out.raw(#","field":"#); out.id(field)
            out.raw(#","old":"#); out.string(old)
            out.raw(#","new":"#); out.string(new)
        case .changed(let field, _, _), .submitted(let field), .cleared(let field), .rejected(let field):
            out.raw(#","field":"#); out.id(field)
        case .invalid(let field, let message):
            out.raw(#","field":"#); out.id(field)
            out.raw(#","message":"#); out.string(message)
        case .completed(let result):
            out.raw(#","values":{"#)
            for (index, answer) in result.answers.enumerated() {
                if index > 0 { out.raw(",") }
                out.string(answer.field.rawValue)
                out.raw(":")
                out.string(answer.value)
            }
            out.raw("}")
        case .cancelled:
            break
        }
        out.raw("}")
    }

    private static func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    private static func describe(_ test: FieldCondition.Test) -> String {
        switch test {
        case .equals(let value): "is \(JSONText.quote(value))"
        case .notEmpty(true): "is not empty"
        case .notEmpty(false): "is empty"
        }
    }
}
