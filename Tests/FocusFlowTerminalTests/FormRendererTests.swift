import Testing
@testable import FocusFlowConsole

/// The renderer in process: given one frame after another (what the input shows, the cursor,
/// the lines under it), it writes only what changed. Where those bytes land on a screen is the
/// pty and tmux tests' to say; this holds the amount written to the size of the change.
@Suite("Renderer in process: a frame after a frame writes only the change")
struct FormRendererTests {
    /// A plain text and a secure one of the same length.
    enum Input: CaseIterable, CustomTestStringConvertible {
        case plain, masked

        func content(_ count: Int) -> FormRenderer.Content {
            switch self {
            case .plain: .plain(String(repeating: "a", count: count))
            case .masked: .masked(count: count, mask: "•")
            }
        }

        /// What one more unit of input looks like on the screen.
        var unit: String { self == .plain ? "a" : "•" }
        var testDescription: String { self == .plain ? "plain text" : "masked text" }
    }

    /// A renderer with a header drawn and `content` drawn under it, the cursor at its end.
    static func drawn(_ content: FormRenderer.Content, count: Int, footer: [String] = ["Enter next"]) -> FormRenderer {
        var renderer = FormRenderer(columns: 80)
        _ = renderer.begin(header: ["Sign up  1/3", "Email"], prompt: "› ", columns: 80, rows: 24, at: .cursorLine)
        _ = renderer.render(content, cursor: count, placeholder: nil, footer: footer)
        return renderer
    }

    @Test("The same frame again writes nothing", arguments: Input.allCases, [0, 5, 10_000])
    func sameFrame(input: Input, count: Int) {
        var renderer = Self.drawn(input.content(count), count: count)
        let again = renderer.render(input.content(count), cursor: count, placeholder: nil, footer: ["Enter next"])
        #expect(again.isEmpty, "\(again.debugDescription)")
    }

    @Test("One more character at the end of a long line writes that character alone", arguments: Input.allCases)
    func appendOne(input: Input) {
        // 2 + 10,000 columns end mid-row at 80 columns, so the character starts no new row.
        var renderer = Self.drawn(input.content(10_000), count: 10_000)
        let out = renderer.render(input.content(10_001), cursor: 10_001, placeholder: nil, footer: ["Enter next"])
        #expect(out == input.unit, "\(out.debugDescription)")
    }

    @Test("Taking the last character off a long line writes a few bytes, not the line", arguments: Input.allCases)
    func deleteOne(input: Input) {
        var renderer = Self.drawn(input.content(10_000), count: 10_000)
        let out = renderer.render(input.content(9_999), cursor: 9_999, placeholder: nil, footer: ["Enter next"])
        #expect(!out.isEmpty && out.utf8.count < 16 && !out.contains(input.unit), "\(out.debugDescription)")
    }

    @Test("A new message under the input writes the lines under it, and not the input", arguments: Input.allCases)
    func newFooter(input: Input) {
        var renderer = Self.drawn(input.content(40), count: 40)
        let out = renderer.render(input.content(40), cursor: 40, placeholder: nil, footer: ["✗ Too short", "Enter next"])
        #expect(out.contains("✗ Too short") && out.contains("Enter next"), "\(out.debugDescription)")
        #expect(!out.contains(input.unit), "the input was written again: \(out.debugDescription)")
    }

    @Test("A keystroke that changes only the key line writes that line and not the input")
    func keyLineOnly() {
        var renderer = Self.drawn(.plain("ada"), count: 3, footer: ["Enter next · Ctrl-C cancel"])
        let out = renderer.render(.plain("ada"), cursor: 3, placeholder: nil, footer: ["Enter finish · Ctrl-C cancel"])
        #expect(out.contains("Enter finish") && !out.contains("ada"), "\(out.debugDescription)")
    }

    /// What follows a revealed text on the screen: each way the form is redrawn, erased or left.
    enum Leaving: String, CaseIterable, CustomTestStringConvertible {
        case inPlace, clearedScreen, narrower, erased, left
        var testDescription: String { rawValue }

        func bytes(_ renderer: inout FormRenderer) -> String {
            switch self {
            case .inPlace: renderer.begin(header: ["Sign up  1/3", "Email"], prompt: "› ", columns: 80, rows: 24, at: .inPlace)
            case .clearedScreen: renderer.begin(header: ["Sign up  1/3", "Email"], prompt: "› ", columns: 80, rows: 24, at: .clearedScreen)
            case .narrower: renderer.begin(header: ["Sign up  1/3", "Email"], prompt: "› ", columns: 60, rows: 24, at: .clearedScreen)
            case .erased: renderer.eraseForm()
            case .left: renderer.leaveForm()
            }
        }
    }

    @Test("A revealed text's rows are erased one by one before anything that clears the screen, and a form left shows masks", arguments: Leaving.allCases)
    func revealedErasedFirst(leaving: Leaving) {
        // 2 + 150 columns: the text takes two rows.
        let text = String(repeating: "s", count: 150)
        var renderer = Self.drawn(.revealed(text, mask: "•"), count: 150)
        #expect(!renderer.revealedRowsEraser.isEmpty)
        let out = leaving.bytes(&renderer)
        let erasedRows = out.components(separatedBy: "\u{1B}[2K").count - 1
        #expect(erasedRows >= (leaving == .narrower ? 24 : 2), "\(out.debugDescription)")
        let clear = [out.range(of: "\u{1B}[J"), out.range(of: "\u{1B}[2J")].compactMap { $0?.lowerBound }.min()
        #expect(clear.map { out[..<$0].contains("\u{1B}[2K") } ?? true, "cleared before erasing: \(out.debugDescription)")
        #expect(!out.contains("s"), "the text was written again")
        if leaving == .left { #expect(out.filter { $0 == "•" }.count == 150, "\(out.debugDescription)") }
        #expect(renderer.revealedRowsEraser.isEmpty)
    }

    @Test("A plain or masked text is never erased row by row, and leaves nothing for a fatal signal to erase", arguments: Input.allCases)
    func nothingRevealed(input: Input) {
        var renderer = Self.drawn(input.content(150), count: 150)
        #expect(renderer.revealedRowsEraser.isEmpty)
        let out = renderer.eraseForm()
        #expect(!out.contains("\u{1B}[2K"), "\(out.debugDescription)")
    }
}
