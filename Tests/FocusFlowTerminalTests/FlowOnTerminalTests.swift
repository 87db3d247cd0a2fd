import Foundation
import Testing

/// A flow named as stdin (`-`, `/dev/stdin`) or as a terminal (`/dev/tty`) when stdin is the
/// person's terminal: no flow can come from there, and the refusal says why and what to type
/// instead, never "no such file" or "cannot be read". Piped, the same words take the flow
/// (`CommandLineTests`).
@Suite("A flow named as stdin or a terminal, on a terminal", .serialized)
struct FlowOnTerminalTests {
    /// Words, and what the refusal says on stderr.
    static let refused: [(arguments: [String], says: String)] = [
        (["validate", "-"], "-: the flow is read from stdin, which is a terminal here; pipe a flow in: focusflow validate - < flow.json"),
        (["check", "-"], "focusflow: -: the flow is read from stdin, which is a terminal here; pipe a flow in: focusflow check - < flow.json"),
        (["validate", "/dev/stdin"], "/dev/stdin: the flow is read from stdin, which is a terminal here; pipe a flow in: focusflow validate - < flow.json"),
        (["check", "/dev/stdin"], "focusflow: /dev/stdin: the flow is read from stdin, which is a terminal here; pipe a flow in: focusflow check - < flow.json"),
        (["validate", "/dev/tty"], "/dev/tty: a terminal, not a flow file; give the flow as a file, or pipe it in: focusflow validate - < flow.json"),
        (["check", "/dev/tty"], "focusflow: /dev/tty: a terminal, not a flow file; give the flow as a file, or pipe it in: focusflow check - < flow.json"),
        (["run", "/dev/tty"], "focusflow: /dev/tty: a terminal, not a flow file; give the flow as a file, or as <(…) in bash and zsh"),
        (["serve", "/dev/tty"], "focusflow: /dev/tty: a terminal, not a flow file; give the flow as a file, or as <(…) in bash and zsh"),
    ]

    @Test("A flow read from a terminal is refused at once, saying why and what to type instead (exit 2)", arguments: refused)
    func refusedOnTerminal(arguments: [String], says: String) throws {
        let stderr = NSTemporaryDirectory() + "focusflow-flow-on-tty-\(UUID()).txt"
        defer { try? FileManager.default.removeItem(atPath: stderr) }
        let terminal = try PseudoTerminal(arguments, stderr: stderr)
        // Nothing is waited for: the refusal comes before any read of the terminal.
        #expect(terminal.finish() == 2, "\(terminal.output)")
        let said = try String(contentsOfFile: stderr, encoding: .utf8)
        #expect(said.contains(says + "\n"), "\(said)")
        #expect(!said.contains("no such file") && !said.contains("cannot be read"), "\(said)")
        #expect(terminal.stdoutText.isEmpty, "\(terminal.stdoutText)")
    }
}
