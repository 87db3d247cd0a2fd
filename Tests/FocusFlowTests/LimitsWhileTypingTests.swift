import Foundation
import Testing
@testable import FocusFlow

/// `maxLength` and `maxSelected` hold while a person types and chooses, not only at Enter: what
/// would pass a limit is refused whole, in the engine, so every front refuses it alike.
@Suite("Limits hold while typing and choosing")
struct LimitsWhileTypingTests {
    static let flowJSON = #"""
        {"id": "limits", "title": "Limits", "fields": [
          {"id": "nick", "label": "Nick", "rules": {"maxLength": 5}},
          {"id": "topics", "kind": "multiSelect", "label": "Topics", "options": ["a", "b", "c"], "rules": {"maxSelected": 2}},
          {"id": "end", "label": "End"}
        ]}
        """#

    static func reducer() throws -> FlowReducer { FlowReducer(spec: try FlowSpec(json: Data(Self.flowJSON.utf8))) }

    static func file() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-limits-\(UUID()).json")
        try Self.flowJSON.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("A key, a paste or a burst that would pass maxLength is refused whole; the text stays", arguments: ["abcdef", "abcdefgh", "abcde한"])
    func textPastTheLimit(typed: String) throws {
        let reducer = try Self.reducer()
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ab")))
        let events = reducer.reduce(into: &state, action: .field(.textChanged(typed)))
        #expect(events == [.rejected(field: "nick")])
        #expect(state.text(of: "nick") == "ab")
        // Up to the limit, every character counts once as a person counts it.
        _ = reducer.reduce(into: &state, action: .field(.textChanged("한국어🙂e\u{301}")))
        #expect(state.text(of: "nick") == "한국어🙂e\u{301}")
    }

    @Test("A text already past the limit (prefilled) may be shortened, never lengthened")
    func prefilledPastTheLimit() throws {
        let reducer = try Self.reducer()
        var state = try reducer.initialState(prefill: FlowPrefill(answers: ["nick": .text("abcdefg")], askInvalid: true))
        #expect(reducer.reduce(into: &state, action: .field(.textChanged("abcdefgh"))) == [.rejected(field: "nick")])
        _ = reducer.reduce(into: &state, action: .field(.textChanged("abcdef")))
        #expect(state.text(of: "nick") == "abcdef")
        // Enter still says why it cannot pass.
        #expect(reducer.reduce(into: &state, action: .next).contains(.invalid(field: "nick", message: "Nick must be at most 5 characters.")))
    }

    @Test("Choosing one more than maxSelected allows is refused; letting one go never is")
    func toggleThePastLimit() throws {
        let reducer = try Self.reducer()
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .focus("topics"))
        _ = reducer.reduce(into: &state, action: .field(.toggle("a")))
        _ = reducer.reduce(into: &state, action: .field(.toggle("b")))
        #expect(reducer.reduce(into: &state, action: .field(.toggle("c"))) == [.rejected(field: "topics")])
        #expect(state.answer(of: "topics") == .choices(["a", "b"]))
        _ = reducer.reduce(into: &state, action: .field(.toggle("a")))
        _ = reducer.reduce(into: &state, action: .field(.toggle("c")))
        #expect(state.answer(of: "topics") == .choices(["b", "c"]))
    }

    @Test("serve refuses the same text and the same toggle")
    func serveRefuses() throws {
        let requests = """
            {"action":"text","value":"abcdef"}
            {"action":"text","value":"abcde"}
            next
            {"action":"toggle","value":"a"}
            {"action":"toggle","value":"b"}
            {"action":"toggle","value":"c"}

            """
        let url = try Self.file()
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["serve", url.path], input: requests)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(result.stdout)")
        #expect(lines[1].hasPrefix(#"{"events":[{"event":"rejected","field":"nick"}]"#), "\(lines[1])")
        #expect(lines[6].hasPrefix(#"{"events":[{"event":"rejected","field":"topics"}]"#), "\(lines[6])")
    }

    @Test(
        "Piped lines: a text past maxLength and a list past maxSelected fail, naming the line and the limit",
        arguments: [
            ("abcdef\n", "line 1: Nick (nick): Nick must be at most 5 characters."),
            ("abc\na,b,c\n", "line 2: Topics (topics): Topics: choose at most 2 options."),
        ])
    func pipedLinesRefused(input: String, message: String) throws {
        let url = try Self.file()
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["run", url.path], input: input)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("Piped lines within the limits, a swap at maxSelected among them, complete")
    func pipedLinesWithin() throws {
        let url = try Self.file()
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["run", url.path, "--set", "topics=a,b"], input: "abcde\nb,c\nok\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"nick":"abcde","topics":["b","c"],"end":"ok"}"# + "\n", "\(result.stdout)")
    }

    @Test(
        "A default past maxLength or maxSelected is refused when the flow loads: no one could keep it",
        arguments: [
            (#"{"id":"c","default":"abcdef","rules":{"maxLength":3}}"#, #"fields[0] ("c").default: the default has 6 characters, more than maxLength (3) allows"#),
            (
                #"{"id":"t","kind":"multiSelect","options":["x","y"],"default":["x","y"],"rules":{"maxSelected":1}}"#,
                #"fields[0] ("t").default: the default chooses 2 options, more than maxSelected (1) allows"#
            ),
        ])
    func defaultPastLimit(field: String, message: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-default-\(UUID()).json")
        try Data(#"{"id":"d","title":"D","fields":[\#(field)]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Command.run(["validate", url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
