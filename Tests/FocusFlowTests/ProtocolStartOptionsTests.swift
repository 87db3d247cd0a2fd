import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

/// `start` takes `run`'s `--skip-filled` and `--ask-invalid` as `"skipFilled"` and
/// `"askInvalid"`, in both forms of a request.
@Suite("Protocol: start's options")
struct ProtocolStartOptionsTests {
    static func session() throws -> ProtocolSession { ProtocolSession(spec: try FlowSpec.signup()) }

    @Test(
        "skipFilled starts at the first field that needs an answer, in the JSON and the text form",
        arguments: [
            #"{"action":"start","answers":{"email":"ada@example.com"},"skipFilled":true}"#,
            #"start skipFilled {"email":"ada@example.com"}"#,
        ])
    func skipFilled(line: String) throws {
        var session = try Self.session()
        let response = session.respond(toLine: Array(line.utf8))
        #expect(response.hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"password"}],"state":{"phase":"editing","focus":"password""#), "\(response)")
        #expect(session.state.text(of: "email") == "ada@example.com")
    }

    @Test("askInvalid keeps an answer that breaks its rules, with its error, to be asked; with skipFilled focus goes to it")
    func askInvalid() throws {
        var session = try Self.session()
        let line = #"{"action":"start","answers":{"email":"ada@example.com","code":"12"},"askInvalid":true,"skipFilled":true}"#
        let response = session.respond(toLine: Array(line.utf8))
        #expect(!response.hasPrefix(#"{"error""#), "\(response)")
        #expect(session.state.text(of: "code") == "12")
        #expect(session.state.focus == "password")
        var strict = try Self.session()
        #expect(strict.respond(toLine: Array(#"{"action":"start","answers":{"code":"12"},"askInvalid":false}"#.utf8)).hasPrefix(#"{"error":"the answer given for \"code\""#))
    }

    @Test(
        "A start with options is written back as it was read, in both forms",
        arguments: [
            FlowRequest.start(#"{"email":"a@b.c"}"#, skipFilled: true, askInvalid: true),
            FlowRequest.start(#"{"email":"a@b.c"}"#, skipFilled: false, askInvalid: true),
            FlowRequest.start(#"{}"#),
        ])
    func roundTrip(request: FlowRequest) throws {
        #expect(try FlowRequest(line: Array(request.json.utf8)) == request, "\(request.json)")
        #expect(try FlowRequest(line: Array(request.text.utf8)) == request, "\(request.text)")
    }

    @Test(
        "An option on a request that takes none, or not true/false, is an error that says so",
        arguments: [
            (#"{"action":"next","skipFilled":true}"#, #"{"error":"next takes no \"skipFilled\""}"#),
            (#"{"action":"start","answers":{},"askInvalid":"yes"}"#, #"{"error":"\"askInvalid\" must be true or false"}"#),
        ])
    func refused(line: String, error: String) throws {
        var session = try Self.session()
        #expect(session.respond(toLine: Array(line.utf8)) == error)
    }

    @Test("focusflow serve takes start with skipFilled on its first line")
    func serve() throws {
        let input = #"{"action":"start","answers":{"email":"ada@example.com"},"skipFilled":true}"# + "\n"
        let result = try Command.run(["serve"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"password"}]"#) == true, "\(result.stdout)")
    }
}
