import FocusFlow

extension CommandProblem {
    /// The Korean sentence: the one table of the command line's errors in Korean. What the
    /// output layer says about a file (``AnswerTarget/Failure``, ``DraftFile/Failure``) is
    /// rendered in Korean too.
    var korean: String {
        switch self {
        case .takesNoValue(let option): "--\(option)에는 값을 줄 수 없습니다"
        case .givenTwice(let option): "--\(option)이 두 번 주어졌습니다. 한 번만 주세요"
        case .needsValue(let option): "--\(option)에는 값이 필요합니다"
        case .unknownOption(let word, let near): "알 수 없는 옵션입니다: \(word)" + (near.map { ". 혹시 --\($0)인가요?" } ?? "")
        case .wholeNumber(let option, let range, let given):
            "--\(option)에는 \(range.lowerBound)부터 \(range.upperBound)까지의 정수를 주세요 (받은 값: \"\(given)\")"
        case .seconds(let option, let most, let given):
            "--\(option)에는 0보다 크고 \(Seconds.text(most)) 이하인 초 수를 주세요. 예: 60, 0.5 (받은 값: \"\(given)\")"
        case .unknownCommand(let name, let near): "알 수 없는 명령입니다: '\(name)'. 혹시 '\(near)'인가요?"
        case .noSuchCommand(let name, let near): "'\(name)' 명령은 없습니다" + (near.map { ". 혹시 '\($0)'인가요?" } ?? "")
        case .helpTakesOneCommand: "help에는 명령 이름을 하나만 줄 수 있습니다"
        case .oneFlowAtMost(let command): "\(command)에는 흐름 파일을 하나만 줄 수 있습니다"
        case .runTakesOneFlow(let count): "run에는 흐름 파일을 하나만 줄 수 있습니다 (\(count)개를 받았습니다)"
        case .validateNeedsFlow: "validate에는 흐름 파일이 하나 이상 필요합니다"
        case .verifyNeedsFlowAndAnswers: "verify에는 흐름 파일과 답 파일(표준 입력은 -)이 필요합니다"
        case .verifyBothFromStandardInput: "verify는 흐름과 답 가운데 하나만 표준 입력(-)에서 읽습니다. 흐름은 파일로 주세요"
        case .unknownLanguage(let name, let known): "--lang에는 \(known.joined(separator: " 또는 "))를 주세요 (받은 값: \"\(name)\")"
        case .unknownTheme(let name, let near, let known):
            "알 수 없는 테마입니다: \(name.debugDescription)." + (near.map { " 혹시 \"\($0)\"인가요?" } ?? "") + " 테마: \(known.joined(separator: ", "))."
        case .unknownFormat(let name, let near, let known):
            "--format에는 \(known.joined(separator: ", ")) 중 하나를 주세요 (받은 값: \(name.debugDescription))" + (near.map { ". 혹시 \($0)인가요?" } ?? "")
        case .answerNames(.sameName(let first, let second, let name), let format):
            "--format \(format)로는 답의 이름을 지을 수 없습니다: \"\(first)\" 필드와 \"\(second)\" 필드가 둘 다 \(name)이(가) 됩니다. 글자, 숫자, _가 다른 id를 주거나 --format json을 쓰세요. 아무것도 묻지 않았습니다"
        case .answerNames(.shellVariable(let field, let name), let format):
            "--format \(format)로는 \"\(field)\" 필드의 답에 이름을 지을 수 없습니다: 셸이 스스로 읽는 변수 \(name)이(가) 됩니다. 필드 이름을 바꾸거나 --format json을 쓰세요. 아무것도 묻지 않았습니다"
        case .maskCharacter(let text): "--mask에는 보이는 문자 하나를 주세요. 한 칸이나 두 칸 너비여야 합니다 (받은 값: \(text.debugDescription))"
        case .discardNeedsDraft: "--draft-discard는 --draft FILE과 함께 써야 합니다. 그 초안을 처음부터 다시 시작하라는 뜻입니다"
        case .setNeedsEquals(let item): "--set에는 ID=VALUE를 주세요 (예: --set email=ada@example.com). \(item.debugDescription)에는 =가 없습니다"
        case .setSecure(let id):
            "--set으로 \"\(id)\"를 줄 수 없습니다. 보안 필드인데, 명령줄은 이 컴퓨터의 모든 사용자에게 보입니다. --answers FILE에 넣거나, 물어볼 때 입력하세요"
        case .serviceNotPerformed(let field, let name, let check):
            "\"\(field)\" 필드가 \(check ? "검사" : "전송") \"\(name)\"을(를) 쓰는데, 이를 수행할 프로그램이 없습니다. --\(check ? "check" : "send") \(name)=COMMAND로 프로그램을 주세요(또는 serve나 Swift API의 FlowServices로 진행하세요). 아무것도 묻지 않았습니다"
        case .serviceNeedsEquals(let item, let check):
            "--\(check ? "check" : "send")에는 NAME=COMMAND를 주세요. \(item.debugDescription)에는 =가 없습니다"
        case .serviceTwice(let name, let check): "--\(check ? "check" : "send")로 \"\(name)\"를 두 번 주었습니다. 하나에 프로그램 하나만 주세요"
        case .serviceUnused(let name, let check, let known):
            "흐름의 어떤 필드도 \(check ? "검사" : "전송") \"\(name)\"을(를) 쓰지 않습니다" + (known.isEmpty ? "(하나도 없습니다)" : ". 쓰는 것: " + known.map { "\"\($0)\"" }.joined(separator: ", "))
        case .optionsNotGiven(let field, let name):
            "\"\(field)\" 필드가 선택지를 \"\(name)\"에서 받는데, 이를 줄 프로그램이 없습니다. --options \(name)=COMMAND로 프로그램을 주세요(또는 serve나 Swift API의 optionsProvider로 진행하세요). 아무것도 묻지 않았습니다"
        case .optionsNeedsEquals(let item): "--options에는 NAME=COMMAND를 주세요. \(item.debugDescription)에는 =가 없습니다"
        case .optionsFileMalformed(let path):
            "\(path): 선택지 목록이 아닙니다. 값이나 {\"value\",\"label\"} 객체의 JSON 배열, 또는 그런 목록의 배열을 주세요"
        case .optionsTwice(let name): "--options로 \"\(name)\"를 두 번 주었습니다. 하나에 프로그램 하나만 주세요"
        case .optionsUnused(let name, let known):
            "흐름의 어떤 필드도 선택지를 \"\(name)\"에서 받지 않습니다" + (known.isEmpty ? "(하나도 없습니다)" : ". 쓰는 것: " + known.map { "\"\($0)\"" }.joined(separator: ", "))
        case .setTwice(let id): "--set으로 \"\(id)\"를 두 번 주었습니다. 필드마다 한 번만 주세요"
        case .prefillWithResumedDraft(let path): "--set과 --answers는 이어서 할 답이 있는 --draft \(path)와 함께 줄 수 없습니다. 그 답으로 처음부터 시작하려면 --draft-discard를 주세요"
        case .askNeedsKind(let known): "ask에는 KIND와 LABEL이 필요합니다. 예: focusflow ask text \"별명\". 종류: \(known.joined(separator: ", "))"
        case .unknownKind(let name, let near, let known):
            "알 수 없는 종류입니다: \(name.debugDescription)." + (near.map { " 혹시 \($0)인가요?" } ?? "") + " 종류: \(known.joined(separator: ", "))."
        case .askNeedsLabel(let kind): "ask에는 종류 다음에 LABEL이 필요합니다. 예: focusflow ask \(kind) \"별명\""
        case .askTakesOneLabel(let count): "ask는 LABEL 하나를 받습니다(받은 단어 \(count)개). 공백이 있는 라벨은 따옴표로 감싸세요: \"이름과 성\""
        case .askOptionNotForKind(let option, let kind): "--\(option)은(는) \(kind) 질문에 쓸 수 없습니다"
        case .noTerminal(let error): "--tty: 물어볼 터미널이 없습니다: /dev/tty: \(error.words(in: .ko)). 아무것도 묻지 않았습니다"
        case .askNeedsOptions(let kind): "\(kind) 질문에는 선택지가 필요합니다: 선택지마다 --option VALUE[=LABEL]"
        case .askValue(let option, let given, .flag): "--\(option)에는 true나 false를 주세요 (받은 값: \(given.debugDescription))"
        case .askValue(let option, let given, .count): "--\(option)에는 0 이상의 정수를 주세요 (받은 값: \(given.debugDescription))"
        case .askValue(let option, let given, _): "--\(option)에는 수를 주세요 (받은 값: \(given.debugDescription))"
        case .askDefaultRefused(let error): "--default를 받을 수 없습니다: \(error.message(in: .ko))"
        case .askRefused(let reason, let option):
            "질문을 할 수 없습니다: " + (option.map { "--\($0): " } ?? "") + DisplayText.escaped(reason.message(in: .ko))
        case .completionsShell(let name, let known):
            "completions에는 셸 하나를 주세요: \(known.joined(separator: ", "))" + (name.map { " (받은 값: \($0.debugDescription))" } ?? "") + ". 예: focusflow completions bash"
        case .needsSessions(let option): "--\(option)은(는) --sessions와 함께 씁니다. 없으면 serve는 진행 하나만 맡습니다"
        case .takesNoOperands(let command): "\(command)에는 FLOW나 다른 단어 없이 옵션만 줍니다"
        case .replayNeedsScript: "replay에는 SCRIPT가 필요합니다: focusflow replay [FLOW] SCRIPT"
        case .replayFileCount(let count): "replay에는 흐름 하나와 스크립트 하나를 주세요 (파일 \(count)개를 받았습니다)"
        case .replayScriptAfterFlow(let path): "replay에는 흐름 뒤에 SCRIPT가 필요합니다. \(path)는 흐름 파일입니다"
        case .flow(let error): error.message(in: .ko)
        case .jsonSchemaNotFlow(let path): "\(path): 흐름이 아니라 흐름 파일의 JSON Schema입니다"
        case .folderNotFlow(let path): "\(path): 흐름 파일이 아니라 폴더입니다. 그 안의 흐름 파일을 지정하세요 (예: \(Self.folder(path))/*.json)"
        case .folderNotScript(let path): "\(path): 스크립트가 아니라 폴더입니다"
        case .scriptOfOtherFlow(let path, let recorded, let replayed):
            "\(path):1: 이 스크립트는 \"\(replayed)\"가 아니라 \"\(recorded)\" 흐름을 기록한 것입니다. 그 흐름으로 재생하세요: focusflow replay FLOW \(path)"
        case .folderNotResponses(let path): "\(path): 응답 파일이 아니라 폴더입니다"
        case .noSuchFile(let path): "\(path): 파일이 없습니다"
        case .flowFromStandardInput(let path, let command):
            "\(command)은(는) 표준 입력에서 \(command == "serve" ? "요청을" : "답을") 읽으므로 흐름까지 표준 입력으로 받을 수 없습니다(\(path)). 흐름은 파일로 주거나, bash와 zsh에서는 <(…)로 주세요"
        case .flowFromTerminal(let path, let command, let standardInput, let takesDash):
            "\(path): "
                + (standardInput ? "흐름은 표준 입력에서 읽는데, 여기서는 표준 입력이 터미널입니다" : "흐름 파일이 아니라 터미널입니다")
                + (takesDash
                    ? (standardInput ? ". 흐름을 파이프로 주세요" : ". 흐름은 파일로 주거나 파이프로 주세요") + ": focusflow \(command) - < flow.json"
                    : ". 흐름은 파일로 주거나, bash와 zsh에서는 <(…)로 주세요")
        case .cannotBeRead(let path): "\(path): 파일을 읽을 수 없습니다"
        case .goldenUnreadable(let path, let missing):
            "\(path): \(missing ? "파일이 없습니다" : "파일을 읽을 수 없습니다"). --expect에는 이전 replay의 응답이 필요합니다"
        case .notLinesOfText(let path, let line, let limit):
            "\(path):\(line): 이 줄은 \(limit.map { "한 줄에 담을 수 있는 \($0)바이트보다 깁니다" } ?? "NUL 바이트를 담고 있습니다"). 글의 줄로 된 파일이 아니므로 그 뒤는 읽지 않습니다"
        case .responseDiffers(let file, let line, let expected, let got):
            "\(DisplayText.escaped(file)):\(line): 응답이 다릅니다\n  기대한 값 \(expected ?? "파일의 끝")\n  받은 값   \(got ?? "응답의 끝")"
        case .stdoutNotWritten(let error): "표준 출력에 쓸 수 없습니다: \(error.words(in: .ko))"
        case .outputNotOpened(let failure, let standardOutput):
            "\(failure.message(in: .ko)). 아무것도 묻지 않았습니다." + (standardOutput ? " '--output FILE'을 주면 답을 다른 곳에 씁니다." : "")
        case .answersNotSaved(let failure, let draft):
            "\(failure.message(in: .ko)). 답을 저장하지 못했습니다" + (draft.map { " (초안 \($0)에 보안이 아닌 답이 남아 있습니다)" } ?? "") + "."
        case .draftNotOpened(let failure): "\(failure.message(in: .ko)). 아무것도 묻지 않았습니다."
        case .draftNotResumed(let failure): failure.message(in: .ko)
        case .draftNotSaved(let problem): "\(problem.message(in: .ko)). 마지막으로 저장한 초안 뒤에 준 답은 초안에 없습니다."
        case .recordingNotOpened(let failure): "\(failure.message(in: .ko)). 아무것도 묻지 않았습니다. '--record FILE'에는 쓸 수 있는 파일이 필요합니다."
        case .recordingNotSaved(let failure): "\(failure.message(in: .ko)). 녹화를 저장하지 못했습니다."
        case .recordingNoStandIn(let failure): "\(failure.message(in: .ko)). 아무것도 묻지 않았습니다. '--record' 없이 진행하세요."
        case .setRefused(let error): "--set을 받을 수 없습니다: \(error.message(in: .ko))"
        case .prefillRefused(let error):
            "미리 채운 답을 받을 수 없습니다: \(error.message(in: .ko).sentence)" + (error.reason == .invalid ? " 값을 고치거나, --ask-invalid를 주어 그 필드를 물어보게 하세요." : "")
        case .answersFileMissing(let name, let exists): "\(name): \(exists ? "파일을 읽을 수 없습니다" : "파일이 없습니다")"
        case .folderNotAnswers(let name): "\(name): 답 파일이 아니라 폴더입니다"
        case .answersFromTerminal(let name, let command, let standardInput):
            standardInput
                ? "답은 표준 입력에서 읽는데, 여기서는 표준 입력이 터미널입니다. 답을 파이프로 주세요: focusflow \(command) flow.json - < answers.json"
                : "\(name): 답 파일이 아니라 터미널입니다. 답은 파일로 주세요"
        case .answersFileNotYours(let name, let refusal, let beforeWalk): "\(name): \(refusal.words(in: .ko))." + (beforeWalk ? " 아무것도 묻지 않았습니다." : "")
        case .answersFileRefused(let path, let error):
            if case .syntax(let line, let column, let reason) = error.detail {
                "\(path):\(line):\(column): \(reason.message(in: .ko))"
            } else {
                "\(path): 답을 받을 수 없습니다: \(error.message(in: .ko))"
            }
        case .invalidInput(let message): message
        }
    }
}
