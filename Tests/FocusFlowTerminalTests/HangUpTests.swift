import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// The terminal going away: readline, or the accessible line mode, sees the end of
/// input before SIGHUP arrives; that is a hang-up (ended by SIGHUP, no answers), not Ctrl-D's
/// cancel (exit status 130).
@Suite("Hang-up: a terminal that goes away is SIGHUP, not a cancel")
struct HangUpTests {
    @Test("Closing the terminal mid-walk ends by SIGHUP (a shell's 129) and writes no answers", arguments: [false, true], 0..<4)
    func hangUp(accessible: Bool, round: Int) throws {
        let folder = URL(fileURLWithPath: ScratchFolder.name("hangup"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let answers = folder.appendingPathComponent("answers.json").path
        let terminal = try PseudoTerminal(
            [try TerminalTests.flow(TerminalTests.secretFlow), "--output", answers] + (accessible ? ["--accessible"] : []))
        #expect(terminal.waitFor("Secret"))
        terminal.send(SignalTests.secret)
        if !accessible { #expect(terminal.waitFor("••••••••••••••")) }
        terminal.hangUp()
        #expect(terminal.finish() == .signalled(SIGHUP))
        #expect(!FileManager.default.fileExists(atPath: answers))
    }
}
