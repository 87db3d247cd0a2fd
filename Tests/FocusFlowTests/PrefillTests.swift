import Foundation
import Testing
@testable import FocusFlow

@Suite("Defaults and prefill")
struct PrefillTests {
    @Test("A field's default fills it at start, typed by its kind, and the person can change it")
    func defaultsAreEditable() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        var state = reducer.initialState()
        #expect(state.answer(of: "newsletter") == .bool(true))
        #expect(state.answer(of: "language") == .choice("ko"))
        _ = reducer.reduce(into: &state, action: .field(.set(false)))
        #expect(state.answer(of: "newsletter") == .bool(false))
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "language", "channels is hidden once the newsletter is declined")
        _ = reducer.reduce(into: &state, action: .field(.select("en")))
        #expect(state.answer(of: "language") == .choice("en"))
        let result = reducer.result(of: state)
        #expect(result.json == #"{"newsletter":false,"language":"en"}"#)
    }

    @Test("Prefilled answers are in their fields at start, and focus is still on the first field")
    func prefillFills() throws {
        let spec = try FlowSpec.signup()
        let store = try FlowStore(spec: spec, prefill: FlowPrefill(answers: ["email": .text("ada@example.com"), "nickname": .text("에이다")]))
        #expect(store.state.focus == "email")
        #expect(store.state.text(of: "email") == "ada@example.com")
        #expect(store.state.text(of: "nickname") == "에이다")
        #expect(store.state.errors.isEmpty)
        // Enter keeps the value: the field passes as it is.
        store.send(.next)
        #expect(store.state.focus == "password")
    }

    @Test("A prefilled value that breaks its field's rules is an error naming the field")
    func invalidPrefillNamesField() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        #expect(throws: PrefillError(.invalid, field: "email", message: "the answer given for \"email\" (Email) breaks its rules: Enter an email address like you@example.com")) {
            try reducer.initialState(prefill: FlowPrefill(answers: ["email": .text("not-an-email")]))
        }
    }

    @Test("With askInvalid, a value that breaks its rules is kept, with its error, and asked")
    func askInvalidKeepsTheValue() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        let state = try reducer.initialState(prefill: FlowPrefill(answers: ["email": .text("ada@example.com"), "code": .text("12")], skipFilled: true, askInvalid: true))
        #expect(state.text(of: "code") == "12")
        #expect(state.errors["code"] == "Enter the 6-digit code")
        #expect(state.focus == "password", "skipFilled starts at the first field that needs an answer")
    }

    @Test(
        "skipFilled starts at the first visible field without a passing prefilled answer",
        arguments: [
            ([FieldID](), FieldID("email")),
            ([FieldID("email")], FieldID("password")),
            ([FieldID("email"), FieldID("nickname")], FieldID("password")),
        ] as [([FieldID], FieldID)])
    func skipFilled(filled: [FieldID], focus: FieldID) throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        let answers = Dictionary(uniqueKeysWithValues: Fixtures.signupAnswers.filter { filled.contains($0.0) }.map { ($0.0, FieldAnswer.text($0.1)) })
        let state = try reducer.initialState(prefill: FlowPrefill(answers: answers, skipFilled: true))
        #expect(state.focus == focus)
        #expect(state.keyboard == reducer.spec[focus]!.keyboard)
        #expect(state.surface == (reducer.spec[focus]!.secure ? .secure : .plain))
    }

    @Test("skipFilled passes over a prefilled field wherever the walk meets it; going back reaches it, and then it is asked")
    func skipFilledMidWalk() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        var state = try reducer.initialState(prefill: FlowPrefill(answers: ["email": .text("ada@example.com"), "nickname": .text("에이다")], skipFilled: true))
        #expect(state.focus == "password")
        for id in ["password", "confirm"] as [FieldID] {
            _ = reducer.reduce(into: &state, action: .field(.textChanged("hunter2-secret")))
            _ = reducer.reduce(into: &state, action: .next)
            #expect(state.focus != id)
        }
        #expect(state.focus == "phone", "the prefilled nickname is passed over after the secure fields")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "nickname", "going back is never skipped")
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "nickname")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("")))
        #expect(
            reducer.reduce(into: &state, action: .next).contains { if case .invalid(field: "nickname", _) = $0 { true } else { false } },
            "once focused, a field is asked like any other")
    }

    @Test("skipFilled stops at a prefilled field that no longer passes (its partner changed)")
    func skipFilledStopsWhenItFails() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        var state = try reducer.initialState(prefill: FlowPrefill(answers: ["password": .text("hunter2-secret"), "confirm": .text("hunter2-secret")], skipFilled: true))
        #expect(state.focus == "email")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ada@example.com")))
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "nickname", "password and confirm pass, so both are passed over")
        _ = reducer.reduce(into: &state, action: .focus("password"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("another-secret")))
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "confirm", "the confirmation no longer matches: it is asked")
    }

    @Test("skipFilled with every field filled starts on the last one, so that Enter completes")
    func skipFilledAllFilled() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        let answers = Dictionary(uniqueKeysWithValues: Fixtures.signupAnswers.map { ($0.0, FieldAnswer.text($0.1)) })
        var state = try reducer.initialState(prefill: FlowPrefill(answers: answers, skipFilled: true))
        #expect(state.focus == "code")
        let events = reducer.reduce(into: &state, action: .next)
        #expect(state.phase == .completed)
        #expect(events.contains { if case .completed = $0 { true } else { false } })
    }

    @Test("An unknown id is an error that names the nearest field")
    func unknownID() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        #expect(throws: PrefillError(.unknownField, field: "emial", message: "no field \"emial\" in the flow \"signup\"; did you mean \"email\"?")) {
            try reducer.initialState(prefill: FlowPrefill(answers: ["emial": .text("x")]))
        }
    }

    @Test(
        "A value of the wrong type, or no option, is an error naming the field",
        arguments: [
            (FieldID("newsletter"), FieldAnswer.text("maybe"), "\"newsletter\" is a confirm field: give true or false"),
            ("language", .text("kr"), "\"kr\" is not an option of \"language\"; did you mean \"ko\"?"),
            ("channels", .choices(["email", "fax"]), "\"fax\" is not an option of \"channels\"; the options are email, sms, push, post"),
            ("phone", .bool(true), "\"phone\" is a text field: give a string"),
            ("phone", .text("+82 10 x"), "the answer given for \"phone\" (Mobile number) has \"x\", which this field does not take; it takes digits, space and + * # ( ) -"),
        ])
    func wrongType(field: FieldID, answer: FieldAnswer, message: String) throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        #expect(throws: PrefillError(.wrongType, field: field, message: message)) {
            try reducer.initialState(prefill: FlowPrefill(answers: [field: answer]))
        }
    }

    @Test(
        "--set text is typed by the field's kind",
        arguments: [
            (FieldID("newsletter"), "false", FieldAnswer.bool(false)),
            ("newsletter", "yes", .bool(true)),
            ("language", "ja", .choice("ja")),
            ("channels", "sms, email", .choices(["email", "sms"])),
            ("phone", " +82 10 ", .text(" +82 10 ")),
        ])
    func setParsing(field: FieldID, text: String, answer: FieldAnswer) throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        #expect(try reducer.answer(parsing: text, for: field) == answer)
    }

    @Test("Answers read from JSON as the output writes them fill every kind")
    func answersFromJSON() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        let json = #"{"newsletter":true,"channels":["sms"],"phone":"+82 10 1234 5678","language":"en"}"#
        let answers = try FlowPrefill.answers(json: Array(json.utf8))
        let state = try reducer.initialState(prefill: FlowPrefill(answers: answers))
        #expect(reducer.result(of: state).json == json)
        #expect(throws: PrefillError.self) { try FlowPrefill.answers(json: Array("[1,2]".utf8)) }
    }
}
