import FocusFlow

/// The commands of the accessible line mode: the session keys that have one in their table
/// (``SessionKey/lineWord``: `/back` does what Shift-Tab does, `/cancel` what Ctrl-C
/// does) and `/help`. Parsing, the help and the refusal of an unknown command read this.
///
/// A command is a line that begins with ``marker`` (`/back`). A line that begins with the marker
/// twice is an answer with one marker taken off (`//back` answers `/back`), so every answer can
/// be typed and none is ever mistaken for a command.
package enum LineCommand: Hashable, Sendable {
    /// What a session key does, typed as its word.
    case key(SessionKey)
    /// Says the commands again.
    case help

    package static let marker: UInt8 = UInt8(ascii: "/")

    /// Every command, in the key table's order, `/help` last.
    package static let all: [LineCommand] = SessionKey.allCases.filter { $0.lineWord != nil }.map(LineCommand.key) + [.help]

    /// The command named `name` (without the marker), in any case.
    package init?(name: String) {
        guard let command = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = command
    }

    /// The command's word, typed after the marker: the same in every language.
    package var name: String {
        switch self {
        case .key(let key): key.lineWord ?? ""
        case .help: "help"
        }
    }

    /// What the command does, after its name in the help.
    package func summary(_ words: TerminalWords) -> String {
        switch self {
        case .key(let key): key.lineHelp(words) ?? key.help(words).does
        case .help: words.saysThisAgain
        }
    }

    /// The commands that can do something in a walk of `spec` (``SessionKey/applies(to:)``):
    /// no `/resend` where no field sends a code, no `/back` in a flow of one field.
    package static func offered(in spec: FlowSpec) -> [LineCommand] {
        all.filter {
            guard case .key(let key) = $0 else { return true }
            return key.applies(to: spec)
        }
    }

    /// Every command with its marker, for a refusal: `/back, /cancel, /help`.
    package static var names: String { names(all) }

    /// The commands `spec` offers with their marker, for a refusal.
    package static func names(in spec: FlowSpec) -> String { names(offered(in: spec)) }

    private static func names(_ commands: [LineCommand]) -> String { commands.map { "/\($0.name)" }.joined(separator: ", ") }

    /// The help shown at the start and on `/help`, in English, naming every command.
    package static var helpText: String { help(.english) }

    /// The help naming every command, in `words`' language.
    package static func help(_ words: TerminalWords) -> String { help(words, commands: all) }

    /// The help shown at the start and on `/help` in a walk of `spec`, in `words`' language: the
    /// commands that apply there.
    package static func help(_ words: TerminalWords, in spec: FlowSpec) -> String { help(words, commands: offered(in: spec)) }

    private static func help(_ words: TerminalWords, commands: [LineCommand]) -> String {
        words.helpText(commands.map { "/\($0.name) \($0.summary(words))" }.joined(separator: ", "), commands.contains(.key(.back)))
    }
}

/// What one line typed in the accessible line mode asks for.
package enum LineInput: Equatable, Sendable {
    /// The focused field's answer, verbatim (a doubled leading marker made single).
    case answer(String)
    case command(LineCommand)
    /// A line that begins with the marker but names no command: never taken as an answer.
    case unknownCommand(String)
    /// Arrow or function keys, which a line-at-a-time terminal puts into the line as escape
    /// sequences (ESC …): never an answer.
    case escapeSequence

    /// Reads `line` (without its line end). Shift-Tab (ESC [ Z) anywhere in it goes back.
    package init(line: [UInt8]) {
        let escape: UInt8 = 0x1B
        if line.indices.contains(where: { line[$0...].starts(with: [escape, UInt8(ascii: "["), UInt8(ascii: "Z")]) }) {
            self = .command(.key(.back))
        } else if line.contains(escape) {
            self = .escapeSequence
        } else if line.first != LineCommand.marker {
            self = .answer(String(decoding: line, as: UTF8.self))
        } else if line.dropFirst().first == LineCommand.marker {
            self = .answer(String(decoding: line.dropFirst(), as: UTF8.self))
        } else {
            let word = String(decoding: line.dropFirst(), as: UTF8.self)
            let name = String(word.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()).lowercased()
            self = LineCommand(name: name).map { .command($0) } ?? .unknownCommand(word)
        }
    }
}
