import Foundation
import PseudoTerminalSupport
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// An age from 13 to 120, and a weight with one decimal that may be negative (a change of weight).
private let profile = #"""
    {"id":"p","title":"Profile","fields":[
     {"id":"age","kind":"number","label":"Age","rules":{"required":true,"min":13,"max":120}},
     {"id":"guardian","label":"Guardian","when":{"field":"age","max":17}},
     {"id":"adult","kind":"confirm","label":"Adult","when":{"field":"age","min":18}},
     {"id":"change","kind":"number","label":"Change","step":0.5,"decimals":1,"rules":{"min":-10,"max":10}}]}
    """#

private func loaded(_ json: String = profile, language: Language = .en) throws -> FlowSpec {
    try FlowSpec(json: Data(json.utf8)).localized(to: language)
}

@Suite("Number fields: the reducer")
struct NumberFieldReducerTests {
    static let age = NumberFieldReducer.Format(min: 13, max: 120)
    static let change = NumberFieldReducer.Format(min: -10, max: 10, step: 0.5, decimals: 1)
    static let free = NumberFieldReducer.Format()

    @Test(
        "What may be typed: digits, a leading minus only where negatives are allowed, one separator only with decimals; a comma becomes a point",
        arguments: [
            (age, "42", "42"), (age, "4a", nil), (age, "-4", nil), (age, "4.5", nil), (age, "4 ", nil), (age, "", ""),
            (change, "-", "-"), (change, "-2,5", "-2.5"), (change, "2.5", "2.5"), (change, "2.5.", nil), (change, "2-", nil),
            (change, "--2", nil), (change, ".5", ".5"), (free, "-12", "-12"), (free, "1e5", nil), (free, "١٢", nil),
        ] as [(NumberFieldReducer.Format, String, String?)])
    func typed(format: NumberFieldReducer.Format, text: String, taken: String?) {
        #expect(NumberFieldReducer(format: format).typed(text) == taken, "\(format) \(text.debugDescription)")
    }

    @Test(
        "Up and Down step from the value, clamped at the ends, written with the decimals; an empty field takes the first value it allows (the minimum, else 0 in the range)",
        arguments: [
            (age, "", 1, "13"), (age, "", -1, "13"), (age, "42", 1, "43"), (age, "120", 1, "120"), (age, "500", -1, "120"),
            (age, "-", 1, "13"), (change, "", 1, "-10.0"), (change, "2.5", 1, "3.0"), (change, "9.8", 1, "10.0"),
            (change, "-10", -1, "-10.0"), (change, "0,3", -2, "-0.7"), (free, "", -1, "0"), (free, "", 1, "0"),
            (.init(min: 5), "", -1, "5"), (.init(max: -3), "", 1, "-3"),
        ] as [(NumberFieldReducer.Format, String, Int, String)])
    func step(format: NumberFieldReducer.Format, from text: String, delta: Int, to expected: String) {
        var state = NumberFieldReducer.State(text: text)
        var effects: [NumberFieldReducer.Effect] = []
        NumberFieldReducer(format: format).reduce(into: &state, action: .step(delta)) { effects.append($0) }
        #expect(state.text == expected, "\(format) from \(text.debugDescription) by \(delta)")
        #expect(effects == (text == expected ? [] : [.changed(old: text, new: expected)]))
    }

    @Test("At an end of the range a step says nothing")
    func stepAtEnd() {
        var state = NumberFieldReducer.State(text: "120")
        var effects: [NumberFieldReducer.Effect] = []
        NumberFieldReducer(format: Self.age).reduce(into: &state, action: .step(1)) { effects.append($0) }
        #expect(effects.isEmpty && state.text == "120")
    }

    @Test(
        "An answer is a JSON number: whole numbers without .0, others in their fewest digits; unanswered is null",
        arguments: [
            (FieldAnswer.number(42), "42"), (.number(42.5), "42.5"), (.number(-0.25), "-0.25"), (.number(nil), "null"),
            (.number(1e15), "1000000000000000"), (.number(1e20), "1e+20"),
        ])
    func json(answer: FieldAnswer, json: String) {
        #expect(answer.json == json)
    }
}

@Suite("Number fields: in the flow")
struct NumberFlowTests {
    func run(_ actions: [FlowReducer.Action], spec: FlowSpec? = nil) throws -> (FlowReducer, FlowReducer.State, [FlowEvent]) {
        let reducer = FlowReducer(spec: try spec ?? loaded())
        var state = reducer.initialState()
        var events: [FlowEvent] = []
        for action in actions { events += reducer.reduce(into: &state, action: action) }
        return (reducer, state, events)
    }

    @Test("A refused insertion is refused whole: the text stays and the flow says rejected", arguments: ["4a", "-4", "4.5", "１３"])
    func refused(text: String) throws {
        let (_, state, events) = try run([.field(.textChanged("4")), .field(.textChanged(text))])
        #expect(state.text(of: "age") == "4")
        #expect(events.last == .rejected(field: "age"))
    }

    @Test("A comma is taken as a point, and said so in changed")
    func comma() throws {
        let (_, state, events) = try run([.field(.textChanged("42")), .focus("change"), .field(.textChanged("-1,5"))])
        #expect(state.text(of: "change") == "-1.5")
        #expect(events.last == .changed(field: "change", old: "", new: "-1.5"))
    }

    @Test("A step is one engine action: the text becomes the new value, with changed")
    func stepInFlow() throws {
        let (_, state, events) = try run([.field(.step(1)), .field(.step(1))])
        #expect(state.text(of: "age") == "14")
        #expect(events == [.changed(field: "age", old: "", new: "13"), .changed(field: "age", old: "13", new: "14")])
        #expect(state.fields[field: "age"] == .number(.init(text: "14")))
    }

    @Test(
        "Out of range or ill-formed fails with the range; empty and required says required; in both languages",
        arguments: [
            ("150", Language.en, "Age must be between 13 and 120."), ("12", .en, "Age must be between 13 and 120."),
            ("", .en, "Age is required."), ("150", .ko, "Age 항목은 13 이상 120 이하여야 합니다."), ("", .ko, "Age 항목은 필수입니다."),
        ])
    func validation(text: String, language: Language, message: String) throws {
        let (_, state, events) = try run([.field(.textChanged(text)), .next], spec: loaded(language: language))
        #expect(state.focus == "age")
        #expect(events.last == .invalid(field: "age", message: message))
    }

    @Test("More digits after the point than the field's decimals, or more than 15 digits, cannot be typed", arguments: ["2.55", "1234567890123456"])
    func tooManyDigits(text: String) throws {
        let spec = try loaded(language: .en)
        let free = try FlowSpec(id: "f", title: "F", fields: [FieldSpec(id: "n", kind: .number, label: "N")])
        let (_, state, events) = try run([.field(.textChanged("42")), .focus("change"), .field(.textChanged(text))], spec: spec)
        #expect(state.text(of: "change") == "" && events.last == .rejected(field: "change"))
        #expect(NumberFieldReducer(format: free["n"]!.numberFormat).typed("123456789012345") != nil)
        #expect(NumberFieldReducer(format: free["n"]!.numberFormat).typed("1234567890123456") == nil)
    }

    @Test("A lone minus, or a value out of range, fails with the range", arguments: ["-", "11"])
    func illFormed(text: String) throws {
        let (_, state, events) = try run([.field(.textChanged("42")), .focus("change"), .field(.textChanged(text)), .next])
        #expect(state.focus == "change")
        #expect(events.last == .invalid(field: "change", message: "Change must be between -10 and 10."))
    }

    @Test(
        "The range message reads with one bound, or none",
        arguments: [
            (#"{"min":0}"#, "N must be at least 0.", "N 항목은 0 이상이어야 합니다."),
            (#"{"max":9.5}"#, "N must be at most 9.5.", "N 항목은 9.5 이하여야 합니다."),
            (#"{}"#, "N must be a number.", "N 항목은 숫자여야 합니다."),
        ])
    func oneBound(rules: String, english: String, korean: String) throws {
        let flow = #"{"id":"n","fields":[{"id":"n","label":"N","kind":"number","decimals":1,"rules":\#(rules)}]}"#
        let field = try #require(try loaded(flow)["n"])
        #expect(field.numberRangeMessage(.english) == english)
        #expect(field.numberRangeMessage(.korean) == korean)
    }

    @Test(
        "when with max and min shows the field for its side of the bound (inclusive); completed keeps the number a number",
        arguments: [
            ("15", FieldID("guardian"), #"{"age":15,"guardian":"","change":null}"#),
            ("17", "guardian", #"{"age":17,"guardian":"","change":null}"#),
            ("18", "adult", #"{"age":18,"adult":true,"change":null}"#),
        ])
    func completesWithANumber(age: String, shown: FieldID, output: String) throws {
        let (reducer, typed, _) = try run([.field(.textChanged(age))])
        #expect(["guardian", "adult"].filter { reducer.isVisible($0, in: typed) } == [shown])
        let answer: [FlowReducer.Action] = shown == "adult" ? [.field(.set(true))] : []
        let (_, state, events) = try run([.field(.textChanged(age)), .next] + answer + [.next, .next])
        #expect(state.phase == .completed, "\(events)")
        guard case .completed(let result)? = events.last else { Issue.record("no completed in \(events)"); return }
        #expect(result.json == output)
    }

    @Test("A when with bounds on an unanswered number shows neither side")
    func unansweredBounds() throws {
        let (reducer, state, _) = try run([])
        #expect(!reducer.isVisible("guardian", in: state) && !reducer.isVisible("adult", in: state))
    }

    @Test("A default is a number; a snapshot keeps the text and restores it")
    func defaultAndSnapshot() throws {
        let flow = #"{"id":"d","fields":[{"id":"n","kind":"number","default":7,"rules":{"max":9}},{"id":"m","label":"M"}]}"#
        let reducer = FlowReducer(spec: try loaded(flow))
        var state = reducer.initialState()
        #expect(state.text(of: "n") == "7" && state.answer(of: "n") == .number(7))
        _ = reducer.reduce(into: &state, action: .field(.step(1)))
        let snapshot = reducer.snapshot(of: state)
        let json = try JSONEncoder().encode(snapshot)
        #expect(String(decoding: json, as: UTF8.self).contains(#""n":8"#))
        let restored = try reducer.restore(try JSONDecoder().decode(FlowSnapshot.self, from: json))
        #expect(restored.text(of: "n") == "8")
    }
}

@Suite("Number fields: prefill")
struct NumberPrefillTests {
    @Test("--answers gives JSON numbers as they are: more decimals than the field takes break its rules, never rounded in; a string is the wrong type")
    func answers() throws {
        let reducer = FlowReducer(spec: try loaded())
        let answers = try FlowPrefill.answers(json: Array(#"{"age":42,"change":2.5}"#.utf8))
        let state = try reducer.initialState(prefill: FlowPrefill(answers: answers))
        #expect(state.answer(of: "age") == .number(42) && state.text(of: "change") == "2.5")
        let unrounded = try FlowPrefill.answers(json: Array(#"{"age":42,"change":2.46}"#.utf8))
        #expect(throws: PrefillError.self) { try reducer.initialState(prefill: FlowPrefill(answers: unrounded)) }
        let wrong = try FlowPrefill.answers(json: Array(#"{"age":"42"}"#.utf8))
        #expect(throws: PrefillError.self) { try reducer.initialState(prefill: FlowPrefill(answers: wrong)) }
    }

    @Test("--set parses the text: 42, 2,5; a word is an error naming the field", arguments: [("age", "42", FieldAnswer?.some(.number(42))), ("change", "2,5", .number(2.5)), ("age", "forty", nil)])
    func set(field: FieldID, text: String, answer: FieldAnswer?) throws {
        let spec = try loaded()
        let kind = try #require(spec[field]).kind.behavior
        if let answer {
            #expect(try kind.answer(setting: text, field: spec[field]!) == answer)
        } else {
            #expect(throws: PrefillError.self) { try kind.answer(setting: text, field: spec[field]!) }
        }
    }

    @Test("focusflow run prints the number as a JSON number, from piped lines and from --set")
    func runPrints() throws {
        let piped = try Command.run(["run", "Flows/profile.json"], input: "Ada\n15\nmum@example.com\n72,5\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == #"{"name":"Ada","age":15,"guardian":"mum@example.com","weight":72.5}"# + "\n")
        let set = try Command.run(["run", "Flows/profile.json", "--set", "name=Ada", "--set", "age=42"], input: "\n\n\n")
        #expect(set.stdout == #"{"name":"Ada","age":42,"weight":70}"# + "\n", "\(set.stderr)")
    }

    @Test(
        "A piped line out of range, or one that cannot be typed, names the field and the range, exit 1",
        arguments: [
            ("150", "focusflow: line 2: Age (age): Age must be between 13 and 120."),
            ("abc", #"focusflow: line 2: Age (age): "abc" cannot be typed here: Age must be between 13 and 120."#),
        ])
    func pipedRefusal(line: String, message: String) throws {
        let result = try Command.run(["run", "Flows/profile.json"], input: "Ada\n\(line)\n")
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

@Suite("Number fields: the flow file")
struct NumberFlowFileTests {
    /// A field `n` with what `field` gives (a JSON object's members after `{`), in a flow of its own.
    static func flow(field: String) -> String { #"{"id":"x","fields":[{"id":"n",\#(field.dropFirst())]}"# }

    /// For `SchemaTests`: number flows the loader takes, and the bad ones below.
    static var schemaCases: [(name: String, json: String)] {
        [("numberProfile", profile), ("numberBounds", flow(field: #"{"kind":"number","step":0.25,"decimals":2,"default":-1.5,"rules":{"max":1e3}}"#))]
            + badFields.enumerated().map { ("badNumber\($0.offset)", flow(field: $0.element.0)) }
            + badConditions.enumerated().map { ("badNumberWhen\($0.offset)", #"{"id":"x","fields":[\#($0.element.0)]}"#) }
    }

    static let badFields: [(String, String)] = [
        (#"{"kind":"number","rules":{"min":130,"max":120}}"#, #"fields[0] ("n").rules.min: min 130 is more than max 120: no value could pass"#),
        (#"{"kind":"number","step":0}"#, #"fields[0] ("n").step: must be more than 0, not 0"#),
        (#"{"kind":"number","step":-0.5}"#, #"fields[0] ("n").step: must be more than 0, not -0.5"#),
        (#"{"kind":"number","step":"x"}"#, #"fields[0] ("n").step: expected a number"#),
        (#"{"kind":"number","decimals":7}"#, #"fields[0] ("n").decimals: must be from 0 to 6, not 7"#),
        (#"{"kind":"number","decimals":1,"step":0.25}"#, #"fields[0] ("n").step: 0.25 has more decimal places than the field's decimals (1) allow; no value typed into the field could reach it"#),
        (
            #"{"kind":"number","rules":{"min":0.5,"max":0.7}}"#,
            #"fields[0] ("n").rules.min: 0.5 has more decimal places than the field's decimals (0) allow; no value typed into the field could reach it"#
        ),
        (
            #"{"kind":"number","decimals":1,"default":1.55}"#,
            #"fields[0] ("n").default: 1.55 has more decimal places than the field's decimals (1) allow; no value typed into the field could reach it"#
        ),
        (#"{"kind":"number","rules":{"min":"a"}}"#, #"fields[0] ("n").rules.min: min and max of a number field must be a number"#),
        (#"{"kind":"number","default":"42"}"#, #"fields[0] ("n").default: expected a number"#),
        (#"{"kind":"number","secure":true}"#, #"fields[0] ("n").secure: a number field has no text to hide; remove "secure""#),
        (#"{"kind":"number","keyboard":"numberPad"}"#, #"fields[0] ("n").keyboard: a number field has no text to type; remove "keyboard""#),
        (#"{"kind":"number","rules":{"pattern":"x"}}"#, #"fields[0] ("n").rules.pattern: pattern applies to text fields, and this is a number field"#),
        (#"{"step":2}"#, #"fields[0] ("n").step: step applies to number fields, and this is a text field"#),
        (#"{"rules":{"max":2}}"#, #"fields[0] ("n").rules.max: max applies to number and date fields, and this is a text field"#),
    ]

    @Test("A bad range, step or decimals is a flow error naming the field path, exit 2", arguments: badFields)
    func badField(field: String, message: String) throws {
        let json = Self.flow(field: field)
        #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(json.utf8), file: "bad.json") }
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
        } catch let error as FlowSpecError {
            #expect("\(error)" == "bad.json: " + message)
            #expect(error.message(in: .ko).unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error.message(in: .ko))")
        }
    }

    static let badConditions: [(String, String)] = [
        (#"{"id":"a"},{"id":"b","when":{"field":"a","max":3}}"#, #"fields[1] ("b").when.max: "a" is a text field, whose answers have no order; min and max compare number and date fields"#),
        (#"{"id":"a","kind":"number"},{"id":"b","when":{"field":"a","min":"x"}}"#, #"fields[1] ("b").when.min: "a" is a number field, so compare it with a number, not "x""#),
        (
            #"{"id":"a","kind":"number"},{"id":"b","when":{"field":"a","max":3,"equals":2}}"#,
            #"fields[1] ("b").when: a condition needs exactly one of "equals", "in" or "notEmpty", or bounds "min" and/or "max""#
        ),
        (#"{"id":"a","kind":"number"},{"id":"b","rules":{"matches":"a"}}"#, #"fields[1] ("b").rules.matches: "a" is a number field; matches compares text with a text field"#),
        (#"{"id":"a","kind":"number"},{"id":"b","when":{"field":"a","min":10,"max":5}}"#, #"fields[1] ("b").when.min: min 10 is more than max 5: no value could pass"#),
        (
            #"{"id":"a","kind":"date"},{"id":"b","when":{"field":"a","min":"2001-01-01","max":"2000-12-31"}}"#,
            #"fields[1] ("b").when.min: min 2001-01-01 is more than max 2000-12-31: no value could pass"#
        ),
    ]

    @Test("A when with bounds needs an ordered source of its type, and no other test beside it", arguments: badConditions)
    func badCondition(fields: String, message: String) throws {
        let json = #"{"id":"x","fields":[\#(fields)]}"#
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
            Issue.record("\(json) loaded")
        } catch {
            #expect("\(error)" == "bad.json: " + message)
        }
    }

    @Test("focusflow validate exits 2 for a bad number field")
    func validateExits2() throws {
        let flow = ScratchFolder.name("number", ".json")
        try Data(#"{"id":"x","fields":[{"id":"n","kind":"number","step":0}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
        let result = try Command.run(["validate", flow])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("step: must be more than 0"), "\(result.stderr)")
    }

    @Test("A number field's keyboard is the kind's: digits, with a point for decimals, with punctuation for a minus")
    func keyboards() throws {
        let spec = try loaded()
        #expect(spec["age"]?.keyboard == .numberPad && spec["change"]?.keyboard == .numbersAndPunctuation)
        let decimal = try FlowSpec(json: Data(#"{"id":"x","fields":[{"id":"n","kind":"number","decimals":2,"rules":{"min":0}}]}"#.utf8))
        #expect(decimal["n"]?.keyboard == .decimalPad)
        // Encoded and loaded again, the flow is the same: the keyboard is not written.
        let again = try FlowSpec(json: JSONEncoder().encode(spec))
        #expect(again == spec)
    }
}

@Suite("Number fields: serve, replay and check")
struct NumberProtocolTests {
    static let script = """
        {"action":"step","delta":1}
        {"action":"text","value":"14a"}
        {"action":"text","value":"150"}
        next
        step -1
        {"action":"next"}
        {"action":"describe"}

        """

    @Test("serve takes step and text on a number field, refuses a letter, says the range; replay says the same")
    func serveAndReplay() throws {
        let flow = ScratchFolder.name("number", ".json")
        let script = ScratchFolder.name("number", ".txt")
        try Data(profile.utf8).write(to: URL(fileURLWithPath: flow))
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
        let served = try Command.run(["serve", flow], input: Self.script)
        let lines = served.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8, "\(served.stdout)")
        #expect(lines[1].hasPrefix(#"{"events":[{"event":"changed","field":"age","old":"","new":"13"}]"#), "\(lines[1])")
        #expect(lines[1].contains(#""kind":"number","keyboard":"numberPad""#))
        #expect(lines[2].hasPrefix(#"{"events":[{"event":"rejected","field":"age"}]"#))
        #expect(lines[4].hasPrefix(#"{"events":[{"event":"invalid","field":"age","message":"Age must be between 13 and 120."}]"#))
        #expect(lines[5].hasPrefix(#"{"events":[{"event":"changed","field":"age","old":"150","new":"120"}]"#), "\(lines[5])")
        #expect(lines[6].hasPrefix(#"{"events":[{"event":"focusMoved","from":"age","to":"adult"}"#), "\(lines[6])")
        #expect(
            lines[7].contains(
                #"{"id":"change","kind":"number","label":"Change","hint":null,"placeholder":null,"secure":false,"keyboard":"numbersAndPunctuation","options":[],"default":null,"step":0.5,"decimals":1,"rules":{"max":10,"min":-10},"when":null"#
            ), "\(lines[7])")
        #expect(lines[7].contains(#""when":{"field":"age","max":17}"#))
        let replayed = try Command.run(["replay", flow, script])
        #expect(replayed.stdout == served.stdout)
    }

    @Test("The step request round-trips and is the terminal's Up and Down as an action")
    func stepRequest() throws {
        #expect(try FlowRequest(line: Array(#"{"action":"step","delta":-1}"#.utf8)) == .step(-1))
        #expect(FlowRequest(.field(.step(1))) == .step(1))
        #expect(FlowRequest.step(1).action == .field(.step(1)))
        let field = try #require(try loaded()["age"])
        #expect(FlowRequest.alphabet(for: field, values: [""]).contains(.step(1)))
        #expect(try FlowRequest(line: Array(#"{"action":"step","delta":1}"#.utf8)).json == #"{"action":"step","delta":1}"#)
    }

    @Test("check finds a passing, a failing and a refused value for a number field, and every invariant holds")
    func check() throws {
        let spec = try loaded()
        let explorer = FlowExplorer(spec: spec)
        let values = try #require(explorer.values["age"])
        let reducer = FlowReducer(spec: spec)
        func fails(_ text: String) -> Bool {
            var state = reducer.initialState()
            state.fields["age"] = .init(text: text)
            return reducer.failure(of: "age", in: state) != nil
        }
        #expect(values.contains { !$0.isEmpty && !fails($0) }, "\(values)")
        #expect(values.contains { !$0.isEmpty && fails($0) && spec["age"]!.keyboard.accepts($0) }, "\(values)")
        #expect(values.contains { !spec["age"]!.keyboard.accepts($0) }, "\(values)")
        let report = explorer.run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.completed && report.cancelled)
        #expect(report.eventsSeen.isSuperset(of: ["changed", "rejected", "invalid"]))
    }

    @Test("focusflow check on the shipped profile flow holds every invariant")
    func checkCommand() throws {
        let result = try Command.run(["check", "Flows/profile.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("invariants hold"), "\(result.stdout)")
    }

    @Test("A recording keeps typed numbers as text requests and Up/Down as step requests; its replay completes with the same numbers")
    func recording() throws {
        let spec = try loaded()
        let actions: [FlowReducer.Action] = [
            .field(.textChanged("4")), .field(.textChanged("42")), .field(.step(-1)), .next, .next,
            .field(.textChanged("2,5")), .next,
        ]
        let (script, last, store) = try WalkRecorderTests.recordAndReplay(spec, actions)
        #expect(store.state.phase == .completed)
        #expect(script.contains(#"{"action":"text","value":"42"}"#) && script.contains(#"{"action":"step","delta":-1}"#), "\(script)")
        #expect(script.contains(#"{"action":"text","value":"2,5"}"#), "the text as typed, which the replay takes as the walk did: \(script)")
        #expect(last.contains(#""values":{"age":41,"adult":null,"change":2.5}"#), "\(last)")
    }
}
