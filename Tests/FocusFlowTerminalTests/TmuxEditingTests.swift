import Foundation
import Testing

/// Editing keys inside tmux: what the screen shows after each key equals the buffer, and the
/// cursor sits right after the character it follows.
@Suite("Editing keys inside tmux", .serialized)
struct TmuxEditingTests {
    static func start(_ flow: String, label: String) throws -> Tmux {
        let tmux = try Tmux([try TerminalTests.flow(flow)])
        #expect(tmux.waitFor(label + "  ["), "\(tmux.text)")
        return tmux
    }

    /// The row of the input line.
    static func inputRow(_ tmux: Tmux) -> Int { tmux.lines.firstIndex { $0.hasPrefix("›") } ?? -1 }

    @Test("Backspace, Delete, Left and Right take whole graphemes; screen and cursor follow", arguments: graphemes)
    func graphemesPlain(name: String, text: String) throws {
        let tmux = try Self.start(EditingTests.twoFields, label: "A")
        tmux.type("a" + text)
        #expect(tmux.waitFor("› a" + text), "\(name): \(tmux.text)")
        tmux.press("BSpace")
        #expect(tmux.waitFor { $0.contains("› a") }, "\(name): \(tmux.text)")
        #expect(tmux.cursor.x == 3, "\(name): cursor at \(tmux.cursor)")
        tmux.type(text + "b")
        tmux.press("Left")
        tmux.press("Left")
        tmux.type("X")
        #expect(tmux.waitFor("› aX" + text + "b"), "\(name): \(tmux.text)")
        #expect(tmux.cursor.x == 4 && tmux.cursor.y == Self.inputRow(tmux), "\(name): cursor at \(tmux.cursor)")
        tmux.press("Right")
        #expect(tmux.waitFor { _ in tmux.cursor.x == 4 + DisplayWidthProbe.columns(text) }, "\(name): cursor at \(tmux.cursor)")
        tmux.press("Left")
        tmux.press("DC")  // Delete
        #expect(tmux.waitFor { $0.contains("› aXb") }, "\(name): \(tmux.text)")
        #expect(tmux.cursor.x == 4, "\(name): cursor at \(tmux.cursor)")
        tmux.press("Enter")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"a":"aXb","b":""}"# + "\n", "\(name)")
    }

    @Test("In a secure field Backspace takes one mask for one grapheme", arguments: graphemes)
    func graphemesSecure(name: String, text: String) throws {
        let tmux = try Self.start(EditingTests.secureThenPlain, label: "Secret")
        tmux.type("a" + text + text)
        #expect(tmux.waitFor("› •••"), "\(name): \(tmux.text)")
        tmux.press("BSpace")
        #expect(tmux.waitFor { $0.contains("› ••") }, "\(name): \(tmux.text)")
        #expect(tmux.cursor.x == 4, "\(name): cursor at \(tmux.cursor)")
        tmux.press("Left")
        tmux.press("DC")
        #expect(tmux.waitFor { $0.contains("› •") }, "\(name): \(tmux.text)")
        tmux.press("Enter")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"secret":"a","note":""}"# + "\n", "\(name)")
    }

    @Test("Up and Down bring back only what was submitted in the field")
    func historyStaysInField() throws {
        let tmux = try Self.start(EditingTests.threeFields, label: "First")
        tmux.type("one")
        tmux.press("Enter")
        #expect(tmux.waitFor("Code  ["))
        tmux.type("1")
        tmux.press("Enter")
        #expect(tmux.waitFor("Last  ["))
        tmux.press("BTab")
        tmux.press("BTab")
        #expect(tmux.waitFor("First  ["))
        tmux.press("C-u")
        tmux.type("draft-text")
        tmux.press("Up")
        #expect(tmux.waitFor { $0.contains("› one") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Code  ["))
        tmux.press("Down")
        tmux.type("2")
        #expect(tmux.waitFor("› 12"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Last  ["))
        tmux.press("Down")
        tmux.type("z")
        #expect(tmux.waitFor { $0.contains("› z") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"first":"one","code":"12","last":"z"}"# + "\n")
    }

    @Test("Ctrl-R draws its search prompt")
    func reverseSearch() throws {
        let tmux = try Self.start(EditingTests.twoFields, label: "A")
        tmux.type("hello")
        tmux.press("Enter")
        #expect(tmux.waitFor("B  ["))
        tmux.press("BTab")
        #expect(tmux.waitFor("A  ["))
        tmux.press("C-u")
        tmux.press("C-r")
        tmux.type("ll")
        #expect(tmux.waitFor("(reverse-i-search)`ll': hello"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("ESC Enter is Enter, not a switch to vi mode: it goes on, typing still inserts, Shift-Tab still goes back")
    func noViMode() throws {
        let tmux = try Self.start(EditingTests.twoFields, label: "A")
        tmux.type("x")
        tmux.press("Escape", "Enter")
        #expect(tmux.waitFor("B  ["), "\(tmux.text)")
        tmux.type("y")
        #expect(tmux.waitFor("› y"), "\(tmux.text)")
        tmux.press("BTab")
        #expect(tmux.waitFor("A  ["), "\(tmux.text)")
        tmux.press("Enter")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"a":"x","b":"y"}"# + "\n")
    }

    @Test("M-= and M-* complete no file names", arguments: ["M-=", "M-*"])
    func noCompletion(key: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-tmux-completion-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/zebra-file", contents: Data())
        let tmux = try Tmux([try TerminalTests.flow(EditingTests.twoFields)], directory: folder)
        #expect(tmux.waitFor("A  ["))
        tmux.type("z")
        tmux.press(key)
        tmux.type("Q")
        #expect(tmux.waitFor("› zQ"), "\(tmux.text)")
        #expect(!tmux.text.contains("zebra"))
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Insert's overwrite mode does not carry into the next field")
    func insertThenNextField() throws {
        let tmux = try Self.start(EditingTests.twoFields, label: "A")
        tmux.type("abc")
        tmux.press("IC")
        tmux.press("Home")
        tmux.type("X")
        #expect(tmux.waitFor("› Xbc"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("B  ["))
        tmux.type("xy")
        tmux.press("Home")
        tmux.type("Z")
        #expect(tmux.waitFor("› Zxy"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    /// Runs `body` with `focusflow FLOW` (`flow`, a flow's JSON) in tmux, reading `inputrc` as the
    /// person's inputrc file, which is removed when `body` has ended.
    static func withInputrc(_ inputrc: String, flow: String, _ body: (Tmux) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "focusflow-inputrc-\(UUID())"
        try Data(inputrc.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(Tmux([try TerminalTests.flow(flow)], environment: ["INPUTRC": path]))
    }

    /// An inputrc that makes Insert `quoted-insert`, as Debian's `/etc/inputrc` does.
    static let debianInputrc = #"""
        $if mode=emacs
        "\e[2~": quoted-insert
        $endif
        """#

    @Test(
        "Function keys and modified cursor keys type nothing, in a plain and a secure field; Insert is overwrite mode whatever the inputrc says",
        arguments: [false, true])
    func functionKeysTypeNothing(secure: Bool) throws {
        try Self.withInputrc(Self.debianInputrc, flow: #"{"id":"f","title":"F","fields":[{"id":"a","label":"Word","secure":\#(secure)},{"id":"b","label":"Next"}]}"#) { tmux in
            #expect(tmux.waitFor("Word"), "\(tmux.text)")
            tmux.type("xyz")
            for key in ["F1", "F5", "F12", "S-Up", "S-Left", "C-PageUp", "S-Home", "M-Up", "S-Right", "PageDown"] { tmux.press(key) }
            tmux.press("IC")
            tmux.press("Left")
            tmux.type("Q")
            if secure {
                tmux.press("C-t")
            }
            #expect(tmux.waitFor { $0.contains("› xyQ") }, "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.waitFor("Next"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.exitStatus() == 0)
            #expect(tmux.answers == #"{"a":"xyQ","b":""}"# + "\n")
        }
    }

    @Test("A macro of the person's inputrc types its text in a plain field, nothing in a secure one, and every keymap holding it is freed once at the end")
    func inputrcMacro() throws {
        // The select's list has a keymap of its own, copied from the plain one with the macro in it.
        try Self.withInputrc(
            #""\C-xq": "hello""#,
            flow:
                #"{"id":"m","title":"M","fields":[{"id":"name","label":"Name"},{"id":"plan","kind":"select","label":"Plan","options":[{"value":"free"},{"value":"pro"}]},{"id":"secret","label":"Secret","secure":true}]}"#
        ) { tmux in
            #expect(tmux.waitFor("Name"), "\(tmux.text)")
            tmux.press("C-x")
            tmux.type("q")
            #expect(tmux.waitFor("› hello"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.waitFor("Plan"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.waitFor("Secret"), "\(tmux.text)")
            tmux.press("C-x")
            tmux.type("q")
            tmux.type("pw")
            #expect(tmux.waitFor("› ••"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.exitStatus() == 0, "\(tmux.text)")
            #expect(tmux.answers == #"{"name":"hello","plan":"free","secret":"pw"}"# + "\n", "\(tmux.text)")
        }
    }

    @Test("An inputrc that chooses vi mode gets the form's keys: Escape then Enter goes on, Down moves in a list, a secret stays masked")
    func inputrcViMode() throws {
        try Self.withInputrc(
            "set editing-mode vi\n",
            flow:
                #"{"id":"v","title":"V","fields":[{"id":"name","label":"Name"},{"id":"secret","label":"Secret","secure":true},{"id":"plan","kind":"select","label":"Plan","options":[{"value":"free"},{"value":"pro"}]}]}"#
        ) { tmux in
            #expect(tmux.waitFor("Name"), "\(tmux.text)")
            tmux.type("abc")
            #expect(tmux.waitFor("› abc"), "\(tmux.text)")
            tmux.press("Escape")
            tmux.press("Enter")
            #expect(tmux.waitFor("Secret"), "\(tmux.text)")
            tmux.type("pw")
            #expect(tmux.waitFor("› ••"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.waitFor("Plan"), "\(tmux.text)")
            tmux.press("Down")
            #expect(tmux.waitFor("› pro"), "\(tmux.text)")
            tmux.press("Enter")
            #expect(tmux.exitStatus() == 0, "\(tmux.text)")
            #expect(tmux.answers == #"{"name":"abc","secret":"pw","plan":"pro"}"# + "\n", "\(tmux.text)")
        }
    }

    @Test(
        "Function keys type nothing in whichever map first sees one: a plain field after a secure one, a select's list, a secure field after a plain one",
        arguments: [true, false])
    func functionKeysInEveryMap(secureFirst: Bool) throws {
        let secure = #"{"id":"s","label":"Secret","secure":true}"#, plain = #"{"id":"p","label":"Plain"}"#
        let pick = #"{"id":"c","kind":"select","label":"Pick","options":[{"value":"post","label":"Post"},{"value":"pickup","label":"Pick up"}]}"#
        let fields = secureFirst ? [secure, plain, pick] : [plain, pick, secure]
        let flow = try TerminalTests.flow(#"{"id":"m","title":"M","fields":[\#(fields.joined(separator: ","))]}"#)
        let tmux = try Tmux([flow])
        let labels = secureFirst ? ["Secret", "Plain", "Pick"] : ["Plain", "Pick", "Secret"]
        for (index, label) in labels.enumerated() {
            #expect(tmux.waitFor("\(index + 1)/3"), "\(tmux.text)")
            #expect(tmux.waitFor(label), "\(tmux.text)")
            if label != "Pick" { tmux.type("ab") }
            for key in ["F5", "S-Up", "C-PageUp", "F1", "M-Up"] { tmux.press(key) }
            if label != "Pick" {
                tmux.press("Left")
                tmux.press("DC")  // Delete: the field's own deletion, in a secure field too
                tmux.type("c")
            }
            if label == "Plain" { #expect(tmux.waitFor("› ac"), "\(tmux.text)") }
            tmux.press("Enter")
        }
        #expect(tmux.exitStatus() == 0, "\(tmux.text)")
        #expect(tmux.answers.contains(#""s":"ac""#) && tmux.answers.contains(#""p":"ac""#) && tmux.answers.contains(#""c":"post""#), "\(tmux.answers)")
    }

    @Test("Undo after a refused character takes back the last accepted edit")
    func undoAfterRefusal() throws {
        let tmux = try Self.start(EditingTests.threeFields, label: "First")
        tmux.press("Enter")
        #expect(tmux.waitFor("Code  ["))
        tmux.type("12")
        tmux.press("Home")
        tmux.type("a")
        #expect(tmux.waitFor("\"a\" is not accepted"), "\(tmux.text)")
        tmux.press("C-_")
        tmux.type("3")
        #expect(tmux.waitFor { $0.contains("› 3") }, "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("C-] then M-y does not crash the form, and types nothing: M-y runs (with nothing to yank), as in stock readline")
    func charSearchThenYankPop() throws {
        let tmux = try Self.start(EditingTests.twoFields, label: "A")
        tmux.type("abc")
        tmux.press("C-]")
        tmux.press("M-y")
        tmux.type("d")
        #expect(tmux.waitFor("› abcd"), "\(tmux.text)")
        tmux.press("Enter")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"a":"abcd","b":""}"# + "\n")
    }
}
