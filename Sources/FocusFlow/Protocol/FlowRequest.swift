/// One request of the JSON-lines protocol (`focusflow serve`, `focusflow replay`), also
/// written in a terse text form for people.
///
/// | JSON | text |
/// |---|---|
/// | `{"action":"text","value":"ada@example.com"}` | `text ada@example.com` |
/// | `{"action":"next"}` | `next` |
/// | `{"action":"previous"}` | `previous` |
/// | `{"action":"focus","field":"nickname"}` | `focus nickname` |
/// | `{"action":"reveal"}` | `reveal` |
/// | `{"action":"clear"}` | `clear` |
/// | `{"action":"cancel"}` | `cancel` |
///
/// `text` carries the focused field's whole new value, as a text binding's setter does.
public enum FlowRequest: Sendable, Equatable {
    case text(String)
    case next
    case previous
    case focus(FieldID)
    case reveal
    case clear
    case cancel

    /// The actions' names, as both forms spell them.
    public static let actionNames = ["text", "next", "previous", "focus", "reveal", "clear", "cancel"]

    /// The reducer action this request stands for.
    public var action: FlowReducer.Action {
        switch self {
        case .text(let value): .field(.textChanged(value))
        case .next: .next
        case .previous: .previous
        case .focus(let field): .focus(field)
        case .reveal: .toggleReveal
        case .clear: .field(.clear)
        case .cancel: .cancel
        }
    }

    /// The request for `action`, when the protocol has one (`submit` has none: it is `next`).
    public init?(_ action: FlowReducer.Action) {
        switch action {
        case .field(.textChanged(let value)): self = .text(value)
        case .field(.clear): self = .clear
        case .field(.submit): return nil
        case .next: self = .next
        case .previous: self = .previous
        case .focus(let field): self = .focus(field)
        case .toggleReveal: self = .reveal
        case .cancel: self = .cancel
        }
    }

    /// The request as one JSON line (without the line end).
    public var json: String {
        switch self {
        case .text(let value): #"{"action":"text","value":\#(JSONText.quote(value))}"#
        case .focus(let field): #"{"action":"focus","field":\#(JSONText.quote(field.rawValue))}"#
        default: #"{"action":"\#(name)"}"#
        }
    }

    /// The request in the text form: `text VALUE`, `focus FIELD`, or the action's name.
    public var text: String {
        switch self {
        case .text(let value): "text \(value)"
        case .focus(let field): "focus \(field)"
        default: name
        }
    }

    private var name: String {
        switch self {
        case .text: "text"
        case .next: "next"
        case .previous: "previous"
        case .focus: "focus"
        case .reveal: "reveal"
        case .clear: "clear"
        case .cancel: "cancel"
        }
    }
}

/// Why a request line could not be read. The message never repeats a value from the line.
public struct FlowRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension FlowRequest {
    /// Reads one request line: a JSON object, or the text form.
    ///
    /// - Throws: ``FlowRequestError`` for a line that is not valid UTF-8, not a request, or
    ///   misses what its action needs.
    public init(line: some Collection<UInt8>) throws(FlowRequestError) {
        let bytes = Array(line)
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 }
        if first == UInt8(ascii: "{") {
            try self.init(json: bytes)
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw FlowRequestError("the request is not valid UTF-8")
            }
            try self.init(text: text)
        }
    }

    /// Reads the text form: `text VALUE` (the value is the rest of the line, verbatim),
    /// `focus FIELD`, or an action's name.
    public init(text line: String) throws(FlowRequestError) {
        let line = line.hasSuffix("\r") ? String(line.dropLast()) : line
        let name = String(line.prefix { $0 != " " })
        let rest = line.count > name.count ? String(line.dropFirst(name.count + 1)) : nil
        switch name {
        case "text": self = .text(rest ?? "")
        case "focus":
            guard let field = rest, !field.isEmpty else { throw FlowRequestError("focus needs a field id: focus FIELD") }
            self = .focus(FieldID(field))
        default:
            self = try Self.simple(name)
            if let rest, !rest.isEmpty { throw FlowRequestError("\(name) takes nothing after it") }
        }
    }

    /// Reads the JSON form.
    public init(json bytes: [UInt8]) throws(FlowRequestError) {
        let members: [(key: String, value: FlatJSON.Value)]
        do {
            members = try FlatJSON.object(bytes)
        } catch {
            if error.notUTF8 || String(validating: bytes, as: UTF8.self) == nil {
                throw FlowRequestError("the request is not valid UTF-8")
            }
            throw FlowRequestError("the request is not a JSON object: \(error.message)")
        }
        var object: (action: FlatJSON.Value?, value: FlatJSON.Value?, field: FlatJSON.Value?)
        for (key, value) in members {
            switch key {
            case "action": object.action = value
            case "value": object.value = value
            case "field": object.field = value
            default: throw FlowRequestError("unknown key \(Self.short(key).debugDescription) in the request")
            }
        }
        guard let action = object.action else { throw FlowRequestError("the request has no \"action\"") }
        guard case .string(let name) = action else { throw FlowRequestError("\"action\" must be a string") }
        switch name {
        case "text":
            guard let value = object.value else { throw FlowRequestError("text needs \"value\": the field's whole new text") }
            guard case .string(let text) = value else { throw FlowRequestError("\"value\" must be a string") }
            self = .text(text)
        case "focus":
            guard let field = object.field else { throw FlowRequestError("focus needs \"field\": the id of a visible field") }
            guard case .string(let id) = field else { throw FlowRequestError("\"field\" must be a string") }
            self = .focus(FieldID(id))
        default:
            self = try Self.simple(name)
        }
    }

    private static func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    private static func simple(_ name: String) throws(FlowRequestError) -> FlowRequest {
        switch name {
        case "next": return .next
        case "previous": return .previous
        case "reveal": return .reveal
        case "clear": return .clear
        case "cancel": return .cancel
        case "": throw FlowRequestError("empty request")
        default:
            let shown = short(name)
            let hint = Suggestion.nearest(to: name, in: actionNames).map { "; did you mean \"\($0)\"?" }
                ?? "; expected one of \(actionNames.joined(separator: ", "))"
            throw FlowRequestError("unknown action \(shown.debugDescription)\(hint)")
        }
    }
}
