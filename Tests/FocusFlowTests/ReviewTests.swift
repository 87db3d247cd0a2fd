import Foundation
import Testing
@testable import FocusFlow

/// Review and amend: a flow with `"review": true` shows every visible answer before it
/// completes; the person submits, or amends one answer and comes back.
@Suite("Review and amend")
struct ReviewTests {
    /// Email, a secure password and its confirmation, a contact choice, a phone shown only for
    /// the phone contact, and terms that must be yes.
    static let json = #"""
        {"id": "rev", "title": "Review me", "review": true, "fields": [
          {"id": "email", "label": "Email", "rules": {"required": true}},
          {"id": "password", "label": "Password", "secure": true, "keyboard": "asciiCapable", "rules": {"required": true, "minLength": 8}},
          {"id": "confirm", "label": "Confirm", "secure": true, "keyboard": "asciiCapable", "rules": {"required": true, "matches": "password"}},
          {"id": "contact", "kind": "select", "label": "Contact", "options": ["email", "phone"], "rules": {"required": true}},
          {"id": "phone", "label": "Phone", "keyboard": "phonePad", "when": {"field": "contact", "equals": "phone"}, "rules": {"required": true}},
          {"id": "terms", "kind": "confirm", "label": "Terms", "rules": {"equals": true}}
        ]}
        """#
    static let secret = "swordfish-42"

    static func spec() throws -> FlowSpec { try FlowSpec(json: Data(json.utf8)) }

    let reducer: FlowReducer
    init() throws { reducer = FlowReducer(spec: try Self.spec()) }

    /// The state in review after answering every field (contact: email, so phone is hidden).
    func inReview() -> FlowReducer.State {
        var state = reducer.initialState()
        for action: FlowReducer.Action in [
            .field(.textChanged("ada@example.com")), .next, .field(.textChanged(Self.secret)), .next,
            .field(.textChanged(Self.secret)), .next, .field(.select("email")), .next, .field(.set(true)), .next,
        ] { _ = reducer.reduce(into: &state, action: action) }
        return state
    }

    @Test("A flow says whether it asks for a review: account.json does, the built-in sign-up does not")
    func specFlag() throws {
        #expect(try Self.spec().review)
        #expect(try Fixtures.flow("account").review)
        #expect(try !FlowSpec.signup().review)
        #expect(try !FlowSpec.signup().review)
        let encoded = String(decoding: try JSONEncoder().encode(try Self.spec()), as: UTF8.self)
        #expect(encoded.contains(#""review":true"#))
        #expect(try FlowSpec(json: Data(encoded.utf8)) == Self.spec())
    }

    @Test("After the last visible field passes, the phase becomes review: focus clears with one focusMoved, then reviewing")
    func entersReview() {
        var state = reducer.initialState()
        var events: [FlowEvent] = []
        for action: FlowReducer.Action in [
            .field(.textChanged("ada@example.com")), .next, .field(.textChanged(Self.secret)), .next,
            .field(.textChanged(Self.secret)), .next, .field(.select("email")), .next, .field(.set(true)),
        ] { events = reducer.reduce(into: &state, action: action) }
        events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.focusMoved(from: "terms", to: nil), .reviewing])
        #expect(state.phase == .review && state.focus == nil && !state.isAmending)
        #expect(state.reviewed == ["email", "password", "confirm", "contact", "terms"])
    }

    @Test("Submit from review completes with exactly the visible answers")
    func submitCompletes() {
        var state = inReview()
        let events = reducer.reduce(into: &state, action: .submit)
        #expect(events == [.completed(reducer.result(of: inReview()))])
        #expect(state.phase == .completed && state.focus == nil)
        guard case .completed(let result)? = events.last else { return }
        #expect(result.answers.map(\.field) == ["email", "password", "confirm", "contact", "terms"])
        #expect(result.answer(for: "password") == .text(Self.secret))
    }

    @Test("Amending any visible answer from review is one jump to it", arguments: ["email", "password", "confirm", "contact", "terms"] as [FieldID])
    func amendIsAJump(field: FieldID) {
        var state = inReview()
        let events = reducer.reduce(into: &state, action: .focus(field))
        #expect(events.first == .focusMoved(from: nil, to: field))
        #expect(events.count { if case .focusMoved = $0 { true } else { false } } == 1)
        #expect(state.phase == .editing && state.focus == field && state.isAmending)
        #expect(state.keyboard == reducer.spec[field]!.keyboard)
        #expect(state.surface == (reducer.spec[field]!.secure ? .secure : .plain))
    }

    @Test(
        "Enter on an amended field that changes nothing else returns to review, walking no later field",
        arguments: [
            ("email", [FlowReducer.Action.field(.textChanged("grace@example.com"))]),
            ("contact", [.field(.select("email"))]),
            ("terms", [.field(.set(true))]),
            ("email", []),
        ] as [(FieldID, [FlowReducer.Action])])
    func amendReturns(field: FieldID, edits: [FlowReducer.Action]) {
        var state = inReview()
        _ = reducer.reduce(into: &state, action: .focus(field))
        for edit in edits { _ = reducer.reduce(into: &state, action: edit) }
        let events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.focusMoved(from: field, to: nil), .reviewing])
        #expect(state.phase == .review && state.focus == nil)
    }

    @Test("Changing the password from review goes on to its confirmation, which no longer matches, then back to review")
    func matchesPartner() {
        var state = inReview()
        _ = reducer.reduce(into: &state, action: .focus("password"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("another-secret")))
        let events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.focusMoved(from: "password", to: "confirm"), .invalid(field: "confirm", message: "Confirm does not match Password.")])
        #expect(state.focus == "confirm" && state.isAmending)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("another-secret")))
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "confirm", to: nil), .reviewing])
        #expect(state.phase == .review)
    }

    @Test("Changing the contact to phone shows the phone field: focus goes there, then back to review listing it")
    func whenChainAppears() {
        var state = inReview()
        _ = reducer.reduce(into: &state, action: .focus("contact"))
        _ = reducer.reduce(into: &state, action: .field(.select("phone")))
        let events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.focusMoved(from: "contact", to: "phone"), .keyboardChanged(from: .default, to: .phonePad)])
        _ = reducer.reduce(into: &state, action: .field(.textChanged("+82 10 1234 5678")))
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "phone", to: nil), .reviewing])
        #expect(state.reviewed == ["email", "password", "confirm", "contact", "phone", "terms"])
        guard case .completed(let result)? = reducer.reduce(into: &state, action: .submit).last else { Issue.record("no completion"); return }
        #expect(result["phone"] == "+82 10 1234 5678")
    }

    @Test("Hiding a field by an amend drops it from the review and from the answers")
    func whenChainHides() {
        var state = inReview()
        _ = reducer.reduce(into: &state, action: .focus("contact"))
        _ = reducer.reduce(into: &state, action: .field(.select("phone")))
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("010")))
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .focus("contact"))
        _ = reducer.reduce(into: &state, action: .field(.select("email")))
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "contact", to: nil), .reviewing])
        #expect(state.reviewed == ["email", "password", "confirm", "contact", "terms"])
        guard case .completed(let result)? = reducer.reduce(into: &state, action: .submit).last else { Issue.record("no completion"); return }
        #expect(result["phone"] == nil)
    }

    @Test("An amended answer that fails its rule stays focused with its message; going back is free")
    func amendedInvalid() {
        var state = inReview()
        _ = reducer.reduce(into: &state, action: .focus("email"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("")))
        #expect(reducer.reduce(into: &state, action: .next) == [.invalid(field: "email", message: "Email is required.")])
        #expect(state.focus == "email" && state.isAmending)
    }

    @Test(
        "In review, edits, next and reveal change nothing",
        arguments: [
            FlowReducer.Action.next, .toggleReveal, .field(.textChanged("x")), .field(.submit), .field(.clear), .field(.set(false)),
            .focus("phone"), .focus("nope"),
        ])
    func inertInReview(action: FlowReducer.Action) {
        var state = inReview()
        #expect(reducer.reduce(into: &state, action: action).isEmpty)
        #expect(state == inReview())
    }

    @Test("Previous from review amends the last visible answer; cancel from review cancels")
    func previousAndCancel() {
        var state = inReview()
        #expect(reducer.reduce(into: &state, action: .previous) == [.focusMoved(from: nil, to: "terms")])
        #expect(state.focus == "terms" && state.isAmending)
        state = inReview()
        #expect(reducer.reduce(into: &state, action: .cancel) == [.cancelled])
        #expect(state.phase == .cancelled)
    }

    @Test("Submit outside review changes nothing", arguments: [false, true])
    func submitWhileEditing(amending: Bool) {
        var state = amending ? inReview() : reducer.initialState()
        if amending { _ = reducer.reduce(into: &state, action: .focus("email")) }
        let before = state
        #expect(reducer.reduce(into: &state, action: .submit).isEmpty)
        #expect(state == before)
    }

    @Test("Submit from a review whose answer fails (changed from outside) focuses it with its message, never completing")
    func submitValidates() {
        var state = inReview()
        state.fields["email"] = .init(text: "")
        let events = reducer.reduce(into: &state, action: .submit)
        #expect(events == [.focusMoved(from: nil, to: "email"), .invalid(field: "email", message: "Email is required.")])
        #expect(state.phase == .editing && state.isAmending)
    }

    @Test("The review state's description and Codable form never show the secret in description")
    func secretInDescription() throws {
        let state = inReview()
        #expect(!state.description.contains(Self.secret))
        #expect(state.description.contains("reviewed: "))
        let decoded = try JSONDecoder().decode(FlowReducer.State.self, from: JSONEncoder().encode(state))
        #expect(decoded.phase == .review && decoded.reviewed == state.reviewed)
    }

    @Test("A flow without review still completes on its last field")
    func noReview() throws {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        let (state, events) = Fixtures.run(reducer, Fixtures.signupAnswers.flatMap { Fixtures.answer($0.1) })
        #expect(state.phase == .completed && state.reviewed == nil)
        #expect(!events.contains(.reviewing))
    }

    @Test("A store's event stream goes on through the review and its amends, and ends at completion")
    func storeStream() async throws {
        let store = FlowStore(spec: try Self.spec())
        let stream = store.events
        for action: FlowReducer.Action in [
            .field(.textChanged("ada@example.com")), .next, .field(.textChanged(Self.secret)), .next,
            .field(.textChanged(Self.secret)), .next, .field(.select("email")), .next, .field(.set(true)), .next,
            .focus("email"), .next, .submit,
        ] { store.send(action) }
        var names: [String] = []
        for await event in stream { names.append(event.name) }
        #expect(names.suffix(5) == ["reviewing", "focusMoved", "focusMoved", "reviewing", "completed"])
    }
}
