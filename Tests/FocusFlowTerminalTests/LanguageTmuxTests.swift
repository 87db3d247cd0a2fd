import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The interactive screen in Korean, inside tmux: key hints, notes, rule messages, the confirm
/// line and the review screen, and wrapping by display width (Hangul is two columns).
@Suite("Languages: the terminal in Korean", .serialized)
struct LanguageTmuxTests {
    static let secret = "8642"
    static let flow =
        #"{"id":"short","title":{"en":"Short review","ko":"짧은 검토"},"review":true,"fields":["#
        + #"{"id":"name","label":{"en":"Name","ko":"이름"},"rules":{"required":true}},"#
        + #"{"id":"pin","label":{"en":"PIN","ko":"비밀 번호"},"secure":true,"keyboard":"numberPad","rules":{"minLength":4}},"#
        + #"{"id":"agree","kind":"confirm","label":{"en":"Agree","ko":"동의"},"rules":{"equals":true}}]}"#

    /// Every line of the screen fits `columns` display columns.
    static func fits(_ lines: [String], _ columns: Int) -> Bool { lines.allSatisfy { DisplayWidth.of($0) <= columns } }

    @Test("LANG=ko_KR.UTF-8: Korean keys, label, rule message, confirm line and review; s submits")
    func korean() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(tmux.waitFor("Enter 다음 · Ctrl-C 취소"), "\(tmux.text)")
        #expect(tmux.lines[0] == "짧은 검토  1/3" && tmux.lines[1].hasPrefix("이름"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ 이름 항목은 필수입니다."), "\(tmux.text)")
        tmux.type("에이다")
        tmux.press("Enter")
        #expect(tmux.waitFor("Enter 다음 · Shift-Tab 이전 · Ctrl-T 보이기/숨기기 · Ctrl-C 취소"), "\(tmux.text)")
        #expect(tmux.text.contains("비밀 번호") && tmux.text.contains("숨김"), "\(tmux.text)")
        tmux.type("12")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ 비밀 번호 항목은 4자 이상이어야 합니다."), "\(tmux.text)")
        tmux.type("34")
        tmux.press("Enter")
        #expect(tmux.waitFor("예 / 아니요"), "\(tmux.text)")
        #expect(tmux.text.contains("y/n 답하기 · ←/→ 바꾸기 · Enter 검토 · Shift-Tab 이전 · Ctrl-C 취소"), "\(tmux.text)")
        tmux.type("n")
        #expect(tmux.waitFor("예 / [아니요]"), "\(tmux.text)")
        tmux.type("x")
        #expect(tmux.waitFor("y 또는 n을 누르세요. 왼쪽·오른쪽 화살표로 답을 바꿉니다."), "\(tmux.text)")
        tmux.type("y")
        #expect(tmux.waitFor("[예] / 아니요"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("답을 확인하세요"), "\(tmux.text)")
        #expect(tmux.waitFor { $0.count > 6 && $0[0] == "짧은 검토  검토" }, "\(tmux.text)")
        #expect(
            Array(tmux.lines[1...6]) == [
                "답을 확인하세요", "› 이름: 에이다", "  비밀 번호: ••••", "  동의: 예",
                "", "↑/↓ 이동 · Enter 바꾸기 · s 제출 · Shift-Tab 마지막 답 · Ctrl-C 취소",
            ],
            "\(tmux.text)")
        tmux.type("x")
        #expect(tmux.waitFor("s를 누르면 제출하고, Enter를 누르면 표시된 답을 바꿉니다."), "\(tmux.text)")
        #expect(!tmux.text.contains("1234"))
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"에이다","pin":"1234","agree":true}"# + "\n")
    }

    @Test("With the Korean input method on: ㅜ and ㅛ answer the confirm, so do 예 and 아니요, and ㄴ submits the review")
    func koreanKeyboard() throws {
        let tmux = try Tmux([try TerminalTests.flow(Self.flow)], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(tmux.waitFor("Enter 다음 · Ctrl-C 취소"), "\(tmux.text)")
        tmux.type("에이다")
        tmux.press("Enter")
        #expect(tmux.waitFor("숨김"), "\(tmux.text)")
        tmux.type("1234")
        tmux.press("Enter")
        #expect(tmux.waitFor("예 / 아니요"), "\(tmux.text)")
        for (key, line) in [
            ("ㅜ", "예 / [아니요]"), ("ㅛ", "[예] / 아니요"), ("아니요", "예 / [아니요]"), ("네", "[예] / 아니요"),
            ("아니오", "예 / [아니요]"), ("예", "[예] / 아니요"),
        ] {
            tmux.type(key)
            #expect(tmux.waitFor(line), "after \(key): \(tmux.text)")
        }
        #expect(!tmux.text.contains("y 또는 n을 누르세요"), "nothing was refused: \(tmux.text)")
        // The start of 아니요 that goes on otherwise is refused with the note, not swallowed:
        // readline holds 아 until the next key says which it is.
        tmux.type("아")
        tmux.type("ㅎ")
        #expect(tmux.waitFor("y 또는 n을 누르세요"), "\(tmux.text)")
        tmux.type("예")
        #expect(tmux.waitFor("[예] / 아니요"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("답을 확인하세요"), "\(tmux.text)")
        tmux.type("ㄴ")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"에이다","pin":"1234","agree":true}"# + "\n")
    }

    @Test("--lang en beats LANG=ko_KR.UTF-8; LC_ALL=C beats it too")
    func override() throws {
        for (arguments, environment) in [(["--lang", "en"], ["LANG": "ko_KR.UTF-8"]), ([], ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"])] {
            let tmux = try Tmux(arguments + [try TerminalTests.flow(Self.flow)], environment: environment)
            #expect(tmux.waitFor("Enter next · Ctrl-C cancel"), "\(arguments) \(environment): \(tmux.text)")
            #expect(tmux.lines[0] == "Short review  1/3", "\(tmux.text)")
        }
    }

    @Test("At 24 columns, Korean keys, labels and the review wrap by display width and never overflow", arguments: [24, 31])
    func narrow(_ columns: Int) throws {
        let tmux = try Tmux(["--lang", "ko", try TerminalTests.flow(Self.flow)], columns: columns)
        #expect(tmux.waitFor("취소"), "\(tmux.text)")
        #expect(Self.fits(tmux.lines, columns), "\(tmux.text)")
        tmux.type("가나다라마바사아자차카타파하가나다라마바사")
        tmux.press("Enter")
        #expect(tmux.waitFor("비밀 번호"), "\(tmux.text)")
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("아니요"), "\(tmux.text)")
        tmux.type("y")
        tmux.press("Enter")
        #expect(tmux.waitFor("답을 확인하세요"), "\(tmux.text)")
        #expect(tmux.waitFor("취소"), "\(tmux.text)")
        #expect(Self.fits(tmux.lines, columns), "\(tmux.text)")
        // The wrapped keys, read together, are the whole key line.
        #expect(tmux.lines.joined().replacingOccurrences(of: " ", with: "").contains("↑/↓이동·Enter바꾸기·s제출·Shift-Tab마지막답·Ctrl-C취소"), "\(tmux.text)")
        #expect(!tmux.text.contains(Self.secret))
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
    }
}
