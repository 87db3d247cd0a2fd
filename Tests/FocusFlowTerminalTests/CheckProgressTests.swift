import Foundation
import Testing
@testable import FocusFlowTerminal

/// `focusflow check` shows how far it has got on a terminal (stderr), and erases that line
/// before its report; piped, it says nothing of the kind (see HostileCheckTests).
@Suite("check's progress on a terminal", .serialized)
struct CheckProgressTests {
    @Test("check on a terminal shows the states seen so far on stderr, then its report")
    func progressOnTerminal() throws {
        let terminal = try PseudoTerminal(["check", "--max-states", "20000"])
        let status = terminal.finish(timeout: 120)
        #expect(status == 0)
        #expect(terminal.output.contains("\rchecking: "), "no progress line on the terminal")
        #expect(terminal.output.contains("\r\u{1B}[K"), "the progress line is not erased before the report")
        #expect(terminal.stdoutText.contains("invariants hold on every edge explored"))
        #expect(!terminal.stdoutText.contains("checking:"), "progress reached stdout")
    }
}
