import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One request of the JSON-lines protocol (`focusflow serve`, `focusflow replay`), also
/// written in a terse text form for people.
///
/// Every request is a row of ``table``: its name, its argument, the kinds of field it applies
/// to, what it does, and the values the explorer tries. Parsing, the JSON and text forms, the
/// manual's request table (docs/embedding.md) and `focusflow check`'s alphabet all read that table.
public enum FlowRequest: Sendable, Equatable {
    case text(String)
    case next
    case previous
    case focus(FieldID)
    case reveal
    case clear
    case cancel
    case set(Bool)
    case select(String)
    case toggle(String)
    case highlight(Int)
    case step(Int)
    case submit
    case describe
    /// Starts the walk afresh from prefilled answers: the raw JSON object, as the output writes
    /// it. As `focusflow run`'s `--skip-filled` and `--ask-invalid` do, `skipFilled` starts at the
    /// first field that needs an answer, and `askInvalid` asks a field whose answer breaks its
    /// rules instead of refusing the request.
    case start(String, skipFilled: Bool = false, askInvalid: Bool = false)
    /// Holds answers (the raw JSON object, as the output writes it) to what a walk of the flow
    /// enforces, without touching the walk: ``/FocusFlow/FlowReducer/verify(_:optionLists:)``.
    case verify(String)
    /// Asks for the walk's ``/FocusFlow/FlowSnapshot``, without secure text.
    case snapshot
    /// Puts back the walk a ``/FocusFlow/FlowSnapshot`` (its raw JSON) was taken of.
    case restore(String)
    /// The host's answer to a `checking` event's ticket.
    case checked(ticket: Int, ServiceAnswer)
    /// The host's answer to a `sending` event's ticket.
    case sent(ticket: Int, ServiceAnswer)
    /// Sends the focused field's code again, once its cooldown has passed.
    case resend
    /// Moves the walk's clock on by whole seconds.
    case tick(Int)
    /// The host's answer to a `loadingOptions` event's ticket: the options, or why not.
    case options(ticket: Int, OptionsAnswer)
    /// In review, removes the repeating group's item a path names (`phones[1]`).
    case remove(FieldID)

    /// What a request carries besides its name.
    public enum Argument: Sendable, Equatable {
        case none
        /// A string under `key` (`"value"`, `"field"`); in the text form, the rest of the line.
        case string(key: String)
        /// `true` or `false` under `"value"`; `yes`/`no` too in the text form.
        case bool
        /// A whole number under `key` (`"delta"`, `"seconds"`).
        case int(key: String)
        /// A host's answer to a ticket: `"ticket"`, `"ok"` and, when not ok, `"message"` (left out:
        /// it could not be made). In the text form `7 ok`, `7 refused MESSAGE` or `7 unavailable`.
        case answer
        /// A JSON object under `key`, carried as its text; in the text form, the rest of the line.
        case object(key: String)
        /// A host's options for a ticket: `"ticket"` and `"options"` (an array of values or
        /// `{"value","label"}`), or `"ok":false` and a `"message"` (left out: they could not be
        /// had). In the text form `7 [JSON array]`, `7 refused MESSAGE` or `7 unavailable`.
        case optionList
    }

    /// An argument's value.
    public enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        case int(Int)
        case answer(ticket: Int, ServiceAnswer)
        case options(ticket: Int, OptionsAnswer)
    }

    /// One row of the request table.
    public struct Row: Sendable {
        public let name: String
        public let argument: Argument
        /// The kinds of the focused field it applies to (the ones that take its action); `nil`: any field.
        public let kinds: Set<FieldKind>?
        /// What it does, for the manual and help.
        public let summary: String
        /// What its argument is, for the message when it is missing.
        public let needs: String
        /// The options it takes besides its argument: keys whose value is `true` or `false`
        /// (`start`'s `skipFilled`), each off unless given `true`.
        public let options: [String]
        fileprivate let make: @Sendable (Value?) -> FlowRequest
        fileprivate let action: @Sendable (Value?) -> FlowReducer.Action?
        /// The arguments the explorer tries on `field` (whose typed values are given).
        fileprivate let samples: @Sendable (FieldSpec, Samples) -> [Value?]

        /// - Parameter taking: the field action the request is, any value: the row applies to the
        ///   kinds that take it; `nil` for a request of the flow, which applies to any field.
        fileprivate init(
            name: String, argument: Argument, taking sample: FieldAction?, summary: String, needs: String,
            options: [String] = [], make: @escaping @Sendable (Value?) -> FlowRequest,
            action: @escaping @Sendable (Value?) -> FlowReducer.Action?,
            samples: @escaping @Sendable (FieldSpec, Samples) -> [Value?]
        ) {
            self.name = name
            self.argument = argument
            self.kinds = sample.map { sample in Set(FieldKind.allCases.filter { $0.takes(sample) }) }
            self.summary = summary
            self.needs = needs
            self.options = options
            self.make = make
            self.action = action
            self.samples = samples
        }

        /// The row's request with `value` as its argument.
        public func request(_ value: Value?) -> FlowRequest { make(value) }
    }

    private static func string(_ value: Value?) -> String { if case .string(let s)? = value { s } else { "" } }
    private static func bool(_ value: Value?) -> Bool { if case .bool(let b)? = value { b } else { false } }
    private static func int(_ value: Value?) -> Int { if case .int(let i)? = value { i } else { 0 } }
    private static func optionsAnswer(_ value: Value?) -> (ticket: Int, answer: OptionsAnswer) {
        if case .options(let ticket, let answer)? = value { (ticket, answer) } else { (0, .unavailable) }
    }
    private static func answer(_ value: Value?) -> (ticket: Int, answer: ServiceAnswer) {
        if case .answer(let ticket, let answer)? = value { (ticket, answer) } else { (0, .unavailable) }
    }
    /// The answer the explorer tries from the table: to a ticket no walk gave, which must change
    /// nothing. The answers to the tickets a state waits for, resends and ticks depend on the
    /// state: the explorer adds them (`FlowExplorer.serviceRequests(from:)`).
    private static let ticketSamples: [Value?] = [.answer(ticket: 999_999, .ok)]
    /// The options tried (``Samples/options``, else the first three) and one value that is none of them.
    private static func optionSamples(_ field: FieldSpec, _ samples: Samples) -> [Value?] {
        (samples.options ?? field.options.prefix(3).map(\.value)).map { .string($0) } + [.string("not-an-option")]
    }

    /// The requests, each written once.
    public static let table: [Row] = [
        Row(
            name: "text", argument: .string(key: "value"), taking: .textChanged(""),
            summary: "sets the focused field's whole text (as a binding's setter does); a choice field's filter query; a number or a date as typed", needs: "the field's whole new text",
            make: { .text(string($0)) }, action: { .field(.textChanged(string($0))) },
            samples: { _, samples in samples.texts.map { .string($0) } }),
        Row(
            name: "set", argument: .bool, taking: .set(true), summary: "answers a confirm field yes (`true`) or no (`false`)", needs: "true or false",
            make: { .set(bool($0)) }, action: { .field(.set(bool($0))) }, samples: { _, _ in [.bool(true), .bool(false)] }),
        Row(
            name: "select", argument: .string(key: "value"), taking: .select(""), summary: "chooses a select field's option by its value", needs: "the value of one of the options",
            make: { .select(string($0)) }, action: { .field(.select(string($0))) }, samples: optionSamples),
        Row(
            name: "toggle", argument: .string(key: "value"), taking: .toggle(""),
            summary: "chooses or lets go a multi-select field's option by its value", needs: "the value of one of the options",
            make: { .toggle(string($0)) }, action: { .field(.toggle(string($0))) }, samples: optionSamples),
        Row(
            name: "highlight", argument: .int(key: "delta"), taking: .highlight(1),
            summary: "moves a choice field's highlight over the visible options (`delta` 1 down, -1 up)", needs: "a whole number, 1 down or -1 up",
            make: { .highlight(int($0)) }, action: { .field(.highlight(int($0))) },
            // Moves reach every option, so a long list would multiply the states by its length:
            // the explorer moves the highlight on lists of up to eight options.
            samples: { field, _ in field.options.count <= 8 ? [.int(1), .int(-1)] : [] }),
        Row(
            name: "step", argument: .int(key: "delta"), taking: .step(1),
            summary: "moves a number field's value by its step, or a date by a day, within its range (`delta` 1 up, -1 down); from the minimum (else 0, or today) when empty",
            needs: "a whole number, 1 up or -1 down",
            make: { .step(int($0)) }, action: { .field(.step(int($0))) }, samples: { _, _ in [.int(1), .int(-1)] }),
        Row(
            name: "next", argument: .none, taking: nil, summary: "validates and moves on; completes on the last field", needs: "",
            make: { _ in .next }, action: { _ in .next }, samples: { _, _ in [nil] }),
        Row(
            name: "previous", argument: .none, taking: nil, summary: "moves back, never blocked", needs: "",
            make: { _ in .previous }, action: { _ in .previous }, samples: { _, _ in [nil] }),
        Row(
            name: "focus", argument: .string(key: "field"), taking: nil, summary: "jumps to a visible field (forward jumps validate what they pass); in review, amends it",
            needs: "the id of a visible field",
            make: { .focus(FieldID(string($0))) }, action: { .focus(FieldID(string($0))) }, samples: { _, _ in [] }),
        Row(
            name: "reveal", argument: .none, taking: nil, summary: "shows or hides the focused secure field", needs: "",
            make: { _ in .reveal }, action: { _ in .toggleReveal }, samples: { _, _ in [nil] }),
        Row(
            name: "clear", argument: .none, taking: .clear, summary: "clears the focused field (a choice field's filter)", needs: "",
            make: { _ in .clear }, action: { _ in .field(.clear) }, samples: { _, _ in [nil] }),
        Row(
            name: "cancel", argument: .none, taking: nil, summary: "ends the flow without answers", needs: "",
            make: { _ in .cancel }, action: { _ in .cancel }, samples: { _, _ in [nil] }),
        Row(
            name: "submit", argument: .none, taking: nil,
            summary: "in review, validates every visible field and completes with their answers", needs: "",
            make: { _ in .submit }, action: { _ in .submit }, samples: { _, _ in [nil] }),
        Row(
            name: "describe", argument: .none, taking: nil,
            summary: "answers the flow's fields: kind, label, hint, placeholder, options, rules (a number's `min` and `max`), `step` and `decimals` where given, and visibility", needs: "",
            make: { _ in .describe }, action: { _ in nil }, samples: { _, _ in [] }),
        Row(
            name: "start", argument: .object(key: "answers"), taking: nil,
            summary:
                "starts afresh from prefilled answers, a JSON object as the output writes it; an answer that breaks its rules is an error naming the field, or with `\"askInvalid\":true` is asked; `\"skipFilled\":true` starts at the first field that needs an answer",
            needs: "a JSON object of field ids and answers",
            options: ["skipFilled", "askInvalid"],
            make: { .start(string($0)) }, action: { _ in nil }, samples: { _, _ in [] }),
        Row(
            name: "verify", argument: .object(key: "answers"), taking: nil,
            summary:
                "answers `{\"verified\":false,\"problems\":[…]}`, each problem with its `field`, `reason` and `message`: every way the answers break what a walk enforces (types, rules, options, visibility, a group's item count), leaving the walk as it is; a check or a send is not run",
            needs: "a JSON object of field ids and answers",
            make: { .verify(string($0)) }, action: { _ in nil }, samples: { _, _ in [] }),
        Row(
            name: "snapshot", argument: .none, taking: nil,
            summary: "answers `{\"snapshot\":{…}}`: the focus and every non-secure answer, to keep in the host's own store", needs: "",
            make: { _ in .snapshot }, action: { _ in nil }, samples: { _, _ in [] }),
        Row(
            name: "restore", argument: .object(key: "snapshot"), taking: nil,
            summary: "puts back a snapshot's walk (of this very flow); secure fields come back empty and are asked again", needs: "a snapshot object as `snapshot` answered it",
            make: { .restore(string($0)) }, action: { _ in nil }, samples: { _, _ in [] }),
        Row(
            name: "checked", argument: .answer, taking: nil,
            summary:
                "answers a `checking` event: `\"ok\":true` passes the field and the walk moves on; `\"ok\":false` with a `message` refuses it (the field's error), without one says the check could not be made; a stale ticket changes nothing",
            needs: "the ticket of a checking event",
            make: {
                let (ticket, answer) = answer($0); return .checked(ticket: ticket, answer)
            },
            action: {
                let (ticket, answer) = answer($0); return .checked(ticket: ticket, answer)
            }, samples: { field, _ in field.check == nil ? [] : ticketSamples }),
        Row(
            name: "sent", argument: .answer, taking: nil,
            summary: "answers a `sending` event: `\"ok\":true` says it was sent (the cooldown starts); `\"ok\":false` with a `message` says why not", needs: "the ticket of a sending event",
            make: {
                let (ticket, answer) = answer($0); return .sent(ticket: ticket, answer)
            },
            action: {
                let (ticket, answer) = answer($0); return .sent(ticket: ticket, answer)
            }, samples: { field, _ in field.send == nil ? [] : ticketSamples }),
        Row(
            name: "resend", argument: .none, taking: nil,
            summary: "sends the focused field's code again; an error says the time left while its cooldown runs", needs: "",
            make: { _ in .resend }, action: { _ in .resend }, samples: { _, _ in [] }),
        Row(
            name: "tick", argument: .int(key: "seconds"), taking: nil,
            summary: "moves the walk's clock on by `seconds`: the host sends it as time passes, so that a cooldown counts down and a replay is the same every time", needs: "a whole number of seconds",
            make: { .tick(int($0)) }, action: { .tick(seconds: int($0)) }, samples: { _, _ in [] }),
        Row(
            name: "options", argument: .optionList, taking: nil,
            summary:
                "answers a `loadingOptions` event: `\"options\":[…]` (values, or `{\"value\",\"label\"}`) becomes the field's list, and a chosen option it lacks is let go; `\"ok\":false` with a `message` refuses (the field's error), without one says the list could not be had; a stale ticket changes nothing",
            needs: "the ticket of a loadingOptions event",
            make: {
                let (ticket, answer) = optionsAnswer($0); return .options(ticket: ticket, answer)
            },
            action: {
                let (ticket, answer) = optionsAnswer($0); return .options(ticket: ticket, answer)
            }, samples: { field, _ in field.optionSource == nil ? [] : [.options(ticket: 999_999, .list(["zq"]))] }),
        Row(
            name: "remove", argument: .string(key: "field"), taking: nil,
            summary: "in review, removes the repeating group's item a path names (`phones[1]` or `phones[1].number`); later items move up; refused below the group's `minItems`",
            needs: "the path of a group's item",
            make: { .remove(FieldID(string($0))) }, action: { .removeItem(FieldID(string($0))) }, samples: { _, _ in [] }),
    ]

    private static let rowByName = Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0) })

    /// The actions' names, as both forms spell them.
    public static let actionNames = table.map(\.name)

    /// The request's row and argument: the one place a request is taken apart.
    public var parts: (row: Row, value: Value?) {
        let (name, value): (String, Value?) =
            switch self {
            case .text(let text): ("text", .string(text))
            case .next: ("next", nil)
            case .previous: ("previous", nil)
            case .focus(let field): ("focus", .string(field.rawValue))
            case .reveal: ("reveal", nil)
            case .clear: ("clear", nil)
            case .cancel: ("cancel", nil)
            case .set(let flag): ("set", .bool(flag))
            case .select(let value): ("select", .string(value))
            case .toggle(let value): ("toggle", .string(value))
            case .highlight(let delta): ("highlight", .int(delta))
            case .step(let delta): ("step", .int(delta))
            case .submit: ("submit", nil)
            case .describe: ("describe", nil)
            case .start(let answers, _, _): ("start", .string(answers))
            case .verify(let answers): ("verify", .string(answers))
            case .snapshot: ("snapshot", nil)
            case .restore(let snapshot): ("restore", .string(snapshot))
            case .checked(let ticket, let answer): ("checked", .answer(ticket: ticket, answer))
            case .sent(let ticket, let answer): ("sent", .answer(ticket: ticket, answer))
            case .resend: ("resend", nil)
            case .tick(let seconds): ("tick", .int(seconds))
            case .options(let ticket, let answer): ("options", .options(ticket: ticket, answer))
            case .remove(let field): ("remove", .string(field.rawValue))
            }
        return (Self.rowByName[name]!, value)
    }

    /// The options given `true` (``Row/options``), in the row's order.
    public var options: [String] {
        switch self {
        case .start(_, let skipFilled, let askInvalid): [skipFilled ? "skipFilled" : nil, askInvalid ? "askInvalid" : nil].compactMap { $0 }
        default: []
        }
    }

    /// The request with `options` (of its row's) given `true` and the others not.
    private func with(options: Set<String>) -> FlowRequest {
        switch self {
        case .start(let answers, _, _): .start(answers, skipFilled: options.contains("skipFilled"), askInvalid: options.contains("askInvalid"))
        default: self
        }
    }

    /// The option value the request names (`select`, `toggle`), which must be one of the focused
    /// field's options; `nil` for a request that names none.
    public var option: String? {
        switch self {
        case .select(let value), .toggle(let value): value
        default: nil
        }
    }

    /// The reducer action this request stands for; `nil` for `describe`, which only asks.
    public var action: FlowReducer.Action? {
        let (row, value) = parts
        return row.action(value)
    }

    /// The request for `action`, when the protocol has one (a field's `submit` has none: it is `next`).
    public init?(_ action: FlowReducer.Action) {
        switch action {
        case .field(.textChanged(let value)): self = .text(value)
        case .field(.clear): self = .clear
        case .field(.submit): return nil
        case .field(.set(let flag)): self = .set(flag)
        case .field(.select(let value)): self = .select(value)
        case .field(.toggle(let value)): self = .toggle(value)
        case .field(.highlight(let delta)): self = .highlight(delta)
        case .field(.step(let delta)): self = .step(delta)
        case .next: self = .next
        case .previous: self = .previous
        case .focus(let field): self = .focus(field)
        case .toggleReveal: self = .reveal
        case .cancel: self = .cancel
        case .submit: self = .submit
        case .checked(let ticket, let answer): self = .checked(ticket: ticket, answer)
        case .sent(let ticket, let answer): self = .sent(ticket: ticket, answer)
        case .resend: self = .resend
        case .tick(let seconds): self = .tick(seconds)
        case .options(let ticket, let answer): self = .options(ticket: ticket, answer)
        case .removeItem(let field): self = .remove(field)
        }
    }

    /// The requests the explorer tries in review: submit, amend each visible field (a `focus`,
    /// given by the caller), previous and cancel, and `next` and `reveal`, which must change nothing there.
    package static let reviewAlphabet: [FlowRequest] = [.submit, .previous, .cancel, .next, .reveal]

    /// The arguments the explorer tries on a field, where they are its own to choose.
    package struct Samples: Sendable {
        /// The texts to type.
        package var texts: [String]
        /// The option values a choice field chooses and lets go; `nil` for its first three.
        package var options: [String]?

        package init(texts: [String], options: [String]? = nil) {
            self.texts = texts
            self.options = options
        }
    }

    /// The requests the explorer tries on a focused `field`: each row that applies to its kind,
    /// with the row's sample arguments (`values` are the texts to type; `options`, the options chosen).
    package static func alphabet(for field: FieldSpec, values: [String], options: [String]? = nil) -> [FlowRequest] {
        let samples = Samples(texts: values, options: options)
        return table.filter { $0.kinds?.contains(field.kind) ?? true }.flatMap { row in row.samples(field, samples).map(row.make) }
    }

    /// Every request of ``table`` in both forms, one a line, as `focusflow serve --help` lists them:
    /// `{"action":"step","delta":1}   step 1`, with what each does under it when `summaries`.
    public static func listing(summaries: Bool) -> [String] {
        let forms: [(json: String, text: String, summary: String)] = table.map { row in
            let sample: Value? =
                switch row.argument {
                case .none: nil
                case .string(let key): .string(key == "field" ? "id" : "…")
                case .bool: .bool(true)
                case .int: .int(1)
                case .answer: .answer(ticket: 7, .ok)
                case .optionList: .options(ticket: 7, .list(["seoul"]))
                case .object: .string("{…}")
                }
            let request = row.request(sample)
            return (request.json, request.text, row.summary)
        }
        let width = forms.map(\.json.count).max() ?? 0
        return forms.flatMap { form in
            let line = "  " + form.json + String(repeating: " ", count: width - form.json.count + 2) + form.text
            return summaries ? [line] + Self.wrapped(form.summary, columns: 74).map { "      " + $0 } : [line]
        }
    }

    /// `text` in lines of at most `columns` characters, broken at spaces.
    private static func wrapped(_ text: String, columns: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// The request as one JSON line (without the line end).
    public var json: String {
        let (row, value) = parts
        var out = JSONWriter(capacity: 48)
        out.raw(#"{"action":"#)
        out.string(row.name)
        switch (row.argument, value) {
        case (.string(let key), .string(let text)?):
            out.raw(","); out.string(key); out.raw(":"); out.string(text)
        case (.bool, .bool(let flag)?):
            out.raw(#","value":"#); out.bool(flag)
        case (.int(let key), .int(let number)?):
            out.raw(","); out.string(key); out.raw(":"); out.int(number)
        case (.answer, .answer(let ticket, let answer)?):
            out.raw(#","ticket":"#); out.int(ticket)
            switch answer {
            case .ok: out.raw(#","ok":true"#)
            case .refused(let message): out.raw(#","ok":false,"message":"#); out.string(message)
            case .unavailable: out.raw(#","ok":false"#)
            }
        case (.object(let key), .string(let object)?):
            out.raw(","); out.string(key); out.raw(":"); out.raw(object)
        case (.optionList, .options(let ticket, let answer)?):
            out.raw(#","ticket":"#); out.int(ticket)
            switch answer {
            case .list(let options): out.raw(#","options":"#); Self.write(options, into: &out)
            case .refused(let message): out.raw(#","ok":false,"message":"#); out.string(message)
            case .unavailable: out.raw(#","ok":false"#)
            }
        default: break
        }
        for option in options {
            out.raw(","); out.string(option); out.raw(":true")
        }
        out.raw("}")
        return out.text
    }

    /// The request in the text form: the name, then its argument (`text VALUE`, `set true`,
    /// `highlight -1`).
    public var text: String {
        let (row, value) = parts
        let name = ([row.name] + options).joined(separator: " ")
        switch value {
        case .string(let text)?: return "\(name) \(text)"
        case .bool(let flag)?: return "\(row.name) \(flag)"
        case .int(let number)?: return "\(row.name) \(number)"
        case .answer(let ticket, .ok)?: return "\(row.name) \(ticket) ok"
        case .answer(let ticket, .refused(let message))?: return "\(row.name) \(ticket) refused \(message)"
        case .answer(let ticket, .unavailable)?: return "\(row.name) \(ticket) unavailable"
        case .options(let ticket, .list(let options))?:
            var out = JSONWriter()
            Self.write(options, into: &out)
            return "\(row.name) \(ticket) \(out.text)"
        case .options(let ticket, .refused(let message))?: return "\(row.name) \(ticket) refused \(message)"
        case .options(let ticket, .unavailable)?: return "\(row.name) \(ticket) unavailable"
        case nil: return row.name
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

    /// Reads the text form: the name, then its argument (for a string, the rest of the line,
    /// verbatim).
    public init(text line: String) throws(FlowRequestError) {
        let line = line.hasSuffix("\r") ? String(line.dropLast()) : line
        let name = String(line.prefix { $0 != " " })
        var rest = line.count > name.count ? String(line.dropFirst(name.count + 1)) : nil
        let row = try Self.row(named: name)
        // The row's options come first, as words: `start skipFilled {…}`.
        var options: Set<String> = []
        while let word = rest.map({ String($0.prefix { $0 != " " }) }), row.options.contains(word) {
            options.insert(word)
            rest = rest.flatMap { $0.count > word.count ? String($0.dropFirst(word.count + 1)) : nil }
        }
        try self.init(text: rest, row: row, name: name)
        self = with(options: options)
    }

    private init(text rest: String?, row: Row, name: String) throws(FlowRequestError) {
        switch row.argument {
        case .none:
            if let rest, !rest.isEmpty { throw FlowRequestError("\(name) takes nothing after it") }
            self = row.make(nil)
        case .string(let key):
            if key == "field", rest?.isEmpty ?? true { throw FlowRequestError("\(name) needs a field id: \(name) FIELD") }
            self = row.make(.string(rest ?? ""))
        case .object:
            guard let rest, rest.first == "{" else { throw FlowRequestError("\(name) needs a JSON object after it: \(name) {…}") }
            self = row.make(.string(rest))
        case .bool:
            switch rest {
            case "true", "yes", "y": self = row.make(.bool(true))
            case "false", "no", "n": self = row.make(.bool(false))
            default: throw FlowRequestError("\(name) needs true or false: \(name) true")
            }
        case .int:
            guard let rest, let number = Int(rest) else { throw FlowRequestError("\(name) needs a whole number: \(name) 1") }
            self = row.make(.int(number))
        case .answer:
            let words = (rest ?? "").split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard words.count >= 2, let ticket = Int(words[0]) else {
                throw FlowRequestError("\(name) needs a ticket and an answer: \(name) 7 ok, \(name) 7 refused MESSAGE, \(name) 7 unavailable")
            }
            switch (words[1], words.count > 2 ? words[2] : nil) {
            case ("ok", nil): self = row.make(.answer(ticket: ticket, .ok))
            case ("unavailable", nil): self = row.make(.answer(ticket: ticket, .unavailable))
            case ("refused", let message?) where !message.isEmpty: self = row.make(.answer(ticket: ticket, .refused(message)))
            default: throw FlowRequestError("\(name) needs a ticket and an answer: \(name) 7 ok, \(name) 7 refused MESSAGE, \(name) 7 unavailable")
            }
        case .optionList:
            let usage = "\(name) needs a ticket and the options: \(name) 7 [\"seoul\",\"busan\"], \(name) 7 refused MESSAGE, \(name) 7 unavailable"
            let words = (rest ?? "").split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard words.count == 2, let ticket = Int(words[0]) else { throw FlowRequestError(usage) }
            if words[1] == "unavailable" {
                self = row.make(.options(ticket: ticket, .unavailable))
            } else if words[1].hasPrefix("refused "), words[1].count > 8 {
                self = row.make(.options(ticket: ticket, .refused(String(words[1].dropFirst(8)))))
            } else if words[1].hasPrefix("[") {
                self = row.make(.options(ticket: ticket, .list(try Self.options(words[1]))))
            } else {
                throw FlowRequestError(usage)
            }
        }
    }

    /// `options` as a JSON array: an option whose label is its value as a string, any other as `{"value","label"}`.
    private static func write(_ options: [FieldOption], into out: inout JSONWriter) {
        out.raw("[")
        for (number, option) in options.enumerated() {
            if number > 0 { out.raw(",") }
            if option.label == option.value {
                out.string(option.value)
                continue
            }
            out.raw(#"{"value":"#); out.string(option.value)
            out.raw(#","label":"#); out.string(option.label); out.raw("}")
        }
        out.raw("]")
    }

    /// A host's options: a JSON array of strings or `{"value","label"}` objects.
    private static func options(_ text: String) throws(FlowRequestError) -> [FieldOption] {
        do {
            return try JSONDecoder().decode([FieldOption].self, from: Data(text.utf8))
        } catch {
            throw FlowRequestError("\"options\" must be an array of values or {\"value\",\"label\"} objects")
        }
    }

    /// Reads the JSON form.
    public init(json bytes: [UInt8]) throws(FlowRequestError) {
        try self.init(members: try Self.members(bytes))
    }

    /// The members of the JSON object `bytes`, in order.
    static func members(_ bytes: [UInt8]) throws(FlowRequestError) -> [(key: String, value: RequestJSON.Value)] {
        do {
            return try RequestJSON.object(bytes)
        } catch {
            if error.notUTF8 || String(validating: bytes, as: UTF8.self) == nil {
                throw FlowRequestError("the request is not valid UTF-8")
            }
            if error.ambiguous { throw FlowRequestError("the request is ambiguous: \(error.message)") }
            throw FlowRequestError("the request is not a JSON object: \(error.message)")
        }
    }

    /// Reads the JSON form's members.
    init(members: [(key: String, value: RequestJSON.Value)]) throws(FlowRequestError) {
        var byKey: [String: RequestJSON.Value] = [:]
        for (key, value) in members {
            guard ["action", "value", "field", "delta", "answers", "snapshot", "ticket", "ok", "message", "seconds", "options"].contains(key) || Self.optionNames.contains(key) else {
                throw FlowRequestError("unknown key \(Self.short(key).debugDescription) in the request")
            }
            byKey[key] = value
        }
        guard let action = byKey["action"] else { throw FlowRequestError("the request has no \"action\"") }
        guard case .string(let name) = action else { throw FlowRequestError("\"action\" must be a string") }
        let row = try Self.row(named: name)
        var options: Set<String> = []
        for option in Self.optionNames where byKey[option] != nil {
            guard row.options.contains(option) else { throw FlowRequestError("\(name) takes no \"\(option)\"") }
            guard case .bool(let on)? = byKey[option] else { throw FlowRequestError("\"\(option)\" must be true or false") }
            if on { options.insert(option) }
        }
        try self.init(json: byKey, row: row, name: name)
        self = with(options: options)
    }

    /// Every row's options.
    private static let optionNames = Set(table.flatMap(\.options))

    private init(json byKey: [String: RequestJSON.Value], row: Row, name: String) throws(FlowRequestError) {
        switch row.argument {
        case .none:
            self = row.make(nil)
        case .string(let key):
            guard let value = byKey[key] else {
                throw FlowRequestError("\(name) needs \"\(key)\": \(row.needs)")
            }
            guard case .string(let text) = value else { throw FlowRequestError("\"\(key)\" must be a string") }
            self = row.make(.string(text))
        case .bool:
            guard let value = byKey["value"] else { throw FlowRequestError("\(name) needs \"value\": \(row.needs)") }
            guard case .bool(let flag) = value else { throw FlowRequestError("\"value\" must be true or false") }
            self = row.make(.bool(flag))
        case .int(let key):
            guard let value = byKey[key] else { throw FlowRequestError("\(name) needs \"\(key)\": \(row.needs)") }
            guard case .int(let number) = value else { throw FlowRequestError("\"\(key)\" must be a whole number") }
            self = row.make(.int(number))
        case .answer:
            guard let value = byKey["ticket"] else { throw FlowRequestError("\(name) needs \"ticket\": \(row.needs)") }
            guard case .int(let ticket) = value else { throw FlowRequestError("\"ticket\" must be a whole number") }
            guard let ok = byKey["ok"] else { throw FlowRequestError("\(name) needs \"ok\": true or false") }
            guard case .bool(let passed) = ok else { throw FlowRequestError("\"ok\" must be true or false") }
            switch (passed, byKey["message"]) {
            case (true, nil): self = row.make(.answer(ticket: ticket, .ok))
            case (true, _?): throw FlowRequestError("\"message\" goes with \"ok\":false")
            case (false, nil), (false, .null?): self = row.make(.answer(ticket: ticket, .unavailable))
            case (false, .string(let message)?) where !message.isEmpty: self = row.make(.answer(ticket: ticket, .refused(message)))
            case (false, _?): throw FlowRequestError("\"message\" must be a string that is not empty")
            }
        case .optionList:
            guard let value = byKey["ticket"] else { throw FlowRequestError("\(name) needs \"ticket\": \(row.needs)") }
            guard case .int(let ticket) = value else { throw FlowRequestError("\"ticket\" must be a whole number") }
            switch (byKey["ok"], byKey["options"], byKey["message"]) {
            case (nil, .array(let text)?, nil), (.bool(true)?, .array(let text)?, nil):
                self = row.make(.options(ticket: ticket, .list(try Self.options(text))))
            case (.bool(false)?, nil, nil), (.bool(false)?, nil, .null?): self = row.make(.options(ticket: ticket, .unavailable))
            case (.bool(false)?, nil, .string(let message)?) where !message.isEmpty: self = row.make(.options(ticket: ticket, .refused(message)))
            case (.bool(false)?, nil, _?): throw FlowRequestError("\"message\" must be a string that is not empty")
            case (.bool(false)?, _?, _): throw FlowRequestError("\"options\" goes with \"ok\":true, or without \"ok\"")
            case (_, _?, _): throw FlowRequestError("\"options\" must be an array of values or {\"value\",\"label\"} objects")
            default: throw FlowRequestError("\(name) needs \"options\" (an array), or \"ok\":false and a \"message\"")
            }
        case .object(let key):
            guard let value = byKey[key] else { throw FlowRequestError("\(name) needs \"\(key)\": \(row.needs)") }
            guard case .object(let object) = value else { throw FlowRequestError("\"\(key)\" must be a JSON object") }
            self = row.make(.string(object))
        }
    }

    private static func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    private static func row(named name: String) throws(FlowRequestError) -> Row {
        if let row = rowByName[name] { return row }
        if name.isEmpty { throw FlowRequestError("empty request") }
        let hint =
            Suggestion.nearest(to: name, in: actionNames).map { "; did you mean \"\($0)\"?" }
            ?? "; expected one of \(actionNames.joined(separator: ", "))"
        throw FlowRequestError("unknown action \(short(name).debugDescription)\(hint)")
    }
}
