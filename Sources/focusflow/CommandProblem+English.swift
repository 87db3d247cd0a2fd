import FocusFlow

extension CommandProblem {
    /// The English sentence: the one table of the command line's errors in English.
    var english: String {
        switch self {
        case .takesNoValue(let option): "--\(option) takes no value"
        case .givenTwice(let option): "--\(option) is given twice; give it once"
        case .needsValue(let option): "--\(option) needs a value"
        case .unknownOption(let word, let near): "unknown option \(word)" + (near.map { "; did you mean --\($0)?" } ?? "")
        case .wholeNumber(let option, let range, let given):
            "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(given)\""
        case .seconds(let option, let most, let given):
            "--\(option) takes a number of seconds more than 0 and at most \(Seconds.text(most)), such as 60 or 0.5, not \"\(given)\""
        case .unknownCommand(let name, let near): "unknown command '\(name)'; did you mean '\(near)'?"
        case .noSuchCommand(let name, let near): "there is no command '\(name)'" + (near.map { "; did you mean '\($0)'?" } ?? "")
        case .helpTakesOneCommand: "help takes one command name at most"
        case .oneFlowAtMost(let command): "\(command) takes one flow file at most"
        case .runTakesOneFlow(let count): "run takes one flow file at most, not \(count)"
        case .validateNeedsFlow: "validate needs at least one flow file"
        case .verifyNeedsFlowAndAnswers: "verify needs a flow file and a file of answers (- for stdin)"
        case .verifyBothFromStandardInput: "verify reads the flow or the answers from stdin (-), not both: give the flow as a file"
        case .unknownLanguage(let name, let known): "--lang takes \(known.joined(separator: " or ")), not \"\(name)\""
        case .unknownTheme(let name, let near, let known):
            "unknown theme \(name.debugDescription)" + (near.map { "; did you mean \"\($0)\"?" } ?? ".") + " The themes are \(known.joined(separator: ", "))."
        case .maskCharacter(let text): "--mask takes one visible character, one or two columns wide, not \(text.debugDescription)"
        case .unknownFormat(let name, let near, let known):
            "--format takes \(known.joined(separator: ", ")), not \(name.debugDescription)" + (near.map { "; did you mean \($0)?" } ?? "")
        case .answerNames(.sameName(let first, let second, let name), let format):
            "--format \(format) cannot name the answers: the fields \"\(first)\" and \"\(second)\" both come to \(name). Give them ids that differ in letters, digits or _, or use --format json. Nothing was asked"
        case .answerNames(.shellVariable(let field, let name), let format):
            "--format \(format) cannot name the answer of \"\(field)\": it would be \(name), a variable the shell reads itself. Rename the field, or use --format json. Nothing was asked"
        case .discardNeedsDraft: "--draft-discard needs --draft FILE: it says to start that draft afresh"
        case .setNeedsEquals(let item): "--set takes ID=VALUE, like --set email=ada@example.com; \(item.debugDescription) has no ="
        case .setSecure(let id):
            "--set cannot give \"\(id)\": it is a secure field, and a command line is visible to every user of the machine. Put it in --answers FILE, or type it when asked"
        case .serviceNotPerformed(let field, let name, let check):
            "\"\(field)\" names the \(check ? "check" : "send") \"\(name)\", and no program performs it: give one with --\(check ? "check" : "send") \(name)=COMMAND (or walk the flow with serve, or the Swift API's FlowServices). Nothing was asked"
        case .serviceNeedsEquals(let item, let check):
            "--\(check ? "check" : "send") takes NAME=COMMAND, like --\(check ? "check nickname-free=Flows/signup-check.sh" : "send sms-code=Flows/signup-send.sh"); \(item.debugDescription) has no ="
        case .serviceTwice(let name, let check): "--\(check ? "check" : "send") gives \"\(name)\" twice; give each one program"
        case .serviceUnused(let name, let check, let known):
            "no field of the flow names the \(check ? "check" : "send") \"\(name)\"" + (known.isEmpty ? "; it has none" : "; it names " + known.map { "\"\($0)\"" }.joined(separator: ", "))
        case .optionsNotGiven(let field, let name):
            "\"\(field)\" takes its options from \"\(name)\", and no program gives them: give one with --options \(name)=COMMAND (or walk the flow with serve, or the Swift API's optionsProvider). Nothing was asked"
        case .optionsNeedsEquals(let item): "--options takes NAME=COMMAND, like --options cities=Flows/cities.sh; \(item.debugDescription) has no ="
        case .optionsFileMalformed(let path):
            "\(path): not a list of options: give a JSON array of values or {\"value\",\"label\"} objects, or an array of such lists"
        case .optionsTwice(let name): "--options gives \"\(name)\" twice; give each one program"
        case .optionsUnused(let name, let known):
            "no field of the flow takes its options from \"\(name)\"" + (known.isEmpty ? "; it has none" : "; it names " + known.map { "\"\($0)\"" }.joined(separator: ", "))
        case .setTwice(let id): "--set gives \"\(id)\" twice; give each field once"
        case .prefillWithResumedDraft(let path):
            "--set and --answers cannot be given with --draft \(path), which resumes a walk with answers of its own; pass --draft-discard to start afresh with them"
        case .askNeedsKind(let known): "ask needs a KIND and a LABEL, like: focusflow ask text \"Nickname\"; the kinds are \(known.joined(separator: ", "))"
        case .unknownKind(let name, let near, let known):
            "unknown kind \(name.debugDescription)" + (near.map { "; did you mean \($0)?" } ?? "") + " The kinds are \(known.joined(separator: ", "))."
        case .askNeedsLabel(let kind): "ask needs a LABEL after the kind, like: focusflow ask \(kind) \"Nickname\""
        case .askTakesOneLabel(let count): "ask takes one LABEL, not \(count) words; quote a label with spaces: \"Your name\""
        case .askOptionNotForKind(let option, let kind): "--\(option) does not apply to a \(kind) question"
        case .noTerminal(let error): "--tty: there is no terminal to ask on: /dev/tty: \(error.words(in: .en)); nothing was asked"
        case .askNeedsOptions(let kind): "a \(kind) question needs its choices: --option VALUE[=LABEL], once for each"
        case .askValue(let option, let given, .flag): "--\(option) takes true or false, not \(given.debugDescription)"
        case .askValue(let option, let given, .count): "--\(option) takes a whole number, 0 or more, not \(given.debugDescription)"
        case .askValue(let option, let given, _): "--\(option) takes a number, not \(given.debugDescription)"
        case .askDefaultRefused(let error): "--default: \(error.message(in: .en))"
        case .askRefused(let reason, let option):
            "the question cannot be asked: " + (option.map { "--\($0): " } ?? "") + DisplayText.escaped(reason.message(in: .en))
        case .completionsShell(let name, let known):
            "completions takes one shell, \(known.joined(separator: ", "))" + (name.map { ", not \($0.debugDescription)" } ?? "") + "; like: focusflow completions bash"
        case .needsSessions(let option): "--\(option) goes with --sessions: serve holds one walk without it"
        case .takesNoOperands(let command): "\(command) takes no FLOW nor other words, only options"
        case .replayNeedsScript: "replay needs a SCRIPT: focusflow replay [FLOW] SCRIPT"
        case .replayFileCount(let count): "replay takes a flow and a script, not \(count) files"
        case .replayScriptAfterFlow(let path): "replay needs a SCRIPT after the flow: \(path) is a flow file"
        case .flow(let error): error.message(in: .en)
        case .jsonSchemaNotFlow(let path): "\(path): a JSON Schema for flow files, not a flow"
        case .folderNotFlow(let path): "\(path): a folder, not a flow file; name the flows in it, like \(Self.folder(path))/*.json"
        case .folderNotScript(let path): "\(path): a folder, not a script"
        case .scriptOfOtherFlow(let path, let recorded, let replayed):
            "\(path):1: the script records a walk through \"\(recorded)\", not \"\(replayed)\"; replay it with its own flow: focusflow replay FLOW \(path)"
        case .folderNotResponses(let path): "\(path): a folder, not a file of responses"
        case .noSuchFile(let path): "\(path): no such file"
        case .flowFromStandardInput(let path, let command):
            "\(command) reads \(command == "serve" ? "its requests" : "the answers") from stdin, so the flow cannot come from there too (\(path)); give the flow as a file, or as <(…) in bash and zsh"
        case .flowFromTerminal(let path, let command, let standardInput, let takesDash):
            "\(path): "
                + (standardInput ? "the flow is read from stdin, which is a terminal here" : "a terminal, not a flow file")
                + (takesDash
                    ? (standardInput ? "; pipe a flow in" : "; give the flow as a file, or pipe it in") + ": focusflow \(command) - < flow.json"
                    : "; give the flow as a file, or as <(…) in bash and zsh")
        case .cannotBeRead(let path): "\(path): cannot be read"
        case .goldenUnreadable(let path, let missing):
            "\(path): \(missing ? "no such file" : "cannot be read"); --expect needs the responses of an earlier replay"
        case .notLinesOfText(let path, let line, let limit):
            "\(path):\(line): the line \(limit.map { "is longer than \($0) bytes, the most a line may hold" } ?? "holds a NUL byte"); the file is not lines of text, and nothing past it is read"
        case .responseDiffers(let file, let line, let expected, let got):
            "\(DisplayText.escaped(file)):\(line): the response differs\n  expected \(expected ?? "the end of the file")\n  got      \(got ?? "the end of the responses")"
        case .stdoutNotWritten(let error): "cannot write to stdout: \(error.words(in: .en))"
        case .outputNotOpened(let failure, let standardOutput):
            "\(failure.message(in: .en)). Nothing was asked." + (standardOutput ? " '--output FILE' writes the answers elsewhere." : "")
        case .answersNotSaved(let failure, let draft):
            "\(failure.message(in: .en)). The answers were not saved" + (draft.map { " (the draft \($0) keeps the non-secure ones)" } ?? "") + "."
        case .draftNotOpened(let failure): "\(failure.message(in: .en)). Nothing was asked."
        case .draftNotResumed(let failure): failure.message(in: .en)
        case .draftNotSaved(let problem): "\(problem.message(in: .en)). Answers given since the last saved draft are not in it."
        case .recordingNotOpened(let failure): "\(failure.message(in: .en)). Nothing was asked; '--record FILE' needs a file it can write."
        case .recordingNotSaved(let failure): "\(failure.message(in: .en)). The recording was not saved."
        case .recordingNoStandIn(let failure): "\(failure.message(in: .en)). Nothing was asked; walk the flow without '--record'."
        case .setRefused(let error): "--set: \(error.message(in: .en))"
        case .prefillRefused(let error):
            "prefilled answers: \(error.message(in: .en).sentence)" + (error.reason == .invalid ? " Fix it, or pass --ask-invalid to be asked for it." : "")
        case .answersFileMissing(let name, let exists): "\(name): \(exists ? "it cannot be read" : "no such file")"
        case .folderNotAnswers(let name): "\(name): a folder, not a file of answers"
        case .answersFromTerminal(let name, let command, let standardInput):
            standardInput
                ? "\(name): the answers are read from stdin, which is a terminal here; pipe them in: focusflow \(command) flow.json - < answers.json"
                : "\(name): a terminal, not a file of answers; give the answers as a file"
        case .answersFileNotYours(let name, let refusal, let beforeWalk): "\(name): \(refusal.words(in: .en))." + (beforeWalk ? " Nothing was asked." : "")
        case .answersFileRefused(let path, let error):
            // A syntax error is placed as a flow file's is: `answers.json:3:5: …`.
            if case .syntax(let line, let column, let reason) = error.detail {
                "\(path):\(line):\(column): \(reason.message(in: .en))"
            } else {
                "\(path): \(error.message(in: .en))"
            }
        case .invalidInput(let message): message
        }
    }

    /// `Flows` for `Flows/`.
    static func folder(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }
}
