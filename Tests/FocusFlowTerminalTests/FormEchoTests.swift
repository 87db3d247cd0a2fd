import Foundation
import Testing

/// What the renderer writes for a key, over a pseudo-terminal: only what changed, however long
/// the line and however many rows it wraps over.
@Suite("Form echo over a pseudo-terminal", .serialized)
struct FormEchoTests {
    @Test(
        "Typing at the end of a 10,000-character line writes a few bytes per key, not the line",
        arguments: [
            (80, "a"), (80, "한"), (20, "a"),
        ])
    func echoAtTheEnd(columns: Int, letter: String) throws {
        let flow = try TerminalTests.flow(#"{"id":"e","title":"Echo","fields":[{"id":"a","label":"A"}]}"#)
        let terminal = try PseudoTerminal([flow], columns: columns)
        #expect(terminal.waitFor("Ctrl-C cancel"))
        terminal.send(String(repeating: letter, count: 10_000) + "Z")
        #expect(terminal.waitFor("Z", timeout: 60))
        var costs: [Int] = []
        for key in ["x", "y", "w", "v", "u"] {
            let before = terminal.output.utf8.count
            terminal.send(key)
            let byte = key.utf8.first!
            #expect(terminal.waitFor { Array($0.utf8).dropFirst(before).contains(byte) })
            costs.append(terminal.output.utf8.count - before)
        }
        // A key that opens a new row draws the lines under the input again: a row of keys at most.
        #expect(costs.allSatisfy { $0 < 120 }, "bytes written per key: \(costs)")
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }
}
