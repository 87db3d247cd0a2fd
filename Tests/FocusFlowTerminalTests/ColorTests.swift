import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Colour only where the terminal has colours and the person did not ask for none.
@Suite("Colours: NO_COLOR and the terminal's colour count", .serialized)
struct ColorTests {
    /// Any SGR sequence (bold, dim, a colour, reverse): `ESC [ … m`.
    static func hasStyling(_ output: String) -> Bool {
        output.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil
    }

    @Test(
        "Through a pty: colours on xterm-256color and screen, none on vt100, none with NO_COLOR",
        arguments: [
            ("xterm-256color", "", true), ("screen", "", true), ("vt100", "", false), ("xterm-256color", "1", false),
        ])
    func throughPseudoTerminal(term: String, noColor: String, coloured: Bool) throws {
        let terminal = try PseudoTerminal(["run"], environment: ["TERM": term, "NO_COLOR": noColor])
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send("x\r")
        #expect(terminal.waitFor("Enter an email address"))
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
        let output = terminal.output
        #expect(Self.hasStyling(output) == coloured, "TERM=\(term) NO_COLOR=\(noColor.debugDescription)")
        for sequence in ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m"] {
            #expect(output.contains(sequence) == coloured, "\(sequence.debugDescription) with TERM=\(term)")
        }
    }

    @Test(
        "terminfo's colour count is read as it is",
        arguments: [
            ("xterm-256color", 256), ("screen", 8), ("vt100", nil), ("dumb", nil), ("no-such-terminal-here", nil),
        ] as [(String, Int?)])
    func terminfo(term: String, colors: Int?) {
        #expect(ColorChoice.terminfoColors(term) == colors)
    }

    @Test(
        "The one decision: allowed, NO_COLOR unset or empty, and at least 8 colours",
        arguments: [
            (true, nil, "xterm-256color", 256, true),
            (true, "", "xterm-256color", 256, true),
            (true, "1", "xterm-256color", 256, false),
            (true, "0", "xterm-256color", 256, false),  // any non-empty NO_COLOR, as no-color.org says
            (false, nil, "xterm-256color", 256, false),  // the host turned colours off
            (true, nil, "screen", 8, true),
            (true, nil, "ansi-mono", nil, false),
            (true, nil, "vt100", nil, false),
            (true, nil, nil, nil, false),
        ] as [(Bool, String?, String?, Int?, Bool)])
    func decision(allowed: Bool, noColor: String?, term: String?, colors: Int?, expected: Bool) {
        let environment = ["NO_COLOR": noColor, "TERM": term].compactMapValues { $0 }
        let decided = ColorChoice.decide(allowed: allowed, environment: { environment[$0] }, colors: { _ in colors })
        #expect(decided == expected)
    }
}
