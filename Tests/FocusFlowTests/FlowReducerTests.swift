import Testing
@testable import FocusFlow

@Suite("Focus transitions")
struct FlowReducerTests {
    let reducer: FlowReducer

    init() throws { reducer = FlowReducer(spec: try FlowSpec.signup()) }

    @Test("The flow starts focused on the first field, with its keyboard and surface")
    func initialState() {
        let state = reducer.initialState()
        #expect(state.phase == .editing)
        #expect(state.focus == "email")
        #expect(state.keyboard == .emailAddress)
        #expect(state.surface == .plain)
        #expect(!state.revealed)
        #expect(state.fields.ids == ["email", "password", "confirm", "nickname", "phone", "code"])
        #expect(reducer.progress(in: state) == FlowProgress(step: 1, steps: 6, isFirst: true, isLast: false))
    }

    @Test("Walking every field completes with the answers in field order")
    func completes() {
        let (state, events) = Fixtures.run(reducer, Fixtures.signupAnswers.flatMap { Fixtures.answer($0.1) })
        #expect(state.phase == .completed)
        #expect(state.focus == nil)
        let result = FlowResult(
            answers: Fixtures.signupAnswers.map {
                .init(field: $0.0, value: $0.1, secure: $0.0 == "password" || $0.0 == "confirm")
            })
        #expect(events.suffix(2) == [.focusMoved(from: "code", to: nil), .completed(result)])
        #expect(result.json == #"{"email":"ada@example.com","password":"correct horse","confirm":"correct horse","nickname":"에이다 🙂","phone":"+82 10 1234 5678","code":"123456"}"#)
    }

    @Test("Next from email to password: one focusMoved, a surface change, a keyboard change")
    func nextEvents() {
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ada@example.com")))
        let events = reducer.reduce(into: &state, action: .next)
        #expect(
            events == [
                .focusMoved(from: "email", to: "password"),
                .surfaceChanged(field: "password", from: .plain, to: .secure),
                .keyboardChanged(from: .emailAddress, to: .asciiCapable),
            ])
        #expect(state.focus == "password" && state.surface == .secure && state.keyboard == .asciiCapable)
    }

    @Test("Submit says submitted, then advances like Next")
    func submitAdvances() {
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ada@example.com")))
        let events = reducer.reduce(into: &state, action: .field(.submit))
        #expect(events.first == .submitted(field: "email"))
        #expect(events.dropFirst().first == .focusMoved(from: "email", to: "password"))
    }

    @Test("An invalid field blocks Next with its rule's message, and the focus stays")
    func invalidBlocksNext() {
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("not-an-email")))
        let before = state
        let events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.invalid(field: "email", message: "Enter an email address like you@example.com")])
        #expect(state.focus == before.focus)
        #expect(state.error == "Enter an email address like you@example.com")
    }

    @Test("Fixing the field clears its error as it is typed")
    func fixingClearsError() {
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("x")))
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.error != nil)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("x@y.z")))
        #expect(state.error == nil)
    }

    @Test("Shift-Tab from a field with an error still goes back, and the text stays")
    func backFromInvalid() {
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("ada@example.com") + [.field(.textChanged("short")), .next])
        #expect(state.focus == "password")
        #expect(state.error == "Password must be at least 8 characters.")
        let events = reducer.reduce(into: &state, action: .previous)
        #expect(
            events == [
                .focusMoved(from: "password", to: "email"),
                .surfaceChanged(field: "email", from: .secure, to: .plain),
                .keyboardChanged(from: .asciiCapable, to: .emailAddress),
            ])
        #expect(state.text(of: "password") == "short")
        #expect(state.text(of: "email") == "ada@example.com")
    }

    @Test("Previous on the first field does nothing")
    func previousAtStart() {
        var state = reducer.initialState()
        #expect(reducer.reduce(into: &state, action: .previous).isEmpty)
        #expect(state == reducer.initialState())
    }

    @Test("A backward jump says one focusMoved and nothing about the fields it passes")
    func backwardJump() {
        var (state, _) = Fixtures.run(reducer, Fixtures.signupAnswers.prefix(5).flatMap { Fixtures.answer($0.1) })
        #expect(state.focus == "code")
        let events = reducer.reduce(into: &state, action: .focus("email"))
        #expect(
            events == [
                .focusMoved(from: "code", to: "email"),
                .keyboardChanged(from: .numberPad, to: .emailAddress),
            ])
        for (id, value) in Fixtures.signupAnswers.prefix(5) { #expect(state.text(of: id) == value) }
    }

    @Test("A forward jump over valid fields says one focusMoved and nothing about the fields between")
    func forwardJump() {
        var (state, _) = Fixtures.run(reducer, Fixtures.signupAnswers.prefix(5).flatMap { Fixtures.answer($0.1) } + [.focus("email")])
        let events = reducer.reduce(into: &state, action: .focus("phone"))
        #expect(events == [.focusMoved(from: "email", to: "phone"), .keyboardChanged(from: .emailAddress, to: .phonePad)])
    }

    @Test("A forward jump stops on the first skipped field that fails, saying why")
    func forwardJumpStopsAtInvalid() {
        var (state, _) = Fixtures.run(reducer, Fixtures.signupAnswers.prefix(3).flatMap { Fixtures.answer($0.1) } + [.focus("email")])
        let events = reducer.reduce(into: &state, action: .focus("code"))
        #expect(
            events == [
                .focusMoved(from: "email", to: "nickname"),
                .keyboardChanged(from: .emailAddress, to: .default),
                .invalid(field: "nickname", message: "Nickname is required."),
            ])
        #expect(state.focus == "nickname")
    }

    @Test("A forward jump from an invalid field is refused and says why")
    func forwardJumpFromInvalid() {
        var state = reducer.initialState()
        let events = reducer.reduce(into: &state, action: .focus("nickname"))
        #expect(events == [.invalid(field: "email", message: "Enter an email address like you@example.com")])
        #expect(state.focus == "email")
    }

    @Test("Jumping to an unknown field or to the focused one changes nothing", arguments: ["nope", "email"])
    func jumpNowhere(target: String) {
        var state = reducer.initialState()
        #expect(reducer.reduce(into: &state, action: .focus(FieldID(target))).isEmpty)
        #expect(state == reducer.initialState())
    }

    @Test("Changing the password re-validates the confirmation that depends on it")
    func dependentRevalidation() {
        var (state, _) = Fixtures.run(reducer, Fixtures.signupAnswers.prefix(3).flatMap { Fixtures.answer($0.1) })
        #expect(state.focus == "nickname")
        #expect(state.errors["confirm"] == nil)
        _ = reducer.reduce(into: &state, action: .focus("password"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("another secret")))
        #expect(state.errors["confirm"] == "Confirm password does not match Password.")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("correct horse")))
        #expect(state.errors["confirm"] == nil)
        // A forward jump cannot pass the confirmation while it fails.
        _ = reducer.reduce(into: &state, action: .field(.textChanged("changed again")))
        let events = reducer.reduce(into: &state, action: .focus("phone"))
        #expect(events.last == .invalid(field: "confirm", message: "Confirm password does not match Password."))
        #expect(state.focus == "confirm")
    }

    @Test("A secure field's text appears in no event but completed, and in no description")
    func secureRedaction() {
        let secret = "hunter2-hunter2"
        let (state, events) = Fixtures.run(
            reducer,
            Fixtures.answer("ada@example.com") + [
                .field(.textChanged(secret)), .toggleReveal, .toggleReveal, .field(.clear), .field(.textChanged(secret)), .next,
                .field(.textChanged(secret + "x")), .next, .previous,
            ])
        for event in events {
            if case .completed = event { continue }
            #expect(!"\(event)".contains("hunter2"))
            if case .changed(let field, let old, let new) = event, field == "password" || field == "confirm" {
                #expect(old == nil && new == nil)
            }
        }
        #expect(events.contains(.changed(field: "password", old: nil, new: nil)))
        #expect(!"\(state)".contains("hunter2"))
        #expect(!String(reflecting: state).contains("hunter2"))
        let done = Fixtures.run(reducer, Fixtures.signupAnswers.flatMap { Fixtures.answer($0.1) }).1
        #expect(!done.map(\.description).joined().contains("correct horse"))
    }

    @Test("Reveal flips the surface of a secure field and keeps the text; a plain field ignores it")
    func reveal() {
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("ada@example.com") + [.field(.textChanged("secret123"))])
        #expect(reducer.reduce(into: &state, action: .toggleReveal) == [.surfaceChanged(field: "password", from: .secure, to: .plain)])
        #expect(state.revealed && state.surface == .plain && state.text(of: "password") == "secret123")
        #expect(reducer.reduce(into: &state, action: .toggleReveal) == [.surfaceChanged(field: "password", from: .plain, to: .secure)])
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(reducer.reduce(into: &state, action: .toggleReveal).isEmpty)
        #expect(!state.revealed)
    }

    @Test("Cancel clears focus and ends the flow; nothing after it changes the state")
    func cancel() {
        var state = reducer.initialState()
        #expect(reducer.reduce(into: &state, action: .cancel) == [.focusMoved(from: "email", to: nil), .cancelled])
        #expect(state.phase == .cancelled && state.focus == nil)
        let ended = state
        for action in [FlowReducer.Action.next, .previous, .focus("code"), .toggleReveal, .cancel, .field(.textChanged("x"))] {
            #expect(reducer.reduce(into: &state, action: action).isEmpty)
            #expect(state == ended)
        }
    }

    @Test("Completion with a field left invalid by a later edit moves focus there instead")
    func completionChecksEverything() throws {
        let spec = try FlowSpec(
            id: "c", title: "",
            fields: [
                FieldSpec(id: "a", rules: .init(required: true)),
                FieldSpec(id: "b"),
            ])
        let reducer = FlowReducer(spec: spec)
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("x") + [.previous, .field(.clear), .focus("b")])
        // The jump validated "a" and stopped there.
        #expect(state.focus == "a")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("y")))
        let events = reducer.reduce(into: &state, action: .focus("b")) + reducer.reduce(into: &state, action: .next)
        #expect(events.last == .completed(FlowResult(answers: [.init(field: "a", value: "y"), .init(field: "b", value: "")])))
    }
}

@Suite("required: a value of only white space is empty")
struct RequiredWhitespaceTests {
    static let spec = try! FlowSpec(
        id: "w", title: "W",
        fields: [
            FieldSpec(id: "name", label: "Name", rules: .init(required: true)),
            FieldSpec(id: "note", label: "Note"),
        ])

    @Test(
        "Only spaces (an em or an ideographic space too) are refused as required; text with spaces around it passes",
        arguments: [
            ("   ", false), (" \u{2003}", false), ("\u{3000}", false), (" \u{00A0} ", false), (" a ", true), ("에이다", true), ("", false),
        ])
    func whitespace(text: String, passes: Bool) {
        let store = FlowStore(spec: Self.spec)
        store.send(.field(.textChanged(text)))
        let events = store.send(.next)
        #expect(events.contains(.invalid(field: "name", message: "Name is required.")) == !passes, "\(events)")
        #expect((store.state.focus == "note") == passes)
        #expect(store.state.text(of: "name") == text, "the text itself stays verbatim")
    }

    @Test("A field that is not required keeps an answer of spaces")
    func notRequired() {
        let store = FlowStore(spec: Self.spec)
        store.send(.field(.textChanged("Ada")))
        store.send(.next)
        store.send(.field(.textChanged("  ")))
        let events = store.send(.next)
        let completed = events.compactMap { if case .completed(let result) = $0 { result } else { nil } }.first
        #expect(completed?.answers.map(\.answer) == [.text("Ada"), .text("  ")])
    }
}
