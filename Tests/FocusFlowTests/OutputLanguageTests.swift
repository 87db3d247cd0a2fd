import Foundation
import Glibc
import Testing

/// What the output layer says about a file — `--output`, `--draft`, `--record` — in English and
/// in Korean, through the real binary: the sentence and the system's reason are translated, the
/// path is named as given, and no answer (a secret least of all) is in it.
@Suite("Languages: what is said about a file that cannot be written or read")
struct OutputLanguageTests {
    /// A refused file: the set-up script, the options, the English line and the Korean one.
    struct Refusal: CustomStringConvertible, Sendable {
        var setUp: String
        var options: String
        var status: Int32
        var english: String
        var korean: String
        var description: String { options }
    }

    static let refusals: [Refusal] = [
        Refusal(
            setUp: ":", options: "--output missing/a.json", status: 74,
            english: "focusflow: cannot write the answers to missing/a.json: the folder missing does not exist. Nothing was asked.\n",
            korean: "focusflow: missing/a.json에 답을 쓸 수 없습니다: missing 폴더가 없습니다. 아무것도 묻지 않았습니다.\n"),
        // /sys takes no new file, not even from root (a chmod'ed folder would not stop root).
        Refusal(
            setUp: ":", options: "--output /sys/answers.json", status: 74,
            english: "focusflow: cannot write the answers to /sys/answers.json: cannot create a file in the folder /sys: permission denied. Nothing was asked.\n",
            korean: "focusflow: /sys/answers.json에 답을 쓸 수 없습니다: /sys 폴더에 파일을 만들 수 없습니다: 권한이 없습니다. 아무것도 묻지 않았습니다.\n"),
        Refusal(
            setUp: "mkdir d", options: "--output d", status: 74,
            english: "focusflow: cannot write the answers to d: it is a folder; name a file in it, like d/answers.json. Nothing was asked.\n",
            korean: "focusflow: d에 답을 쓸 수 없습니다: 폴더입니다. 그 안의 파일을 지정하세요 (예: d/answers.json). 아무것도 묻지 않았습니다.\n"),
        Refusal(
            setUp: "echo '{}' > draft.json && chmod 444 draft.json", options: "--draft draft.json", status: 74,
            english: "focusflow: cannot write the draft to draft.json: it is read-only; make it writable or name another file. Nothing was asked.\n",
            korean: "focusflow: draft.json에 초안을 쓸 수 없습니다: 읽기 전용 파일입니다. 쓸 수 있게 바꾸거나 다른 파일을 지정하세요. 아무것도 묻지 않았습니다.\n"),
        Refusal(
            setUp: "echo 'not a draft' > draft.json", options: "--draft draft.json", status: 2,
            english: "focusflow: cannot resume the draft draft.json: it is not a focusflow draft. '--draft-discard' starts afresh (and replaces it).\n",
            korean: "focusflow: 초안(draft.json)을 이어서 할 수 없습니다: focusflow 초안이 아닙니다. '--draft-discard'를 주면 처음부터 시작합니다 (초안은 새로 씁니다).\n"),
        Refusal(
            setUp: "echo '{}' > draft.json && chmod 666 draft.json", options: "--draft draft.json", status: 2,
            english:
                "focusflow: cannot resume the draft draft.json: other users can write it (mode 0666), so its answers may not be yours. '--draft-discard' starts afresh (and replaces it).\n",
            korean:
                "focusflow: 초안(draft.json)을 이어서 할 수 없습니다: 다른 사용자도 쓸 수 있는 파일입니다 (모드 0666). 그 안의 답이 본인의 것이 아닐 수 있습니다. '--draft-discard'를 주면 처음부터 시작합니다 (초안은 새로 씁니다).\n"),
        // A name's control characters are escaped: ESC ] 0 ; … BEL would set the terminal's title.
        Refusal(
            setUp: ":", options: "--output \"$(printf 'x\\033]0;t\\007')/a.json\"", status: 74,
            english: "focusflow: cannot write the answers to x\\u{1B}]0;t\\u{7}/a.json: the folder x\\u{1B}]0;t\\u{7} does not exist. Nothing was asked.\n",
            korean: "focusflow: x\\u{1B}]0;t\\u{7}/a.json에 답을 쓸 수 없습니다: x\\u{1B}]0;t\\u{7} 폴더가 없습니다. 아무것도 묻지 않았습니다.\n"),
        Refusal(
            setUp: ":", options: "--record missing/walk.script", status: 74,
            english: "focusflow: cannot write the recording to missing/walk.script: the folder missing does not exist. Nothing was asked; '--record FILE' needs a file it can write.\n",
            korean: "focusflow: missing/walk.script에 녹화를 쓸 수 없습니다: missing 폴더가 없습니다. 아무것도 묻지 않았습니다. '--record FILE'에는 쓸 수 있는 파일이 필요합니다.\n"),
    ]

    enum Language: String, CaseIterable, CustomStringConvertible {
        case en, ko
        var description: String { rawValue }
    }

    @Test("A file that cannot be written or resumed is named in the run's language, exit status as before", arguments: refusals, Language.allCases)
    func refusal(_ refusal: Refusal, _ language: Language) throws {
        try AnswersNeverLostTests.withFolder { folder in
            let result = try Command.shell(
                "\(refusal.setUp) && exec \"$FOCUSFLOW\" run \(refusal.options)", input: ScriptedRunTests.answers,
                directory: URL(fileURLWithPath: folder),
                environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": language == .ko ? "ko_KR.UTF-8" : "C.UTF-8"])
            #expect(result.status == refusal.status)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == (language == .ko ? refusal.korean : refusal.english))
            #expect(!result.stderr.contains("hunter2"))
        }
    }

    @Test("A draft that cannot be read says the system's reason in Korean", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadableDraft() throws {
        try AnswersNeverLostTests.withFolder { folder in
            let result = try Command.shell(
                "echo '{}' > draft.json && chmod 200 draft.json && exec \"$FOCUSFLOW\" run --lang ko --draft draft.json",
                input: ScriptedRunTests.answers, directory: URL(fileURLWithPath: folder))
            #expect(result.stderr == "focusflow: 초안(draft.json)을 읽을 수 없습니다: 권한이 없습니다\n")
        }
    }
}
