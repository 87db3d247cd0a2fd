import Foundation
import Glibc
import Testing

/// Alt with a key that is not ASCII: a terminal sends ESC, then the key's UTF-8 bytes. Readline
/// takes ESC and the first byte as a meta key and would insert the rest, bytes that are no
/// character; the session ignores the chord whole, so nothing but what a person typed reaches an
/// answer or the screen.
@Suite("Alt with a key that is not ASCII", .serialized)
struct AltKeyTests {
    static let flow = #"{"id":"alt","title":"Alt","fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true}]}"#
    static let esc: [UInt8] = [0x1B]

    /// The keys of each case, each sent on its own (a person's keys) or all at once (a burst),
    /// and the answer they leave.
    static let cases: [(name: String, keys: [[UInt8]], answer: String)] = [
        ("Alt+쀿 between N and 쭜", [Array("N".utf8), esc + Array("쀿".utf8), Array("쭜".utf8)], "N쭜"),
        ("Alt+한 after a", [Array("a".utf8), esc + Array("한".utf8), Array("b".utf8)], "ab"),
        ("Alt+🙂 (four bytes)", [Array("a".utf8), esc + Array("🙂".utf8), Array("b".utf8)], "ab"),
        ("Alt+é (two bytes)", [Array("a".utf8), esc + Array("é".utf8), Array("b".utf8)], "ab"),
        ("ESC then a byte that is no UTF-8", [Array("a".utf8), esc + [0xFF], Array("b".utf8)], "ab"),
        ("ESC then a stray continuation byte", [Array("a".utf8), esc + [0x80, 0xBF], Array("b".utf8)], "ab"),
        ("ESC then half a character, the input ending there", [Array("a".utf8), esc + [0xEC, 0x80]], "a"),
        ("ESC then half a character, the rest later", [Array("a".utf8), esc + [0xEC, 0x80], [0xBF], Array("b".utf8)], "ab"),
        ("half of 핕 alone, x, then Alt+한, whose bytes would finish it", [[0xED, 0x95], Array("x".utf8), esc + Array("한".utf8)], "x"),
        ("half of € alone, then Alt+€", [[0xE2, 0x82], esc + Array("€".utf8), Array("b".utf8)], "b"),
    ]

    @Test("An Alt chord with a key that is not ASCII types nothing: the answer holds what was typed", arguments: cases, [false, true])
    func ignoredWhole(chord: (name: String, keys: [[UInt8]], answer: String), burst: Bool) throws {
        let (name, keys, answer) = chord
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Name  ["))
        if burst {
            terminal.send(bytes: keys.flatMap { $0 })
        } else {
            for key in keys {
                terminal.send(bytes: key)
                terminal.settle()
            }
        }
        #expect(terminal.waitForLine(2, "› " + answer), "\(name): \(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor("PIN  ["))
        // The same in a secure field: the PIN holds what was typed.
        for key in keys { terminal.send(bytes: key) }
        terminal.send("\r")
        #expect(terminal.finish() == 0, "\(name)")
        let expected = #"{"name":"\#(answer)","pin":"\#(answer)"}"# + "\n"
        #expect(terminal.stdoutText == expected, "\(name)")
        #expect(!terminal.output.contains("\u{FFFD}"), "\(name): U+FFFD drawn")
    }

    @Test("The accessible line mode asks again for a line holding Alt+쀿, and the next line is the answer")
    func accessibleAsksAgain() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.flow), "--accessible"])
        #expect(terminal.waitFor("Step 1 of 2. Name"))
        terminal.send(bytes: Array("N".utf8) + Self.esc + Array("쀿쭜\r".utf8))
        #expect(terminal.waitFor("do nothing here"))
        terminal.send("N쭜\r")
        #expect(terminal.waitFor("Step 2 of 2. PIN"))
        terminal.send("1234\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"N쭜","pin":"1234"}"# + "\n")
        #expect(!terminal.output.contains("\u{FFFD}"))
    }
}
