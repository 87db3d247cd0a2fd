import FocusFlow
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import Foundation
import Testing

/// `maxLength` and `maxSelected` on the screen: a counter while a limited text is focused, and
/// what would pass a limit refused as it is typed or chosen, with the bell and the limit's words.
@Suite("Limits on the interactive screen", .serialized)
struct LimitScreenTests {
    static let flow =
        #"{"id":"l","title":"Limits","fields":[{"id":"nick","label":"Nick","rules":{"maxLength":5}},{"id":"topics","kind":"multiSelect","label":"Topics","options":["a","b","c"],"rules":{"maxSelected":2}},{"id":"end","label":"End"}]}"#

    static let spec = try! FlowSpec(
        id: "l", title: "L",
        fields: [
            FieldSpec(id: "nick", label: "Nick", rules: FieldRules(maxLength: 5)),
            FieldSpec(id: "topics", kind: .multiSelect, label: "Topics", options: ["a", "b", "c"], rules: FieldRules(maxSelected: 2)),
        ])

    @Test("In process: a limited text says how many of its characters it has; a choice past the limit is refused with its words")
    func inProcess() throws {
        let context = RecordingContext(Self.spec)
        let nick = FieldScreens.screen(for: Self.spec["nick"]!, words: .english)
        #expect(nick.status(context.store.state) == "0/5")
        context.insert("한국🙂")
        #expect(nick.status(context.store.state) == "3/5")
        #expect(nick.refusedNote("abc", typing: "한국🙂abc", over: "한국🙂") == "Nick must be at most 5 characters.")
        #expect(
            nick.refusedNote("a\u{7}", typing: "한국🙂a\u{7}", over: "한국🙂") != "Nick must be at most 5 characters.",
            "a character the keyboard refuses is named, not the length")
        context.store.send(.next)
        let topics = FieldScreens.screen(for: Self.spec["topics"]!, words: .english)
        #expect(topics.status(context.store.state) == nil)
        context.press(" ", on: topics)
        context.press("\u{1B}[B", on: topics)
        context.press(" ", on: topics)
        context.press("\u{1B}[B", on: topics)
        context.press(" ", on: topics)
        #expect(context.store.state.answer(of: "topics") == .choices(["a", "b"]))
        #expect(context.refusals == ["Topics: choose at most 2 options."])
    }

    @Test("In tmux: the counter on the key line follows the text; a key past the limit rings and says the field is full; a paste is refused whole; a choice past maxSelected too")
    func inTmux() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor("0/5 · Enter next"), "\(tmux.text)")
        tmux.type("abcd")
        #expect(tmux.waitFor("4/5 · Enter next"), "\(tmux.text)")
        tmux.paste("xyz")
        #expect(tmux.waitFor("Nick must be at most 5 characters."), "\(tmux.text)")
        #expect(tmux.lines.contains("› abcd"), "the paste is refused whole: \(tmux.text)")
        tmux.type("e")
        #expect(tmux.waitFor("5/5 · Enter next"), "\(tmux.text)")
        #expect(!tmux.text.contains("at most 5 characters"), "an accepted key takes the note away: \(tmux.text)")
        tmux.type("f")
        #expect(tmux.waitFor("Nick is full: it takes at most 5 characters."), "a key typed into a full field says it is full: \(tmux.text)")
        #expect(tmux.lines.contains("› abcde"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Topics"), "\(tmux.text)")
        #expect(!tmux.text.contains("/5"), "the counter is the limited field's: \(tmux.text)")
        tmux.type(" ")
        tmux.press("Down")
        tmux.type(" ")
        tmux.press("Down")
        tmux.type(" ")
        #expect(tmux.waitFor("Topics: choose at most 2 options."), "\(tmux.text)")
        #expect(tmux.text.contains("[ ] c"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("End"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"nick":"abcde","topics":["a","b"],"end":""}"# + "\n")
    }

    @Test("In tmux: a key refused past maxLength on a field whose message says the same is said once, the bell aside")
    func sameSentenceOnce() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow), "--set", "nick=abcdefg", "--ask-invalid"])
        #expect(tmux.waitFor("7/5 · Enter next"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Nick must be at most 5 characters."), "\(tmux.text)")
        tmux.type("x")
        // The refused key leaves the text, and the sentence on screen once.
        #expect(tmux.waitFor { $0.contains("› abcdefg") }, "\(tmux.text)")
        #expect(tmux.text.components(separatedBy: "Nick must be at most 5 characters.").count == 2, "\(tmux.text)")
        tmux.press("BSpace")
        tmux.press("BSpace")
        #expect(tmux.waitFor("5/5 · Enter next"), "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() == .signalled(SIGINT))
    }
}
