import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

@Suite("Field kinds: the fold behind every filter")
struct SearchFoldTests {
    @Test(
        "Case, diacritics and width fold away; Hangul is matched jamo by jamo",
        arguments: [
            ("Café", "cafe"), ("ZÜRICH", "zurich"), ("Ｋｏｒｅａ", "korea"), ("Việt Nam", "viet nam"),
            ("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"), ("e\u{301}", "e"),
        ])
    func folds(text: String, folded: String) {
        #expect(SearchFold.bytes(text) == Array(folded.utf8))
    }

    @Test("In the account flow, \"kor\", \"KOR\" full-width, \"한국\" and a half-typed \"하\" all find 대한민국", arguments: ["kor", "ＫＯＲ", "한국", "하", "south korea"])
    func findsKorea(query: String) throws {
        let country = try #require(try Fixtures.flow("account")["country"])
        let values = country.visibleOptions(query: query).map { country.options[$0].value }
        #expect(values.contains("kr"))
    }

    @Test(
        "Narrowing from the query before gives exactly what a whole search gives, key by key, as a person types and erases",
        arguments: ["south korea", "ＫＯＲ", "대한민국", "\u{1112}\u{1161}\u{11AB}", "e\u{301}", "an", "Việt"])
    func narrowingAgreesWithAWholeSearch(typed: String) throws {
        let country = try #require(try Fixtures.flow("account")["country"])
        // Every prefix of what is typed, by grapheme then by scalar (Hangul typed jamo by jamo).
        let byCharacter = typed.indices.map { String(typed[...$0]) }
        let byScalar = typed.unicodeScalars.indices.map { String(typed.unicodeScalars[...$0]) }
        for steps in [byCharacter, byScalar] {
            var previous = (query: "", visible: country.visibleOptions(query: ""))
            for query in steps + steps.reversed().dropFirst() + [""] {
                let narrowed = country.visibleOptions(query: query, narrowing: previous)
                #expect(narrowed == country.visibleOptions(query: query), "after \(previous.query.debugDescription), \(query.debugDescription)")
                previous = (query, narrowed)
            }
        }
    }

    @Test("Spaces a query starts with are ignored; one inside or at its end counts")
    func leadingSpaces() throws {
        let country = try #require(try Fixtures.flow("account")["country"])
        #expect(country.visibleOptions(query: "   ") == Array(country.options.indices))
        #expect(country.visibleOptions(query: "  kor") == country.visibleOptions(query: "kor"))
        #expect(country.visibleOptions(query: "south k") != country.visibleOptions(query: "south"))
    }

    @Test("A query no label has shows nothing; an empty one shows every option in order")
    func emptyAndNone() throws {
        let country = try #require(try Fixtures.flow("account")["country"])
        #expect(country.visibleOptions(query: "zzzq").isEmpty)
        #expect(country.visibleOptions(query: "") == Array(country.options.indices))
    }
}

@Suite("Field kinds: reducers")
struct FieldKindReducerTests {
    let options: [FieldOption] = [.init(value: "kr", label: "대한민국 · Korea"), .init(value: "jp", label: "일본 · Japan"), .init(value: "fr", label: "France")]

    @Test("A select's choice survives a filter that hides it, and a hidden highlight goes to the first match; the filter is the search-field reducer")
    func choiceSurvivesFilter() {
        let reducer = SelectFieldReducer(options: options)
        var state = SelectFieldReducer.State()
        var effects: [SelectFieldReducer.Effect] = []
        reducer.reduce(into: &state, action: .select("jp")) { effects.append($0) }
        reducer.reduce(into: &state, action: .highlight(-1)) { effects.append($0) }
        reducer.reduce(into: &state, action: .filter(.textChanged("fra"))) { effects.append($0) }
        #expect(state.choice == "jp" && state.highlight == "fr")
        #expect(reducer.visibleOptions(in: state).map(\.value) == ["fr"])
        reducer.reduce(into: &state, action: .filter(.clear)) { effects.append($0) }
        // Choosing an option highlights it, so that Enter (which takes the highlight) keeps it.
        #expect(
            effects == [
                .highlighted(old: nil, new: "jp"), .chosen(old: nil, new: "jp"), .highlighted(old: "jp", new: "kr"),
                .filter(.changed(old: "", new: "fra")), .highlighted(old: "kr", new: "fr"), .filter(.cleared),
            ])
        #expect(state.highlight == "fr")
        #expect(state.choice == "jp")
    }

    @Test("The highlight moves over the visible options only, clamped at the ends")
    func highlightMoves() {
        let reducer = SelectFieldReducer(options: options)
        var state = SelectFieldReducer.State(filter: "a")  // Korea, Japan, France all have an a
        for _ in 0..<5 { reducer.reduce(into: &state, action: .highlight(1)) { _ in } }
        #expect(state.highlight == "fr")
        state.filter = .init(text: "korea")
        // France is hidden; the highlight stands on Korea, the one visible option, and Up cannot
        // go past it: nothing changes.
        var effects: [SelectFieldReducer.Effect] = []
        reducer.reduce(into: &state, action: .highlight(-1)) { effects.append($0) }
        #expect(state.highlight == "fr" && effects.isEmpty)
        state.filter = .init(text: "")
        reducer.reduce(into: &state, action: .highlight(-1)) { effects.append($0) }
        #expect(state.highlight == "jp" && effects == [.highlighted(old: "fr", new: "jp")])
    }

    @Test("With no highlight yet the first option is highlighted: Down goes to the second, Up stays")
    func highlightStartsOnFirst() {
        let reducer = SelectFieldReducer(options: options)
        var state = SelectFieldReducer.State()
        var effects: [SelectFieldReducer.Effect] = []
        reducer.reduce(into: &state, action: .highlight(-1)) { effects.append($0) }
        #expect(state.highlight == nil && effects.isEmpty)
        reducer.reduce(into: &state, action: .highlight(1)) { effects.append($0) }
        #expect(state.highlight == "jp" && effects == [.highlighted(old: nil, new: "jp")])
    }

    @Test("A value that is none of the options is rejected and changes nothing")
    func unknownRejected() {
        var state = SelectFieldReducer.State()
        var effects: [SelectFieldReducer.Effect] = []
        SelectFieldReducer(options: options).reduce(into: &state, action: .select("de")) { effects.append($0) }
        #expect(effects == [.rejected] && state == .init())
    }

    @Test("A multi-select keeps its answer in option order, whatever order it was toggled in")
    func multiOrder() {
        let reducer = MultiSelectFieldReducer(options: options)
        var state = MultiSelectFieldReducer.State()
        for value in ["fr", "kr", "jp", "kr"] { reducer.reduce(into: &state, action: .toggle(value)) { _ in } }
        #expect(state.chosen == ["jp", "fr"])
    }

    @Test("A confirm says answered once per change")
    func confirm() {
        var state = ConfirmFieldReducer.State()
        var effects: [ConfirmFieldReducer.Effect] = []
        for value in [true, true, false] { ConfirmFieldReducer().reduce(into: &state, action: .set(value)) { effects.append($0) } }
        #expect(effects == [.answered(old: nil, new: true), .answered(old: true, new: false)])
    }
}

@Suite("Field kinds: in the flow")
struct FieldKindFlowTests {
    @Test("Clearing a text field: the text field says cleared once, the flow says the change of text first")
    func flowClear() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("a")))
        #expect(reducer.reduce(into: &state, action: .field(.clear)) == [.changed(field: "email", old: "a", new: ""), .cleared(field: "email")])
        #expect(reducer.reduce(into: &state, action: .field(.clear)) == [.cleared(field: "email")])
    }

    @Test("The account flow: a select with the default keyboard and a plain surface, terms that must be yes, typed answers")
    func account() throws {
        let spec = try Fixtures.flow("account")
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        for (field, value) in Fixtures.signupAnswers {
            _ = reducer.reduce(into: &state, action: .focus(field))
            _ = reducer.reduce(into: &state, action: .field(.textChanged(value)))
        }
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "country" && state.keyboard == .default && state.surface == .plain)
        // Next takes the highlighted option, as Enter does; a filter that shows none refuses it.
        #expect(reducer.reduce(into: &state, action: .field(.textChanged("zzq"))) == [.changed(field: "country", old: "", new: "zzq")])
        #expect(
            reducer.reduce(into: &state, action: .next)
                == [.invalid(field: "country", message: "Country: the filter shows no option to choose.")])
        #expect(reducer.reduce(into: &state, action: .field(.textChanged("한국"))) == [.changed(field: "country", old: "zzq", new: "한국")])
        #expect(reducer.reduce(into: &state, action: .field(.select("kr"))) == [.chosen(field: "country", old: nil, new: "kr")])
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "terms")
        #expect(reducer.reduce(into: &state, action: .next) == [.invalid(field: "terms", message: "You must accept the terms to create an account")])
        _ = reducer.reduce(into: &state, action: .field(.set(true)))
        // The account flow asks for a review: the last field leads there, and submit completes.
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "terms", to: nil), .reviewing])
        let events = reducer.reduce(into: &state, action: .submit)
        guard case .completed(let result)? = events.last else { Issue.record("no completion: \(events)"); return }
        #expect(result.answer(for: "country") == .choice("kr") && result.answer(for: "terms") == .bool(true))
        #expect(result.json.hasSuffix(#","country":"kr","terms":true}"#))
    }

    @Test("when works on a confirm and with in on a multi-select; a hidden choice keeps its choice")
    func conditions() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        var state = reducer.initialState()
        #expect(reducer.isVisible("channels", in: state) && !reducer.isVisible("phone", in: state))
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .field(.toggle("sms")))
        #expect(reducer.isVisible("phone", in: state))
        _ = reducer.reduce(into: &state, action: .previous)
        _ = reducer.reduce(into: &state, action: .field(.set(false)))
        #expect(!reducer.isVisible("channels", in: state))
        #expect(state.answer(of: "channels") == .choices(["sms"]))
    }
}

@Suite("Field kinds: what Enter and Space do, decided by the engine")
struct ChoiceKeyRuleTests {
    static let spec: FlowSpec = try! FlowSpec(
        id: "k", title: "K",
        fields: [
            FieldSpec(
                id: "country", kind: .select, label: "Country",
                options: [
                    .init(value: "kr", label: "대한민국"), .init(value: "nz", label: "New Zealand"),
                    .init(value: "no", label: "Norway"),
                ], rules: .init(required: true)),
            FieldSpec(id: "places", kind: .multiSelect, options: [.init(value: "nz", label: "New Zealand"), .init(value: "no", label: "Norway")]),
        ])

    @Test("Next on an untouched select takes its first option, as the terminal's Enter does")
    func nextTakesFirst() {
        let reducer = FlowReducer(spec: Self.spec)
        var state = reducer.initialState()
        #expect(reducer.reduce(into: &state, action: .next) == [.chosen(field: "country", old: nil, new: "kr"), .focusMoved(from: "country", to: "places")])
    }

    @Test("Next takes the option the highlight stands on among the visible ones, with the filter's narrowing")
    func nextTakesStanding() {
        let reducer = FlowReducer(spec: Self.spec)
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("n")))
        _ = reducer.reduce(into: &state, action: .field(.highlight(1)))
        #expect(reducer.reduce(into: &state, action: .next).prefix(1) == [.chosen(field: "country", old: nil, new: "no")])
    }

    @Test("A select chosen by value keeps its choice through Next; a filter that shows no option refuses Next and keeps the choice")
    func chosenKept() {
        let reducer = FlowReducer(spec: Self.spec)
        var state = reducer.initialState()
        #expect(
            reducer.reduce(into: &state, action: .field(.select("no")))
                == [.highlighted(field: "country", from: nil, to: "no"), .chosen(field: "country", old: nil, new: "no")])
        _ = reducer.reduce(into: &state, action: .field(.textChanged("xyz")))
        #expect(reducer.reduce(into: &state, action: .next) == [.invalid(field: "country", message: "Country: the filter shows no option to choose.")])
        #expect(state.answer(of: "country") == .choice("no") && state.error == "Country: the filter shows no option to choose.")
        // A refused action changes nothing, not even the error.
        let before = state
        #expect(reducer.reduce(into: &state, action: .field(.select("de"))) == [.rejected(field: "country")])
        #expect(state == before)
        _ = reducer.reduce(into: &state, action: .field(.clear))
        #expect(state.error == nil)
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "country", to: "places")])
        #expect(state.answer(of: "country") == .choice("no"))
    }

    @Test(
        "Space toggles in a multi-select unless it goes on a filter that finds a label with a space",
        arguments: [
            ("", true), ("new", false), ("NEW", false), ("new z", true), ("norway", true), ("nor", true), ("xyz", true),
        ])
    func spaceToggles(query: String, toggles: Bool) throws {
        let places = try #require(Self.spec["places"])
        #expect(places.spaceToggles(query: query) == toggles, "\(query.debugDescription)")
    }
}

@Suite("Field kinds: the protocol")
struct FieldKindProtocolTests {
    func session(_ name: String) throws -> ProtocolSession { ProtocolSession(spec: try Fixtures.flow(name)) }

    @Test("The first response carries the protocol version")
    func version() throws {
        #expect(try session("preferences").initialResponse().hasPrefix(#"{"protocol":2,"events":"#))
    }

    @Test("set, toggle, highlight and select speak JSON with their types, and completed keeps them", arguments: [0])
    func requests(_: Int) throws {
        var session = try session("preferences")
        #expect(session.respond(toLine: Array(#"{"action":"set","value":false}"#.utf8)).hasPrefix(#"{"events":[{"event":"answered","field":"newsletter","old":true,"new":false}]"#))
        _ = session.respond(toLine: Array(#"{"action":"set","value":true}"#.utf8))
        _ = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        #expect(session.respond(toLine: Array(#"{"action":"toggle","value":"post"}"#.utf8)).hasPrefix(#"{"events":[{"event":"toggled","field":"channels","value":"post","selected":true}]"#))
        // The first option is highlighted until the highlight moves: Down goes to the second.
        #expect(session.respond(toLine: Array(#"{"action":"highlight","delta":1}"#.utf8)).hasPrefix(#"{"events":[{"event":"highlighted","field":"channels","from":null,"to":"sms"}]"#))
        #expect(session.respond(toLine: Array(#"{"action":"toggle","value":"smss"}"#.utf8)) == #"{"error":"\"smss\" is not an option of \"channels\"; did you mean \"sms\"?"}"#)
        #expect(session.respond(toLine: Array(#"{"action":"set","value":true}"#.utf8)) == #"{"error":"set applies to confirm fields; \"channels\" is a multiSelect field"}"#)
        _ = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        let done = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        #expect(done.contains(#""values":{"newsletter":true,"channels":["post"],"language":"ko"}"#), "\(done)")
    }

    @Test("describe answers every field with kind, options, rules and visibility")
    func describe() throws {
        var session = try session("preferences")
        let text = session.respond(toLine: Array(#"{"action":"describe"}"#.utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["protocol"] as? Int == 2)
        let fields = try #require(object["fields"] as? [[String: Any]])
        #expect(fields.map { $0["kind"] as? String } == ["confirm", "multiSelect", "text", "select"])
        #expect(fields.map { $0["visible"] as? Bool } == [true, true, false, true])
        #expect((fields[1]["options"] as? [[String: String]])?.first == ["value": "email", "label": "Email"])
        #expect((fields[1]["rules"] as? [String: Int]) == ["minSelected": 1])
    }

    @Test("Every request of the table round-trips through its JSON and text forms", arguments: FlowRequest.table.map(\.name))
    func roundTrip(name: String) throws {
        let samples: [FlowRequest] = [
            .text("가 b"), .next, .previous, .focus("email"), .reveal, .clear, .cancel, .set(true), .select("kr"), .toggle("sms"), .highlight(-1), .step(1), .submit, .describe,
            .start(#"{"email":"a@b.c","terms":true}"#), .verify(#"{"email":"a@b.c"}"#), .snapshot, .restore(#"{"version":1,"answers":{}}"#),
            .checked(ticket: 3, .refused("이미 있어요")), .sent(ticket: 4, .unavailable), .resend, .tick(30), .remove("phones[1]"),
            .options(ticket: 5, .list([.init(value: "seoul", label: "서울")])),
        ]
        let request = try #require(samples.first { $0.parts.row.name == name }, "the test has no sample for \(name)")
        #expect(try FlowRequest(line: Array(request.json.utf8)) == request)
        #expect(try FlowRequest(line: Array(request.text.utf8)) == request)
    }
}

@Suite("Field kinds: the model-based check")
struct FieldKindExplorerTests {
    /// A small flow with every choice kind: a confirm, a select shown while it is yes, a multi-select.
    static func choices() throws -> FlowSpec {
        try FlowSpec(
            id: "choices", title: "Choices",
            fields: [
                FieldSpec(id: "ok", kind: .confirm, rules: .init(required: true)),
                FieldSpec(
                    id: "pick", kind: .select, options: ["kr", "jp", .init(value: "fr", label: "France")], rules: .init(required: true),
                    when: .init(field: "ok", test: .equals(true))),
                FieldSpec(id: "many", kind: .multiSelect, options: ["sms", "email", "post"], rules: .init(minSelected: 1)),
            ])
    }

    @Test("The new flows and a flow of every kind hold all invariants over every reachable state", arguments: ["choices", "preferences", "delivery"])
    func holds(name: String) throws {
        let spec = name == "choices" ? try Self.choices() : try Fixtures.flow(name)
        let report = FlowExplorer(spec: spec).run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive && report.completed && report.cancelled)
        #expect(report.fieldsFocused.count == spec.fields.count)
    }

    @Test("The explorer's alphabet covers every kind's requests")
    func alphabet() throws {
        let spec = try Self.choices()
        // A number field takes text and step; `NumberProtocolTests` explores a flow with one.
        var code = FieldSpec(id: "code")
        code.check = "code-valid"
        code.send = FieldSend(name: "sms-code", resendAfter: 30)
        // A choice whose options come from the service takes the host's `options`.
        var city = FieldSpec(id: "city", kind: .select)
        city.optionSource = OptionSource(name: "cities")
        let fields = spec.fields + [FieldSpec(id: "count", kind: .number, rules: .init(min: 1, max: 3)), code, city]
        let names = Set(fields.flatMap { field in FlowRequest.alphabet(for: field, values: [""]).map(\.parts.row.name) })
        let needed = Set(FlowRequest.table.filter { $0.argument != .string(key: "field") && !["describe", "start", "verify", "snapshot", "restore", "resend", "tick"].contains($0.name) }.map(\.name))
        #expect(names == needed)
        let report = FlowExplorer(spec: spec).run()
        #expect(report.eventsSeen.isSuperset(of: ["answered", "chosen", "toggled", "highlighted", "rejected", "changed", "cleared"]))
    }

    /// Machines broken on purpose, each against the new invariant it breaks.
    static let broken: [(String, Int, @Sendable (FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])] = [
        (
            "chooses a value that is none of the options", 9,
            { reducer in
                { state, action in
                    let events = reducer.reduce(into: &state, action: action)
                    if case .field(.select(let value)) = action, let focus = state.focus { state.fields[field: focus] = .select(.init(choice: value)) }
                    return events.filter { if case .rejected = $0 { false } else { true } }
                }
            }
        ),
        (
            "forgets the choice when the filter changes", 10,
            { reducer in
                { state, action in
                    let events = reducer.reduce(into: &state, action: action)
                    if case .field(.textChanged) = action, let focus = state.focus, case .select(var select)? = state.fields[field: focus] {
                        select.choice = nil
                        state.fields[field: focus] = .select(select)
                    }
                    return events
                }
            }
        ),
        (
            "keeps choices in the order they were toggled", 11,
            { reducer in
                { state, action in
                    let events = reducer.reduce(into: &state, action: action)
                    if case .field(.toggle(let value)) = action, let focus = state.focus, case .multiSelect(var multi)? = state.fields[field: focus],
                        let index = multi.chosen.firstIndex(of: value)
                    {
                        multi.chosen.append(multi.chosen.remove(at: index))
                        state.fields[field: focus] = .multiSelect(multi)
                    }
                    return events
                }
            }
        ),
        (
            "drops the choice of a field that becomes hidden", 12,
            { reducer in
                { state, action in
                    let events = reducer.reduce(into: &state, action: action)
                    if !reducer.isVisible("pick", in: state), case .select(var pick)? = state.fields[field: "pick"] {
                        pick.choice = nil
                        state.fields[field: "pick"] = .select(pick)
                    }
                    return events
                }
            }
        ),
    ]

    @Test("The explorer finds each deliberately broken choice machine, with a replayable script", arguments: broken.indices)
    func findsBrokenMachine(index: Int) throws {
        let (what, invariant, breakIt) = Self.broken[index]
        let spec = try Self.choices()
        let reducer = FlowReducer(spec: spec)
        let report = FlowExplorer(spec: spec, transition: breakIt(reducer)).run()
        let counterexample = try #require(report.counterexample, "no violation found for a machine that \(what)")
        #expect(counterexample.violation.invariant == invariant, "\(counterexample.violation)")
        let invariants = FlowInvariants(reducer: reducer)
        var real = reducer.initialState()
        for request in counterexample.script {
            let before = real
            let events = reducer.reduce(into: &real, action: request.action!)
            #expect(invariants.check(before: before, action: request.action!, after: real, events: events) == nil)
        }
    }
}
