import FocusFlow
import FocusFlowTerminal

/// `focusflow manual`: the man page, in roff, made from ``CLI/commands`` and their help texts —
/// so it says what `--help` says, in English or in Korean (`--lang ko`).
enum Manual {
    static let command = Subcommand(
        name: "manual",
        synopsis: ["manual [--lang en|ko]"],
        texts: HelpTexts(
            en: HelpText(
                summary: "print the man page (roff)",
                details: """
                    Prints the focusflow(1) man page in roff, made from the same texts as every
                    --help: read it with 'focusflow manual | man -l -'. 'make install' installs it
                    as share/man/man1/focusflow.1. With --lang ko, the page is in Korean.

                    OPTIONS
                      --lang en|ko    the page's language (default: the locale's)
                    """), ko: KoreanHelp.manual),
        options: ["lang"],
        run: { arguments throws(CommandError) in
            guard arguments.positionals.isEmpty else { throw .usage(.takesNoOperands(command: "manual"), command: "manual") }
            let language = try LanguageOption.decide(arguments, command: "manual", fallback: arguments.language)
            try Output.standard(page(in: language))
            return ExitStatus.success
        })

    /// The section headings and the page's own paragraphs in one language.
    private struct Words {
        var name, synopsis, description, commands, exitStatus, environment, files, examples, seeAlso: String
        var about: [String]
        var variables: [(String, String)]
        var fileEntries: [(String, String)]
        var exampleLines: [(String, String)]
    }

    private static let english = Words(
        name: "NAME", synopsis: "SYNOPSIS", description: "DESCRIPTION", commands: "COMMANDS", exitStatus: "EXIT STATUS",
        environment: "ENVIRONMENT", files: "FILES", examples: "EXAMPLES", seeAlso: "SEE ALSO",
        about: [
            "focusflow walks a person through a multi-step form in the terminal \u{2014} a sign-up: email, password, confirm, nickname, phone, code \u{2014} one GNU readline session from the first field to the last, and prints the answers. Secure fields are masked; fields switch keyboards (which characters they accept) without losing focus.",
            "The same engine answers a JSON-lines protocol (serve) for programs in any language, asks one question for a shell script (ask), and proves a flow's invariants (check). Flows are JSON files.",
            "A first word that is no command means run: 'focusflow login.json' is 'focusflow run login.json'. With no FLOW, the built-in sign-up flow.",
        ],
        variables: [
            ("NO_COLOR", "set to anything: no colours, whatever the theme."),
            ("TERM", "the terminal's kind: its colours and keys come from terminfo; dumb, or none, asks in plain lines as --accessible does."),
            (
                "LC_ALL, LC_MESSAGES, LANG",
                "the first that is set chooses the language when --lang is not given: ko_KR.UTF-8 gives Korean, anything else English. serve and replay speak English unless given --lang."
            ),
            ("INPUTRC", "the GNU readline init file read for the keys of text fields (default ~/.inputrc)."),
        ],
        fileEntries: [
            ("Flows/*.json", "the example flows of a checkout, and Flows/flow.schema.json, the JSON Schema of flow files."),
            ("FILE of --output, --draft, --record", "written with mode 0600 and replaced atomically; a draft is removed when the walk completes."),
        ],
        exampleLines: [
            ("focusflow", "walk the built-in sign-up flow; the answers print as JSON."),
            ("nick=$(focusflow ask text Nickname --max-length 20)", "one question in a shell script."),
            ("focusflow ask confirm 'Continue?' && make deploy", "yes is exit 0, no exit 1."),
            ("eval \"$(focusflow run signup.json --format shell)\"", "the answers as shell variables."),
            ("focusflow validate Flows/*.json", "check flow files, every problem in file order."),
            ("focusflow check Flows/signup.json", "prove the flow's invariants on every state."),
        ])

    private static let korean = Words(
        name: "이름", synopsis: "사용법", description: "설명", commands: "명령", exitStatus: "종료 상태",
        environment: "환경 변수", files: "파일", examples: "예", seeAlso: "참고",
        about: [
            "focusflow는 여러 단계의 양식을 터미널에서 한 사람에게 차례로 묻습니다 \u{2014} 가입이라면 이메일, 비밀번호, 확인, 별명, 전화, 코드 \u{2014} 첫 필드부터 마지막까지 GNU readline 세션 하나로 묻고 답을 출력합니다. 보안 필드는 가려 보이고, 필드는 포커스를 잃지 않고 키보드(받는 문자)를 바꿉니다.",
            "같은 엔진이 어떤 언어의 프로그램에도 JSON 줄 프로토콜(serve)로 답하고, 셸 스크립트에 질문 하나를 묻고(ask), 흐름의 불변 조건을 증명합니다(check). 흐름은 JSON 파일입니다.",
            "첫 단어가 명령이 아니면 run입니다: 'focusflow login.json'은 'focusflow run login.json'과 같습니다. FLOW가 없으면 내장 가입 흐름입니다.",
        ],
        variables: [
            ("NO_COLOR", "무엇이든 설정하면 테마와 상관없이 색을 쓰지 않습니다."),
            ("TERM", "터미널의 종류. 색과 키는 terminfo에서 옵니다. dumb이거나 없으면 --accessible처럼 한 줄씩 묻습니다."),
            ("LC_ALL, LC_MESSAGES, LANG", "--lang이 없을 때 처음 설정된 것이 언어를 정합니다: ko_KR.UTF-8은 한국어, 그 밖은 영어. serve와 replay는 --lang이 없으면 영어입니다."),
            ("INPUTRC", "텍스트 필드의 키를 위해 읽는 GNU readline 설정 파일(기본 ~/.inputrc)."),
        ],
        fileEntries: [
            ("Flows/*.json", "저장소의 예제 흐름. Flows/flow.schema.json은 흐름 파일의 JSON Schema입니다."),
            ("--output, --draft, --record의 FILE", "모드 0600으로 원자적으로 바꿔 씁니다. 초안은 흐름을 마치면 지웁니다."),
        ],
        exampleLines: [
            ("focusflow", "내장 가입 흐름을 채웁니다. 답은 JSON으로 출력합니다."),
            ("nick=$(focusflow ask text 별명 --max-length 20)", "셸 스크립트에서 질문 하나."),
            ("focusflow ask confirm '계속할까요?' && make deploy", "예는 종료 0, 아니요는 종료 1."),
            ("eval \"$(focusflow run signup.json --format shell)\"", "답을 셸 변수로."),
            ("focusflow validate Flows/*.json", "흐름 파일을 검사합니다. 문제는 파일 순서대로 모두."),
            ("focusflow check Flows/signup.json", "모든 상태에서 흐름의 불변 조건을 증명합니다."),
        ])

    /// The whole page in `language`.
    static func page(in language: Language) -> String {
        let words = language == .ko ? korean : english
        var out = [
            #".\" The focusflow(1) man page; made by 'focusflow manual'."#,
            ".TH FOCUSFLOW 1 \"\" \"focusflow \(CLI.version)\" \"\(language == .ko ? "사용자 명령" : "User Commands")\"",
            // No hyphenation: `.nh`, and HY, which `.YS` sets hyphenation back to; lines are
            // filled to a ragged right edge, which any width can take without a warning.
            ".nr HY 0",
            ".nh",
            ".ad l",
            ".SH \(words.name)",
            "focusflow \\- " + escaped(language == .ko ? "여러 단계의 양식을 터미널에서 채우거나 앱에 넣어 씁니다" : "walk multi-step forms in a terminal, or embed them"),
            ".SH \(words.synopsis)",
        ]
        // Each usage line filled to the page's width, `focusflow` in bold.
        for line in CLI.commands.flatMap(\.synopsis) + ["--help | --version"] { out += synopsis(line) }
        out.append(".SH \(words.description)")
        for paragraph in words.about { out += [".PP", text(paragraph)] }
        out.append(".SH \(words.commands)")
        for command in CLI.commands {
            let text = command.texts[language]
            out += [".SS \"\(escaped(command.name))\"", escaped(text.summary.sentence)] + roff(text.details, examples: words.examples)
        }
        out.append(".SH \(words.exitStatus)")
        out += roff(language == .ko ? KoreanHelp.exitStatuses : Run.exitStatuses, examples: words.examples)
        out.append(".SH \(words.environment)")
        for (name, text) in words.variables { out += [".TP", ".B \(escaped(name))", escaped(text)] }
        out.append(".SH \(words.files)")
        for (name, text) in words.fileEntries { out += [".TP", ".I \(escaped(name))", escaped(text)] }
        out.append(".SH \(words.examples)")
        for (command, text) in words.exampleLines { out += [".TP", ".B \(escaped(command))", escaped(text)] }
        out += [".SH \(words.seeAlso)", ".BR readline (3),", ".BR sh (1)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// `text` as roff text: backslashes and dashes escaped, a leading `.` or `'` made text.
    static func escaped(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
