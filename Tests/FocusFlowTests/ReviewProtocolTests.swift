import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// Review and amend over the JSON-lines protocol and in `focusflow check`.
@Suite("Review and amend: protocol and check")
struct ReviewProtocolTests {
    /// Lines that walk the review flow of ``ReviewTests`` to its review.
    static let toReview = [
        #"{"action":"text","value":"ada@example.com"}"#, "next", "text \(ReviewTests.secret)", "next", "text \(ReviewTests.secret)", "next",
        #"{"action":"select","value":"email"}"#, "next", #"{"action":"set","value":true}"#, "next",
    ]

    static func session() throws -> ProtocolSession { ProtocolSession(spec: try ReviewTests.spec()) }

    static func respond(_ session: inout ProtocolSession, _ line: String) -> String { session.respond(toLine: Array(line.utf8)) }

    @Test("submit is a row of the request table, read in both forms")
    func submitRow() throws {
        #expect(FlowRequest.table.contains { $0.name == "submit" })
        #expect(try FlowRequest(line: Array(#"{"action":"submit"}"#.utf8)) == .submit)
        #expect(try FlowRequest(text: "submit") == .submit)
        #expect(FlowRequest.submit.json == #"{"action":"submit"}"#)
        #expect(FlowRequest(.submit) == .submit)
        #expect(FlowRequest.submit.action == .submit)
    }

    @Test("The state says review: null before, reviewing in review, amending while an answer is changed; the flow without review says nothing")
    func reviewInState() throws {
        var session = try Self.session()
        #expect(session.initialResponse().hasSuffix(#""error":null,"review":null}}"#))
        var last = ""
        for line in Self.toReview { last = Self.respond(&session, line) }
        #expect(last.hasPrefix(#"{"events":[{"event":"focusMoved","from":"terms","to":null},{"event":"reviewing"}],"state":{"phase":"review","focus":null"#))
        #expect(last.hasSuffix(#","review":"reviewing"}}"#))
        let amend = Self.respond(&session, #"{"action":"focus","field":"email"}"#)
        #expect(amend.hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"email"}"#))
        #expect(amend.contains(#""phase":"editing""#) && amend.hasSuffix(#","review":"amending"}}"#))
        #expect(Self.respond(&session, "next").hasSuffix(#","review":"reviewing"}}"#))
        let done = Self.respond(&session, "submit")
        #expect(
            done.contains(
                #"{"event":"completed","secret":true,"values":{"email":"ada@example.com","password":"\#(ReviewTests.secret)","confirm":"\#(ReviewTests.secret)","contact":"email","terms":true}}"#))
        #expect(done.contains(#""phase":"completed""#))
        var plain = ProtocolSession(spec: try FlowSpec.signup())
        #expect(!plain.initialResponse().contains(#""review""#))
        #expect(!Self.respond(&plain, "next").contains(#""review""#))
    }

    @Test(
        "In review, a request that edits is refused with a message that says what applies; submit while editing too",
        arguments: [
            "text x", "next", "reveal", "clear", #"{"action":"set","value":false}"#,
        ])
    func refusedInReview(line: String) throws {
        var session = try Self.session()
        for line in Self.toReview { _ = Self.respond(&session, line) }
        let before = session.state
        let response = Self.respond(&session, line)
        #expect(response.hasPrefix(#"{"error":"the flow is in review; "#) && response.contains("send submit to finish"))
        #expect(session.state == before)
    }

    @Test("submit while editing is an error that says to send next")
    func submitWhileEditing() throws {
        var session = try Self.session()
        #expect(Self.respond(&session, "submit") == #"{"error":"submit applies only in review; send next to validate this field and move on"}"#)
    }

    @Test("Secure text never reaches a review response before completed")
    func noSecretInReview() throws {
        var session = try Self.session()
        var output = ""
        for line in Self.toReview + ["focus password", "previous", "next", "focus confirm", "next"] { output += Self.respond(&session, line) }
        #expect(!output.contains(ReviewTests.secret))
    }

    /// The review flow of ``ReviewTests``, and the delivery flow (a `when` chain) with a review.
    static func reviewFlows() throws -> [FlowSpec] {
        let delivery = try String(contentsOf: Fixtures.root.appendingPathComponent("Flows/delivery.json"), encoding: .utf8)
            .replacingOccurrences(of: #""id": "delivery","#, with: #""id": "delivery", "review": true,"#)
        return [try ReviewTests.spec(), try FlowSpec(json: Data(delivery.utf8))]
    }

    @Test("check explores review: every invariant holds, submit and every amend are tried, reviewing is seen", arguments: [0, 1])
    func explorerCoversReview(index: Int) throws {
        let spec = try Self.reviewFlows()[index]
        #expect(spec.review)
        let explorer = FlowExplorer(spec: spec)
        let report = explorer.run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive && report.completed && report.cancelled)
        #expect(report.eventsSeen.contains("reviewing"))
        #expect(explorer.eventNames.contains("reviewing"))
        #expect(!FlowExplorer(spec: try FlowSpec.signup()).eventNames.contains("reviewing"))
        var review = FlowReducer(spec: spec).initialState()
        review.phase = .review
        review.focus = nil
        let alphabet = explorer.requests(from: review)
        #expect(alphabet.contains(.submit) && alphabet.contains(.previous) && alphabet.contains(.cancel))
        #expect(spec.fields.allSatisfy { alphabet.contains(.focus($0.id)) })
    }

    /// Machines broken on purpose in review, each against the invariant it breaks.
    static let broken: [(String, Int, @Sendable (FlowReducer) -> @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent])] = [
        (
            "walks every later field after an amend instead of returning to review", 13,
            { reducer in
                { state, action in
                    guard state.isAmending, case .next = action else { return reducer.reduce(into: &state, action: action) }
                    let reviewed = state.reviewed
                    state.reviewed = nil
                    let events = reducer.reduce(into: &state, action: action)
                    if state.phase == .editing { state.reviewed = reviewed }
                    return events
                }
            }
        ),
        (
            "submits without the first answer", 14,
            { reducer in
                { state, action in
                    reducer.reduce(into: &state, action: action).map { event in
                        guard case .completed(var result) = event, case .submit = action else { return event }
                        result.answers.removeFirst()
                        return .completed(result)
                    }
                }
            }
        ),
        (
            "amends by walking instead of jumping", 13,
            { reducer in
                { state, action in
                    guard state.phase == .review, case .focus = action else { return reducer.reduce(into: &state, action: action) }
                    return reducer.reduce(into: &state, action: .previous)
                }
            }
        ),
    ]

    @Test("check finds a review machine broken on purpose", arguments: broken.indices)
    func findsBrokenReview(index: Int) throws {
        let (what, invariant, breakIt) = Self.broken[index]
        let spec = try ReviewTests.spec()
        let report = FlowExplorer(spec: spec, transition: breakIt(FlowReducer(spec: spec))).run()
        let counterexample = try #require(report.counterexample, "no violation found for a machine that \(what)")
        #expect(counterexample.violation.invariant == invariant, "\(counterexample.violation)")
    }
}
