import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Sections on the screen: the header says the focused field's section and its step within it
/// beside the flow's progress, the review heads each section's answers, and the accessible line
/// mode says the section before the label, in English and in Korean.
@Suite("Sections on the screen and in line mode", .serialized)
struct SectionScreenTests {
    static let secret = "8642"
    /// Two sections; the nickname shows only for Ada, so the first section counts it only while
    /// it can show.
    static let flow =
        #"{"id":"sections","title":{"en":"Sections","ko":"구역"},"review":true,"fields":["#
        + #"{"id":"name","label":{"en":"Name","ko":"이름"},"section":{"en":"Account","ko":"계정"},"rules":{"required":true}},"#
        + #"{"id":"nick","label":"Nickname","section":{"en":"Account","ko":"계정"},"when":{"field":"name","equals":"Ada"}},"#
        + #"{"id":"pin","label":"PIN","section":{"en":"Account","ko":"계정"},"secure":true,"keyboard":"numberPad","rules":{"minLength":4}},"#
        + #"{"id":"agree","kind":"confirm","label":"Agree","section":{"en":"Confirm","ko":"확인"},"rules":{"equals":true}}]}"#

    @Test("The header says the section and the step within it beside the flow's, and drops a field that cannot show")
    func header() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor { $0.first == "Sections  1/4  Account · 1/3" }, "the nickname can still show: \(tmux.text)")
        tmux.type("Grace")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Sections  2/3  Account · 2/2" }, "the nickname cannot show for Grace: \(tmux.text)")
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Sections  3/3  Confirm · 1/1" }, "\(tmux.text)")
        tmux.type("y")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains("Check your answers") }, "\(tmux.text)")
        #expect(
            tmux.waitFor { Array($0.dropFirst(2).prefix(5)) == ["  Account", "› Name: Grace", "  PIN: ••••", "  Confirm", "  Agree: yes"] },
            "the review heads each section's answers: \(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› PIN: ••••") }, "the mark skips the headings: \(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.contains("› Agree: yes") }, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Grace","pin":"\#(Self.secret)","agree":true}"# + "\n", "a section changes no answer")
        #expect(!tmux.text.contains(Self.secret))
    }

    @Test("In Korean the header says the Korean section name")
    func koreanHeader() throws {
        let tmux = try Tmux(["--lang", "ko", try TerminalTests.flow(Self.flow)])
        #expect(tmux.waitFor { $0.first == "구역  1/4  계정 · 1/3" }, "\(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != 0)
    }

    @Test(
        "The accessible line mode says the section and its step before the label, and the review heads each section",
        arguments: [
            (
                [String](), ["Step 1 of 4. Account, 1 of 3. Name", "Step 2 of 3. Account, 2 of 2. PIN", "Step 3 of 3. Confirm, 1 of 1. Agree"],
                "Review your answers:\r\n  Account:\r\n  1. Name: Grace\r\n  2. PIN: ••••\r\n  Confirm:\r\n  3. Agree: yes"
            ),
            (
                ["--lang", "ko"], ["4단계 중 1단계. 계정 3단계 중 1단계. 이름", "3단계 중 2단계. 계정 2단계 중 2단계. PIN", "3단계 중 3단계. 확인 1단계 중 1단계. Agree"],
                "답을 검토하세요:\r\n  계정:\r\n  1. 이름: Grace\r\n  2. PIN: ••••\r\n  확인:\r\n  3. Agree: 예"
            ),
        ])
    func accessible(options: [String], prompts: [String], review: String) throws {
        let terminal = try PseudoTerminal(["run", "--accessible"] + options + [try TerminalTests.flow(Self.flow)])
        for (prompt, answer) in zip(prompts, ["Grace", Self.secret, "y"]) {
            #expect(terminal.waitFor(prompt), "\(terminal.output)")
            terminal.send(answer + "\n")
        }
        #expect(terminal.waitFor(review), "\(terminal.output)")
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"Grace","pin":"\#(Self.secret)","agree":true}"# + "\n")
        #expect(!terminal.output.contains(Self.secret))
    }
}

extension SectionScreenTests {
    /// Twelve prefilled fields in two sections, so that the review is longer than a short terminal.
    static let longFlow =
        #"{"id":"many","title":"Many","review":true,"fields":["#
        + (1...12).map { #"{"id":"f\#($0)","label":"Field \#($0)","section":"\#($0 <= 6 ? "First" : "Second")"}"# }.joined(separator: ",")
        + "]}"

    /// The answers on screen, and what the count above or below says is left out.
    static func counts(_ lines: [String]) -> (shown: Int, above: Int, below: Int) {
        func number(after arrow: String) -> Int {
            lines.compactMap { line in
                line.components(separatedBy: " · ").first { $0.hasPrefix(arrow) }.flatMap { Int($0.dropFirst(2).prefix { $0.isNumber }) }
            }.first ?? 0
        }
        return (lines.count { $0.contains("Field ") && $0.contains(": v") }, number(after: "↑ "), number(after: "↓ "))
    }

    @Test("On a short terminal the review's counts above and below count answers, not section names", arguments: [9, 12])
    func shortReviewCounts(rows: Int) throws {
        let sets = (1...12).flatMap { ["--set", "f\($0)=v\($0)"] }
        let tmux = try Tmux([try TerminalTests.flow(Self.longFlow), "--skip-filled"] + sets, columns: 80, rows: rows)
        #expect(tmux.waitFor("Field 12"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains("› Field 1: v1") && $0.contains { $0.hasPrefix("↓ ") } }, "\(tmux.text)")
        var counts = Self.counts(tmux.lines)
        #expect(counts.above == 0 && counts.shown + counts.below == 12, "rows \(rows): \(counts):\n\(tmux.text)")
        for _ in 1..<12 { tmux.press("Down") }
        #expect(tmux.waitFor { $0.contains("› Field 12: v12") }, "\(tmux.text)")
        counts = Self.counts(tmux.lines)
        #expect(counts.below == 0 && counts.shown + counts.above == 12, "rows \(rows): \(counts):\n\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }
}
