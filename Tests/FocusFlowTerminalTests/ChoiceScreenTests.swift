import Foundation
import PseudoTerminalSupport
import Testing

/// Confirm, select and multi-select on the interactive screen: through a pseudo-terminal and
/// inside tmux.
@Suite("Choice fields on the interactive screen", .serialized)
struct ChoiceScreenTests {
    static let confirmFlow = #"{"id":"c","title":"Terms","fields":[{"id":"ok","kind":"confirm","label":"Agree","default":true},{"id":"note","label":"Note"}]}"#

    /// Twenty options, so the list shows a window and counts what is above and below it.
    static let selectFlow: String = {
        let options = (1...20).map { #"{"value":"o\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        return #"{"id":"s","title":"Pick","fields":[{"id":"pick","kind":"select","label":"Pick one","placeholder":"Type to filter","options":[\#(options)]}]}"#
    }()

    static let multiFlow =
        #"{"id":"m","title":"Many","fields":[{"id":"many","kind":"multiSelect","label":"Pick some","options":[{"value":"a","label":"Apple"},{"value":"b","label":"Banana"},{"value":"c","label":"Cherry"}]}]}"#

    static let mixedFlow =
        #"{"id":"x","title":"Mixed","fields":[{"id":"name","label":"Name"},{"id":"method","kind":"select","label":"Delivery","options":[{"value":"post","label":"Post"},{"value":"pickup","label":"Pick up in store"}]},{"id":"ok","kind":"confirm","label":"Agree"},{"id":"note","label":"Note"}]}"#

    @Test("Confirm shows Yes / No with the default marked; Right, y and n change it; Enter accepts and moves on")
    func confirmOverPty() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.confirmFlow)])
        #expect(terminal.waitForLine(2, "› [Yes] / No"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[C")
        #expect(terminal.waitForLine(2, "› Yes / [No]"), "\(terminal.screen().text)")
        terminal.send("\u{1B}[D")
        #expect(terminal.waitForLine(2, "› [Yes] / No"), "\(terminal.screen().text)")
        terminal.send("n")
        #expect(terminal.waitForLine(2, "› Yes / [No]"), "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor("Note"))
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"ok":false,"note":""}"# + "\n")
    }

    @Test("The counter agrees with the key line: n/n exactly where it says Enter finish")
    func counterAgreesWithKeys() throws {
        let tmux = try Tmux(["run", "Flows/delivery.json"], directory: PseudoTerminal.packageRoot.path)
        #expect(tmux.waitFor("Delivery details  1/6"), "\(tmux.text)")
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("Delivery details  2/6"), "\(tmux.text)")
        tmux.type("pick")
        tmux.press("Enter")
        // The referral, empty: no later field shows, so Enter finishes, and the counter says 3/3.
        #expect(tmux.waitFor("Delivery details  3/3"), "\(tmux.text)")
        #expect(tmux.text.contains("Enter finish"), "\(tmux.text)")
        tmux.type("R1")
        #expect(tmux.waitFor("Delivery details  3/4"), "\(tmux.text)")
        #expect(tmux.text.contains("Enter next") && !tmux.text.contains("Enter finish"), "\(tmux.text)")
        tmux.press("BSpace", "BSpace")
        #expect(tmux.waitFor("Delivery details  3/3"), "\(tmux.text)")
        #expect(tmux.text.contains("Enter finish"), "\(tmux.text)")
    }

    @Test("Confirm inside tmux: y marks Yes, the key line names y/n, Enter moves on")
    func confirmInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.confirmFlow)])
        #expect(tmux.waitFor("[Yes] / No"), "\(tmux.text)")
        tmux.press("Right")
        #expect(tmux.waitFor("Yes / [No]"), "\(tmux.text)")
        #expect(tmux.text.contains("y/n"), "\(tmux.text)")
        tmux.type("y")
        #expect(tmux.waitFor("[Yes] / No"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"))
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"ok":true,"note":""}"# + "\n")
    }

    @Test(
        "In tmux: a required select's message names the options by the labels the screen shows, never their values",
        arguments: [("en", "✗ Delivery: choose one of Post, Pick up in store."), ("ko", "✗ Delivery: 다음 중 하나를 고르세요: Post, Pick up in store.")])
    func selectMessageNamesLabels(lang: String, says: String) throws {
        let flow = try TerminalTests.flow(
            #"{"id":"s","title":"Ship","fields":[{"id":"method","kind":"select","label":"Delivery","options":[{"value":"post","label":"Post"},{"value":"pickup","label":"Pick up in store"}],"rules":{"required":true}},{"id":"note","label":"Note"}]}"#
        )
        let answers = ScratchFolder.name("answers", ".json")
        try Data(#"{"method":null}"#.utf8).write(to: URL(fileURLWithPath: answers))
        let tmux = try Tmux([flow, "--answers", answers, "--ask-invalid", "--lang", lang])
        #expect(tmux.waitFor(says), "\(tmux.text)")
        #expect(!tmux.text.contains("post, pickup"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }

    @Test("Select shows the filter line and a window of seven options with what is above and below; Down and Ctrl-N move, typing filters, Enter chooses")
    func selectInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.selectFlow)])
        #expect(tmux.waitFor("↓ 13 more"), "\(tmux.text)")
        #expect(tmux.lines.contains("🔍 (Type to filter)"), "\(tmux.text)")
        #expect(tmux.lines.contains("› Option 1"), "\(tmux.text)")
        #expect(tmux.lines.contains("  Option 7"), "\(tmux.text)")
        #expect(!tmux.text.contains("Option 8"), "\(tmux.text)")
        for _ in 0..<5 { tmux.press("Down") }
        tmux.press("C-n")
        tmux.press("C-n")
        #expect(tmux.waitFor("› Option 8"), "\(tmux.text)")
        #expect(tmux.waitFor("↑ 1 more"), "\(tmux.text)")
        tmux.press("Up")
        #expect(tmux.waitFor("› Option 7"), "\(tmux.text)")
        tmux.type("Option 1")
        #expect(tmux.waitFor("🔍 Option 1"), "\(tmux.text)")
        // 1, 10…19 match. The highlighted Option 7 is hidden: the highlight goes to the first match.
        #expect(tmux.waitFor("› Option 1"), "\(tmux.text)")
        #expect(tmux.waitFor("↓ 4 more"), "\(tmux.text)")
        for _ in 0..<"Option 1".count { tmux.press("BSpace") }
        #expect(tmux.waitFor("🔍 (Type to filter)"), "\(tmux.text)")
        #expect(tmux.lines.contains("› Option 1"), "the highlight stays where the filter left it: \(tmux.text)")
        tmux.type("Option 1")
        tmux.press("C-n")
        #expect(tmux.waitFor("› Option 10"), "\(tmux.text)")
        tmux.type("5")
        #expect(tmux.waitFor { $0.contains("› Option 15") && !$0.contains("  Option 1") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"pick":"o15"}"# + "\n")
    }

    @Test("Home, End, PgDn and PgUp move through a long list; Tab takes the highlighted option and goes on, as Enter does")
    func pageThroughList() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.selectFlow)])
        #expect(tmux.waitFor("› Option 1"), "\(tmux.text)")
        tmux.press("End")
        #expect(tmux.waitFor("› Option 20"), "\(tmux.text)")
        tmux.press("Home")
        #expect(tmux.waitFor { $0.contains("› Option 1") }, "\(tmux.text)")
        tmux.press("NPage")
        #expect(tmux.waitFor("› Option 8"), "\(tmux.text)")
        tmux.press("NPage")
        #expect(tmux.waitFor("› Option 15"), "\(tmux.text)")
        tmux.press("PPage")
        #expect(tmux.waitFor("› Option 8"), "\(tmux.text)")
        tmux.press("Tab")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"pick":"o8"}"# + "\n")
    }

    @Test("Multi-select marks chosen options [x]; Space toggles the highlighted one without typing into the filter; Enter accepts")
    func multiSelectInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.multiFlow)])
        #expect(tmux.waitFor("› [ ] Apple"), "\(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitFor("› [x] Apple"), "\(tmux.text)")
        tmux.press("Down")
        tmux.press("Down")
        tmux.press("Space")
        #expect(tmux.waitFor("› [x] Cherry"), "\(tmux.text)")
        #expect(tmux.lines.contains("  [ ] Banana"), "\(tmux.text)")
        #expect(tmux.text.contains("Space choose"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"many":["a","c"]}"# + "\n")
    }

    @Test("Multi-select over a pty: Ctrl-P, Ctrl-N and Space, then a resize keeps the list whole")
    func multiSelectOverPty() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.multiFlow)])
        #expect(terminal.waitFor("Apple"))
        terminal.send("\u{0E}\u{0E} \u{10} ")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› [x] Banana") && terminal.screen().lines.contains("  [x] Cherry") }, "\(terminal.screen().text)")
        terminal.send("\u{0C}")
        #expect(terminal.waitFor { _ in terminal.screen().lines.filter { $0.contains("Banana") }.count == 1 }, "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"many":["b","c"]}"# + "\n")
    }

    @Test("Answers typed ahead across a select and a confirm are handled in order")
    func typeaheadAcrossChoices() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.mixedFlow)])
        #expect(terminal.waitFor("Name"))
        terminal.send("Ada\r" + "pick\r" + "n\r" + "done\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Ada","method":"pickup","ok":false,"note":"done"}"# + "\n")
    }

    @Test("Answers typed ahead inside tmux, with Down and y, are handled in order")
    func typeaheadInTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.mixedFlow)])
        #expect(tmux.waitFor("Name"))
        tmux.type("Ada")
        tmux.press("Enter", "Down", "Enter", "y", "Enter")
        tmux.type("done")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Ada","method":"pickup","ok":true,"note":"done"}"# + "\n")
    }

    @Test("The accessible mode numbers the options, takes a number or a label, and re-asks naming the options after a wrong line")
    func accessibleChoices() throws {
        let terminal = try PseudoTerminal(["run", try TerminalTests.flow(Self.mixedFlow), "--accessible"])
        #expect(terminal.waitFor("Name"))
        terminal.send("Ada\r")
        #expect(terminal.waitFor("2. Pick up in store (pickup)"), "\(terminal.screen().text)")
        terminal.send("3\r")
        #expect(terminal.waitFor("\"3\" is not one of the options; answer with a number from 1 to 2, a value or a label: 1 Post (post), 2 Pick up in store (pickup)"), "\(terminal.screen().text)")
        terminal.send("Pick up in store\r")
        #expect(terminal.waitFor("y or n"), "\(terminal.screen().text)")
        terminal.send("maybe\r")
        #expect(terminal.waitFor("answer y, yes, n or no"), "\(terminal.screen().text)")
        terminal.send("yes\r")
        #expect(terminal.waitFor("Note"))
        terminal.send("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Ada","method":"pickup","ok":true,"note":""}"# + "\n")
    }

    static let longFlow =
        #"{"id":"l","title":"Long","fields":[{"id":"many","kind":"multiSelect","label":"Pick","options":[{"value":"a","label":"Apple from the orchard at the end of the long road"},{"value":"b","label":"Banana"}]}]}"#

    @Test("A list row longer than the line wraps, and after resizes one list is on screen with its highlight and choices", arguments: [[30, 80], [79, 24, 80]])
    func listWrapsAndResizes(widths: [Int]) throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.longFlow)], columns: 40, rows: 20)
        #expect(tmux.waitFor("Banana"), "\(tmux.text)")
        tmux.press("Space")
        tmux.press("Down")
        #expect(tmux.waitFor("› [ ] Banana"), "\(tmux.text)")
        // At 40 columns the first option takes two rows, and the key line follows the list.
        #expect(tmux.lines.contains("  [x] Apple from the orchard at the end"), "\(tmux.text)")
        for width in widths { tmux.resize(columns: width, rows: 20) }
        #expect(tmux.waitFor { $0.filter { $0.contains("Banana") }.count == 1 && $0.joined().components(separatedBy: "Ctrl-C cancel").count == 2 }, "\(widths): \(tmux.text)")
        #expect(tmux.lines.contains("› [ ] Banana"), "\(widths): \(tmux.text)")
        #expect(tmux.lines.filter { $0.hasPrefix("🔍") }.count == 1, "\(widths): \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"many":["a"]}"# + "\n")
    }

    @Test("Ctrl-Z on a list gives the shell its terminal back; fg draws the list again with its highlight")
    func suspendOnAList() throws {
        let tmux = try Tmux([], shell: true)
        #expect(tmux.waitFor("$"))
        try Data(Self.multiFlow.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/flow.json"))
        tmux.type("cd '\(tmux.folder)'; clear")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "$" })
        tmux.type("\"$FOCUSFLOW\" flow.json > out")
        tmux.press("Enter")
        #expect(tmux.waitFor("› [ ] Apple"), "\(tmux.text)")
        tmux.press("Down")
        tmux.press("Space")
        #expect(tmux.waitFor("› [x] Banana"), "\(tmux.text)")
        tmux.press("C-z")
        #expect(tmux.waitFor("Stopped"), "\(tmux.text)")
        #expect(tmux.waitFor { $0.last(where: { !$0.isEmpty }) == "$" }, "\(tmux.text)")
        let lists = tmux.text.components(separatedBy: "[x] Banana").count
        tmux.type("fg")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").components(separatedBy: "[x] Banana").count > lists }, "the list was not redrawn:\n\(tmux.text)")
        tmux.press("Down")
        tmux.press("Space")
        #expect(tmux.waitFor("› [x] Cherry"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { _ in (try? String(contentsOfFile: tmux.folder + "/out", encoding: .utf8)) == #"{"many":["b","c"]}"# + "\n" }, "\(tmux.text)")
    }

    @Test("Back on a select with Shift-Tab, its filter and its choice are kept, the choice marked ✓; a confirm with no default brackets nothing until answered")
    func backToAChoice() throws {
        let terminal = try PseudoTerminal([try TerminalTests.flow(Self.mixedFlow)])
        #expect(terminal.waitFor("Name"))
        terminal.send("Ada\rpi")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› Pick up in store") }, "\(terminal.screen().text)")
        terminal.send("\r")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› Yes / No") }, "\(terminal.screen().text)")
        terminal.send("\u{1B}[Z")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› Pick up in store ✓") }, "\(terminal.screen().text)")
        #expect(terminal.screen().lines.contains("🔍 pi"), "\(terminal.screen().text)")
        terminal.send("\u{7F}\u{7F}\u{0E}")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› Pick up in store ✓") && terminal.screen().lines.contains("  Post") }, "\(terminal.screen().text)")
        terminal.send("\u{10}\r")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› Yes / No") }, "\(terminal.screen().text)")
        terminal.send("\u{1B}[D")
        #expect(terminal.waitFor { _ in terminal.screen().lines.contains("› [Yes] / No") }, "\(terminal.screen().text)")
        terminal.send("\r\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Ada","method":"post","ok":true,"note":""}"# + "\n")
    }
}
