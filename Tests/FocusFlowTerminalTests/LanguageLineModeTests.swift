import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The accessible line mode in Korean, through a pseudo-terminal: prompts, notes, commands'
/// help and refusals, the confirm words and the numbered review.
@Suite("Languages: the accessible line mode in Korean", .serialized)
struct LanguageLineModeTests {
    @Test("Every terminal word has a Korean one, and a different one where it is a sentence")
    func table() {
        let en = TerminalWords.english, ko = TerminalWords.korean
        let pairs: [(String, String)] = [
            (en.enterNext, ko.enterNext), (en.enterFinish, ko.enterFinish), (en.shiftTabBack, ko.shiftTabBack),
            (en.ctrlCCancel, ko.ctrlCCancel), (en.checkYourAnswers, ko.checkYourAnswers), (en.reviewYourAnswers, ko.reviewYourAnswers),
            (en.step(1, 3, "L"), ko.step(1, 3, "L")), (en.helpText("/back", true), ko.helpText("/back", true)), (en.helpText("/cancel", false), ko.helpText("/cancel", false)),
            (en.firstField, ko.firstField),
            (en.notAConfirmAnswer("x"), ko.notAConfirmAnswer("x")), (en.reviewPrompt(3), ko.reviewPrompt(3)),
            (en.inputEndedBefore("L"), ko.inputEndedBefore("L")), (en.line(1, "L"), ko.line(1, "L")), (en.cancelled, ko.cancelled),
            (en.noAnswer, ko.noAnswer), (en.yesWord, ko.yesWord), (en.noWord, ko.noWord), (en.keyDoesNothing, ko.keyDoesNothing),
            (en.notInThisFlow("/resend", "/help"), ko.notInThisFlow("/resend", "/help")),
            (en.sendsNone("L"), ko.sendsNone("L")), (en.inSection("L", 1, 3), ko.inSection("L", 1, 3)),
            (en.dropped(["L", "M"], "N"), ko.dropped(["L", "M"], "N")),
        ]
        for (english, korean) in pairs {
            #expect(english != korean)
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "no Hangul in \(korean)")
        }
        #expect(LineCommand.help(.korean).contains("/back 이전 항목으로"))
    }

    @Test("The interactive form leaves a Korean line behind: done with the count, or cancelled")
    func summary() throws {
        let done = try PseudoTerminal(["--lang", "ko", try TerminalTests.flow(#"{"id":"t","title":{"en":"Hi","ko":"안녕"},"fields":[{"id":"a"}]}"#)])
        #expect(done.waitFor("Enter 완료"), "\(done.output)")
        done.send("가\r")
        #expect(done.finish() == 0)
        #expect(done.waitFor("안녕: 완료, 답 1개."), "\(done.output)")
        let cancelled = try PseudoTerminal(["--lang", "ko", try TerminalTests.flow(#"{"id":"t","title":{"en":"Hi","ko":"안녕"},"fields":[{"id":"a"}]}"#)])
        #expect(cancelled.waitFor("Enter 완료"), "\(cancelled.output)")
        cancelled.send("\u{03}")
        #expect(cancelled.finish() == .signalled(SIGINT))
        #expect(cancelled.waitFor("안녕: 취소했습니다."), "\(cancelled.output)")
    }

    @Test("Korean prompts, notes and refusals; 아니요 and 예 answer the confirm; a number amends at the review")
    func korean() throws {
        let terminal = try PseudoTerminal(
            ["run", "--accessible", try TerminalTests.flow(LanguageTmuxTests.flow)],
            environment: ["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"])
        #expect(terminal.waitFor("짧은 검토. 답을 입력하고 Enter를 누르세요."), "\(terminal.output)")
        #expect(terminal.waitFor("3단계 중 1단계. 이름: "), "\(terminal.output)")
        #expect(terminal.type("/back\n", expect: "첫 번째 항목이라 돌아갈 곳이 없습니다."))
        #expect(terminal.type("\n", expect: "이름 항목은 필수입니다."))
        #expect(terminal.type("에이다\n", expect: "3단계 중 2단계. 비밀 번호 (입력하는 동안 숨겨집니다;"), "\(terminal.output)")
        #expect(terminal.type("12\n", expect: "비밀 번호 항목은 4자 이상이어야 합니다. (/back은 이름 항목으로 돌아갑니다.)"), "\(terminal.output)")
        #expect(terminal.type("8642\n", expect: "3단계 중 3단계. 동의 (y 또는 n (예/아니요)"), "\(terminal.output)")
        #expect(terminal.type("몰라\n", expect: "\"몰라\"은(는) 여기서 답이 될 수 없습니다. y, 예, n 또는 아니요로 답하세요"), "\(terminal.output)")
        #expect(terminal.type("아니요\n", expect: "동의 항목은 예여야 합니다."), "\(terminal.output)")
        #expect(terminal.type("예\n", expect: "답을 검토하세요:"), "\(terminal.output)")
        #expect(terminal.waitFor("  3. 동의: 예"), "\(terminal.output)")
        #expect(terminal.waitFor("Enter는 제출, 1부터 3까지의 번호는 그 답을 바꿉니다: "), "\(terminal.output)")
        #expect(terminal.type("1\n", expect: "지금 값: 에이다; Enter를 누르면 그대로 둡니다"), "\(terminal.output)")
        #expect(terminal.type("\n", expect: "Enter는 제출"))
        terminal.send("\n")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText == #"{"name":"에이다","pin":"8642","agree":true}"# + "\n")
        #expect(!terminal.output.contains("8642"))
    }
}
