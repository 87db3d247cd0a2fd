import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Keys arriving fast during an incremental search (Ctrl-R): readline 8.2 ends the search on
/// an ESC with input behind it by dispatching the ESC from inside `rl_callback_read_char`, which
/// crashes on Alt-y, Alt-x or a bracketed paste (stock readline too). FocusFlow ends the search
/// first (see `ff_getc`); the walk goes on and completes.
@Suite("Fast keys during an incremental search", .serialized)
struct SearchCrashTests {
    static let flow = #"{"id":"h","title":"History","fields":[{"id":"a","label":"Alpha"},{"id":"b","label":"Beta"}]}"#

    static let bursts = [
        "\u{1B}y\u{1B}[200~abc\u{1B}[201~",
        "\u{1B}x\u{1B}[200~abc\u{1B}[201~",
        "\u{1B}y\t\u{15}\u{17}\u{1B}y",
        "\u{1B}[D\u{1B}y",
    ]

    @Test(
        "Ctrl-R, then Alt-y, Alt-x, a bracketed paste or an arrow in one read: no crash, the walk completes",
        arguments: bursts.indices)
    func burstDuringSearch(index: Int) throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Alpha"))
        terminal.send("abc\r")
        #expect(terminal.waitFor("Beta"))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitFor { $0.hasSuffix("abc") || $0.contains("› abc") })
        terminal.send("\u{12}" + Self.bursts[index])
        // Leave whatever the burst started (Alt-x's command prompt), then finish the walk.
        terminal.send("\u{7}\u{7}\r")
        #expect(terminal.waitFor("Beta"))
        terminal.send("\r")
        let status = terminal.finish()
        #expect(status == 0, "\(status.map(String.init(describing:)) ?? "still running")")
        #expect(terminal.stdoutText.hasPrefix("{"), "no answers on stdout")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
    }
}
