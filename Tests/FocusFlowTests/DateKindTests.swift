import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// An arrival from today on (today by default), and a birthday up to today; a guardian is asked
/// for a birthday from 2010 on.
private let stay = #"""
    {"id":"s","title":"Stay","fields":[
     {"id":"arrival","kind":"date","label":"Arrival","default":"today","rules":{"required":true,"min":"today"}},
     {"id":"birthday","kind":"date","label":"Birthday","rules":{"required":true,"min":"1900-01-01","max":"today"}},
     {"id":"guardian","label":"Guardian","when":{"field":"birthday","min":"2010-01-01"}}]}
    """#

/// The day every test here takes for today.
private let today = "2026-12-01"

private func dated(_ json: String = stay, language: Language = .en) throws -> FlowSpec {
    try FlowSpec(json: Data(json.utf8)).localized(to: language).dated(today)
}

@Suite("Date fields: the reducer")
struct DateFieldReducerTests {
    typealias Day = DateFieldReducer.Day
    static let birthday = DateFieldReducer.Format(min: Day("1900-01-01"), max: Day(today), today: Day(today)!)

    @Test(
        "Typed digits go into the shape, the engine placing the separators; anything else, or a ninth digit, is refused",
        arguments: [
            ("1", "1"), ("1990", "1990"), ("19900", "1990-0"), ("1990-", "1990"), ("199004", "1990-04"), ("1990042", "1990-04-2"),
            ("19900423", "1990-04-23"), ("1990-04-23", "1990-04-23"), ("199004231", nil), ("1990/04", nil), ("1990-04-2a", nil), ("", ""),
        ] as [(String, String?)])
    func typed(text: String, taken: String?) {
        #expect(DateFieldReducer(format: Self.birthday).typed(text) == taken, "\(text.debugDescription)")
    }

    @Test(
        "A day of the calendar: leap years, month lengths, the shape",
        arguments: [
            ("2024-02-29", true), ("2023-02-29", false), ("1900-02-29", false), ("2000-02-29", true), ("2023-04-31", false),
            ("2023-13-01", false), ("2023-00-10", false), ("2023-1-01", false), ("2023-12-31", true),
        ])
    func real(text: String, real: Bool) {
        #expect((Day(text) != nil) == real, "\(text)")
    }

    @Test(
        "Up and Down move a day across months and years from the date, clamped; an empty field takes the first day it allows (the minimum, else today)",
        arguments: [
            ("2024-02-28", 1, "2024-02-29"), ("2024-02-29", 1, "2024-03-01"), ("2023-12-31", 1, "2024-01-01"), ("2024-01-01", -1, "2023-12-31"),
            ("", 1, "1900-01-01"), ("", -1, "1900-01-01"), (today, 1, today), ("2023-02-29", 1, "1900-01-01"), ("1990-04", -1, "1900-01-01"),
        ])
    func step(from text: String, delta: Int, to expected: String) {
        var state = DateFieldReducer.State(text: text)
        var effects: [DateFieldReducer.Effect] = []
        DateFieldReducer(format: Self.birthday).reduce(into: &state, action: .step(delta)) { effects.append($0) }
        #expect(state.text == expected, "from \(text.debugDescription) by \(delta)")
        #expect(effects == (text == expected ? [] : [.changed(old: text, new: expected)]))
    }

    @Test("With no minimum an empty date takes today")
    func stepFromToday() {
        var state = DateFieldReducer.State()
        DateFieldReducer(format: .init(today: Day(today)!)).reduce(into: &state, action: .step(1)) { _ in }
        #expect(state.text == "2026-12-01")
    }

    @Test("Up and Down stop at the days YYYY-MM-DD can write", arguments: [("9999-12-31", 1, "9999-12-31"), ("0001-01-01", -1, "0001-01-01"), ("9999-12-30", 5, "9999-12-31")])
    func stepStopsAtTheShape(from text: String, delta: Int, to expected: String) {
        var state = DateFieldReducer.State(text: text)
        DateFieldReducer(format: .init(today: Day(today)!)).reduce(into: &state, action: .step(delta)) { _ in }
        #expect(state.text == expected)
    }
}

@Suite("Date fields: in the flow")
struct DateFlowTests {
    func run(_ actions: [FlowReducer.Action], spec: FlowSpec? = nil) throws -> (FlowReducer, FlowReducer.State, [FlowEvent]) {
        let reducer = FlowReducer(spec: try spec ?? dated())
        var state = reducer.initialState()
        var events: [FlowEvent] = []
        for action in actions { events += reducer.reduce(into: &state, action: action) }
        return (reducer, state, events)
    }

    @Test("\"default\": \"today\" and \"min\": \"today\" are the day the host gives, not a clock the reducer reads")
    func todayFromTheHost() throws {
        let (_, state, _) = try run([])
        #expect(state.text(of: "arrival") == today && state.answer(of: "arrival") == .date(today))
        let other = try FlowSpec(json: Data(stay.utf8)).dated("2030-05-05")
        #expect(FlowReducer(spec: other).initialState().text(of: "arrival") == "2030-05-05")
        #expect(other["birthday"]?.dateFormat.max == DateFieldReducer.Day("2030-05-05"))
    }

    @Test("Typing places the separators; a letter or a slash is refused whole", arguments: [("19900423", "1990-04-23", false), ("1990/04/23", "", true), ("1990a", "", true)])
    func typing(text: String, shown: String, rejected: Bool) throws {
        let (_, state, events) = try run([.next, .field(.textChanged(text))])
        #expect(state.text(of: "birthday") == shown)
        #expect((events.last == .rejected(field: "birthday")) == rejected, "\(events)")
    }

    @Test(
        "A date not typed whole, a day the calendar has not, or one out of range fails with its message, in both languages",
        arguments: [
            ("1990-04", Language.en, "Birthday must be a date written YYYY-MM-DD."),
            ("2023-02-29", .en, "Birthday: 2023-02-29 is not a day of the calendar."),
            ("2027-01-01", .en, "Birthday must be between 1900-01-01 and 2026-12-01."),
            ("", .en, "Birthday is required."),
            ("2023-02-29", .ko, "Birthday: 2023-02-29은(는) 달력에 없는 날짜입니다."),
            ("2027-01-01", .ko, "Birthday 항목은 1900-01-01부터 2026-12-01까지여야 합니다."),
        ])
    func validation(text: String, language: Language, message: String) throws {
        let (_, state, events) = try run([.next, .field(.textChanged(text)), .next], spec: dated(language: language))
        #expect(state.focus == "birthday")
        #expect(events.last == .invalid(field: "birthday", message: message))
    }

    @Test("An arrival before today fails on or after today; Down from today stays today")
    func arrivalFromToday() throws {
        let (_, state, events) = try run([.field(.step(-1)), .field(.textChanged("2026-11-30")), .next])
        #expect(state.focus == "arrival")
        #expect(events.last == .invalid(field: "arrival", message: "Arrival must be on or after 2026-12-01."))
    }

    @Test(
        "when with min shows the guardian for a birthday from 2010 on; completed keeps the dates as strings",
        arguments: [
            ("2010-01-01", true), ("2009-12-31", false),
        ])
    func whenOnADate(birthday: String, guardian: Bool) throws {
        let (reducer, state, events) = try run([.next, .field(.textChanged(birthday)), .next])
        #expect(reducer.isVisible("guardian", in: state) == guardian)
        if guardian {
            #expect(state.focus == "guardian", "\(events)")
        } else {
            guard case .completed(let result)? = events.last else { Issue.record("\(events)"); return }
            #expect(result.json == #"{"arrival":"2026-12-01","birthday":"2009-12-31"}"#)
        }
    }

    @Test("An unanswered date is null, and is within no bound")
    func unanswered() throws {
        let (reducer, state, _) = try run([])
        #expect(state.answer(of: "birthday") == .date(nil) && FieldAnswer.date(nil).json == "null")
        #expect(!reducer.isVisible("guardian", in: state))
    }

    @Test("A snapshot keeps the date and restores it")
    func snapshot() throws {
        let (reducer, state, _) = try run([.next, .field(.textChanged("1990-04-23"))])
        let json = try JSONEncoder().encode(reducer.snapshot(of: state))
        #expect(String(decoding: json, as: UTF8.self).contains(#""birthday":"1990-04-23""#))
        let restored = try reducer.restore(try JSONDecoder().decode(FlowSnapshot.self, from: json))
        #expect(restored.text(of: "birthday") == "1990-04-23")
    }

    @Test("A snapshot of a date the calendar has not, typed and left, restores it with its error, to be asked")
    func snapshotOfAnImpossibleDay() throws {
        let (reducer, state, _) = try run([.next, .field(.textChanged("2023-02-29")), .previous])
        let restored = try reducer.restore(reducer.snapshot(of: state))
        #expect(restored.text(of: "birthday") == "2023-02-29")
        #expect(restored.errors["birthday"] == "Birthday: 2023-02-29 is not a day of the calendar.")
        #expect(restored.focus == "arrival")
    }
}

@Suite("Date fields: prefill and the flow file")
struct DatePrefillTests {
    @Test(
        "--answers and --set take a date string or \"today\" (the field's today); another shape is the wrong type, a day the calendar has not breaks the rules",
        arguments: [
            ("1990-04-23", nil), ("1990-4-23", PrefillError.Reason.wrongType), ("2023-02-29", .invalid), ("today", nil),
        ])
    func prefill(text: String, refused: PrefillError.Reason?) throws {
        let taken = refused == nil
        let reducer = FlowReducer(spec: try dated())
        let answers = try FlowPrefill.answers(json: Array(#"{"birthday":"\#(text)"}"#.utf8))
        let day = text == "today" ? today : text
        if taken {
            #expect(try reducer.initialState(prefill: FlowPrefill(answers: answers)).answer(of: "birthday") == .date(day))
        } else {
            #expect { try reducer.initialState(prefill: FlowPrefill(answers: answers)) } throws: { ($0 as? PrefillError)?.reason == refused }
        }
        let field = try #require(try dated()["birthday"])
        if taken { #expect(try DateFieldReducer.answer(setting: text, field: field) == .date(day)) }
    }

    static let badFields: [(String, String)] = [
        (#"{"kind":"date","rules":{"min":"April 1990"}}"#, #"fields[0] ("d").rules.min: min and max of a date field must be a date written YYYY-MM-DD, or "today""#),
        (#"{"kind":"date","rules":{"max":5}}"#, #"fields[0] ("d").rules.max: min and max of a date field must be a date written YYYY-MM-DD, or "today""#),
        (#"{"kind":"date","rules":{"min":"2000-01-02","max":"2000-01-01"}}"#, #"fields[0] ("d").rules.min: min 2000-01-02 is more than max 2000-01-01: no value could pass"#),
        (#"{"kind":"date","default":"yesterday"}"#, #"fields[0] ("d").default: the default of a date field must be a date written YYYY-MM-DD, or "today""#),
        (#"{"kind":"date","secure":true}"#, #"fields[0] ("d").secure: a date field has no text to hide; remove "secure""#),
        (#"{"kind":"date","step":2}"#, #"fields[0] ("d").step: step applies to number fields, and this is a date field"#),
        (#"{"kind":"date","rules":{"minLength":2}}"#, #"fields[0] ("d").rules.minLength: minLength applies to text fields, and this is a date field"#),
    ]

    /// A field `d` with what `field` gives (a JSON object's members after `{`), in a flow of its own.
    static func flow(field: String) -> String { #"{"id":"x","fields":[{"id":"d",\#(field.dropFirst())]}"# }

    /// For `SchemaTests`: date flows the loader takes, and the bad ones above.
    static var schemaCases: [(name: String, json: String)] {
        [("dateStay", stay)] + badFields.enumerated().map { ("badDate\($0.offset)", flow(field: $0.element.0)) }
    }

    @Test("A bad bound, default or key on a date field is a flow error naming the field path", arguments: badFields)
    func badField(field: String, message: String) throws {
        do {
            _ = try FlowSpec(json: Data(Self.flow(field: field).utf8), file: "bad.json").dated(today)
            Issue.record("loaded")
        } catch let error as FlowSpecError {
            #expect("\(error)" == "bad.json: " + message)
            #expect(error.message(in: .ko).unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error.message(in: .ko))")
        }
    }

    @Test("A when on a date compares with a date, not today")
    func whenValue() throws {
        let json = #"{"id":"x","fields":[{"id":"d","kind":"date"},{"id":"e","when":{"field":"d","max":"today"}}]}"#
        #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(json.utf8)) }
    }
}

@Suite("Date fields: serve, replay and check")
struct DateProtocolTests {
    static let script = """
        {"action":"step","delta":1}
        next
        {"action":"text","value":"1990/"}
        {"action":"text","value":"19900423"}
        step -1
        next

        """

    @Test("serve steps a date a day, refuses a slash, places the separators, and completes with ISO dates; replay says the same")
    func serveAndReplay() throws {
        let folder = NSTemporaryDirectory() + "focusflow-date-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A birthday bounded by dates, not today, so that the walk is the same any day.
        let flow = #"{"id":"s","fields":[{"id":"arrival","kind":"date","default":"2030-01-31"},{"id":"birthday","kind":"date","rules":{"min":"1900-01-01","max":"2020-12-31"}}]}"#
        try Data(flow.utf8).write(to: URL(fileURLWithPath: folder + "/flow.json"))
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: folder + "/script.txt"))
        let served = try Command.run(["serve", folder + "/flow.json"], input: Self.script)
        let lines = served.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(served.stdout)")
        #expect(lines[1].hasPrefix(#"{"events":[{"event":"changed","field":"arrival","old":"2030-01-31","new":"2030-02-01"}]"#), "\(lines[1])")
        #expect(lines[3].hasPrefix(#"{"events":[{"event":"rejected","field":"birthday"}]"#), "\(lines[3])")
        #expect(lines[4].hasPrefix(#"{"events":[{"event":"changed","field":"birthday","old":"","new":"1990-04-23"}]"#), "\(lines[4])")
        #expect(lines[6].contains(#"{"event":"completed","values":{"arrival":"2030-02-01","birthday":"1990-04-22"}}"#), "\(lines[6])")
        let replayed = try Command.run(["replay", folder + "/flow.json", folder + "/script.txt"])
        #expect(replayed.stdout == served.stdout)
    }

    @Test("check finds a passing, a failing and a refused value for a date field, steps it, and every invariant holds")
    func check() throws {
        let spec = try dated()
        let explorer = FlowExplorer(spec: spec)
        let values = try #require(explorer.values["birthday"])
        #expect(values.contains(today) && values.contains("1899-12-31") && values.contains("a"), "passing, failing, refused: \(values)")
        #expect(FlowRequest.alphabet(for: spec["birthday"]!, values: [""]).contains(.step(-1)))
        let report = explorer.run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.completed && report.cancelled && report.fieldsFocused.count == 3)
    }

    @Test(
        "check tries the bounds of a when that reads a date or a number, so the field it guards is reached",
        arguments: [
            #"{"id":"b","kind":"date","label":"B"}"#, #"{"id":"b","kind":"number","label":"B","rules":{"min":0}}"#,
        ])
    func checkReachesGuardedField(source: String) throws {
        let bound = source.contains("date") ? #""1999-12-31""# : "1000"
        let json = #"{"id":"w","title":"W","fields":["# + source + #",{"id":"old","label":"Old","when":{"field":"b","max":"# + bound + #"}}]}"#
        let spec = try FlowSpec(json: Data(json.utf8)).dated(today)
        let report = FlowExplorer(spec: spec).run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.fieldsFocused.count == 2, "focused: \(report.fieldsFocused)")
    }

    @Test("focusflow run prints dates as strings, from piped lines")
    func runPrints() throws {
        let result = try Command.run(["run", "Flows/booking.json"], input: "\n\n19900423\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(#""nights":1,"birthday":"1990-04-23"}"# + "\n"), "\(result.stdout)")
        #expect(result.stdout.hasPrefix(#"{"arrival":"\#(DateFieldReducer.hostDay)""#), "\(result.stdout)")
    }
}
