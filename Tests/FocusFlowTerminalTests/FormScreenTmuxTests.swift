import Foundation
import Testing

/// The whole form as a person sees it inside tmux: wrapped input, wrapped header and messages,
/// resizes, Ctrl-L, the placeholder without colours, and the key line of each step.
@Suite("The form on screen inside tmux", .serialized)
struct FormScreenTmuxTests {
    /// Three fields: plain, secure, plain; so the first, a middle and the last step each exist.
    static let flow = #"{"id":"w","title":"Wrap","fields":[{"id":"plain","label":"Plain"},{"id":"secret","label":"Secret","secure":true},{"id":"last","label":"Last"}]}"#

    static let firstKeys = "Enter next · Ctrl-C cancel"
    static let secureKeys = "Enter next · Shift-Tab back · Ctrl-T show/hide · Ctrl-C cancel"
    static let lastKeys = "Enter finish · Shift-Tab back · Ctrl-C cancel"

    /// Where the text after the prompt lands: `(column, row)` of the cell after `width` columns of
    /// one-column characters, counted from the input's first row.
    static func position(afterColumns width: Int, columns: Int) -> (x: Int, y: Int) {
        ((2 + width) % columns, (2 + width) / columns)
    }

    /// The lines from `start` up to the first empty one.
    static func block(_ lines: [String], from start: Int) -> [String] {
        Array(lines.dropFirst(start).prefix { !$0.isEmpty })
    }

    enum Input: String, CaseIterable, CustomTestStringConvertible {
        case plain, masked
        var testDescription: String { rawValue }
    }

    struct WrapCase: CustomTestStringConvertible {
        var columns: Int
        var input: Input
        var testDescription: String { "\(input) at \(columns) columns" }
    }

    static let wrapCases = [20, 40].flatMap { columns in Input.allCases.map { WrapCase(columns: columns, input: $0) } }

    @Test("Input longer than the line wraps under the prompt, the key line shows once and intact, the cursor follows the text", arguments: wrapCases)
    func wrapping(_ wrap: WrapCase) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)], columns: wrap.columns, rows: 20)
        #expect(tmux.waitFor("Plain"), "\(tmux.text)")
        if wrap.input == .masked {
            tmux.type("x")
            tmux.press("Enter")
            #expect(tmux.waitFor("Secret"))
        }
        let count = 2 * wrap.columns + 5
        let text = String((0..<count).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        tmux.type(text)
        let shown = wrap.input == .masked ? String(repeating: "•", count: count) : text
        let inputRows = (2 + count) / wrap.columns + 1
        // The header may take more than two rows at 20 columns: the input starts at the prompt.
        func top(_ lines: [String]) -> Int { lines.firstIndex { $0.hasPrefix("› ") } ?? lines.count }
        #expect(tmux.waitFor { Self.block($0, from: top($0)).prefix(inputRows).joined() == "› " + shown }, "\(wrap): \(tmux.text)")
        let lines = tmux.lines
        let prompt = top(lines)
        let keys = wrap.input == .masked ? Self.secureKeys : Self.firstKeys
        let under = Self.block(lines, from: prompt + inputRows)
        #expect(under.joined(separator: " ") == keys, "\(wrap): the key line reads \(under)")
        #expect(lines.joined(separator: " ").components(separatedBy: "Ctrl-C").count == 2, "\(wrap): the key line shows once")
        let expected = Self.position(afterColumns: count, columns: wrap.columns)
        #expect(tmux.cursor.x == expected.x && tmux.cursor.y == prompt + expected.y, "\(wrap): cursor at \(tmux.cursor)")
        // Deleting back to one row leaves no stale rows between the input and the key line.
        for _ in 0..<(count - 3) { tmux.press("BSpace") }
        let rest = wrap.input == .masked ? "•••" : String(text.prefix(3))
        #expect(tmux.waitFor { $0.count > prompt + 1 && $0[prompt] == "› " + rest }, "\(wrap): \(tmux.text)")
        #expect(tmux.waitFor { Self.block($0, from: prompt + 1).joined(separator: " ") == keys }, "\(wrap): \(tmux.text)")
        #expect(tmux.cursor.x == 5 && tmux.cursor.y == prompt, "\(wrap): cursor at \(tmux.cursor)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("A wide character that does not fit in the last column goes to the next row, and the cursor never sits inside it", arguments: [20, 40])
    func wideCharacterAtTheMargin(columns: Int) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)], columns: columns, rows: 20)
        #expect(tmux.waitFor("Plain"))
        let ascii = String(repeating: "a", count: columns - 3)  // the prompt and these leave one column
        tmux.type(ascii + "한b")
        #expect(tmux.waitFor { $0.count > 4 && $0[2] == "› " + ascii && $0[3] == "한b" }, "\(columns): \(tmux.text)")
        #expect(Self.block(tmux.lines, from: 4).joined(separator: " ") == Self.firstKeys, "\(columns): \(tmux.text)")
        #expect(tmux.cursor.x == 3 && tmux.cursor.y == 3, "after b: cursor at \(tmux.cursor)")
        tmux.press("Left")
        #expect(tmux.waitFor { _ in tmux.cursor.x == 2 && tmux.cursor.y == 3 }, "after 한: cursor at \(tmux.cursor)")
        tmux.press("Left")
        #expect(tmux.waitFor { _ in tmux.cursor.x == columns - 1 && tmux.cursor.y == 2 }, "after the last a: cursor at \(tmux.cursor)")
        // Inserting before the wide character pushes it along; the screen still equals the buffer.
        tmux.type("c")
        #expect(tmux.waitFor { $0.count > 4 && $0[2] == "› " + ascii + "c" && $0[3] == "한b" }, "\(columns): \(tmux.text)")
        #expect(tmux.cursor.x == 0 && tmux.cursor.y == 3, "after c: cursor at \(tmux.cursor)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    static let resizes: [[Int]] = [[79, 80], [30, 80], [30, 79, 20, 80]]

    @Test("After any sequence of resizes one form is on screen, with the text and the cursor kept", arguments: resizes)
    func resizing(widths: [Int]) throws {
        let tmux = try Tmux([])
        #expect(tmux.waitFor("Create your account  1/6"))
        var typed = "ada@exa"
        tmux.type(typed)
        #expect(tmux.waitFor("› " + typed))
        for (index, width) in widths.enumerated() {
            tmux.resize(columns: width, rows: 24)
            // tmux tells the program about a new size a moment after it reflowed the screen,
            // so wait for the screen to settle into one form, rather than for a typed key.
            let key = String("mple"[String.Index(utf16Offset: index, in: "mple")])
            typed += key
            tmux.type(key)
            let settled = tmux.waitFor { lines in
                let row = lines.firstIndex(of: "› " + typed) ?? -1
                return lines.filter { $0.hasPrefix("Create your account") }.count == 1
                    && lines.filter { $0.hasPrefix("› ") }.count == 1
                    && lines.joined(separator: " ").components(separatedBy: "Ctrl-C cancel").count == 2
                    && tmux.cursor.x == 2 + typed.count && tmux.cursor.y == row
            }
            #expect(settled, "after \(widths.prefix(index + 1)): cursor at \(tmux.cursor) on \(tmux.text)")
        }
        tmux.press("C-u")
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Ctrl-L clears the screen and draws the whole form again, text and cursor kept", arguments: Input.allCases)
    func ctrlL(_ input: Input) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("Plain"))
        if input == .masked {
            tmux.type("x")
            tmux.press("Enter")
            #expect(tmux.waitFor("Secret"))
        }
        tmux.type("abc")
        tmux.press("Left")
        #expect(tmux.waitFor(input == .masked ? "› •••" : "› abc"))
        tmux.press("C-l")
        // The form is drawn from the top of a cleared screen.
        let keys = input == .masked ? Self.secureKeys : Self.firstKeys
        #expect(tmux.waitFor { $0.count > 3 && $0[0] == "Wrap  \(input == .masked ? 2 : 1)/3" && $0[3] == keys }, "\(input): \(tmux.text)")
        #expect(tmux.lines[1].hasPrefix(input == .masked ? "Secret" : "Plain"))
        #expect(tmux.lines[2] == (input == .masked ? "› •••" : "› abc"))
        #expect(tmux.lines.filter { !$0.isEmpty }.count == 4, "\(tmux.text)")
        #expect(tmux.cursor.x == 4 && tmux.cursor.y == 2, "cursor at \(tmux.cursor)")
        tmux.type("d")
        #expect(tmux.waitFor(input == .masked ? "› ••••" : "› abdc"))
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
        #expect(!tmux.answers.contains("abc"))
    }

    @Test("A narrow window wraps the title, the step counter and the messages instead of cutting them")
    func narrowHeader() throws {
        let tmux = try Tmux([], columns: 20, rows: 20)
        #expect(tmux.waitFor("Email"), "\(tmux.text)")
        #expect(tmux.waitFor { $0.count > 1 && $0[0] == "Create your account" && $0[1] == "1/6" }, "\(tmux.text)")
        tmux.type("x")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗"))
        func words(_ lines: [String]) -> String { lines.joined(separator: " ").split(separator: " ").joined(separator: " ") }
        let screen = words(tmux.lines)
        #expect(screen.contains("✗ Enter an email address like you@example.com"), "\(tmux.text)")
        #expect(screen.contains(Self.firstKeys), "\(tmux.text)")
        tmux.press("BSpace")
        tmux.type("ada@example.com")
        tmux.press("Enter")
        #expect(tmux.waitFor("Password"))
        let second = words(tmux.lines)
        #expect(second.contains("Create your account 2/6"), "\(tmux.text)")
        #expect(second.contains("Password [abc] hidden At least 8 characters"), "\(tmux.text)")
        #expect(tmux.lines.allSatisfy { !$0.hasPrefix("Create") || $0 == "Create your account" }, "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Without colours the placeholder is marked, so it cannot be taken for typed text")
    func placeholderWithoutColour() throws {
        let tmux = try Tmux([])
        #expect(tmux.waitFor("Email"))
        #expect(tmux.waitFor { $0.count > 2 && $0[2] == "› (you@example.com)" }, "\(tmux.text)")
        #expect(tmux.cursor.x == 2 && tmux.cursor.y == 2, "cursor at \(tmux.cursor)")
        tmux.type("you@example.com")
        #expect(tmux.waitFor { $0.count > 2 && $0[2] == "› you@example.com" }, "\(tmux.text)")
        tmux.press("C-u")
        #expect(tmux.waitFor { $0.count > 2 && $0[2] == "› (you@example.com)" }, "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test(
        "The key line fits the step: no way back on the first field, Enter finishes on the last",
        arguments: [
            (0, firstKeys), (1, secureKeys), (2, lastKeys),
        ])
    func keyLine(step: Int, keys: String) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("Plain"))
        for _ in 0..<step {
            tmux.type("x")
            tmux.press("Enter")
        }
        #expect(tmux.waitFor("Wrap  \(step + 1)/3"))
        #expect(tmux.waitFor { $0.count > 3 && $0[3] == keys }, "step \(step + 1): \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }
}
