import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

@Suite("Protocol: start, snapshot and restore")
struct ProtocolSnapshotTests {
    static func session() throws -> ProtocolSession { ProtocolSession(spec: try FlowSpec.signup()) }

    static func respond(_ session: inout ProtocolSession, _ lines: [String]) -> [String] {
        lines.map { session.respond(toLine: Array($0.utf8)) }
    }

    @Test("start prefills the answers and starts at the first field; a line of text form does the same")
    func start() throws {
        for line in [
            #"{"action":"start","answers":{"email":"ada@example.com","nickname":"에이다"}}"#,
            #"start {"email":"ada@example.com","nickname":"에이다"}"#,
        ] {
            var session = try Self.session()
            _ = Self.respond(&session, ["text x@y.z", "next"])
            let response = session.respond(toLine: Array(line.utf8))
            #expect(response.hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{"phase":"editing","focus":"email""#))
            #expect(session.state.text(of: "email") == "ada@example.com")
            #expect(session.state.text(of: "nickname") == "에이다")
        }
    }

    @Test("focusflow serve takes start as its first line, and snapshot and restore after")
    func serveCommand() throws {
        let input = #"{"action":"start","answers":{"email":"ada@example.com"}}"# + "\nnext\ntext hunter2-secret\nsnapshot\n"
        let result = try Command.run(["serve"], input: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{"phase":"editing","focus":"email""#))
        #expect(lines[2].hasPrefix(#"{"events":[{"event":"focusMoved","from":"email","to":"password"}"#))
        #expect(lines[4].hasPrefix(#"{"snapshot":{"answers":{"email":"ada@example.com"},"fingerprint":"fnv1a64:"#))
        #expect(lines[4].hasSuffix(#""flow":"signup","focus":"password","version":1}}"#))
        #expect(!result.stdout.contains("hunter2"))
    }

    @Test(
        "start with an answer that breaks its rules, or an unknown id, is an error naming the field and changes nothing",
        arguments: [
            (#"{"action":"start","answers":{"code":"12"}}"#, #"{"error":"the answer given for \"code\" (Verification code) breaks its rules: Enter the 6-digit code"}"#),
            (#"{"action":"start","answers":{"emial":"a@b.c"}}"#, #"{"error":"no field \"emial\" in the flow \"signup\"; did you mean \"email\"?"}"#),
            (#"{"action":"start","answers":"email"}"#, #"{"error":"\"answers\" must be a JSON object"}"#),
            (#"{"action":"start"}"#, #"{"error":"start needs \"answers\": a JSON object of field ids and answers"}"#),
        ])
    func startRefused(line: String, error: String) throws {
        var session = try Self.session()
        let before = session.state
        #expect(session.respond(toLine: Array(line.utf8)) == error)
        #expect(session.state == before)
    }

    @Test("snapshot answers the focus and the non-secure answers; restore in a new session puts them back, secure fields empty")
    func snapshotRestore() throws {
        var session = try Self.session()
        _ = Self.respond(&session, ["text ada@example.com", "next", "text hunter2-secret", "next", "text hunter2-secret", "next", "text 에이다"])
        let answer = session.respond(to: .snapshot)
        #expect(!answer.contains("hunter2"))
        #expect(answer.hasPrefix(#"{"snapshot":{"answers":{"email":"ada@example.com","nickname":"에이다"},"fingerprint":"fnv1a64:"#))
        let snapshot = String(answer.dropFirst(#"{"snapshot":"#.count).dropLast())
        var other = try Self.session()
        let response = other.respond(toLine: Array(#"{"action":"restore","snapshot":\#(snapshot)}"#.utf8))
        #expect(response.hasPrefix(#"{"events":[{"event":"focusMoved","from":null,"to":"password"}]"#))
        #expect(other.state.text(of: "nickname") == "에이다")
        #expect(other.state.text(of: "password").isEmpty)
        #expect(FlowRequest.restore(snapshot).json == #"{"action":"restore","snapshot":\#(snapshot)}"#)
    }

    @Test("restore of another flow's snapshot is refused with a clear message")
    func restoreOtherFlow() throws {
        var login = ProtocolSession(spec: try Fixtures.flow("login"))
        let answer = login.respond(to: .snapshot)
        let snapshot = String(answer.dropFirst(#"{"snapshot":"#.count).dropLast())
        var session = try Self.session()
        #expect(session.respond(to: .restore(snapshot)) == #"{"error":"the saved answers are of another flow (\"login\"); they cannot be resumed with this one"}"#)
    }

    @Test("snapshot and restore work after the walk ended, so a host can reuse the session")
    func afterCancel() throws {
        var session = try Self.session()
        _ = Self.respond(&session, ["text ada@example.com", "next", "cancel"])
        let answer = session.respond(to: .snapshot)
        #expect(answer.contains(#""focus":"password""#))
        let snapshot = String(answer.dropFirst(#"{"snapshot":"#.count).dropLast())
        _ = session.respond(to: .restore(snapshot))
        #expect(session.state.phase == .editing && session.state.focus == "password")
    }
}
