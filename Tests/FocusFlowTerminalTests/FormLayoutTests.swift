import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Where text lands on rows of a given width, and how header and message lines wrap.
@Suite("Form layout")
struct FormLayoutTests {
    struct Placement: CustomTestStringConvertible {
        var text: String
        var columns: Int
        var end: ScreenPosition
        var testDescription: String { "\(text.debugDescription) at \(columns) columns" }
    }

    static let placements = [
        Placement(text: "abc", columns: 10, end: .init(row: 0, column: 5)),
        Placement(text: "abcdefgh", columns: 10, end: .init(row: 1, column: 0)),  // ends at the margin
        Placement(text: "abcdefghi", columns: 10, end: .init(row: 1, column: 1)),
        Placement(text: "abcdefg한", columns: 10, end: .init(row: 1, column: 2)),  // 한 does not fit in the last column
        Placement(text: "abcdef한", columns: 10, end: .init(row: 1, column: 0)),  // 한 fills the row exactly
        Placement(text: "한한한한한", columns: 10, end: .init(row: 1, column: 2)),
        Placement(text: "👍🏽👍🏽👍🏽👍🏽", columns: 9, end: .init(row: 1, column: 2)),
    ]

    @Test("Text after a two-column prompt ends where a terminal puts it, and writing it breaks rows there", arguments: placements)
    func placement(_ placement: Placement) {
        var screen = Screen(columns: placement.columns, rows: 4)  // sets the locale wcwidth needs
        let layout = RowLayout(columns: placement.columns)
        let start = ScreenPosition(row: 0, column: 2)
        #expect(layout.advance(start, over: placement.text) == placement.end)
        let written = layout.write(placement.text, from: start)
        #expect(written.end == placement.end)
        screen.feed("› " + written.bytes)
        #expect(screen.lines.prefix(placement.end.row + 1).joined() == "› " + placement.text, "\(screen.lines)")
    }

    @Test("Masks of one and two columns end where one mask at a time would", arguments: [1, 2], [7, 10, 20])
    func masks(width: Int, columns: Int) {
        let layout = RowLayout(columns: columns)
        let mask: Character = width == 1 ? "•" : "🙂"
        for count in 0...50 {
            for startColumn in 0..<columns {
                let start = ScreenPosition(row: 0, column: startColumn)
                let oneByOne = (0..<count).reduce(start) { position, _ in layout.write(mask, count: 1, from: position).end }
                #expect(layout.advance(start, width: width, count: count) == oneByOne, "\(count) masks from column \(startColumn)")
                #expect(layout.write(mask, count: count, from: start).end == oneByOne)
            }
        }
    }

    @Test("Lines wrap at spaces, keep their escape sequences, and cut a word longer than a row")
    func wrapping() {
        #expect("Create your account  1/6".wrapped(toColumns: 20) == ["Create your account", "1/6"])
        #expect("Create your account  1/6".wrapped(toColumns: 24) == ["Create your account  1/6"])
        #expect("abcdefghij klm".wrapped(toColumns: 4) == ["abcd", "efgh", "ij", "klm"])
        let styled = "\u{1B}[1mCreate your account\u{1B}[0m  \u{1B}[2m1/6\u{1B}[0m"
        let rows = styled.wrapped(toColumns: 20)
        #expect(rows.map(\.strippingEscapes) == ["Create your account", "1/6"])
        #expect(rows.joined() == styled.replacingOccurrences(of: "  ", with: ""))
        #expect("🙂🙂 🙂🙂 🙂🙂".wrapped(toColumns: 5) == ["🙂🙂", "🙂🙂", "🙂🙂"])  // two columns each, in any locale
    }

    @Test(
        "An edit inside a grapheme starts at the grapheme",
        arguments: [
            ("ab", 1, 1), ("👍🏽", 4, 0), ("a👍🏽", 5, 1), ("a\r\nb", 2, 1), ("한", 1, 0), ("", 0, 0),
        ])
    func characterBoundary(text: String, offset: Int, boundary: Int) {
        #expect(text.characterBoundary(atOrBefore: offset) == boundary)
    }
}
