import FocusFlow
import FocusFlowConsole
import FocusFlowProtocol
import FocusFlowTerminal

/// Every sentence `focusflow` says when a command fails, with the names it quotes. Each
/// language's sentences are one `switch` over these cases (`CommandProblem+English.swift`,
/// `CommandProblem+Korean.swift`), so a case without a sentence in a language does not compile.
/// Options, files, commands and values are quoted as they were given, in every language.
enum CommandProblem: Equatable {
    // The command line.
    case takesNoValue(option: String)
    case givenTwice(option: String)
    case needsValue(option: String)
    case unknownOption(String, nearest: String?)
    case wholeNumber(option: String, range: ClosedRange<Int>, given: String)
    case seconds(option: String, most: Double, given: String)
    case unknownCommand(String, nearest: String)
    case noSuchCommand(String, nearest: String?)
    case helpTakesOneCommand
    case oneFlowAtMost(command: String)
    case runTakesOneFlow(given: Int)
    case validateNeedsFlow
    case verifyNeedsFlowAndAnswers
    /// `verify - -`: the flow and the answers both named as stdin, which holds one of them.
    case verifyBothFromStandardInput
    case unknownLanguage(String, known: [String])
    case unknownTheme(String, nearest: String?, known: [String])
    case maskCharacter(String)
    case unknownFormat(String, nearest: String?, known: [String])
    /// A flow whose answers cannot all be named in `format` (`shell`, `env`).
    case answerNames(AnswerFormat.NameProblem, format: String)
    case discardNeedsDraft
    case setNeedsEquals(String)
    case setSecure(String)
    /// A flow whose field names a check or a send (`check` true for a check) that no `--check`
    /// or `--send` gives a program for.
    case serviceNotPerformed(field: String, name: String, check: Bool)
    /// `--check` or `--send` (`check`) without `NAME=COMMAND`.
    case serviceNeedsEquals(String, check: Bool)
    /// Two programs for one check or send.
    case serviceTwice(String, check: Bool)
    /// A program for a check or send no field of the flow names.
    case serviceUnused(String, check: Bool, known: [String])
    /// A flow whose field takes its options from a source that no `--options` gives a program for.
    case optionsNotGiven(field: String, name: String)
    /// `--options` without `NAME=COMMAND`.
    case optionsNeedsEquals(String)
    /// Two programs for one source of options.
    case optionsTwice(String)
    /// A program for a source of options no field of the flow names.
    case optionsUnused(String, known: [String])
    /// `check --options NAME=FILE` whose file is not a list of options, nor a list of lists.
    case optionsFileMalformed(String)
    /// Two `--set` for one field: which counts would be a guess.
    case setTwice(String)
    /// `--set` or `--answers` with a `--draft` that resumes: the draft's answers and these would both claim the fields.
    case prefillWithResumedDraft(String)
    case askNeedsKind(known: [String])
    case unknownKind(String, nearest: String?, known: [String])
    case askNeedsLabel(kind: String)
    case askTakesOneLabel(given: Int)
    /// An option of `ask` that the question's kind does not take (`--mask` on a text).
    case askOptionNotForKind(option: String, kind: String)
    /// `--tty` with no terminal to open (`/dev/tty`): a job with no controlling terminal.
    case noTerminal(SystemError)
    case askNeedsOptions(kind: String)
    /// A value of an option of `ask` that is not of its key's shape (`--step ten`).
    case askValue(option: String, given: String, expected: QuestionKey.Value)
    case askDefaultRefused(PrefillError)
    /// A setting the flow loader refuses (`--min-length 9 --max-length 3`).
    case askRefused(FlowSpecError.Reason, option: String?)
    case completionsShell(String?, known: [String])
    /// `--idle` or `--max-sessions` without `--sessions`.
    case needsSessions(option: String)
    case takesNoOperands(command: String)
    case replayNeedsScript
    case replayFileCount(Int)
    case replayScriptAfterFlow(String)
    // Files.
    case flow(FlowSpecError)
    case jsonSchemaNotFlow(String)
    case folderNotFlow(String)
    case folderNotScript(String)
    /// A recording of another flow (`recorded`) than the one replayed (`replayed`).
    case scriptOfOtherFlow(String, recorded: String, replayed: String)
    case folderNotResponses(String)
    case noSuchFile(String)
    /// `run -`, `serve /dev/stdin`: the command reads stdin for something else (answers, requests).
    case flowFromStandardInput(path: String, command: String)
    /// A flow named as stdin (`-`, `/dev/stdin`) while stdin is a terminal (`standardInput`), or
    /// as a terminal itself (`/dev/tty`): no flow comes from a person's keys. `takesDash` when
    /// the command reads a piped flow as `-`.
    case flowFromTerminal(path: String, command: String, standardInput: Bool, takesDash: Bool)
    case cannotBeRead(String)
    case goldenUnreadable(String, missing: Bool)
    /// A script's or GOLDEN's line that is no line of text: longer than `limit` bytes (the line
    /// limit, ``LineReader/lineLimit``) or, with no limit, holding a NUL byte.
    case notLinesOfText(String, line: Int, longerThan: Int?)
    case responseDiffers(file: String, line: Int, expected: String?, got: String?)
    // Writing: the output layer's failures, rendered in each language.
    case stdoutNotWritten(SystemError)
    case outputNotOpened(AnswerTarget.Failure, standardOutput: Bool)
    case answersNotSaved(AnswerTarget.Failure, draft: String?)
    case draftNotOpened(AnswerTarget.Failure)
    case draftNotResumed(DraftFile.Failure)
    case draftNotSaved(DraftFile.Problem)
    case recordingNotOpened(AnswerTarget.Failure)
    case recordingNotSaved(AnswerTarget.Failure)
    case recordingNoStandIn(WalkRecorder.Failure)
    case setRefused(PrefillError)
    case prefillRefused(PrefillError)
    /// A file of answers (named as the command line gives it: `--answers a.json`, or `verify`'s
    /// operand) that is missing or cannot be read.
    case answersFileMissing(String, exists: Bool)
    /// A file of answers named that is a folder.
    case folderNotAnswers(String)
    /// A file of answers (named `name`) that is a terminal: stdin named (`-`, `/dev/stdin`)
    /// while stdin is the person's terminal (`standardInput`, for `verify`, which reads `-`), or
    /// a terminal device (`/dev/tty`). No file of answers comes from a person's keys.
    case answersFromTerminal(name: String, command: String, standardInput: Bool)
    /// A file of answers at a path another user planted or owns; `beforeWalk` when a walk was to
    /// start (`run`), which then asked nothing.
    case answersFileNotYours(String, PathOwnership.Refusal, beforeWalk: Bool)
    case answersFileRefused(String, PrefillError)
    /// Scripted input that failed, said already in the walk's language.
    case invalidInput(String)

    /// The sentence in `language`, without `focusflow: `.
    ///
    /// A file, an option or a value is quoted as given, with every control or invisible character
    /// in it written as an escape (`\u{1B}`, `\u{202E}`, by ``DisplayText/escaped(_:)``, as a flow
    /// file's errors are): a file named with `ESC ] 0 ;` cannot set the terminal's title, nor a
    /// line break in a name start a line of its own. The line breaks of a response that differs
    /// and of the walk's own sentence are theirs.
    func message(in language: Language) -> String {
        let sentence =
            switch language {
            case .en: english
            case .ko: korean
            }
        switch self {
        case .responseDiffers, .invalidInput:
            return sentence.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.escaped(String($0)) }.joined(separator: "\n")
        default:
            return DisplayText.escaped(sentence)
        }
    }
}

extension String {
    /// The text ended as a sentence: a full stop added unless it ends with one (or `?`, `!`).
    var sentence: String { hasSuffix(".") || hasSuffix("?") || hasSuffix("!") ? self : self + "." }
}
