import FocusFlowProtocol
import FocusFlow
import FocusFlowConsole

/// Every help text in Korean: the general help and each command's. Options, commands,
/// metavariables (FLOW, FILE, N), key names and examples are written as in English.
enum KoreanHelp {
    /// `focusflow --help` in Korean, around the usage lines and the commands' summaries.
    static func usage(usages: [String], summaries: [String]) -> String {
        """
        focusflow — 여러 단계의 양식을 터미널에서 채우거나 앱에 넣어 씁니다

        사용법
        \(usages.joined(separator: "\n"))
          focusflow --help | --version

        명령
        \(summaries.joined(separator: "\n"))

        첫 단어가 명령이 아니면 run입니다: 'focusflow login.json'은
        'focusflow run login.json'과 같습니다. FLOW가 없으면 내장 가입 흐름입니다.
        키('focusflow help run'에 모두 있습니다):
        \(SessionKey.helpLines(.korean, rows: SessionKey.essentialRows).joined(separator: "\n"))
        \(exitStatuses)
        더 자세한 것은 'focusflow help COMMAND'나 'focusflow COMMAND --help'로 보세요.
        """
    }

    static let exitStatuses = """
        종료 상태: 0 완료, 1 잘못된 스크립트 입력, 2 사용법이나 흐름 오류(규칙에 맞지
        않는 미리 채운 답, 바뀐 흐름의 초안, 대역 값을 만들 수 없는 보안 필드가 있는
        흐름의 --record), 74 답이나 초안을 쓰지 못함, 130 취소
        (Ctrl-D). Ctrl-C, Ctrl-\\, SIGTERM, SIGHUP도 취소한 뒤 sudo처럼 그 시그널로
        프로그램을 끝냅니다: 셸에는 130, 131, 143, 129(시그널 N이면 128+N)로 보이고,
        실행하던 스크립트도 멈춥니다.
        """

    static let language = """
          --lang en|ko    FocusFlow가 쓰는 말(키, 알림, 규칙 메시지, 오류)과 흐름이 여러
                          언어로 준 글의 언어. 주지 않으면 LC_ALL, LC_MESSAGES, LANG 중
                          처음 설정된 것이 정합니다(ko_KR.UTF-8은 한국어, 그 밖은 영어)
        """

    static let format = """
          --format json|shell|env
                          답을 쓰는 모양(기본 json): JSON 객체 하나. shell은
                          eval "$(…)"용 id='value' 줄(sh에 맞게 따옴표로 감쌈). env는
                          dotenv 파일(ID="value"). multi-select의 값들은 필요한 곳만
                          따옴표로 감싼 sh 단어 목록입니다('New York' Paris).
                          eval "set -- $id"로 값을 하나씩 돌려받습니다. 셸 이름이
                          아닌 id는 다른 글자마다 _를 씁니다(first-name은
                          first_name, 숫자로 시작하면 앞에 _). 두 id가 같은 이름이
                          되거나 셸이 읽는 변수(PATH, IFS, HOME …)가 되면 첫 필드
                          전에 거절합니다. --output FILE도 같은 모양으로 씁니다
        """

    static let start = """
          --set ID=VALUE  필드를 미리 채웁니다(여러 번 줄 수 있음). 값은 종류에
                          따라 씁니다: 텍스트는 그대로, confirm 필드는 true 또는
                          false, select 필드는 옵션 값, multi-select 필드는 쉼표로
                          나눈 옵션 값들. 보안 필드는 안 됩니다: 명령줄은 이
                          컴퓨터의 모든 사용자가 봅니다
          --answers FILE  출력과 같은 모양의 JSON 객체로 필드를 미리 채웁니다(보안
                          필드도). --set이 이 값보다 우선합니다
          --ask-invalid   미리 채운 값이 규칙에 맞지 않는 필드를 묻습니다(없으면 종료 2)
          --skip-filled   규칙에 맞는 미리 채운 답이 없는 첫 필드에서 시작합니다
          --draft FILE    보안이 아닌 답과 포커스된 필드를 FILE에 둡니다(0600,
                          원자적으로 바꿔 씀). 필드마다, 그리고 취소, SIGHUP,
                          SIGTERM 때 씁니다. 같은 FILE로 다시 실행하면 거기서 이어
                          가고 보안 필드는 다시 묻습니다. 흐름을 마치면 FILE을
                          지웁니다
          --draft-discard 초안을 무시하고(그 뒤 새로 쓰고) 처음부터 시작합니다
        """

    static let services = """
          --check NAME=COMMAND
                          검사 NAME을 수행할 프로그램(여러 번 줄 수 있음). /bin/sh -c로
                          실행하고, 표준 입력으로 {"field","check","value","answers"}
                          JSON 한 줄을 읽습니다. 종료 0은 통과, 1은 거절(표준 출력의
                          첫 줄이 이유), 그 밖은 검사하지 못함입니다
          --send NAME=COMMAND
                          코드 NAME을 보낼 프로그램(여러 번 줄 수 있음). 입력은
                          {"field","send","answers"}, 종료 0은 보냄, 1은 실패(표준
                          출력의 첫 줄이 이유)입니다
          --options NAME=COMMAND
                          선택지 출처 NAME의 선택지를 줄 프로그램(여러 번 줄 수 있음).
                          입력은 {"field","source","query","answers"} ("search":
                          true일 때 "query"), 출력은 선택지의 JSON 배열 또는 거절하는
                          {"ok":false,"message":"…"}입니다
          --check-timeout SECONDS
                          검사, 전송, 선택지에 줄 시간(기본 10초). 넘기면 하지
                          못한 것으로 보고, 다시 시도할 수 있습니다
        """

    static let requests = """
        요청은 JSON 객체나 텍스트 형식으로 한 줄에 하나씩 씁니다. 줄 앞뒤의 공백, 탭,
        캐리지 리턴은 무시하고, 빈 줄과 #으로 시작하는 줄은 건너뜁니다:

        \(FlowRequest.listing(summaries: false).joined(separator: "\n"))
          start에는 "skipFilled":true, "askInvalid":true를 더할 수 있습니다(start
          skipFilled askInvalid {…}). run의 --skip-filled, --ask-invalid와 같습니다.

        (공백이나 탭으로 끝나는 값은 JSON 형식으로 써야 합니다.) 형식이 틀렸거나(흐름
        파일처럼 한 객체에 같은 키가 두 번 있는 것도) 적용할 수 없는 요청에는
        {"error":"…"}로 답하고 아무것도 바꾸지 않습니다. 1 MiB
        (1,048,576바이트)보다 긴 줄도 그렇게 답하고 버립니다.
        """

    static let run = HelpText(
        summary: "흐름을 채우고 답을 JSON으로 출력합니다(기본 명령)",
        details: """
            FLOW(기본: 내장 가입 흐름)를 터미널에서 채우고, 답을 필드 순서대로 JSON 객체
            하나로 stdout에 출력합니다. 화면은 stderr에, stderr가 터미널이 아니면
            /dev/tty에 그립니다.

            옵션
              --output FILE   답을 stdout 대신 FILE에 씁니다. 일반 파일은 원자적으로 바꿔
                              씁니다(모드 0600, 심볼릭 링크는 그 대상을 바꿈). FIFO, 문자
                              장치, /dev/fd/N에는 바로 씁니다. '-'는 stdout입니다
                              (- 라는 파일은 ./-)
            \(format)
              --accessible    한 줄에 질문 하나씩 묻는 단순한 모드(TERM=dumb일 때도)
              --tty           stdin이 무엇이든 터미널(/dev/tty)에서 묻습니다: 파일을 읽는
                              반복문 안에서(while read …; done < file)
              --mask CHAR     보안 필드의 글자마다 보여 줄 문자(기본 •). 한 칸이나 두 칸
                              너비의 보이는 문자 하나
              --theme NAME    흐름의 "theme" 대신 내장 테마로 화면에 색을 입힙니다.
                              NO_COLOR나 색이 없는 터미널에서는 색을 쓰지 않습니다.
                              테마: \(FlowTheme.builtInNames.joined(separator: ", "))
              --record FILE   진행을 'focusflow replay'용 스크립트로 FILE에 씁니다. 보안
                              값은 필드의 규칙만으로 만들고 규칙이 그 값과
                              똑같이 판단하는 대역 값으로 바꿉니다. 규칙이 말한
                              것 말고는 비밀에 대해 알려 주지 않습니다
                              (원자적으로 바꿔 씀, 모드 0600)
            \(language)
            \(start)
            \(services)

            키
            \(SessionKey.helpLines(.korean).joined(separator: "\n"))

            stdin이 터미널이 아니면 줄마다 다음에 보이는 필드에 답합니다.
            답을 쓸 곳은 첫 필드를 보이기 전에 확인합니다: 닫힌 stdout, 폴더, 읽기 전용
            파일, 없는 폴더이면 바로 멈춥니다(종료 74). --output, --record, --draft,
            --answers의 경로가 다른 사용자의 것(파일, FIFO, 심볼릭 링크)이어도
            거부합니다. /tmp 같은 공유 폴더에서는 누군가 미리 만들어 둘 수 있기
            때문입니다. 다른 사용자가 쓸 수 있는 초안은 이어서 하지 않습니다.
            \(exitStatuses)
            """)

    static let validate = HelpText(
        summary: "흐름 파일을 검사합니다",
        details: """
            흐름 파일을 하나씩 검사합니다. 올바른 파일은 "FLOW: 올바름"을 출력하고, 틀린
            파일은 문제마다 한 줄로(파일 순서대로, 20개까지) 파일 이름, 줄과 열 또는
            필드 경로, 문제와 함께 알립니다. 읽을 수 없는 키는 건너뛰고 계속 읽으며,
            JSON 문법 오류는 찾은 마지막 문제입니다. JSON Schema(예: 'Flows/*.json'에
            들어 있는 Flows/flow.schema.json)는 알림을 남기고 건너뛰고, 폴더는
            오류입니다. 보고와 오류는 --lang en|ko의 언어로,
            없으면 로캘(LC_ALL, LC_MESSAGES, LANG)의 언어로 씁니다. 위치(파일, 줄, 열,
            필드 경로)는 그대로 씁니다.

            --strict를 주면 읽히는 흐름도 'focusflow check'처럼 작성자가 뜻한 대로인지
            봅니다: 어떤 답으로도 보이지 않는 필드, 읽는 필드가 가질 수 없는 값을 묻는
            조건, 필드가 나열했지만 자기 규칙에 어긋나는 값, 짝이 숨을 수 있는 matches
            규칙, 보이지만 어떤 답도 통과하지 못하는 필드. 문제마다 파일과 그 안의 위치를
            한 줄로 알립니다.

            옵션
              --strict        읽히는 흐름에서도 작성자의 실수를 알립니다
              --lang en|ko    보고의 언어(기본: 로캘의 언어)

            종료 상태: 모두 올바르면 0, 아니면 2.
            """)

    static let ask = HelpText(
        summary: "질문 하나를 묻고 답을 출력합니다",
        details: """
            흐름 파일 없이 질문 하나를 터미널에서 묻고, 답을 줄바꿈과 함께 stdout에
            출력합니다: 텍스트, 고른 값, multi-select는 한 줄에 값 하나, 수, 날짜.
            confirm은 gum confirm처럼 종료 상태로만 답하고(0 예, 1 아니요), --print를
            주면 true나 false도 출력합니다. 질문은 필드 하나의 흐름입니다: 'focusflow
            run'과 같은 키, 규칙, 메시지를 씁니다.

            KIND는 \(Ask.kinds.joined(separator: ", ")) 중 하나입니다
            (secure는 가린 텍스트). LABEL은 묻는 말입니다.

            옵션
              --placeholder TEXT  답이 비어 있는 동안 흐리게 보이는 글
              --hint TEXT         라벨 옆의 도움말 한 줄
              --keyboard NAME     텍스트가 받는 문자(UIKit의 이름):
            \(UsageLine.list(KeyboardType.allCases.map(\.rawValue), indent: 22))
              --default VALUE     처음 답. --set과 같이 씁니다: 텍스트는 그대로, true
                                  또는 false, 옵션 값, 쉼표로 나눈 값들, 수, 날짜.
                                  보안 답은 안 됩니다
              --required          빈 답을 거절합니다
              --message TEXT      규칙에 맞지 않을 때 기본 메시지 대신 할 말
              --option VALUE[=LABEL]
                                  선택지(여러 번, 보이는 순서대로). 라벨이 없으면 값이
                                  라벨입니다
              --mask CHAR         보안 답의 글자마다 보여 줄 문자(기본 •)
              --format text|json  답을 텍스트(기본)나 JSON 값으로 씁니다
              --accessible        한 줄에 질문 하나씩 묻는 단순한 모드(TERM=dumb일 때도)
              --print             confirm도 true나 false를 출력합니다(--format json도 같음).
                                  없으면 confirm은 아무것도 출력하지 않습니다
              --tty               stdin이 무엇이든 터미널(/dev/tty)에서 묻습니다: 파일을
                                  읽는 반복문 안에서(while read …; done < file)
              --theme NAME        내장 테마: \(FlowTheme.builtInNames.joined(separator: ", "))
            \(language)

            종류마다의 옵션은 흐름 파일에서 같은 이름의 키를 정합니다(흐름 파일 문서를
            보세요). 옵션, 정하는 키, 받는 종류:
            \(Ask.keyLines)

            stdin이 터미널이 아니면 첫 줄이 답입니다(--tty가 없을 때). 질문은 stderr에,
            stderr가 터미널이 아니면 /dev/tty에 그리므로 answer=$(focusflow ask …)가
            됩니다. confirm은 gum처럼 --default에서, 없으면 예(--equals가 있으면 그 답)에서
            시작합니다. Esc는 clack처럼 취소합니다.

            예
              nick=$(focusflow ask text "별명" --required --max-length 20)
              focusflow ask confirm "계속할까요?" && echo 계속합니다
              plan=$(focusflow ask select "요금제" --option free=무료 --option pro=프로)

            종료 상태: 0 답함(confirm은 예), 1 confirm에 아니요(그 밖에는 없음), 2 사용법
            오류, 규칙에 맞지 않는 파이프 입력, --tty에 터미널이 없음, 74 답을 쓰지 못함,
            130 취소(Esc, Ctrl-D), Ctrl-C나 시그널 N으로 취소하면 그 시그널로 끝남(셸에는
            128+N, Ctrl-C는 130).
            """)

    static let completions = HelpText(
        summary: "셸 자동 완성 스크립트를 출력합니다",
        details: """
            SHELL의 자동 완성 스크립트를 출력합니다: 명령, 옵션, 옵션의 값(종류, 테마,
            언어, 형식, 키보드)과 흐름 파일.

              bash  source <(focusflow completions bash), 또는
                    ~/.local/share/bash-completion/completions/focusflow로 저장
              zsh   $fpath의 폴더에 _focusflow로 저장
              fish  ~/.config/fish/completions/focusflow.fish로 저장

            'make install'은 세 가지를 모두 셸이 찾는 곳에 둡니다.
            """)

    static let manual = HelpText(
        summary: "man 페이지(roff)를 출력합니다",
        details: """
            focusflow(1) man 페이지를 roff로 출력합니다. 모든 --help와 같은 글로
            만듭니다: 'focusflow manual | man -l -'로 읽으세요. 'make install'은 이것을
            share/man/man1/focusflow.1로 설치합니다. --lang ko이면 한국어입니다.

            옵션
              --lang en|ko    페이지의 언어(기본: 로캘의 언어)
            """)

    static let serve = HelpText(
        summary: "앱에 넣어 쓰는 stdin과 stdout의 JSON 줄 프로토콜",
        details: """
            stdin에서 한 줄에 요청 하나를 읽고, stdout에 한 줄에 JSON 응답 하나를 씁니다.
            줄마다 내보내고, 처음 포커스에 대한 응답으로 시작합니다. FLOW가 없으면 내장
            가입 흐름입니다.

            --lang ko를 주면 규칙 메시지와 흐름이 여러 언어로 준 글이 한국어입니다. 주지
            않으면 로캘과 상관없이 영어입니다(프로토콜의 키, 이벤트 이름, JSON은 번역하지
            않습니다).

            \(requests)

            보안 값은 completed의 values와, 호스트에게 확인을 맡기는 검사(프로토콜의
            checking 이벤트, Swift에서는 pendingCheck(in:))로만 FocusFlow 밖으로
            나가며, 보안 값을 담은 프로토콜 이벤트에는 모두 "secret":true가 있습니다.
            이벤트를 기록하는 호스트는 그 키 하나로 그런 이벤트를 뺄 수 있습니다.

            --sessions를 주면 프로세스 하나가 여러 사람의 진행을 함께 맡습니다. 요청은 모두
            "session":"ID"(\(ProtocolSessions.longestID)바이트까지, 제어 문자 없이)가 있는 JSON 객체이고,
            응답은 모두 그것으로 시작합니다. {"action":"open","session":"ID"}는 진행을
            시작하고 첫 응답처럼 답합니다. {"action":"close","session":"ID"}는 진행을
            끝냅니다({"session":"ID","closed":"request"}). 진행이 완료되거나 취소되어도,
            --idle SECONDS(기본 \(Int(ProtocolSessions.defaultIdle)), 15분) 동안 요청이 없어도 세션이
            끝납니다. 요청마다 응답은 꼭 한 줄이므로, 이렇게 닫힌 세션은 그 세션을 다음에
            부르는 요청의 응답 {"session":"ID","closed":"idle","error":"…"}로 알리고
            아무것도 바꾸지 않습니다(open은 그 ID를 새로 엽니다). --max-sessions N(기본
            \(ProtocolSessions.defaultLimit))을 넘는 open은 거절합니다. --max-session-bytes N(기본
            \(ProtocolSessions.defaultSessionBytes), 1 MiB)과 --max-total-bytes N(기본 \(ProtocolSessions.defaultTotalBytes),
            64 MiB)은 세션 하나나 세션 모두가 그보다 많은 바이트의 글을 갖게 될 요청을
            오류로 거절하고 아무것도 바꾸지 않습니다. snapshot과 restore는 세션마다
            따로 되므로 진행을 다른 프로세스로 옮길 수 있습니다. 함께 도착한 줄들의 응답은
            함께 쓰고, serve가 입력을 기다리는 동안 기다리게 하는 응답은 없습니다.

            옵션
              --lang en|ko          규칙 메시지와 흐름의 글의 언어(기본: 로캘과 상관없이
                                    영어)
              --sessions            프로세스 하나로 여러 사람의 진행을 맡습니다
              --idle SECONDS        요청 없이 SECONDS가 지나면 세션을 끝냅니다
                                    (기본 \(Int(ProtocolSessions.defaultIdle)))
              --max-sessions N      N개를 넘는 open을 거절합니다(기본 \(ProtocolSessions.defaultLimit))
              --max-session-bytes N 세션 하나가 N바이트보다 많은 글을 갖게 될 요청을
                                    거절합니다(기본 \(ProtocolSessions.defaultSessionBytes))
              --max-total-bytes N   세션 모두가 N바이트보다 많은 글을 갖게 될 요청을
                                    거절합니다(기본 \(ProtocolSessions.defaultTotalBytes))

            종료 상태: 입력이 끝나면 0, 사용법이나 흐름 오류는 2, 응답을 쓸 수 없으면 74.
            """)

    static let replay = HelpText(
        summary: "파일에 든 요청으로 프로토콜을 실행합니다",
        details: """
            SCRIPT에서 요청을 읽고 'focusflow serve FLOW'가 낼 출력을 그대로 냅니다. 파일이
            하나면 내장 가입 흐름의 SCRIPT입니다. 흐름 파일만 주면 사용법 오류입니다
            (SCRIPT가 없음).

            --expect GOLDEN을 주면 아무것도 출력하지 않습니다: 응답마다 GOLDEN(앞서
            replay가 낸 출력을 저장한 것)의 같은 줄과 비교하고, 처음으로 다른 줄이나
            없거나 남는 줄을, 기대한 것과 받은 것과 함께 알립니다.

            옵션
              --expect GOLDEN  응답을 출력하지 않고 GOLDEN의 같은 줄과 비교합니다

            \(requests)

            스크립트에서 1 MiB보다 길거나 NUL 바이트를 담은 줄은 요청이 아닙니다. 글의 줄로
            된 파일이 아니므로 replay는 그 줄을 알리고 거기서 멈춥니다.

            종료 상태: 거절된 요청 없이 스크립트가 끝나면 0(--expect면 거절까지 모든 응답이
            GOLDEN과 같을 때), 거절된 요청이 있으면(모든 줄에 답은 합니다) 또는 응답이
            GOLDEN과 다르면 1, 사용법이나 흐름 오류, 읽을 수 없거나 글의 줄이 아닌
            스크립트나 GOLDEN은 2, 응답을 쓸 수 없으면 74.
            """)

    static let verify = HelpText(
        summary: "답이 흐름의 진행이 지키는 규칙을 따르는지 확인합니다",
        details: """
            ANSWERS('focusflow run'이 출력하는 JSON 객체, -이면 stdin)를 진행 없이 FLOW에
            맞춰 확인합니다. 필드 종류에 맞는 답의 형식, 보이는 모든 필드의 모든 규칙
            (matches와 필수 포함), 선택지 값, 다른 답 때문에 숨는 필드에 준 답이 없는지,
            반복 그룹의 항목 수를 봅니다. 확인(check)과 보내기(send)는 서비스의 일이라
            --check로 프로그램을 주지 않으면 실행하지 않습니다. 모든 문제를 필드 순서대로 stdout에 한 줄씩, 필드의
            경로(phones[1].number)와 규칙의 메시지로 --lang en|ko(없으면 로캘)의 언어로
            알립니다. 보안 값은 되풀이하지 않습니다.

            옵션
              --format text|json
                               보고를 줄로(기본), 또는 "ok"와 "problems"(문제마다
                               "field", "reason", "message")를 담은 JSON 객체 하나로
              --options NAME=FILE
                               출처 NAME이 주는 목록(선택지의 JSON 배열). 그 필드들의
                               답은 이 목록 안에 있어야 합니다(여러 번 줄 수 있음).
                               주지 않은 출처는 어떤 값이든 받습니다
              --check NAME=COMMAND
                               확인 NAME을 하는 프로그램('run'과 같이 실행, 여러 번 줄
                               수 있음). 규칙을 통과한 보이는 필드마다 묻고, 거절은
                               프로그램의 메시지로(이유 refusedByCheck), 확인할 수
                               없었던 것도(checkUnavailable) 문제로 알립니다
              --lang en|ko     보고의 언어(기본: 로캘의 언어)

            종료 상태: 답이 맞으면 0, 맞지 않으면 1, 잘못된 흐름, 읽을 수 없는 답, 사용법
            오류는 2.
            """)

    static let schema = HelpText(
        summary: "흐름의 답을 설명하는 JSON 스키마를 출력합니다",
        details: """
            FLOW(없으면 기본 가입 흐름)에 대해 'focusflow run'이 출력하는 답 객체의 JSON
            스키마(2020-12)를 출력합니다. 서비스는 자기 언어의 JSON 스키마 라이브러리로
            받은 답을 검사할 수 있습니다. 필드 종류에 맞는 형식, enum으로 적은 선택지, 길이,
            패턴, 범위, 자판으로 칠 수 있는 글자, 필수 필드, minItems와 maxItems를 가진
            배열로 적은 반복 그룹, if/then/else로 적은 표시 조건(조건 때문에 숨는 필드에는
            답이 없음)을 담습니다.

            JSON 스키마로 말할 수 없는 것(matches 규칙, 날짜의 범위, 사람이 보는 글자로 센
            길이, 검사기마다 달리 읽는 패턴)은 필드의 설명(description)에 적습니다.
            'focusflow verify'는 그것까지 모두 확인합니다. 패턴은 ECMA-262와 파이썬의 re가
            똑같이 읽도록 적습니다.

            옵션
              --lang en|ko     흐름의 글과 설명의 언어(기본: 로캘의 언어)

            종료 상태: 0, 잘못된 흐름이나 사용법 오류는 2.
            """)

    static let check = HelpText(
        summary: "흐름의 상태를 탐색하고 모든 불변식을 확인합니다",
        details: """
            FLOW가 다다를 수 있는 상태를 너비 우선으로 탐색합니다. 필드마다 빈 텍스트,
            규칙을 통과하는 값, 통과하지 못하는 값, 키보드가 받지 않는 값을 입력하고,
            next, previous, reveal, clear, cancel과 이동(필드가 12개 이하인 흐름에서는
            모든 필드로, 그보다 많으면 처음, 마지막, 포커스에서 두 칸 안의 필드, 규칙이나
            조건으로 다른 필드와 이어진 필드로)을 해 봅니다. 모든 전이에서 모든 불변식을
            확인합니다. 위반이 있으면 거기에 이르는 가장 짧은 스크립트를 출력하고(재현은
            'focusflow replay FLOW SCRIPT') 종료 상태 1로 끝납니다. 입력 값은 규칙과
            상관없이 64자까지입니다. stderr가 터미널이면 실행하는 동안 지금까지 본 상태
            수, 탐색 중인 그룹, 예산의 남은 시간을 보여 줍니다. 파이프로 이어지면 보고
            말고는 아무것도 출력하지 않습니다.

            작성자의 실수도 파일 안의 위치와 함께 알립니다(종료 상태는 바꾸지
            않습니다): 어떤 답으로도 보이지 않는 필드, 읽는 필드가 가질 수 없는 값을 묻는
            조건, 필드가 나열했지만 자기 규칙에 어긋나는 값, 짝이 숨을 수 있는 matches
            규칙, 보이지만 어떤 답도 통과하지 못하는 필드('validate --strict'는 탐색 없이
            같은 것을 알리고, 있으면 실패합니다).

            'matches' 규칙이 (다른 필드를 거쳐서도) 묶지 않는 필드들은 독립된 그룹이 되고,
            그룹마다 따로 탐색합니다. 그룹 밖의 모든 필드가 통과하는 값을 가진
            상태에서(출력하는 스크립트의 처음 요청들이 그 상태로 갑니다), 그룹의 'when'
            조건이 읽는 필드가 조건을 가르는 방식마다 한 번씩, 그룹의 필드에만 입력하고
            모든 필드에서 모든 이동을 해 봅니다. 그룹 밖의 필드는 보이는지 숨었는지와
            이동할 때의 검사에서 통과했는지만 읽히고, 이동은 처음으로 통과하지 못한
            필드에서 멈추며 그 이동은 그 필드의 그룹에서 탐색하므로, 불변식은 그룹 값의
            모든 조합에서 성립합니다. 스크립트는 그룹의 시작에서부터 가장 짧습니다.
            필드가 12개보다 많으면 그룹을 탐색할 때 포커스는 그룹의 필드, 그룹의 답이
            보이거나 숨기는 필드, 그 각각의 바로 앞 필드, 마지막으로 보이는 필드까지만
            따라가고, 그룹 밖의 필드에서는 그 필드들을 지나거나 건너뛰거나 그 위에
            멈추는 이동만 해 봅니다. 다른 요청은 그룹의 어떤 값도 읽지 않습니다.

            한도(--depth, --max-states, --budget)가 탐색을 멈추면 증명은 부분 증명입니다.
            보고는 그렇다고 말하고, 어느 한도인지, 포커스한 필드 수, 그룹으로 탐색했으면
            끝까지, 일부만, 전혀 탐색하지 못한 그룹 수를 알려 줍니다. 종료 상태: 탐색한
            모든 간선에서 모든 불변식이 성립하면 0, 위반이 있으면 1, 사용법이나 흐름
            오류는 2, --require-complete를 주었는데 부분 증명이면 3.

            옵션
              --depth N        탐색할 요청의 깊이(기본 50, 분해하면 그룹마다)
              --max-states N   방문할 서로 다른 상태의 최대 수(기본 200000, 분해하면
                               그룹마다)
              --budget SECONDS 탐색에 쓸 최대 시간, 흐름 전체에 대해(기본 60초, 0.5처럼
                               소수도 됩니다)
              --require-complete
                               한도가 탐색을 멈췄으면 종료 상태 3으로 끝납니다
              --no-decompose   필드 값의 모든 조합을 하나로 탐색합니다
              --paths          흐름에서 보이는 필드로 나뉘는 경로(끝난 진행이 보여 주는
                               필드들)를 하나씩, 그 경로를 걷는 스크립트('focusflow
                               replay'용)와 함께 출력합니다. 경로 수는 이 옵션이 없어도
                               출력합니다
              --options NAME=FILE
                               선택지 출처 NAME이 주는 목록(여러 번 줄 수 있음). FILE은
                               선택지의 JSON 배열이나 그런 목록의 배열이고, 목록마다
                               모든 요청의 답으로 해 봅니다. 주지 않은 출처는 자체 목록
                               두 개를 받습니다
              --lang en|ko     보고의 언어(기본: 로캘의 언어). 흐름이 여러 언어로 준 글도
                               그 언어로 확인합니다. 이벤트 이름과 스크립트는 그대로
                               씁니다
            """)

    static let help = HelpText(
        summary: "이 도움말, 또는 명령의 도움말",
        details: """
            COMMAND의 도움말('focusflow COMMAND --help'와 같음)을, COMMAND가 없으면 전체
            도움말을 --lang en|ko의 언어로, 없으면 로캘의 언어로 출력합니다.

            옵션
              --lang en|ko    도움말의 언어(기본: 로캘의 언어)
            """)
}
