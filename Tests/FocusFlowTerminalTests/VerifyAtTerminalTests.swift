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

extension VerifyAtTerminalTests {
    @Test("A terminal named as the answers (verify FLOW /dev/tty, run --answers /dev/tty) is refused before it is read, exit 2")
    func terminalDeviceAsAnswers() throws {
        let flow = PseudoTerminal.packageRoot.appendingPathComponent("Flows/login.json").path
        for (arguments, name) in [(["verify", flow, "/dev/tty"], "/dev/tty"), (["run", flow, "--answers", "/dev/tty"], "--answers /dev/tty")] {
            let terminal = try PseudoTerminal(arguments)
            #expect(terminal.finish() == 2, "\(arguments): \(terminal.output)")
            #expect(terminal.output.contains("\(name): a terminal, not a file of answers; give the answers as a file"), "\(terminal.output)")
        }
    }
}
