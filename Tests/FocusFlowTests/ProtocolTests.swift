import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol

@Suite("JSON-lines protocol: serve and replay")
struct ProtocolTests {
    static let walk = """
        {"action":"text","value":"ada@example.com"}
        next
        {"action":"text","value":"hunter2-secret"}
        {"action":"reveal"}
        {"action":"next"}
        text hunter2-secret
        next
        # a comment, and a blank line, are skipped

        {"action":"focus","field":"email"}
        {"action":"focus","field":"nickname"}
        {"action":"text","value":"에이다 🙂"}
        {"action":"next"}
        {"action":"text","value":"+82 10 1234 5678"}
        next
        {"action":"text","value":"12a"}
        {"action":"text","value":"123456"}
        {"action":"next"}
        next

        """

    @Test("serve answers the initial focus, then each request, one JSON line each")
    func serveWalk() throws {
        let result = try Command.run(["serve"], input: Self.walk)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 18)
        #expect(
            lines[0]
                == #"{"protocol":2,"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{"phase":"editing","focus":"email","step":1,"steps":6,"surface":"plain","kind":"text","keyboard":"emailAddress","revealed":false,"error":null}}"#
        )
        #expect(
            lines[3]
                == #"{"events":[{"event":"changed","field":"password"}],"state":{"phase":"editing","focus":"password","step":2,"steps":6,"surface":"secure","kind":"text","keyboard":"asciiCapable","revealed":false,"error":null}}"#
        )
        #expect(
            lines[4]
                == #"{"events":[{"event":"surfaceChanged","field":"password","from":"secure","to":"plain"}],"state":{"phase":"editing","focus":"password","step":2,"steps":6,"surface":"plain","kind":"text","keyboard":"asciiCapable","revealed":true,"error":null}}"#
        )
        #expect(lines[8].hasPrefix(#"{"events":[{"event":"focusMoved","from":"nickname","to":"email"}"#))
        #expect(lines[9].hasPrefix(#"{"events":[{"event":"focusMoved","from":"email","to":"nickname"}"#))
        #expect(
            lines[14]
                == #"{"events":[{"event":"rejected","field":"code"}],"state":{"phase":"editing","focus":"code","step":6,"steps":6,"surface":"plain","kind":"text","keyboard":"numberPad","revealed":false,"error":null}}"#
        )
        #expect(
            lines[16]
                == #"{"events":[{"event":"focusMoved","from":"code","to":null},{"event":"completed","secret":true,"values":{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"에이다 🙂","phone":"+82 10 1234 5678","code":"123456"}}],"state":{"phase":"completed","focus":null,"step":6,"steps":6,"surface":"plain","kind":null,"keyboard":"numberPad","revealed":false,"error":null}}"#
        )
        #expect(lines[17] == #"{"error":"the flow is completed; no request applies any more"}"#)
        for (index, line) in lines.enumerated() where index != 16 {
            #expect(!line.contains("hunter2"), "line \(index) shows the secure value")
        }
    }

    @Test("replay prints exactly what serve does for the same requests")
    func replayMatchesServe() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-\(UUID()).txt")
        try Data(Self.walk.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let served = try Command.run(["serve", "Flows/signup.json"], input: Self.walk)
        let replayed = try Command.run(["replay", "Flows/signup.json", script.path])
        #expect(replayed.status == 0 && served.status == 0)
        #expect(replayed.stdout == served.stdout)
        #expect(!served.stdout.isEmpty)
    }

    @Test(
        "After cancel the state reports the step the person was on, not the last",
        arguments: [
            ("", 1, 6), ("text ada@example.com\nnext\n", 2, 6), ("text ada@example.com\nnext\ntext hunter2-secret\nnext\n", 3, 6),
        ])
    func cancelKeepsStep(before: String, step: Int, steps: Int) throws {
        let result = try Command.run(["serve", "Flows/signup.json"], input: before + "cancel\n")
        #expect(result.status == 0)
        let last = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(last.contains(#""state":{"phase":"cancelled","focus":null,"step":\#(step),"steps":\#(steps),"#), "\(last)")
        #expect(!result.stdout.contains("hunter2"))
    }

    /// Malformed or inapplicable requests, each followed by a request that shows nothing changed.
    static let malformed: [(String, String)] = [
        ("{\"action\":\"text\",\"value\":", #"{"error":"the request is not a JSON object: column 26: the text ends where a value should be"}"#),
        ("{\"action\":\"text\" \"value\":\"x\"}", #"{"error":"the request is not a JSON object: column 18: expected ',' or '}' after a value in an object"}"#),
        ("{\"action\":\"text\",\"value\":\"x\",}", #"{"error":"the request is not a JSON object: column 30: a comma before '}' is not allowed"}"#),
        ("{\"action\":\"next\"} x", #"{"error":"the request is not a JSON object: column 19: unexpected text after the object ends"}"#),
        ("{\"action\":\"nxt\"}", #"{"error":"unknown action \"nxt\"; did you mean \"next\"?"}"#),
        ("{\"action\":\"focus\",\"field\":\"zzz\"}", #"{"error":"no field \"zzz\" in this flow"}"#),
        ("{\"action\":\"focus\",\"field\":\"adress\"}", #"{"error":"no field \"adress\" in this flow; did you mean \"address\"?"}"#),
        ("{\"action\":\"focus\",\"field\":\"address\"}", #"{"error":"field \"address\" is hidden (it is shown only when \"method\" is \"post\")"}"#),
        ("{\"action\":\"text\"}", #"{"error":"text needs \"value\": the field's whole new text"}"#),
        ("{\"action\":\"text\",\"value\":7}", #"{"error":"\"value\" must be a string"}"#),
        ("{\"action\":\"focus\"}", #"{"error":"focus needs \"field\": the id of a visible field"}"#),
        ("{\"value\":\"x\"}", #"{"error":"the request has no \"action\""}"#),
        ("{\"action\":\"next\",\"extra\":1}", #"{"error":"unknown key \"extra\" in the request"}"#),
        (
            "[1,2]",
            #"{"error":"unknown action \"[1,2]\"; expected one of text, set, select, toggle, highlight, step, next, previous, focus, reveal, clear, cancel, submit, describe, start, verify, snapshot, restore, checked, sent, resend, tick, options, remove"}"#
        ),
        ("{\"action\":\"text\",\"value\":\"\u{FF}\"}", #"{"error":"the request is not valid UTF-8"}"#),
        ("{" + String(repeating: "x", count: 1_000_000), #"{"error":"the request is not a JSON object: column 2: expected a key in double quotes"}"#),
    ]

    @Test("A malformed request gets an error, changes nothing, and the server goes on", arguments: malformed)
    func malformedRequest(request: String, error: String) throws {
        var input = Data("{\"action\":\"text\",\"value\":\"Ada\"}\n".utf8)
        input +=
            request == "{\"action\":\"text\",\"value\":\"\u{FF}\"}"
            ? Data([0x7B] + Array(#""action":"text","value":""#.utf8) + [0xFF, 0x22, 0x7D])
            : Data(request.utf8)
        input += Data("\n{\"action\":\"clear\"}\n".utf8)
        let result = try Command.run(["serve", "Flows/delivery.json"], data: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[2] == error)
        #expect(
            lines[3].hasPrefix(#"{"events":[{"event":"changed","field":"name","old":"Ada","new":""},{"event":"cleared","field":"name"}]"#),
            "the request before the bad one still holds")
    }

    @Test(
        "Requests read the same in both forms",
        arguments: [
            FlowRequest.text("a b  c"), .text(""), .text("\"quoted\"\n\\ 한 😀"), .next, .previous, .focus("nickname"), .reveal, .clear, .cancel,
        ])
    func requestForms(request: FlowRequest) throws {
        #expect(try FlowRequest(line: Array(request.json.utf8)) == request)
        if case .text(let value) = request, value.contains("\n") { return }
        #expect(try FlowRequest(line: Array(request.text.utf8)) == request)
    }

    @Test(
        "The text form refuses what it cannot read",
        arguments: [
            ("nxt", "unknown action \"nxt\"; did you mean \"next\"?"),
            ("focus", "focus needs a field id: focus FIELD"),
            ("next now", "next takes nothing after it"),
        ])
    func textFormErrors(line: String, message: String) {
        #expect(throws: FlowRequestError(message)) { try FlowRequest(text: line) }
    }

    @Test("Escapes in JSON strings are read exactly, surrogate pairs included")
    func escapes() throws {
        let request = try FlowRequest(line: Array(#"{"action":"text","value":"\u0041\n\t\"\\\/\ud83d\ude00\uAC00"}"#.utf8))
        #expect(request == .text("A\n\t\"\\/😀가"))
        for lone in [#"\ud83d"#, #"\ude00"#, #"\ud83d\u0041"#, #"\ud83dx"#] {
            #expect(throws: FlowRequestError("the request is not a JSON object: column 27: a lone surrogate in \\u escapes: half of a pair (\\ud83d\\ude00) without the other")) {
                try FlowRequest(line: Array(#"{"action":"text","value":"\#(lone)"}"#.utf8))
            }
        }
    }

    @Test(
        "A session skips blank lines and # comments as serve does, so embedders answer a script the same way",
        arguments: [
            ("", nil), ("   \t\r", nil), ("# a comment", nil), ("  \t# indented comment\r", nil),
            ("  next \r", "next"), ("\ttext a b\t", "text a b"), (#" {"action":"reveal"} "#, #"{"action":"reveal"}"#),
        ] as [(String, String?)])
    func scriptLines(line: String, request: String?) throws {
        var session = ProtocolSession(spec: try FlowSpec.signup()), reference = session
        let response = session.respond(toScriptLine: Array(line.utf8))
        #expect(response == request.map { reference.respond(toLine: Array($0.utf8)) })
        #expect(session.state == reference.state)
    }

    @Test("A session fed a script line by line writes exactly what serve writes")
    func sessionMatchesServe() throws {
        var session = ProtocolSession(spec: try FlowSpec.signup())
        var lines = [session.initialResponse()]
        for line in Self.walk.split(separator: "\n", omittingEmptySubsequences: false) {
            if let response = session.respond(toScriptLine: Array(line.utf8)) { lines.append(response) }
        }
        #expect(lines.joined(separator: "\n") + "\n" == (try Command.run(["serve"], input: Self.walk)).stdout)
    }
}
