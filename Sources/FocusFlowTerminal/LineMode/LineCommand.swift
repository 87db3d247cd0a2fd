/// The commands of the accessible line mode, written once: parsing and the help both read this.
///
/// A command is a line that begins with ``marker`` (`/back`). A line that begins with the marker
/// twice is an answer with one marker taken off (`//back` answers `/back`), so every answer can
/// be typed and none is ever mistaken for a command.
enum LineCommand: String, CaseIterable, Sendable {
    case back, cancel, help

    static let marker: UInt8 = UInt8(ascii: "/")

    /// What the command does, after its name in the help.
    var summary: String {
        switch self {
        case .back: "goes back one field"
        case .cancel: "stops without answers"
        case .help: "says this again"
        }
    }

    /// The help shown at the start and on `/help`.
    static let helpText: String = {
        let commands = allCases.map { "/\($0.rawValue) \($0.summary)" }.joined(separator: ", ")
        return "Type an answer, then Enter. Instead of an answer you can type a command: \(commands). "
            + "Shift-Tab, then Enter, also goes back; Ctrl-D cancels. "
            + "To answer with text that begins with /, type the / twice: //home gives /home."
    }()
}

/// What one line typed in the accessible line mode asks for.
enum LineInput: Equatable, Sendable {
    /// The focused field's answer, verbatim (a doubled leading marker made single).
    case answer(String)
    case command(LineCommand)
    /// A line that begins with the marker but names no command: never taken as an answer.
    case unknownCommand(String)
    /// Arrow or function keys, which a line-at-a-time terminal puts into the line as escape
    /// sequences (ESC …): never an answer.
    case escapeSequence

    /// Reads `line` (without its line end). Shift-Tab (ESC [ Z) anywhere in it goes back.
    init(line: [UInt8]) {
        let escape: UInt8 = 0x1B
        if line.indices.contains(where: { line[$0...].starts(with: [escape, UInt8(ascii: "["), UInt8(ascii: "Z")]) }) {
            self = .command(.back)
        } else if line.contains(escape) {
            self = .escapeSequence
        } else if line.first != LineCommand.marker {
            self = .answer(String(decoding: line, as: UTF8.self))
        } else if line.dropFirst().first == LineCommand.marker {
            self = .answer(String(decoding: line.dropFirst(), as: UTF8.self))
        } else {
            let word = String(decoding: line.dropFirst(), as: UTF8.self)
            let name = String(word.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()).lowercased()
            self = LineCommand(rawValue: name).map { .command($0) } ?? .unknownCommand(word)
        }
    }
}
