import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Answers in text on the screen and in line mode: a label that names an earlier answer shows
/// it, in the header, the review and the accessible prompts, and shows the new answer once the
/// review amends it.
@Suite("Answers in text on the screen and in line mode", .serialized)
struct AnswersInTextScreenTests {
    /// A name, then a nickname whose label and hint name it; review.
    static let flow =
        #"{"id":"welcome","title":"Hello","review":true,"fields":["#
        + #"{"id":"name","label":"Name","rules":{"required":true}},"#
        + #"{"id":"nick","label":{"en":"Welcome, {name}: choose a nickname","ko":"{name}님, 별명을 고르세요"},"hint":"for {name}","rules":{"required":true}}]}"#

    @Test("The header and the review show the answer a label names, and the amended one after the review changes it")
    func screen() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Name") } }, "\(tmux.text)")
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Welcome, Ada: choose a nickname") && $0.contains("for Ada") } }, "\(tmux.text)")
        tmux.type("ace")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains("  Welcome, Ada: choose a nickname: ace") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("Name") } && !$0.contains { $0.contains("Check your answers") } }, "\(tmux.text)")
        tmux.press("C-u")
        tmux.type("Grace")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains("  Welcome, Grace: choose a nickname: ace") }, "the review shows the amended name: \(tmux.text)")
        tmux.press("Down")
        tmux.press("Enter")
        #expect(
            tmux.waitFor { $0.contains { $0.hasPrefix("Welcome, Grace: choose a nickname") && $0.contains("for Grace") } },
            "the header shows the amended name: \(tmux.text)")
        #expect(!tmux.text.contains("Ada"))
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.contains("Check your answers") } }, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Grace","nick":"ace"}"# + "\n")
    }

    @Test(
        "The accessible line mode says the named answer in the prompt and the review, and the amended one after",
        arguments: [
            ([String](), "Step 2 of 2. Welcome, Ada: choose a nickname", "  2. Welcome, Ada: choose a nickname: ace", "  2. Welcome, Grace: choose a nickname: ace"),
            (["--lang", "ko"], "2단계 중 2단계. Ada님, 별명을 고르세요", "  2. Ada님, 별명을 고르세요: ace", "  2. Grace님, 별명을 고르세요: ace"),
        ])
    func accessible(options: [String], prompt: String, before: String, after: String) throws {
        let terminal = try PseudoTerminal(["run", "--accessible"] + options + [try TerminalTests.flow(Self.flow)])
        #expect(terminal.waitFor("Name"), "\(terminal.output)")
        terminal.send("Ada\n")
        #expect(terminal.waitFor(prompt), "\(terminal.output)")
        #expect(terminal.waitFor("for Ada"), "the hint names the answer too: \(terminal.output)")
        terminal.send("ace\n")
        #expect(terminal.waitFor(before), "\(terminal.output)")
        terminal.send("1\n")
        terminal.send("Grace\n")
        #expect(terminal.waitFor(after), "\(terminal.output)")
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Grace","nick":"ace"}"# + "\n")
    }
}
