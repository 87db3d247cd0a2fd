import Foundation
import Testing

/// The pattern a backtracking engine takes for ever on (`^(a+)+$` on thirty `a`s and a `!`)
/// typed at the terminal: matched in linear time, the value is refused with the field's error at
/// once and the walk goes on. Every wait has a deadline, so a match that hangs fails the test
/// instead of stalling the run.
@Suite("A slow pattern typed at the terminal")
struct TypedPatternTests {
    static let flow = #"{"id":"p","title":"P","fields":[{"id":"word","label":"Word","rules":{"pattern":"^(a+)+$"}},{"id":"after","label":"After"}]}"#

    @Test("Thirty a's and a ! typed into a field with the pattern ^(a+)+$: Enter refuses the value with its error, and the walk goes on to the end")
    func typedSlowPatternIsRefused() throws {
        let path = try TerminalTests.flow(Self.flow)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try PseudoTerminal([path])
        #expect(terminal.waitFor("Word"))
        terminal.send(String(repeating: "a", count: 30) + "!\r")
        #expect(terminal.waitFor("Word is not in the expected format.", timeout: 20), "no error for the value: \(terminal.output.suffix(300))")
        // Still on Word: a good value is taken and the walk goes on to the next field.
        terminal.send("\u{15}aaa\r")
        #expect(terminal.waitFor("After", timeout: 20))
        terminal.send("x\r")
        let status = terminal.finish(timeout: 20)
        #expect(status == 0, "status \(status)")
        #expect(terminal.stdoutText.contains(#""word":"aaa""#), "\(terminal.stdoutText)")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }
}
