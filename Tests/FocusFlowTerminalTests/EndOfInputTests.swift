import Foundation
import Testing

/// Ctrl-D, as readline's delete-char-or-EOF: on an empty line it cancels and the form goes, as
/// Ctrl-C does; with text it deletes the character under the cursor.
@Suite("Ctrl-D: cancel on an empty line, leaving nothing of the form", .serialized)
struct EndOfInputTests {
    /// One field of each kind, each first in its flow; `review` walks to the review first.
    static let fields: [(String, String)] = [
        ("text", #"{"id":"a","label":"Alpha"}"#),
        ("secure", #"{"id":"a","label":"Alpha","secure":true}"#),
        ("confirm", #"{"id":"a","kind":"confirm","label":"Alpha"}"#),
        ("select", #"{"id":"a","kind":"select","label":"Alpha","options":["x","y"]}"#),
        ("multiSelect", #"{"id":"a","kind":"multiSelect","label":"Alpha","options":["x","y"]}"#),
        ("number", #"{"id":"a","kind":"number","label":"Alpha"}"#),
        ("date", #"{"id":"a","kind":"date","label":"Alpha"}"#),
    ]

    /// A shell in tmux running the walk of `flow`, so that the screen outlives the program.
    static func walk(_ flow: String) throws -> Tmux {
        let tmux = try Tmux([], shell: true)
        #expect(tmux.waitFor("$"), "\(tmux.text)")
        tmux.type("\"$FOCUSFLOW\" \(try TerminalTests.flow(flow)); echo status=$?")
        tmux.press("Enter")
        return tmux
    }

    /// The screen's rows with text once the walk ended: the command line, what the walk left,
    /// its status and the next prompt.
    static func rows(_ tmux: Tmux) -> [String] {
        tmux.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test("Ctrl-D on an empty field of every kind, and on the review, leaves only the summary line", arguments: fields.map(\.0) + ["review"])
    func cancels(kind: String) throws {
        let field = Self.fields.first { $0.0 == (kind == "review" ? "text" : kind) }!.1
        let tmux = try Self.walk(#"{"id":"d","title":"Dee","review":\#(kind == "review"),"fields":[\#(field)]}"#)
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        if kind == "review" {
            tmux.press("Enter")
            #expect(tmux.waitFor("Check your answers"), "\(tmux.text)")
        }
        tmux.press("C-d")
        #expect(tmux.waitFor("status=130"), "\(tmux.text)")
        let rows = Self.rows(tmux)
        #expect(Array(rows.suffix(3)) == ["Dee: cancelled.", "status=130", "$"], "\(kind): \(rows)")
        #expect(!rows.contains { $0.contains("Alpha") || $0.contains("Dee  1/1") || $0.contains("Dee  Review") }, "\(kind): \(rows)")
    }

    @Test("Ctrl-D with text deletes the character under the cursor, in a plain and in a secure field", arguments: [false, true])
    func deletes(secure: Bool) throws {
        let tmux = try Tmux([try TerminalTests.flow(#"{"id":"d","title":"Dee","fields":[{"id":"a","label":"Alpha","secure":\#(secure)},{"id":"b","label":"Beta"}]}"#)])
        #expect(tmux.waitFor("Ctrl-C cancel"), "\(tmux.text)")
        tmux.type("abc")
        tmux.press("Home", "C-d", "C-d")
        if !secure { #expect(tmux.waitFor("› c"), "\(tmux.text)") }
        tmux.press("Enter")
        #expect(tmux.waitFor("Beta"), "\(tmux.text)")
        tmux.type("ok")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"a":"c","b":"ok"}"# + "\n")
    }
}
