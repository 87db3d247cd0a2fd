import FocusFlow
import Foundation
import Testing
import PseudoTerminalSupport

/// The engine is the one truth: the same keys, typed into the interactive terminal (a real
/// pseudo-terminal) and said as `serve` requests, give the same answers and the same events.
///
/// The terminal's side is what it did: its `--record` recording (the engine actions its keys
/// became), replayed by `focusflow replay`, and its answers on stdout. The `serve` side is the
/// keys said as requests the way a host says them — a key's text as the field's whole new text,
/// Enter as `next`, Up/Down as `highlight` on a list and `step` on a number or a date — replayed the same way. A rule that lived in one
/// front (a paste filtered, a first option highlighted by a screen) shows as a difference.
///
/// Some walks go through line mode (piped input) too: a line for each answer the keys gave,
/// and the same answers, fields shown and dropped answers as the terminal's.
@Suite("The same keys through the terminal and through serve", .serialized)
struct FrontDifferentialTests {
    /// A flow of every kind, with the keyboards that refuse something.
    static let everyKind = #"""
        {"id":"d","title":"Every kind","fields":[
         {"id":"name","label":"Name"},
         {"id":"password","label":"Password","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"minLength":4}},
         {"id":"confirm","label":"Confirm","secure":true,"keyboard":"asciiCapable","rules":{"matches":"password"}},
         {"id":"code","label":"Code","keyboard":"numberPad","rules":{"maxLength":6}},
         {"id":"country","kind":"select","label":"Country","rules":{"required":true},"options":[
           {"value":"kr","label":"대한민국"},{"value":"nz","label":"New Zealand"},{"value":"fr","label":"France"},{"value":"no","label":"Norway"}]},
         {"id":"topics","kind":"multiSelect","label":"Topics","rules":{"minSelected":1},"options":[
           {"value":"a","label":"Apple"},{"value":"b","label":"Banana"},{"value":"c","label":"Cherry"}]},
         {"id":"terms","kind":"confirm","label":"Agree","rules":{"equals":true}}]}
        """#

    @Test("A password manager's paste with characters the keyboard refuses is refused whole, in the terminal and in serve")
    func refusedPaste() throws {
        let keys: [DifferentialKey] = [
            .type("a"), .enter, .paste("Pässwörd-한글-2024"), .paste("Passw0rd-2024"), .enter,
            .paste("Pässwörd-한글-2024"), .paste("Passw0rd-2024"), .enter,
            .paste("12-34"), .paste("1234"), .enter, .enter, .space, .enter, .type("y"), .enter,
        ]
        let walk = try DifferentialWalk(flow: Self.everyKind, keys: keys)
        try walk.expectSameFronts()
        #expect(walk.answers["password"] as? String == "Passw0rd-2024", "\(walk.answers)")
        #expect(walk.answers["confirm"] as? String == "Passw0rd-2024", "\(walk.answers)")
        #expect(walk.answers["code"] as? String == "1234", "\(walk.answers)")
        #expect(walk.serveEvents.filter { $0["event"] as? String == "rejected" }.count == 3, "\(walk.serveEvents)")
    }

    /// The company is asked only for a team outside Korea; the seats for a team or in Germany.
    static let plan = #"""
        {"id":"plan","fields":[
         {"id":"plan","kind":"select","label":"Plan","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
         {"id":"country","kind":"select","label":"Country","options":[{"value":"kr","label":"Korea"},{"value":"us","label":"USA"},{"value":"de","label":"Germany"}]},
         {"id":"company","label":"Company","when":{"all":[{"field":"plan","equals":"team"},{"not":{"field":"country","equals":"kr"}}]}},
         {"id":"seats","kind":"number","label":"Seats","when":{"any":[{"field":"plan","equals":"team"},{"field":"country","equals":"de"}]}}]}
        """#

    @Test(
        "A compound condition shows and hides the same fields in the terminal, in line mode and in serve",
        arguments: [
            ([DifferentialKey.down, .enter, .down, .enter, .paste("Acme"), .enter, .type("3"), .enter], "Acme", 3.0),
            ([DifferentialKey.down, .enter, .enter, .type("2"), .enter], nil, 2.0),
            ([DifferentialKey.enter, .down, .down, .enter, .type("4"), .enter], nil, 4.0),
            ([DifferentialKey.enter, .down, .enter], nil, nil),
        ] as [([DifferentialKey], String?, Double?)])
    func compoundCondition(keys: [DifferentialKey], company: String?, seats: Double?) throws {
        let walk = try DifferentialWalk(flow: Self.plan, keys: keys, firstLabel: "Plan", piped: true)
        try walk.expectSameFronts()
        #expect(walk.answers["company"] as? String == company, "\(walk.answers)")
        #expect(walk.answers["seats"] as? Double == seats, "\(walk.answers)")
    }

    @Test(
        "Amending the plan from the review drops the same answers, said the same, in the terminal, in line mode and in serve",
        arguments: [
            // Team in the USA, then Personal: the company and the seats go.
            ([DifferentialKey.down, .enter, .down, .enter, .paste("Acme"), .enter, .type("3"), .enter], ["company", "seats"]),
            // Team in Germany, then Personal: the seats stay (Germany shows them), the company goes.
            ([DifferentialKey.down, .enter, .down, .down, .enter, .paste("Acme"), .enter, .type("3"), .enter], ["company"]),
        ] as [([DifferentialKey], [String])])
    func droppedByAmendment(walkToReview: [DifferentialKey], dropped: [String]) throws {
        let flow = Self.plan.replacingOccurrences(of: #"{"id":"plan","fields""#, with: #"{"id":"plan","review":true,"fields""#)
        // At the review Enter amends the marked answer (the plan, on the first row); Up then Enter chooses Personal.
        let keys = walkToReview + [.enter, .up, .enter, .submitReview]
        let walk = try DifferentialWalk(flow: flow, keys: keys, firstLabel: "Plan", piped: true)
        try walk.expectSameFronts()
        #expect(walk.answers["plan"] as? String == "personal", "\(walk.answers)")
        #expect(walk.answers["company"] == nil, "\(walk.answers)")
        let said = walk.serveEvents.filter { $0["event"] as? String == "dropped" }
        #expect(said.count == 1, "\(walk.serveEvents)")
        #expect(said.first?["fields"] as? [String] == dropped, "\(said)")
        #expect(said.first?["because"] as? String == "plan", "\(said)")
    }

    @Test(
        "Flows/team.json, which uses conditions, answers in text, options from the service, a repeating group and sections, walks the same in the terminal, in line mode and in serve",
        arguments: [
            // A team in the USA: the company shows; the second phone is added, the third declined.
            (
                [DifferentialKey.paste("Ada"), .enter, .down, .enter, .down, .enter, .paste("Acme"), .enter, .down, .enter]
                    + [.enter, .paste("010-1234"), .enter, .type("y"), .enter, .down, .enter, .paste("02-555"), .enter, .enter]
                    + [.type("y"), .enter, .submitReview],
                "Acme", ["mobile", "work"]
            ),
            // Personal in Korea: no company; one phone; the name amended from the review.
            (
                [DifferentialKey.paste("Ada"), .enter, .enter, .enter, .enter, .enter, .paste("010-1234"), .enter, .enter]
                    + [.type("y"), .enter, .enter, .paste(" Lovelace"), .enter, .submitReview],
                nil, ["mobile"]
            ),
        ] as [([DifferentialKey], String?, [String])])
    func everyConstruct(keys: [DifferentialKey], company: String?, phoneTypes: [String]) throws {
        let flow = try String(contentsOfFile: "Flows/team.json", encoding: .utf8)
        let cities = #"[{"value":"seoul","label":"Seoul"},{"value":"busan","label":"Busan"}]"#
        let walk = try DifferentialWalk(flow: flow, keys: keys, firstLabel: "Your name", piped: true, options: ["cities": cities])
        try walk.expectSameFronts()
        #expect(walk.answers["company"] as? String == company, "\(walk.answers)")
        #expect((walk.answers["phones"] as? [[String: Any]])?.compactMap { $0["type"] as? String } == phoneTypes, "\(walk.answers)")
        #expect(walk.answers["city"] as? String == (company == nil ? "seoul" : "busan"), "\(walk.answers)")
        #expect(walk.serveEvents.contains { $0["event"] as? String == "loadingOptions" && $0["source"] as? String == "cities" })
    }

    @Test("A select's first Enter takes its first option, in the terminal and in serve")
    func selectFirstEnter() throws {
        let keys: [DifferentialKey] = [
            .type("a"), .tab, .paste("Passw0rd"), .enter, .paste("Passw0rd"), .enter, .enter,
            .enter, .space, .enter, .type("y"), .enter,
        ]
        let walk = try DifferentialWalk(flow: Self.everyKind, keys: keys)
        try walk.expectSameFronts()
        #expect(walk.answers["country"] as? String == "kr", "\(walk.answers)")
        #expect(walk.answers["topics"] as? [String] == ["a"], "\(walk.answers)")
    }

    @Test("A select whose filter shows no option refuses Enter in both fronts; Down then Enter takes the second match")
    func selectFilter() throws {
        let keys: [DifferentialKey] = [
            .type("a"), .enter, .paste("Passw0rd"), .enter, .paste("Passw0rd"), .enter, .enter,
            .type("z"), .type("z"), .enter, .backspace, .backspace, .type("n"), .down, .enter,
            .type("r"), .space, .backspace, .up, .space, .enter, .type("y"), .enter,
        ]
        let walk = try DifferentialWalk(flow: Self.everyKind, keys: keys)
        try walk.expectSameFronts()
        // "n" shows New Zealand, France and Norway; the highlight goes to the first, Down is France.
        // "r" shows Cherry alone, so the highlight goes there: Space chooses it, and with the filter
        // gone Up is Banana.
        #expect(walk.answers["country"] as? String == "fr", "\(walk.answers)")
        #expect(walk.answers["topics"] as? [String] == ["b", "c"], "\(walk.answers)")
        #expect(walk.serveEvents.contains { $0["event"] as? String == "invalid" && $0["field"] as? String == "country" })
    }

    @Test("A multi-select's Space toggles, or goes on a filter that finds a label with a space, in both fronts")
    func multiSelectSpace() throws {
        let flow =
            #"{"id":"m","title":"M","fields":[{"id":"places","kind":"multiSelect","label":"Places","options":[{"value":"nz","label":"New Zealand"},{"value":"no","label":"Norway"},{"value":"nl","label":"Netherlands"}]},{"id":"last","label":"Last"}]}"#
        let keys: [DifferentialKey] = [
            .space, .type("n"), .type("e"), .type("w"), .space, .type("z"), .space, .backspace, .backspace,
            .backspace, .backspace, .backspace, .type("r"), .space, .space, .space, .tab, .enter,
        ]
        let walk = try DifferentialWalk(flow: flow, keys: keys, firstLabel: "Places")
        try walk.expectSameFronts()
        // Space on "new" types ("New Zealand" goes on with a space); on "new z" it chooses New Zealand.
        #expect(walk.answers["places"] as? [String] == ["no"], "\(walk.answers)")
    }

    /// Number fields: an age from 13 to 120, and a change of weight with one decimal that may be negative.
    static let numbers = #"""
        {"id":"n","title":"Numbers","fields":[
         {"id":"name","label":"Name"},
         {"id":"age","kind":"number","label":"Age","rules":{"required":true,"min":13,"max":120}},
         {"id":"change","kind":"number","label":"Change","step":0.5,"decimals":1,"rules":{"min":-10,"max":10}}]}
        """#

    @Test("Up/Down on a number field are its step request and typing is text, in the terminal and in serve; a letter and a second minus are refused in both")
    func numberSteps() throws {
        // Age: Up twice from empty is 14 then 15, a letter is refused, 999 is out of range, Down clamps it to 120.
        // Change: Down from empty clamps to -10.0, a second minus is refused, -2,5 is typed as -2.5, Up is -2.0.
        let keys: [DifferentialKey] = [
            .type("a"), .enter, .up, .up, .type("x"), .backspace, .backspace, .type("9"), .type("9"),
            .type("9"), .enter, .down, .enter, .down, .down, .type("-"), .backspace, .backspace, .backspace,
            .backspace, .type("-"), .type("2"), .type(","), .type("5"), .up, .enter,
        ]
        let walk = try DifferentialWalk(flow: Self.numbers, keys: keys)
        try walk.expectSameFronts()
        #expect(walk.answers["age"] as? Double == 120, "\(walk.answers)")
        #expect(walk.answers["change"] as? Double == -2, "\(walk.answers)")
        #expect(walk.serveEvents.filter { $0["event"] as? String == "rejected" }.count == 3, "\(walk.serveEvents)")
        #expect(walk.serveEvents.contains { $0["event"] as? String == "invalid" && $0["message"] as? String == "Age must be between 13 and 120." })
    }

    @Test("Random keys on number fields give the same answers and events in both fronts", arguments: 1...4)
    func randomNumberKeys(seed: UInt64) throws {
        let keys = try DifferentialKey.random(flow: Self.numbers, seed: seed, count: 50)
        let walk = try DifferentialWalk(flow: Self.numbers, keys: keys)
        try walk.expectSameFronts()
    }

    /// Date fields, bounded by dates so that the walk is the same any day.
    static let dates = #"""
        {"id":"t","title":"Dates","fields":[
         {"id":"name","label":"Name"},
         {"id":"arrival","kind":"date","label":"Arrival","default":"2030-01-31","rules":{"min":"2030-01-01","max":"2030-12-31"}},
         {"id":"birthday","kind":"date","label":"Birthday","rules":{"required":true,"max":"2020-12-31"}}]}
        """#

    @Test("Up/Down on a date field are its step request, typed digits get their separators from the engine, in the terminal and in serve")
    func dateSteps() throws {
        // Arrival: Up crosses into February; Birthday: digits with a slash refused, Down a day.
        let keys: [DifferentialKey] = [
            .type("a"), .enter, .up, .up, .down, .enter, .type("1"), .type("9"), .type("9"), .type("0"),
            .type("/"), .type("0"), .type("4"), .type("2"), .type("3"), .down, .enter,
        ]
        let walk = try DifferentialWalk(flow: Self.dates, keys: keys)
        try walk.expectSameFronts()
        #expect(walk.answers["arrival"] as? String == "2030-02-01", "\(walk.answers)")
        #expect(walk.answers["birthday"] as? String == "1990-04-22", "\(walk.answers)")
        #expect(walk.serveEvents.filter { $0["event"] as? String == "rejected" }.count == 1, "\(walk.serveEvents)")
    }

    @Test("Random keys on date fields give the same answers and events in both fronts", arguments: 1...3)
    func randomDateKeys(seed: UInt64) throws {
        let keys = try DifferentialKey.random(flow: Self.dates, seed: seed, count: 50)
        let walk = try DifferentialWalk(flow: Self.dates, keys: keys)
        try walk.expectSameFronts()
    }

    @Test("A rule's message that names an earlier answer says it alike in the terminal and in serve")
    func answersInText() throws {
        let flow =
            #"{"id":"w","fields":[{"id":"name","label":"Name"},{"id":"nick","label":"Welcome, {name}","rules":{"required":true,"message":"{name}, pick one"}}]}"#
        let walk = try DifferentialWalk(flow: flow, keys: [.paste("Ada"), .enter, .enter, .paste("ace"), .enter])
        try walk.expectSameFronts()
        #expect(walk.serveEvents.contains { $0["event"] as? String == "invalid" && $0["message"] as? String == "Ada, pick one" }, "\(walk.serveEvents)")
        #expect(walk.answers["nick"] as? String == "ace", "\(walk.answers)")
    }

    @Test("Random keys for every kind give the same answers and events in both fronts", arguments: 1...12)
    func randomKeys(seed: UInt64) throws {
        let keys = try DifferentialKey.random(flow: Self.everyKind, seed: seed, count: 60)
        let walk = try DifferentialWalk(flow: Self.everyKind, keys: keys)
        try walk.expectSameFronts()
    }
}

/// A key a person presses, as the terminal gets it and as a `serve` host says it.
enum DifferentialKey: CustomStringConvertible {
    case type(Character), paste(String), backspace, enter, tab, shiftTab, up, down, space, reveal
    /// `s` on the review screen: submit.
    case submitReview

    var bytes: String {
        switch self {
        case .type(let character): String(character)
        case .paste(let text): "\u{1B}[200~" + text + "\u{1B}[201~"
        case .backspace: "\u{7F}"
        case .enter: "\r"
        case .shiftTab: "\u{1B}[Z"
        case .up: "\u{1B}[A"
        case .down: "\u{1B}[B"
        case .tab: "\t"
        case .space: " "
        case .reveal: "\u{14}"
        case .submitReview: "s"
        }
    }

    var description: String {
        switch self {
        case .type(let character): ".type(\(String(character).debugDescription))"
        case .paste(let text): ".paste(\(text.debugDescription))"
        case .backspace: ".backspace"
        case .enter: ".enter"
        case .shiftTab: ".shiftTab"
        case .up: ".up"
        case .down: ".down"
        case .tab: ".tab"
        case .space: ".space"
        case .reveal: ".reveal"
        case .submitReview: ".submitReview"
        }
    }

    /// The request a host sends for this key on the focused field of `store`, or `nil` when the
    /// key asks nothing of the engine there (Backspace on an empty line, a key the kind has no use for).
    ///
    /// At the review, Enter amends the marked answer — the first, since these walks never move
    /// the mark — and ``submitReview`` submits; nothing else asks anything there.
    func request(in store: FlowStore) -> (json: String, action: FlowReducer.Action)? {
        if store.state.phase == .review {
            switch self {
            case .enter:
                guard let first = store.state.reviewed?.first else { return nil }
                return (#"{"action":"focus","field":\#(Self.quoted(first.rawValue))}"#, .focus(first))
            case .submitReview: return (#"{"action":"submit"}"#, .submit)
            default: return nil
            }
        }
        guard let focus = store.state.focus, let field = store.reducer.spec[focus] else { return nil }
        let text = store.state.text(of: focus)
        func textRequest(_ new: String) -> (String, FlowReducer.Action) {
            (#"{"action":"text","value":\#(Self.quoted(new))}"#, .field(.textChanged(new)))
        }
        switch (self, field.kind) {
        case (.type(let character), .confirm):
            switch character {
            case "y": return (#"{"action":"set","value":true}"#, .field(.set(true)))
            case "n": return (#"{"action":"set","value":false}"#, .field(.set(false)))
            default: return nil
            }
        case (.type(let character), _): return textRequest(text + String(character))
        case (.paste, .confirm): return nil
        case (.paste(let pasted), _): return textRequest(text + pasted)
        case (.backspace, .confirm): return nil
        case (.backspace, _): return text.isEmpty ? nil : textRequest(String(text.dropLast()))
        case (.enter, _), (.tab, _): return (#"{"action":"next"}"#, .next)
        case (.shiftTab, _): return (#"{"action":"previous"}"#, .previous)
        case (.up, .select), (.up, .multiSelect): return (#"{"action":"highlight","delta":-1}"#, .field(.highlight(-1)))
        case (.down, .select), (.down, .multiSelect): return (#"{"action":"highlight","delta":1}"#, .field(.highlight(1)))
        case (.up, .number), (.up, .date): return (#"{"action":"step","delta":1}"#, .field(.step(1)))
        case (.down, .number), (.down, .date): return (#"{"action":"step","delta":-1}"#, .field(.step(-1)))
        case (.space, .multiSelect):
            guard field.spaceToggles(query: text) else { return textRequest(text + " ") }
            guard case .multiSelect(let multi)? = store.state.fields[field: focus] else { return nil }
            let visible = field.visibleOptions(query: text)
            guard let standing = field.standing(ofHighlight: multi.highlight, among: visible) else { return nil }
            let value = field.options[visible[standing]].value
            return (#"{"action":"toggle","value":\#(Self.quoted(value))}"#, .field(.toggle(value)))
        case (.space, .confirm): return nil
        case (.space, _): return textRequest(text + " ")
        case (.reveal, _): return field.secure ? (#"{"action":"reveal"}"#, .toggleReveal) : nil
        default: return nil
        }
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    /// `count` keys that fit the field focused at each step, from `seed`: typing with characters
    /// some keyboards refuse (`é`, `한`, a space), pastes, Backspace, Enter, Shift-Tab, Ctrl-T, and
    /// the list keys.
    static func random(flow json: String, seed: UInt64, count: Int) throws -> [DifferentialKey] {
        let spec = try FlowSpec(json: Data(json.utf8))
        let store = FlowStore(spec: spec)
        var random = RandomKeys(seed: seed)
        let typed = Array("ab1 9é한@n-,.")
        let pasted = ["New", "Passw0rd", "Pässwörd-한글", "42", "a b"]
        var keys: [DifferentialKey] = []
        while keys.count < count, store.state.phase == .editing, let focus = store.state.focus, let field = spec[focus] {
            let key: DifferentialKey
            switch (field.kind, random.below(10)) {
            case (.confirm, 0...5): key = .type(random.below(2) == 0 ? "y" : "n")
            case (.select, 0...2), (.multiSelect, 0...2): key = [.up, .down, .down][random.below(3)]
            case (.number, 0...2), (.date, 0...2): key = [.up, .down, .up][random.below(3)]
            case (.multiSelect, 3): key = .space
            case (_, 0...4): key = .type(typed[random.below(typed.count)])
            case (_, 5): key = .paste(pasted[random.below(pasted.count)])
            case (_, 6): key = .backspace
            case (_, 7): key = random.below(3) == 0 ? .shiftTab : .reveal
            default: key = random.below(4) == 0 ? .tab : .enter
            }
            keys.append(key)
            if let (_, action) = key.request(in: store) { store.send(action) }
        }
        return keys
    }
}

/// One walk of the same keys through both fronts.
struct DifferentialWalk {
    let keys: [DifferentialKey]
    let secureFields: Set<String>
    /// The terminal's answers (stdout), or `[:]` when it was cancelled.
    let answers: [String: Any]
    /// The events of the terminal's recording, replayed.
    let terminalEvents: [[String: Any]]
    /// The events of the keys said as requests.
    let serveEvents: [[String: Any]]
    /// The answers `serve` completed with, or `[:]`.
    let serveAnswers: [String: Any]
    let terminalStatus: ProcessEnd?
    /// The lines piped input was given (``init(flow:keys:firstLabel:piped:)`` with `piped`), or `nil`.
    let pipedLines: [String]?
    /// Piped input's answers (stdout), and the events of its recording, replayed.
    let pipedAnswers: [String: Any]
    let pipedEvents: [[String: Any]]

    /// - Parameters:
    ///   - firstLabel: the label the first field shows, waited for before the first key.
    ///   - piped: walk line mode (piped input) too, a line for each field as the keys left it
    ///     when they went on from it, a number for an amend at the review, an empty line for its
    ///     submit. Keys that go back or that a rule refuses have no line, and throw.
    ///   - options: for each source of options the flow names, the JSON list the service gives:
    ///     the terminal and line mode run a program (`--options NAME=PROGRAM`) that prints it,
    ///     and the `serve` host answers each `loadingOptions` with it.
    init(flow json: String, keys: [DifferentialKey], firstLabel: String = "Name", piped: Bool = false, options: [String: String] = [:]) throws {
        self.keys = keys
        let spec = try FlowSpec(json: Data(json.utf8))
        secureFields = Set(spec.fields.filter(\.secure).map(\.id.rawValue))
        let folder = NSTemporaryDirectory() + "focusflow-differential-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json", recording = folder + "/terminal.script", script = folder + "/serve.script"
        var optionArguments: [String] = []
        var lists: [String: [FieldOption]] = [:]
        for (source, list) in options.sorted(by: { $0.key < $1.key }) {
            let program = folder + "/\(source).sh"
            try Data("#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '\(list)'\n".utf8).write(to: URL(fileURLWithPath: program))
            guard chmod(program, 0o755) == 0 else { throw DifferentialFailure("cannot make \(program) a program") }
            optionArguments += ["--options", "\(source)=\(program)"]
            let parsed = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: String]] ?? []
            lists[source] = parsed.map { FieldOption(value: $0["value"] ?? "", label: $0["label"]) }
        }

        // serve: the keys as a host says them, with the Swift API tracking the text as a binding does.
        try Data(json.utf8).write(to: URL(fileURLWithPath: flow))
        let store = FlowStore(spec: spec)
        var lines: [String] = []
        var typed: [DifferentialKey] = []
        var answerLines: [String] = []
        // After which typed key the walk waits for a list, and the first label it shows then.
        var listShown: [Int: String] = [:]
        for key in keys where !store.state.phase.hasEnded {
            typed.append(key)
            guard let (line, action) = key.request(in: store) else { continue }
            lines.append(line)
            let before = store.state
            let events = store.send(action)
            if piped { answerLines += try Self.lines(for: action, events: events, before: before, after: store.state) }
            // The host answers a request for options as the program does.
            for case .loadingOptions(_, let source, let ticket, _) in events {
                let list = options[source] ?? "[]"
                if let first = lists[source]?.first { listShown[typed.count - 1] = first.label }
                lines.append(#"{"action":"options","ticket":\#(ticket),"options":\#(list)}"#)
                store.send(.options(ticket: ticket, .list(lists[source] ?? [])))
            }
        }
        let cancelled = !store.state.phase.hasEnded
        if cancelled { lines.append(#"{"action":"cancel"}"#) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: script))

        // The terminal: each key sent once the one before it is handled.
        let terminal = try PseudoTerminal(["run", flow, "--record", recording] + optionArguments)
        guard terminal.waitFor(firstLabel), let start = terminal.bytesReadWhenWaiting() else {
            throw DifferentialFailure("the first field never showed: \(terminal.screen().text)")
        }
        var sent = 0
        for (number, key) in typed.enumerated() {
            terminal.send(key.bytes)
            sent += key.bytes.utf8.count
            guard terminal.waitUntilIdle(afterReading: sent, since: start) else {
                throw DifferentialFailure("the terminal did not take \(key) (keys \(typed)): \(terminal.screen().text)")
            }
            // The program gives the list in its own time: the next key waits until it shows, as a person does.
            if let label = listShown[number], !terminal.waitFor(label) {
                throw DifferentialFailure("the list never showed \(label) after \(key): \(terminal.screen().text)")
            }
        }
        if cancelled { terminal.send("\u{3}") }
        terminalStatus = terminal.finish()
        answers = Self.object(terminal.stdoutText) ?? [:]
        terminalEvents = try Self.events(replaying: recording, flow: flow)
        serveEvents = try Self.events(replaying: script, flow: flow)
        serveAnswers = (serveEvents.last { $0["event"] as? String == "completed" }?["values"] as? [String: Any]) ?? [:]

        // Line mode: the lines on stdin, recorded as the terminal was.
        guard piped else {
            (pipedLines, pipedAnswers, pipedEvents) = (nil, [:], [])
            return
        }
        let pipedRecording = folder + "/piped.script"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PseudoTerminal.executable)
        process.arguments = ["run", flow, "--record", pipedRecording] + optionArguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(answerLines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        pipedLines = answerLines
        pipedAnswers = Self.object(String(decoding: stdout, as: UTF8.self)) ?? [:]
        pipedEvents = try Self.events(replaying: pipedRecording, flow: flow)
    }

    /// The lines piped input gives for what `action` did: the field's answer as a line when the
    /// walk went on from it, the row's number for an amend at the review, an empty line for
    /// the review's submit.
    private static func lines(for action: FlowReducer.Action, events: [FlowEvent], before: FlowReducer.State, after: FlowReducer.State) throws -> [String] {
        if before.phase == .review {
            switch action {
            case .focus(let field): return [String((before.reviewed?.firstIndex(of: field) ?? 0) + 1)]
            case .submit: return [""]
            default: return []
            }
        }
        if case .previous = action { throw DifferentialFailure("piped input has no way back: \(action)") }
        if let refused = events.first(where: { $0.name == "invalid" }) { throw DifferentialFailure("piped input ends on a refused line: \(refused)") }
        guard let field = before.focus, after.focus != field || after.phase != before.phase else { return [] }
        switch after.answer(of: field) {
        case .choice(let value?)?: return [value]
        case .bool(let value?)?: return [value ? "y" : "n"]
        default: return [after.text(of: field)]
        }
    }

    /// The answers agree (secure ones too), and so do the events, but for a secure field's
    /// typing, which a recording keeps as one stand-in request when the field is left.
    func expectSameFronts(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let keys = "keys: \(self.keys)"
        #expect(terminalStatus == (serveAnswers.isEmpty ? .signalled(SIGINT) : 0), "\(keys)", sourceLocation: sourceLocation)
        #expect(
            Self.canonical(answers) == Self.canonical(serveAnswers), "terminal \(answers), serve \(serveAnswers); \(keys)",
            sourceLocation: sourceLocation)
        let terminal = comparable(terminalEvents), serve = comparable(serveEvents)
        if terminal != serve {
            let at = zip(terminal, serve).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(terminal.count, serve.count)
            Issue.record(
                """
                the events differ from event \(at): terminal \(terminal.dropFirst(at).prefix(4)), serve \(serve.dropFirst(at).prefix(4)); \
                \(keys)
                """, sourceLocation: sourceLocation)
        }
        guard let pipedLines else { return }
        // Line mode takes a whole line where the terminal takes keys: its answers are the same,
        // and so are the fields it shows, the review, what it drops and how it ends.
        let lines = "lines: \(pipedLines)"
        #expect(
            Self.canonical(pipedAnswers) == Self.canonical(answers), "piped \(pipedAnswers), terminal \(answers); \(lines)",
            sourceLocation: sourceLocation)
        let shown = comparable(terminalEvents.filter(Self.showsFields)), piped = comparable(pipedEvents.filter(Self.showsFields))
        #expect(piped == shown, "piped \(piped), terminal \(shown); \(lines)", sourceLocation: sourceLocation)
    }

    /// Whether `event` says which fields show: a focus move, the review, dropped answers, the end.
    private static func showsFields(_ event: [String: Any]) -> Bool {
        ["focusMoved", "reviewing", "dropped", "completed", "cancelled"].contains(event["event"] as? String ?? "")
    }

    /// Events as sorted JSON, without a secure field's text changes and refusals, and with a
    /// completed walk's secure values (stand-ins in a recording) left out.
    private func comparable(_ events: [[String: Any]]) -> [String] {
        events.compactMap { event in
            var event = event
            let name = event["event"] as? String
            if let field = event["field"] as? String, secureFields.contains(field), name == "changed" || name == "rejected" { return nil }
            if name == "completed", var values = event["values"] as? [String: Any] {
                for field in secureFields { values[field] = nil }
                event["values"] = values
            }
            return Self.canonical(event)
        }
    }

    /// `object` as JSON with sorted keys, so that two equal objects read the same.
    private static func canonical(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// Every event `focusflow replay FLOW SCRIPT` answers, in order.
    private static func events(replaying script: String, flow: String) throws -> [[String: Any]] {
        try RecordingFlow.replay(flow: flow, script: script).split(separator: "\n").flatMap { line -> [[String: Any]] in
            guard let response = object(String(line)) else { return [["unreadable": String(line)]] }
            if let error = response["error"] { return [["error": error]] }
            return response["events"] as? [[String: Any]] ?? []
        }
    }
}

struct DifferentialFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
