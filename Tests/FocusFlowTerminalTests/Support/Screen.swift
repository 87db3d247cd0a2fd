import Glibc
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// A small terminal model: enough of a VT100 to know what the screen shows — printable text
/// with wide characters, `\r`, `\n`, cursor moves, erase in line and display, deferred wrap.
struct Screen {
    let columns: Int
    let rows: Int
    private(set) var cells: [[String]]
    private(set) var row = 0
    private(set) var column = 0
    private var pendingWrap = false

    init(columns: Int, rows: Int) {
        _ = setlocale(LC_CTYPE, "C.UTF-8")  // for the widths of Hangul and emoji
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's lines, trailing spaces removed.
    var lines: [String] {
        cells.map { $0.joined().replacingOccurrences(of: "\u{0}", with: "") }.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    var text: String { lines.joined(separator: "\n") }

    mutating func feed(_ output: String) {
        var iterator = output.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\r": column = 0; pendingWrap = false
            case "\n", "\r\n":
                if character == "\r\n" { column = 0 }
                lineFeed()
            case "\u{7}": break
            case "\u{8}": column = max(0, column - 1); pendingWrap = false
            case "\u{1B}": escape(&iterator)
            default: put(character)
            }
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard width > 0 else { return }
        if pendingWrap || column + width > columns {
            column = 0
            lineFeed()
        }
        cells[row][column] = String(character)
        if width == 2, column + 1 < columns { cells[row][column + 1] = "\u{0}" }
        column += width
        if column >= columns {
            column = columns - 1
            pendingWrap = true
        }
    }

    private mutating func escape(_ iterator: inout String.Iterator) {
        guard let next = iterator.next() else { return }
        guard next == "[" else { return }  // ESC 7, ESC 8 and the like: nothing to draw
        var parameters = ""
        while let c = iterator.next() {
            if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) {
                let n = Int(parameters.filter(\.isNumber)) ?? 1
                pendingWrap = false
                switch c {
                case "A": row = max(0, row - n)
                case "B": row = min(rows - 1, row + n)
                case "C": column = min(columns - 1, column + n)
                case "D": column = max(0, column - n)
                case "K": for i in column..<columns { cells[row][i] = " " }
                case "J":
                    for i in column..<columns { cells[row][i] = " " }
                    for r in (row + 1)..<rows { cells[r] = Array(repeating: " ", count: columns) }
                default: break
                }
                return
            }
            parameters.append(c)
        }
    }
}
