import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol

/// An answer whose field a change hides is left out of the result, and the engine says so once,
/// with the field whose change hid it: `dropped(fields:because:)`.
@Suite("Dropped answers")
struct DroppedAnswerTests {
    /// A plan that shows a company (and, once it is given, a VAT number), a PIN and a note.
    static let json = #"""
        {"id":"d","title":"D","review":true,"fields":[
         {"id":"plan","label":"Plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
         {"id":"company","label":"Company","when":{"field":"plan","equals":"team"}},
         {"id":"vat","label":"VAT number","when":{"field":"company","notEmpty":true}},
         {"id":"pin","label":"PIN","secure":true,"when":{"field":"plan","equals":"team"}},
         {"id":"note","label":"Note","when":{"field":"plan","equals":"team"}},
         {"id":"terms","label":"Terms","kind":"confirm","default":true,"when":{"field":"plan","equals":"team"}},
         {"id":"email","label":"Email"}]}
        """#

    static func reducer(review: Bool = true) throws -> FlowReducer {
        let text = review ? json : json.replacingOccurrences(of: #""review":true,"#, with: "")
        return FlowReducer(spec: try FlowSpec(json: Data(text.utf8)))
    }

    /// Walks to the review: Team, Acme, DE1, a PIN, no note, the terms as they are, an email.
    static func atReview(_ reducer: FlowReducer) -> FlowReducer.State {
        var state = reducer.initialState()
        let actions: [FlowReducer.Action] = [
            .field(.select("team")), .next, .field(.textChanged("Acme")), .next, .field(.textChanged("DE1")), .next,
            .field(.textChanged("1234")), .next, .next, .next, .field(.textChanged("ada@example.com")), .next,
        ]
        for action in actions { _ = reducer.reduce(into: &state, action: action) }
        return state
    }

    @Test("Amending the plan from the review names every answer it hid, once, with the plan; an unanswered field is not named")
    func amendFromReview() throws {
        let reducer = try Self.reducer()
        var state = Self.atReview(reducer)
        #expect(state.phase == .review)
        _ = reducer.reduce(into: &state, action: .focus("plan"))
        let events = reducer.reduce(into: &state, action: .field(.select("personal")))
        #expect(events.filter { if case .dropped = $0 { true } else { false } } == [.dropped(fields: ["company", "vat", "pin", "terms"], because: "plan")])
        #expect(events.last == .dropped(fields: ["company", "vat", "pin", "terms"], because: "plan"))
        #expect(reducer.reduce(into: &state, action: .next).contains(.reviewing))
        #expect(reducer.result(of: state).answers.map(\.field) == ["plan", "email"])
    }

    @Test("Going back and changing an answer says what it dropped too; choosing again what keeps them shown says nothing")
    func goingBack() throws {
        let reducer = try Self.reducer(review: false)
        var state = reducer.initialState()
        for action: FlowReducer.Action in [.field(.select("team")), .next, .field(.textChanged("Acme")), .next, .previous, .previous] {
            _ = reducer.reduce(into: &state, action: action)
        }
        #expect(state.focus == "plan")
        #expect(!reducer.reduce(into: &state, action: .field(.select("team"))).contains { $0.name == "dropped" })
        #expect(reducer.reduce(into: &state, action: .field(.select("personal"))).contains(.dropped(fields: ["company"], because: "plan")))
        // Shown again, the company's answer is back, and nothing is dropped twice.
        #expect(!reducer.reduce(into: &state, action: .field(.select("team"))).contains { $0.name == "dropped" })
        #expect(state.answer(of: "company") == .text("Acme"))
    }

    @Test("A field hidden before it was answered, or holding only its default, is not named")
    func nothingGiven() throws {
        let reducer = try Self.reducer(review: false)
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.select("team")))
        // Company, PIN and note are empty, and the terms hold the flow's default.
        #expect(!reducer.reduce(into: &state, action: .field(.select("personal"))).contains { $0.name == "dropped" })
    }

    @Test("Clearing a text that a chain reads drops the answer after it, the chain named with it")
    func chainOnText() throws {
        let reducer = try Self.reducer(review: false)
        var state = reducer.initialState()
        for action: FlowReducer.Action in [.field(.select("team")), .next, .field(.textChanged("Acme")), .next, .field(.textChanged("DE1")), .previous] {
            _ = reducer.reduce(into: &state, action: action)
        }
        #expect(reducer.reduce(into: &state, action: .field(.clear)).contains(.dropped(fields: ["vat"], because: "company")))
    }

    @Test("The event names fields only: a secure field's value is in no part of it")
    func noSecureValue() throws {
        let reducer = try Self.reducer()
        var state = Self.atReview(reducer)
        _ = reducer.reduce(into: &state, action: .focus("plan"))
        let dropped = try #require(reducer.reduce(into: &state, action: .field(.select("personal"))).last)
        #expect(dropped.name == "dropped")
        #expect(!dropped.description.contains("1234"))
        #expect(dropped.description == #"dropped(fields: ["company", "vat", "pin", "terms"], because: "plan")"#)
    }

    @Test("serve says dropped with the ids of the fields and of the field that hid them, and no value")
    func serveSaysDropped() throws {
        var session = ProtocolSession(spec: try FlowSpec(json: Data(Self.json.utf8)))
        _ = session.initialResponse()
        let lines = [
            #"{"action":"select","value":"team"}"#, #"{"action":"next"}"#, #"{"action":"text","value":"Acme"}"#, #"{"action":"next"}"#,
            #"{"action":"text","value":"DE1"}"#, #"{"action":"next"}"#, #"{"action":"text","value":"1234"}"#, #"{"action":"next"}"#,
            #"{"action":"next"}"#, #"{"action":"next"}"#, #"{"action":"text","value":"ada@example.com"}"#, #"{"action":"next"}"#,
            #"{"action":"focus","field":"plan"}"#,
        ]
        for line in lines { _ = session.respond(toLine: Array(line.utf8)) }
        let response = session.respond(toLine: Array(#"{"action":"select","value":"personal"}"#.utf8))
        #expect(response.contains(#"{"event":"dropped","fields":["company","vat","pin","terms"],"because":"plan"}"#), "\(response)")
        #expect(!response.contains("1234"))
    }
}
