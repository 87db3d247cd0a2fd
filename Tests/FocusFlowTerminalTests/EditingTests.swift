import Foundation
import Glibc
import Testing

/// Characters as a person counts them: `👍🏽` (a skin tone), `👨‍👩‍👧` (joined by ZWJ), a Hangul
/// syllable typed as three conjoining jamo, and `e` with a combining acute accent.
let graphemes: [(name: String, text: String)] = [
    ("thumbs up with a skin tone", "👍🏽"), ("a family joined by ZWJ", "👨‍👩‍👧"),
    ("Hangul in conjoining jamo", "\u{1112}\u{1161}\u{11AB}"), ("e with a combining acute", "e\u{301}"),
]

/// Editing keys over a real pseudo-terminal: graphemes, history, and where the session edits
/// differently from stock readline on purpose.
@Suite("Editing keys over a pseudo-terminal", .serialized)
struct EditingTests {
    static let twoFields = #"{"id":"e","title":"E","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#
    static let secureThenPlain = #"{"id":"s","title":"S","fields":[{"id":"secret","label":"Secret","secure":true},{"id":"note","label":"Note"}]}"#
    static let threeFields = #"{"id":"h","title":"H","fields":[{"id":"first","label":"First"},{"id":"code","label":"Code","keyboard":"numberPad"},{"id":"last","label":"Last"}]}"#

    /// Starts `focusflow` on a flow and waits for its first field.
    static func start(_ flow: String, label: String, directory: String? = nil) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal([try TerminalTests.flow(flow)], directory: directory)
        #expect(terminal.waitFor(label + "  ["))
        return terminal
    }

    // MARK: - Point 5: graphemes

    @Test("Backspace, Delete, Left and Right take a whole grapheme in a plain field", arguments: graphemes)
    func graphemesPlain(name: String, text: String) throws {
        let terminal = try Self.start(Self.twoFields, label: "A")
        terminal.send("a" + text + "\u{7F}")  // Backspace takes it all
        #expect(terminal.waitForLine(2, "› a"), "\(name): \(terminal.screen().text)")
        terminal.send(text + "b\u{1B}[D\u{1B}[DX")  // two Left: before the grapheme
        #expect(terminal.waitForLine(2, "› aX\(text)b"), "\(name): \(terminal.screen().text)")
        terminal.send("\u{1B}[3~")  // Delete takes it all
        #expect(terminal.waitForLine(2, "› aXb"), "\(name): \(terminal.screen().text)")
        terminal.send("\u{1}\u{1B}[C" + text + "\u{1B}[D\u{1B}[C\u{4}")  // Right steps over it; Ctrl-D deletes X
        #expect(terminal.waitForLine(2, "› a\(text)b"), "\(name): \(terminal.screen().text)")
        let screen = terminal.screen()
        #expect(screen.column == 2 + 1 + DisplayWidthProbe.columns(text), "\(name): cursor right after the grapheme")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"a\#(text)b","b":""}"# + "\n", "\(name)")
    }

    @Test("Backspace, Delete, Left and Right take a whole grapheme in a secure field", arguments: graphemes)
    func graphemesSecure(name: String, text: String) throws {
        let terminal = try Self.start(Self.secureThenPlain, label: "Secret")
        terminal.send("a" + text + "b\u{7F}\u{7F}")
        #expect(terminal.waitForLine(2, "› •"), "\(name): \(terminal.screen().text)")
        terminal.send(text + text + "\u{1B}[D\u{1B}[D\u{1B}[3~\u{1B}[CZ")
        #expect(terminal.waitForLine(2, "› •••"), "\(name): \(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"a\#(text)Z","note":""}"# + "\n", "\(name)")
    }

    // MARK: - Point 6: history

    @Test("Down never brings a draft from another field, and never empties a numberPad field")
    func noDraftFromElsewhere() throws {
        let terminal = try Self.start(Self.threeFields, label: "First")
        terminal.send("one\r")
        #expect(terminal.waitFor("Code  ["))
        terminal.send("1\r")
        #expect(terminal.waitFor("Last  ["))
        terminal.send("\u{1B}[Z\u{1B}[Z")  // back to First
        #expect(terminal.waitForLine(2, "› one"), "\(terminal.screen().text)")
        terminal.send("\u{15}draft-text\u{1B}[A")  // Up stashes the draft, shows "one"
        #expect(terminal.waitForLine(2, "› one"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor { _ in terminal.screen().lines[1].hasPrefix("Code") })
        terminal.send("\u{1B}[B")  // Down in Code
        terminal.send("2")
        #expect(terminal.waitForLine(2, "› 12"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor { _ in terminal.screen().lines[1].hasPrefix("Last") })
        terminal.send("\u{1B}[Bz\r")  // Down in Last
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"first":"one","code":"12","last":"z"}"# + "\n")
    }

    @Test("An edit made to a recalled entry is not in the field's history when it comes back")
    func editedEntryForgotten() throws {
        let terminal = try Self.start(Self.twoFields, label: "A")
        terminal.send("one\r")
        #expect(terminal.waitFor("B  ["))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitForLine(2, "› one"), "\(terminal.screen().text)")
        terminal.send("\u{15}\u{1B}[AX")  // Up recalls "one", X edits it
        #expect(terminal.waitForLine(2, "› oneX"), "\(terminal.screen().text)")
        terminal.send("\r\u{1B}[Z")  // "oneX" submitted; back to A
        #expect(terminal.waitForLine(2, "› oneX"), "\(terminal.screen().text)")
        terminal.send("\u{15}\u{1B}[A\u{1B}[A")  // history: "oneX", then "one" as submitted
        #expect(terminal.waitForLine(2, "› one"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"one","b":""}"# + "\n")
    }

    @Test("Ctrl-R shows readline's search prompt and the match")
    func reverseSearchVisible() throws {
        let terminal = try Self.start(Self.twoFields, label: "A")
        terminal.send("hello\r")
        #expect(terminal.waitFor("B  ["))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitForLine(2, "› hello"), "\(terminal.screen().text)")
        terminal.send("\u{15}\u{12}ll")
        #expect(terminal.waitFor { _ in terminal.screen().text.contains("(reverse-i-search)`ll': hello") }, "\(terminal.screen().text)")
        terminal.send("\u{1B}[C")  // Right ends the search, keeping the match
        #expect(terminal.waitForLine(2, "› hello"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"hello","b":""}"# + "\n")
    }

    @Test("M-p, a search that finds nothing, keeps the line", arguments: ["nothing\r", "\u{7}"])
    func nonIncrementalSearchKeepsLine(ending: String) throws {
        let terminal = try Self.start(Self.threeFields, label: "First")
        terminal.send("one\r")
        #expect(terminal.waitFor("Code  ["))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitForLine(2, "› one"), "\(terminal.screen().text)")
        terminal.send("\u{15}keep\u{1B}p")
        #expect(terminal.waitFor { _ in terminal.screen().lines[2].contains(":") }, "\(terminal.screen().text)")
        terminal.send(ending)
        #expect(terminal.waitForLine(2, "› keep"), "\(terminal.screen().text)")
        terminal.send("\r\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"first":"keep","code":"","last":""}"# + "\n")
    }

    // MARK: - Point 7: readline parity and what differs on purpose

    @Test(
        "ESC Enter and ESC Ctrl-J are Enter, not a switch to vi mode: typing still inserts, Shift-Tab still goes back",
        arguments: [("\u{1B}\r", false), ("\u{1B}\n", false), ("\u{1B}\r", true), ("\u{1B}\n", true)])
    func noViMode(keys: String, secure: Bool) throws {
        let flow = secure ? Self.secureThenPlain : Self.twoFields
        let terminal = try Self.start(flow, label: secure ? "Secret" : "A")
        terminal.send("xy" + keys)
        #expect(terminal.waitFor(secure ? "Note  [" : "B  ["))
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitFor { _ in terminal.screen().lines[1].hasPrefix(secure ? "Secret" : "A") }, "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(sameSettings(terminal.settings, terminal.settingsBefore))
        let first = secure ? "secret" : "a", second = secure ? "note" : "b"
        #expect(terminal.stdoutText == #"{"\#(first)":"xy","\#(second)":""}"# + "\n")
    }

    @Test("M-= lists no files and M-* inserts none", arguments: ["\u{1B}=", "\u{1B}*", "\u{1B}?"])
    func noFileCompletion(keys: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-completion-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/zebra-file", contents: Data())
        _ = FileManager.default.createFile(atPath: folder + "/zoo-file", contents: Data())
        let terminal = try Self.start(Self.twoFields, label: "A", directory: folder)
        terminal.send("z" + keys + "Q")
        #expect(terminal.waitForLine(2, "› zQ"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(!terminal.output.contains("zebra") && !terminal.output.contains("zoo-"))
        #expect(terminal.stdoutText == #"{"a":"zQ","b":""}"# + "\n")
    }

    @Test("Overwrite mode (Insert) ends with its field")
    func overwriteStaysInField() throws {
        let terminal = try Self.start(Self.twoFields, label: "A")
        terminal.send("abc\u{1B}[2~\u{1}X")  // Insert, Home, X overwrites a
        #expect(terminal.waitForLine(2, "› Xbc"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor("B  ["))
        terminal.send("xy\u{1}Z")
        #expect(terminal.waitForLine(2, "› Zxy"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"Xbc","b":"Zxy"}"# + "\n")
    }

    @Test(
        "Undo after a refused character undoes the last accepted edit",
        arguments: [
            ("12\u{1}|a|\u{1F}", "", "Home, a refused, undo: the typing of 12 goes"),
            ("12\u{1}|a|\u{1F}3", "3", "and typing goes on"),
            ("1\u{1B}[2~\u{1}|a|\u{1F}", "", "in overwrite mode too"),
        ])
    func undoAfterRefusal(keys: String, expected: String, why: String) throws {
        let terminal = try Self.start(Self.threeFields, label: "First")
        terminal.send("f\r")
        #expect(terminal.waitFor("Code  ["))
        // Typed at a person's pace: the refusal is seen before the next key comes (keys typed
        // ahead in one burst are refused whole at the next redisplay, after readline ran them all).
        for key in keys.split(separator: "|") {
            terminal.send(String(key))
            if key == "a" { #expect(terminal.waitFor("is not accepted")) }
        }
        #expect(terminal.waitForLine(2, expected.isEmpty ? "›" : "› " + expected), "\(why): \(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"first":"f","code":"\#(expected)","last":""}"# + "\n", "\(why)")
    }

    @Test("C-] then M-y does not crash: ESC after C-] ends the search and begins M-y, which runs, typing nothing")
    func charSearchThenYankPop() throws {
        let terminal = try Self.start(Self.twoFields, label: "A")
        terminal.send("abc\u{1D}\u{1B}yd")
        #expect(terminal.waitForLine(2, "› abcd"), "\(terminal.screen().text)")
        terminal.send("\u{1}\u{1D}cX\u{1B}\u{1D}aY")  // C-] c, then M-C-] a backwards
        #expect(terminal.waitForLine(2, "› YabXcd"), "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"a":"YabXcd","b":""}"# + "\n")
    }

    @Test(
        "A secure field's kills delete what readline's would, and keep nothing",
        arguments: [
            ("foo-bar\u{1B}\u{7F}", "foo-", "M-DEL stops at a non-alphanumeric"),
            ("a b c d\u{1B}3\u{17}", "a ", "M-3 C-w takes three words"),
            ("foo bar.baz\u{1B}2\u{1B}b\u{1B}d", "foo .baz", "M-d ends at a non-alphanumeric"),
            ("ab\u{B}\u{1F}", "", "C-k at the end deletes nothing, so undo takes the typing back"),
            ("ab\u{1}\u{15}\u{1F}", "", "C-u at the start deletes nothing, so undo takes the typing back"),
            ("abc\u{1B}2\u{7F}", "a", "M-2 Backspace takes two characters"),
            ("abc\u{2}\u{18}\u{7F}", "c", "C-x DEL takes what is before the cursor, as C-u does"),
            ("abc\u{1}\u{6}\u{1B}-\u{18}\u{7F}", "a", "M-- C-x DEL takes what is after the cursor, as C-k does"),
        ])
    func secureKills(keys: String, expected: String, why: String) throws {
        let terminal = try Self.start(Self.secureThenPlain, label: "Secret")
        terminal.send(keys)
        terminal.send("\r")
        #expect(terminal.waitFor("Note  ["))
        terminal.send("\u{19}\r")  // Ctrl-Y in the next field yanks nothing
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"secret":"\#(expected)","note":""}"# + "\n", "\(why)")
    }
}

/// The columns a grapheme takes, as the terminal model counts them.
enum DisplayWidthProbe {
    static func columns(_ text: String) -> Int {
        var screen = Screen(columns: 20, rows: 1)
        screen.feed(text)
        return screen.column
    }
}
