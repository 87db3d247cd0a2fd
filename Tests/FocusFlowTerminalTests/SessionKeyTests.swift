import Foundation
import FocusFlow
@testable import FocusFlowConsole
import Testing

/// The session's keys are one table: the help lists each once, the key line says the ones a
/// step has, and the manual's key table names every one.
@Suite("Session keys: one table for the help, the key line and the manual")
struct SessionKeyTests {
    @Test("The help's rows hold every session key once, and the general help's a subset of them")
    func rowsHoldEveryKey() {
        let listed = SessionKey.helpRows.flatMap { $0 }
        #expect(listed.count == SessionKey.allCases.count)
        for key in SessionKey.allCases { #expect(listed.filter { $0 == key }.count == 1, "\(key)") }
        #expect(SessionKey.essentialRows.flatMap { $0 }.allSatisfy(listed.contains))
    }

    @Test("focusflow help run lists every session key as the table words it, in each language", arguments: [Language.en, .ko])
    func helpReadsTheTable(language: Language) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PseudoTerminal.executable)
        process.arguments = ["help", "run", "--lang", language.rawValue]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let help = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for key in SessionKey.allCases {
            let (keys, does) = key.help(language.words)
            #expect(help.contains("\(keys) \(does)"), "\(key) is not in the help:\n\(help)")
        }
    }

    @Test("docs/terminal.md's key table has a row for every key the table names")
    func manualNamesEveryKey() throws {
        let manual = try String(contentsOf: PseudoTerminal.packageRoot.appendingPathComponent("docs/terminal.md"), encoding: .utf8)
        let rows = manual.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        for key in SessionKey.allCases {
            // "Enter or Tab" is two rows; "Ctrl-C, or Ctrl-D on an empty line," one.
            var names = key.help(.english).keys
            if names.hasSuffix(",") { names.removeLast() }
            for name in names.contains(", or ") ? [names] : names.components(separatedBy: " or ") {
                // Markdown writes a backslash twice.
                #expect(rows.contains(name.replacingOccurrences(of: "\\", with: "\\\\")), "no row for \(name) in docs/terminal.md")
            }
        }
    }

    @Test("The key line says Enter's word for the step, Shift-Tab but on the first field, Ctrl-T on a secure one, and Ctrl-C")
    func keyLine() {
        let words = TerminalWords.english
        let first = FlowProgress(step: 1, steps: 3, isFirst: true, isLast: false)
        let last = FlowProgress(step: 3, steps: 3, isFirst: false, isLast: true)
        #expect(SessionKey.keyLine(words, progress: first, secure: false, toReview: false) == ["Enter next", "Ctrl-C cancel"])
        #expect(SessionKey.keyLine(words, progress: last, secure: true, toReview: false) == ["Enter finish", "Shift-Tab back", "Ctrl-T show/hide", "Ctrl-C cancel"])
        #expect(SessionKey.keyLine(words, progress: last, secure: false, toReview: true) == ["Enter review", "Shift-Tab back", "Ctrl-C cancel"])
    }

    @Test("Line mode's commands are the table's: a key's word does the key's action, and the help says it, in each language", arguments: [Language.en, .ko])
    func lineCommandsReadTheTable(language: Language) {
        let words = language.words
        let keys = SessionKey.allCases.filter { $0.lineWord != nil }
        #expect(LineCommand.all == keys.map(LineCommand.key) + [.help])
        #expect(keys.contains(.back) && keys.contains(.cancel), "line mode lost /back or /cancel: \(keys)")
        for key in SessionKey.allCases {
            #expect((key.lineHelp(words) == nil) == (key.lineWord == nil), "\(key): a command needs its help words, and help words a command")
        }
        let help = LineCommand.help(words)
        for key in keys {
            let (word, does) = (key.lineWord!, key.lineHelp(words) ?? "")
            #expect(key.action != nil, "/\(word) would do nothing: \(key) has no engine action in the table")
            #expect(LineInput(line: Array("/\(word)".utf8)) == .command(.key(key)))
            #expect(help.contains("/\(word) \(does)"), "line mode's help does not say /\(word):\n\(help)")
        }
    }
}
