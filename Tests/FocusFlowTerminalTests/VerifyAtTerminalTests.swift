import Foundation
import Testing

/// `focusflow verify FLOW -` typed at a terminal: the answers come from stdin, which is the
/// person's keys there. It says so and how to pipe them in, rather than waiting for keys or
/// calling stdin missing.
@Suite("verify with stdin a terminal")
struct VerifyAtTerminalTests {
    @Test("verify FLOW - (or /dev/stdin) at a terminal says the answers must be piped in, exit 2", arguments: ["-", "/dev/stdin"])
    func answersFromTerminal(path: String) throws {
        let flow = PseudoTerminal.packageRoot.appendingPathComponent("Flows/login.json").path
        let terminal = try PseudoTerminal(["verify", flow, path])
        #expect(terminal.finish() == 2, "\(terminal.output)")
        #expect(
            terminal.output.contains("the answers are read from stdin, which is a terminal here; pipe them in: focusflow verify flow.json - < answers.json"),
            "\(terminal.output)")
    }
}
