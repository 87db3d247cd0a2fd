import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// The first field shows before readline reads the inputrc and the terminal's description, and
/// keys typed once it shows wait for readline: neither echoed by the terminal nor lost.
///
/// The inputrc is a FIFO that the test opens for writing only once it has typed: readline's start
/// waits on it, so the keys are typed while readline is not yet started, every time.
@Suite("The first frame, before readline starts", .serialized)
struct FirstFrameTests {
    static let flow = #"{"id":"f","title":"First","fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true}]}"#

    /// Opens `fifo` for writing once a reader has it open, and closes it: the reader's `open`
    /// returns and it reads an empty file. Gives up after `seconds`.
    static func release(_ fifo: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { return close(fd) == 0 }
            guard errno == ENXIO else { return false }
            usleep(2_000)
        }
        return false
    }

    @Test("The first field shows while readline waits for the inputrc; keys typed then are not echoed and reach the field in order")
    func firstFrameBeforeReadline() throws {
        let fifo = ScratchFolder.name("inputrc")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow)], environment: ["INPUTRC": fifo])
        // Readline has not read its inputrc: the FIFO has no writer yet.
        let shown = terminal.waitFor("Enter next", timeout: 5)
        #expect(shown, "the first field did not show before readline read the inputrc: \(terminal.screen().text)")
        guard shown else {
            _ = Self.release(fifo)
            terminal.send("\u{3}")
            _ = terminal.finish()
            return
        }
        let drawn = terminal.output.utf8.count
        // A typo taken back, a key with an escape sequence, and Enter: the terminal in its usual
        // settings would echo them (`abX^?c^[[DZ`) and hold them until a newline.
        terminal.send("abX\u{7F}c\u{1B}[DZ")
        terminal.settle()
        let meanwhile = String(terminal.output.utf8.dropFirst(drawn)) ?? ""
        #expect(!meanwhile.contains("ab"), "the terminal echoed keys typed before readline started: \(meanwhile.debugDescription)")
        #expect(Self.release(fifo), "readline never opened the inputrc")
        #expect(terminal.waitForLine(2, "› abZc"), "\(terminal.screen().text)")
        terminal.send("\r1234\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"abZc","pin":"1234"}"# + "\n")
        #expect(sameSettings(terminal.settings, terminal.settingsBefore), "the terminal's settings differ after the walk")
    }
}
