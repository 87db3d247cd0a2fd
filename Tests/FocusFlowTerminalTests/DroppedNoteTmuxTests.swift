import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The review screen says which answers an amendment dropped, until the next key.
@Suite("Review screen: dropped answers", .serialized)
struct DroppedNoteTmuxTests {
    static let flow = #"""
        {"id":"d","title":"D","review":true,"fields":[
         {"id":"plan","label":"Plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
         {"id":"company","label":"Company","when":{"field":"plan","equals":"team"}},
         {"id":"vat","label":"VAT number","when":{"field":"company","notEmpty":true}},
         {"id":"pin","label":"PIN","secure":true,"when":{"field":"plan","equals":"team"}},
         {"id":"note","label":"Note","when":{"field":"plan","equals":"team"}},
         {"id":"email","label":"Email"}]}
        """#

    /// Whether the screen's `lines` show `text` (within one line).
    static func shows(_ lines: [String], _ text: String) -> Bool { lines.contains { $0.contains(text) } }

    @Test(
        "Amending the plan from the review shows which answers it dropped, by label, until the next key",
        arguments: [
            ("en", "Check your answers", "Dropped: Company, VAT number, PIN — hidden by Plan"),
            ("ko", "답을 확인하세요", "빠진 답: Company, VAT number, PIN — Plan 때문에 숨겨짐"),
        ])
    func amendDrops(language: String, heading: String, note: String) throws {
        let tmux = try Tmux(["--lang", language, try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("Plan"))
        tmux.press("Down")
        tmux.press("Enter")
        for (label, answer) in [("Company", "Acme"), ("VAT number", "DE1"), ("PIN", "8642"), ("Note", ""), ("Email", "ada@example.com")] {
            #expect(tmux.waitFor { $0.contains { $0.hasPrefix(label) } }, "\(tmux.text)")
            tmux.type(answer)
            tmux.press("Enter")
        }
        #expect(tmux.waitFor { Self.shows($0, heading) && Self.shows($0, "Company: Acme") }, "\(tmux.text)")
        #expect(!tmux.text.contains(note))
        tmux.press("Enter")
        #expect(tmux.waitFor { Self.shows($0, "Personal") && !Self.shows($0, heading) }, "\(tmux.text)")
        tmux.press("Up")
        tmux.press("Enter")
        #expect(tmux.waitFor { Self.shows($0, heading) && Self.shows($0, note) }, "\(tmux.text)")
        #expect(!tmux.text.contains("Company: Acme"), "\(tmux.text)")
        #expect(!tmux.text.contains("8642"))
        tmux.press("Down")
        #expect(tmux.waitFor { Self.shows($0, heading) && !Self.shows($0, note) }, "the note goes with the next key: \(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"plan":"personal","email":"ada@example.com"}"# + "\n")
    }

    @Test("In the accessible mode, going back and changing the plan says which answers it dropped, as it is said")
    func accessibleGoingBack() throws {
        let flow = Self.flow.replacingOccurrences(of: #""review":true,"#, with: "")
        let terminal = try PseudoTerminal(["run", "--accessible", try TerminalTests.flow(flow)])
        #expect(terminal.waitFor(". Plan"), "\(terminal.output)")
        terminal.send("team\n")
        #expect(terminal.waitFor(". Company"), "\(terminal.output)")
        terminal.send("Acme\n")
        #expect(terminal.waitFor(". VAT number"), "\(terminal.output)")
        terminal.send("/back\n")
        #expect(terminal.waitFor { $0.components(separatedBy: ". Company").count == 3 }, "\(terminal.output)")
        terminal.send("/back\n")
        #expect(terminal.waitFor { $0.components(separatedBy: ". Plan").count == 3 }, "\(terminal.output)")
        terminal.send("personal\n")
        #expect(terminal.waitFor("Dropped: Company — hidden by Plan\r\n"), "\(terminal.output)")
        #expect(terminal.waitFor(". Email"), "\(terminal.output)")
        terminal.send("ada@example.com\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"plan":"personal","email":"ada@example.com"}"# + "\n")
    }

    @Test("In a flow without review, going back and changing the plan says under the next field which answers it dropped, until the next key")
    func terminalGoingBack() throws {
        let flow = Self.flow.replacingOccurrences(of: #""review":true,"#, with: "")
        let note = "Dropped: Company — hidden by Plan"
        let tmux = try Tmux([try TerminalTests.flow(flow)])
        #expect(tmux.waitFor("Plan"))
        tmux.press("Down")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Company") } }, "\(tmux.text)")
        tmux.type("Acme")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("VAT number") } }, "\(tmux.text)")
        tmux.press("BTab")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Company") } }, "\(tmux.text)")
        tmux.press("BTab")
        #expect(tmux.waitFor { Self.shows($0, "Personal") }, "\(tmux.text)")
        tmux.press("Up")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Email") } && Self.shows($0, note) }, "\(tmux.text)")
        tmux.type("a")
        #expect(tmux.waitFor { !Self.shows($0, note) }, "the note goes with the next key: \(tmux.text)")
        tmux.type("da@example.com")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"plan":"personal","email":"ada@example.com"}"# + "\n")
    }
}
