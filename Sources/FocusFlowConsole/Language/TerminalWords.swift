import FocusFlow

/// The terminal's built-in words in one language: key hints, notes, the review screen, line
/// mode's prompts and refusals. One value per language (``english``, ``korean``); the
/// memberwise initialiser makes every language give every word.
package struct TerminalWords: Sendable {
    // Key line.
    package let enterNext: String, enterFinish: String, enterReview: String, shiftTabBack: String, showHide: String, ctrlCCancel: String
    /// How the help names a session key and what it says the key does (``SessionKey``).
    package let sessionKeyHelp: @Sendable (SessionKey) -> (keys: String, does: String)
    package let moveKeys: String, spaceChoose: String, spaceTypes: String, leftRightChange: String
    // Header.
    package let shown: String, hidden: String
    // Confirm.
    package let yes: String, no: String
    /// `Yes`, `No` as the confirm line shows them.
    package let yesWord: String, noWord: String
    package let yOrN: String
    package let notAConfirmAnswer: @Sendable (_ line: String) -> String
    package let typeYOrN: String
    // Notes of line mode and the screens.
    package let now: @Sendable (_ value: String) -> String
    package let enterKeepsIt: String, enterKeepsThem: String, enterKeepsCurrent: String
    package let numberValueOrLabel: String, numbersSeparated: String
    package let notAnOption: @Sendable (_ line: String, _ count: Int, _ listed: String) -> String
    package let notOptions: @Sendable (_ item: String, _ count: Int, _ listed: String) -> String
    /// `"é" and "한" are not accepted; this field takes printable ASCII`: `what` names the
    /// refused characters (``KeyboardType/refusedNames(in:limit:)``); empty, as in a secure
    /// field, it names none.
    package let notAccepted: @Sendable (_ what: [String], _ takes: String) -> String
    /// `"a" cannot be typed here: Age must be between 13 and 120.`: a refused insertion into a
    /// number or a date, and what the field takes in the engine's words.
    package let cannotBeTyped: @Sendable (_ typed: String, _ takes: String) -> String
    /// The engine's words in this language (rule messages), for what a screen repeats of them.
    package let rules: RuleMessages
    package let noOptionMatches: String, typeToFilter: String
    package let moreAbove: @Sendable (_ count: Int) -> String, moreBelow: @Sendable (_ count: Int) -> String
    /// The screen's refusal of a key that does nothing there.
    package let keyDoesNothing: String
    // Review.
    package let review: String, checkYourAnswers: String
    package let enterChange: String, sSubmit: String, shiftTabLastAnswer: String, pressSToSubmit: String
    package let noAnswer: String
    package let reviewYourAnswers: String
    package let reviewPrompt: @Sendable (_ count: Int) -> String
    package let reviewInvalid: @Sendable (_ count: Int) -> String
    package let reviewHelp: @Sendable (_ count: Int) -> String
    package let reviewEnded: String
    /// `Dropped: Company, VAT number — hidden by Plan`: the answers a change hid, by label, and
    /// the field whose change hid them.
    package let dropped: @Sendable (_ labels: [String], _ because: String) -> String
    /// Why `-N` at the review removed nothing: the answer is in no repeating group's item, or the
    /// group holds its fewest items.
    package let reviewCannotRemove: String
    /// The review's key that removes the marked answer's item of a repeating group, as the key line says it.
    package let dRemoveItem: String
    /// Why that key removed nothing: `Phone numbers keeps at least 1 item.`
    package let keepsFewestItems: @Sendable (_ group: String, _ fewest: Int) -> String
    // Line mode.
    package let step: @Sendable (_ step: Int, _ steps: Int, _ label: String) -> String
    /// A field's section and its step within it, said before the label ("Account, 1 of 3.").
    package let inSection: @Sendable (_ section: String, _ step: Int, _ steps: Int) -> String
    package let hiddenWhileTyping: String
    package let forExample: @Sendable (_ text: String) -> String
    /// Line mode's help: the commands offered, and whether Shift-Tab has a field to go back to.
    package let helpText: @Sendable (_ commands: String, _ goesBack: Bool) -> String
    package let goesBack: String, stopsWithoutAnswers: String, saysThisAgain: String
    package let firstField: String
    package let notACommand: @Sendable (_ what: String, _ commands: String) -> String
    /// `/resend does not apply to this flow (/back, /cancel, /help).`: a command whose key does
    /// nothing in the walk (``SessionKey/applies(to:)``), with the commands that do.
    package let notInThisFlow: @Sendable (_ command: String, _ commands: String) -> String
    /// `/resend sends a code again on a field that sends one; Email sends none.`
    package let sendsNone: @Sendable (_ label: String) -> String
    package let that: String
    package let arrowKeysDoNothing: String
    package let wayBack: @Sendable (_ label: String) -> String
    package let cancelled: String, done: String
    /// The line the form leaves behind: `Sign up: done, 3 answers.` or `Sign up: cancelled.`
    package let summaryDone: @Sendable (_ title: String, _ count: Int) -> String
    package let summaryCancelled: @Sendable (_ title: String) -> String
    /// The line a question (`ask`) leaves: `Plan: Team`, the answer as a review shows it.
    package let summaryAnswered: @Sendable (_ label: String, _ shown: String) -> String
    /// The note after a first lone Esc in a walk.
    package let escapeAgain: String
    /// `Sign in: answers not saved.`: a walk completed whose answers could not be written.
    package let summaryNotSaved: @Sendable (_ title: String) -> String
    /// `Answers not saved.`: line mode's last words then.
    package let notSaved: String
    package let inputEndedBefore: @Sendable (_ field: String) -> String
    package let line: @Sendable (_ number: Int, _ place: String) -> String
    /// What a keyboard takes, in words (the engine's ``RuleMessages/keyboardTakes``).
    package let keyboardTakes: @Sendable (KeyboardType) -> String
    /// The keyboard's short badge beside a field's label: `abc`, `123`, `@`, `한/A`…
    package let keyboardBadge: @Sendable (KeyboardType) -> String
    // Hostile lines (piped input and the accessible mode): never repeated.
    /// Why a line that is not UTF-8 is refused.
    package let notText: String
    /// Why a line past the cap (``LineReader/lineLimit`` bytes) is refused.
    package let tooLong: @Sendable (_ limit: Int) -> String
    /// Piped input went on after the walk completed at line `line`.
    package let extraLines: @Sendable (_ line: Int) -> String
    // Notes around the interactive form.
    /// Started in the background where it cannot wait stopped for the terminal.
    package let otherJob: String
    /// No terminal could be opened to draw the form on; `failure` says why.
    package let noTerminal: @Sendable (_ failure: String) -> String
    /// The one line a fatal signal leaves (from a signal handler: fixed when the walk starts).
    package let fatalSignal: String
    /// Readline's history-search prompt (`(reverse-i-search)`abc': `) as the form shows it.
    package let historySearch: @Sendable (_ readlinePrompt: String) -> String
    // Checks and sends.
    /// `Checking Nickname…`, `Sending Verification code…`, `Verification code: sent.`
    package let checking: @Sendable (_ label: String) -> String, sending: @Sendable (_ label: String) -> String, sent: @Sendable (_ label: String) -> String
    /// `Resend in 12 s`
    package let resendIn: @Sendable (_ seconds: Int) -> String
    /// `Ctrl-R resend`, on the key line once a code may be sent again.
    package let resendKey: String
    /// `sends the code again`: line mode's `/resend`.
    package let sendsAgain: String
    // Options from the service.
    /// `Loading the options of City…`, while the service's list is asked for.
    package let loadingOptions: @Sendable (_ label: String) -> String
    /// `Seoul is not among City's new options; it was let go.`
    package let optionDropped: @Sendable (_ label: String, _ option: String) -> String

    package static let english = TerminalWords(
        enterNext: "Enter next", enterFinish: "Enter finish", enterReview: "Enter review", shiftTabBack: "Shift-Tab back", showHide: "Ctrl-T show/hide", ctrlCCancel: "Ctrl-C cancel",
        sessionKeyHelp: { key in
            switch key {
            case .next: ("Enter or Tab", "next (completes on the last field)")
            case .back: ("Shift-Tab", "previous field")
            case .showHide: ("Ctrl-T", "show/hide a secure field")
            case .redraw: ("Ctrl-L", "draw the form again")
            case .cancel: ("Ctrl-C, or Ctrl-D on an empty line,", "cancel")
            case .quit: ("Ctrl-\\", "cancel (exit 131)")
            case .escape: ("Esc", "clear a list's filter, hide a shown secret, else cancel (twice in a walk)")
            case .suspend: ("Ctrl-Z", "stop the job; fg redraws the form")
            case .resend: ("Ctrl-R", "send a code again, on a field that sends one")
            }
        },
        moveKeys: "↑/↓ move", spaceChoose: "Space choose", spaceTypes: "Space types a space", leftRightChange: "←/→ change",
        shown: "shown", hidden: "hidden",
        yes: "yes", no: "no", yesWord: "Yes", noWord: "No", yOrN: "y or n",
        notAConfirmAnswer: { "\($0) is not an answer here; answer y, yes, n or no" },
        typeYOrN: "Type y or n; Left and Right change the answer.",
        now: { "now \($0)" },
        enterKeepsIt: "Enter keeps it", enterKeepsThem: "Enter keeps them", enterKeepsCurrent: "Enter keeps the current answer",
        numberValueOrLabel: "a number, a value or a label", numbersSeparated: "numbers, values or labels separated by commas",
        notAnOption: { "\($0) is not one of the options; answer with a number from 1 to \($1), a value or a label: \($2)" },
        notOptions: { "\($0) is not one of the options; answer with numbers from 1 to \($1), values or labels, separated by commas (write a comma inside a value as \\,): \($2)" },
        notAccepted: { what, takes in
            guard !what.isEmpty else { return "Not accepted; this field takes \(takes)" }
            let listed = what.count < 2 ? what.joined() : what.dropLast().joined(separator: ", ") + " and " + what[what.count - 1]
            return "\(listed) \(what.count < 2 ? "is" : "are") not accepted; this field takes \(takes)"
        },
        cannotBeTyped: { "\($0) cannot be typed here: \($1)" },
        rules: .english,
        noOptionMatches: "No option matches; Backspace widens the filter.",
        typeToFilter: "Type to filter",
        moreAbove: { "↑ \($0) more" }, moreBelow: { "↓ \($0) more" },
        keyDoesNothing: "That key does nothing here.",
        review: "review", checkYourAnswers: "Check your answers",
        enterChange: "Enter change", sSubmit: "s submit", shiftTabLastAnswer: "Shift-Tab last answer",
        pressSToSubmit: "Press s to submit, or Enter to change the marked answer.",
        noAnswer: "(no answer)",
        reviewYourAnswers: "Review your answers:",
        reviewPrompt: { "Enter submits; a number from 1 to \($0) changes that answer" },
        reviewInvalid: { "at the review, a line is empty (submit) or a number from 1 to \($0) (change that answer)" },
        reviewHelp: { "At the review, press Enter to submit, or type a number from 1 to \($0) to change that answer." },
        reviewEnded: "input ended at the review; an empty line submits the answers, a number changes one",
        dropped: { "Dropped: \($0.joined(separator: ", ")) — hidden by \($1)" },
        reviewCannotRemove: "at the review, -N removes the item of a repeating group that answer N is in, while the group keeps its fewest items",
        dRemoveItem: "d remove item",
        keepsFewestItems: { "\($0) keeps at least \($1) item\($1 == 1 ? "" : "s")." },
        step: { "Step \($0) of \($1). \($2)" },
        inSection: { "\($0), \($1) of \($2)." },
        hiddenWhileTyping: "hidden while you type",
        forExample: { "for example \($0)" },
        helpText: {
            "Type an answer, then Enter. Instead of an answer you can type a command: \($0). "
                + ($1 ? "Shift-Tab, then Enter, also goes back; Ctrl-D cancels. " : "Ctrl-D cancels. ")
                + "To answer with text that begins with /, type the / twice: //home gives /home."
        },
        goesBack: "goes back one field", stopsWithoutAnswers: "stops without answers", saysThisAgain: "says this again",
        firstField: "This is the first field; there is nothing to go back to.",
        notACommand: { "\($0) is not a command (\($1)). To answer with text that begins with /, type the / twice." },
        notInThisFlow: { "\($0) does not apply to this flow (\($1))." },
        sendsNone: { "/resend sends a code again on a field that sends one; \($0) sends none." },
        that: "That",
        arrowKeysDoNothing: "Arrow and function keys do nothing here: type the answer, then Enter. /help lists the commands.",
        wayBack: { " (/back goes back to \($0).)" },
        cancelled: "Cancelled.", done: "Done.",
        summaryDone: { "\($0): done, \($1) answer\($1 == 1 ? "" : "s")." }, summaryCancelled: { "\($0): cancelled." },
        summaryAnswered: { "\($0): \($1)" },
        escapeAgain: "Esc again cancels the walk; any other key goes on.",
        summaryNotSaved: { "\($0): answers not saved." }, notSaved: "Answers not saved.",
        inputEndedBefore: { "input ended before \($0); expected one line per visible field" },
        line: { "line \($0): \($1)" },
        keyboardTakes: RuleMessages.english.keyboardTakes,
        keyboardBadge: { $0.badge },
        notText: "the line is not valid UTF-8 text, and nothing was changed; send the answer as UTF-8",
        tooLong: { "the line is longer than \($0) bytes, the most a line may hold" },
        extraLines: { "focusflow: the walk completed at line \($0); the input after it was not used." },
        otherJob: "focusflow: the terminal belongs to another job, and this one cannot wait stopped for it "
            + "(it was started in the background of a shell without job control). Run focusflow in the foreground.",
        noTerminal: {
            "focusflow: stderr is not a terminal and no terminal could be opened to draw the form on (\($0)); "
                + "the form goes to stderr. Run focusflow with stderr on a terminal, or use --accessible."
        },
        fatalSignal: "focusflow: stopped by a fatal signal; the terminal was restored.",
        historySearch: { $0 },
        checking: { "Checking \($0)…" }, sending: { "Sending \($0)…" }, sent: { "\($0): sent." },
        resendIn: { "Resend in \($0) s" }, resendKey: "Ctrl-R resend", sendsAgain: "sends the code again",
        loadingOptions: { "Loading the options of \($0)…" }, optionDropped: { "\($1) is not among \($0)'s new options; it was let go." })

    package static let korean = TerminalWords(
        enterNext: "Enter 다음", enterFinish: "Enter 완료", enterReview: "Enter 검토", shiftTabBack: "Shift-Tab 이전", showHide: "Ctrl-T 보이기/숨기기", ctrlCCancel: "Ctrl-C 취소",
        sessionKeyHelp: { key in
            switch key {
            case .next: ("Enter 또는 Tab", "다음(마지막 필드에서는 마침)")
            case .back: ("Shift-Tab", "이전 필드")
            case .showHide: ("Ctrl-T", "보안 필드 보이기/숨기기")
            case .redraw: ("Ctrl-L", "양식 다시 그리기")
            case .cancel: ("Ctrl-C, 또는 빈 줄에서 Ctrl-D", "취소")
            case .quit: ("Ctrl-\\", "취소(종료 131)")
            case .escape: ("Esc", "목록의 필터 지우기, 보이는 보안 값 가리기, 아니면 취소(진행 중에는 두 번)")
            case .suspend: ("Ctrl-Z", "작업 멈춤. fg로 양식을 다시 그립니다")
            case .resend: ("Ctrl-R", "코드를 보내는 항목에서 코드 다시 보내기")
            }
        },
        moveKeys: "↑/↓ 이동", spaceChoose: "Space 선택", spaceTypes: "Space 공백 입력", leftRightChange: "←/→ 바꾸기",
        shown: "보임", hidden: "숨김",
        yes: "예", no: "아니요", yesWord: "예", noWord: "아니요", yOrN: "y 또는 n (예/아니요)",
        notAConfirmAnswer: { "\($0)은(는) 여기서 답이 될 수 없습니다. y, 예, n 또는 아니요로 답하세요" },
        typeYOrN: "y 또는 n을 누르세요. 왼쪽·오른쪽 화살표로 답을 바꿉니다.",
        now: { "지금 값: \($0)" },
        enterKeepsIt: "Enter를 누르면 그대로 둡니다", enterKeepsThem: "Enter를 누르면 그대로 둡니다", enterKeepsCurrent: "Enter를 누르면 지금 답을 그대로 둡니다",
        numberValueOrLabel: "번호, 값 또는 이름", numbersSeparated: "쉼표로 구분한 번호, 값 또는 이름",
        notAnOption: { "\($0)은(는) 선택지에 없습니다. 1부터 \($1)까지의 번호, 값 또는 이름으로 답하세요: \($2)" },
        notOptions: { "\($0)은(는) 선택지에 없습니다. 1부터 \($1)까지의 번호, 값 또는 이름을 쉼표로 구분해 답하세요(값 안의 쉼표는 \\,로 씁니다): \($2)" },
        notAccepted: { what, takes in
            guard !what.isEmpty else { return "입력할 수 없는 문자가 있습니다. 이 항목에는 \(takes)만 입력할 수 있습니다" }
            return "\(what.joined(separator: ", "))은(는) 입력할 수 없습니다. 이 항목에는 \(takes)만 입력할 수 있습니다"
        },
        cannotBeTyped: { "\($0)은(는) 여기에 입력할 수 없습니다: \($1)" },
        rules: .korean,
        noOptionMatches: "맞는 선택지가 없습니다. Backspace로 검색어를 줄이세요.",
        typeToFilter: "입력해서 찾기",
        moreAbove: { "↑ \($0)개 더" }, moreBelow: { "↓ \($0)개 더" },
        keyDoesNothing: "이 키는 여기서 아무 일도 하지 않습니다.",
        review: "검토", checkYourAnswers: "답을 확인하세요",
        enterChange: "Enter 바꾸기", sSubmit: "s 제출", shiftTabLastAnswer: "Shift-Tab 마지막 답",
        pressSToSubmit: "s를 누르면 제출하고, Enter를 누르면 표시된 답을 바꿉니다.",
        noAnswer: "(답 없음)",
        reviewYourAnswers: "답을 검토하세요:",
        reviewPrompt: { "Enter는 제출, 1부터 \($0)까지의 번호는 그 답을 바꿉니다" },
        reviewInvalid: { "검토 단계에서는 빈 줄(제출)이나 1부터 \($0)까지의 번호(그 답 바꾸기)를 입력합니다" },
        reviewHelp: { "검토 단계입니다. Enter를 누르면 제출하고, 1부터 \($0)까지의 번호를 입력하면 그 답을 바꿉니다." },
        reviewEnded: "검토 단계에서 입력이 끝났습니다. 빈 줄은 답을 제출하고, 번호는 답 하나를 바꿉니다",
        dropped: { "빠진 답: \($0.joined(separator: ", ")) — \($1) 때문에 숨겨짐" },
        reviewCannotRemove: "검토 단계에서 -N은 답 N이 속한 반복 그룹의 항목을 지웁니다. 그룹의 최소 항목 수보다 줄일 수는 없습니다",
        dRemoveItem: "d 항목 지우기",
        keepsFewestItems: { "\($0)에는 항목이 최소 \($1)개 있어야 합니다." },
        step: { "\($1)단계 중 \($0)단계. \($2)" },
        inSection: { "\($0) \($2)단계 중 \($1)단계." },
        hiddenWhileTyping: "입력하는 동안 숨겨집니다",
        forExample: { "예: \($0)" },
        helpText: {
            "답을 입력하고 Enter를 누르세요. 답 대신 명령을 입력할 수 있습니다: \($0). "
                + ($1 ? "Shift-Tab 다음 Enter도 이전으로 돌아가고, Ctrl-D는 취소합니다. " : "Ctrl-D는 취소합니다. ")
                + "/로 시작하는 답은 /를 두 번 입력하세요: //home은 /home이 됩니다."
        },
        goesBack: "이전 항목으로", stopsWithoutAnswers: "답 없이 멈춤", saysThisAgain: "이 안내 다시 보기",
        firstField: "첫 번째 항목이라 돌아갈 곳이 없습니다.",
        notACommand: { "\($0)은(는) 명령이 아닙니다(\($1)). /로 시작하는 답은 /를 두 번 입력하세요." },
        notInThisFlow: { "\($0)은(는) 이 흐름에서 쓰지 않는 명령입니다(\($1))." },
        sendsNone: { "/resend는 코드를 보내는 항목에서 코드를 다시 보냅니다. \($0)은(는) 보내지 않습니다." },
        that: "그것",
        arrowKeysDoNothing: "화살표와 기능 키는 여기서 아무 일도 하지 않습니다. 답을 입력하고 Enter를 누르세요. /help는 명령을 보여 줍니다.",
        wayBack: { " (/back은 \($0) 항목으로 돌아갑니다.)" },
        cancelled: "취소했습니다.", done: "완료했습니다.",
        summaryDone: { "\($0): 완료, 답 \($1)개." }, summaryCancelled: { "\($0): 취소했습니다." },
        summaryAnswered: { "\($0): \($1)" },
        escapeAgain: "Esc를 한 번 더 누르면 취소합니다. 다른 키를 누르면 이어 갑니다.",
        summaryNotSaved: { "\($0): 답을 저장하지 못했습니다." }, notSaved: "답을 저장하지 못했습니다.",
        inputEndedBefore: { "\($0) 전에 입력이 끝났습니다. 보이는 항목마다 한 줄씩 필요합니다" },
        line: { "\($0)번째 줄: \($1)" },
        keyboardTakes: RuleMessages.korean.keyboardTakes,
        keyboardBadge: { keyboard in
            switch keyboard {
            case .asciiCapable: "영문"
            case .url: "URL"
            case .namePhonePad: "가☎"
            default: keyboard.badge
            }
        },
        notText: "이 줄은 올바른 UTF-8 텍스트가 아니어서 아무것도 바꾸지 않았습니다. 답을 UTF-8로 보내세요",
        tooLong: { "이 줄은 한 줄에 담을 수 있는 최대 크기인 \($0)바이트보다 깁니다" },
        extraLines: { "focusflow: \($0)번째 줄에서 모든 항목에 답했습니다. 그 뒤의 입력은 쓰지 않았습니다." },
        otherJob: "focusflow: 터미널을 다른 작업이 쓰고 있습니다. 이 작업은 멈춘 채로 기다릴 수 없습니다"
            + "(작업 제어가 없는 셸의 백그라운드에서 시작했습니다). focusflow를 포그라운드에서 실행하세요.",
        noTerminal: {
            "focusflow: stderr가 터미널이 아니고, 폼을 그릴 터미널도 열 수 없습니다(\($0)). "
                + "폼은 stderr로 나갑니다. stderr를 터미널에 두고 실행하거나 --accessible을 쓰세요."
        },
        fatalSignal: "focusflow: 치명적인 시그널로 멈췄습니다. 터미널은 원래대로 돌려 놓았습니다.",
        historySearch: { prompt in
            // Readline writes `(` [`failed `] [`reverse-`] `i-search)`, then the search string quoted.
            guard prompt.hasPrefix("("), let close = prompt.firstRange(of: "i-search)") else { return prompt }
            let flags = prompt[prompt.index(after: prompt.startIndex)..<close.lowerBound]
            let direction = flags.contains("reverse-") ? "역방향 검색" : "순방향 검색"
            return "(\(direction)\(flags.contains("failed") ? " 실패" : ""))" + prompt[close.upperBound...]
        },
        checking: { "\($0) 확인 중…" }, sending: { "\($0) 보내는 중…" }, sent: { "\($0): 보냈습니다." },
        resendIn: { "\($0)초 후 다시 보내기" }, resendKey: "Ctrl-R 다시 보내기", sendsAgain: "코드 다시 보내기",
        loadingOptions: { "\($0) 선택지를 불러오는 중…" }, optionDropped: { "\($1)은(는) \($0)의 새 선택지에 없어 선택을 풀었습니다." })
}

extension Language {
    /// The terminal's words in this language.
    package var words: TerminalWords {
        switch self {
        case .en: .english
        case .ko: .korean
        }
    }
}

extension TerminalWords {
    /// Why `keyboard` refused `text` (a typed key, a paste, a line): the refused characters as a
    /// person reads them and what the field takes. A secure field's characters are never named.
    package func refused(_ text: String, by keyboard: KeyboardType, secure: Bool) -> String {
        notAccepted(secure ? [] : keyboard.refusedNames(in: text), keyboardTakes(keyboard))
    }
}
