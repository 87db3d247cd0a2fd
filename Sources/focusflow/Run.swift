import FocusFlow
import FocusFlowConsole
import FocusFlowTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// `focusflow run [FLOW]`: walks a flow and writes the answers as one JSON object.
enum Run {
    static let exitStatuses = """
        Exit status: 0 done, 1 invalid scripted input, 2 usage or flow error (a
        prefilled answer that breaks its rules, a draft of a changed flow,
        --record on a flow with a secure field no stand-in can pass),
        74 the answers or the draft could not be written, 130 cancelled
        (Ctrl-D). Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP cancel too, then end the
        program by that signal, as sudo does: a shell sees 130, 131, 143, 129
        (128+N for signal N), and a script running it stops.
        """

    static let command = Subcommand(
        name: "run",
        synopsis: [
            "[run] [FLOW] [--output FILE] [--format json|shell|env] [--accessible] [--tty] [--mask CHAR] [--theme NAME] [--record FILE] [--lang en|ko]",
            "[run] [FLOW] [--set ID=VALUE]… [--answers FILE] [--ask-invalid] [--skip-filled] [--draft FILE [--draft-discard]]",
            "[run] [FLOW] [--check NAME=COMMAND]… [--send NAME=COMMAND]… [--options NAME=COMMAND]… [--check-timeout SECONDS]",
        ],
        texts: HelpTexts(
            en: HelpText(
                summary: "walk a flow, print the answers as JSON (the default command)",
                details: """
                    Walks FLOW (default: the built-in sign-up flow) in the terminal and prints the
                    answers as one JSON object on stdout, in field order. The interface itself goes
                    to stderr, or to /dev/tty when stderr is not a terminal.

                    OPTIONS
                      --output FILE   write the answers to FILE instead of stdout: a regular file is
                                      replaced atomically (mode 0600; a symlink's target is
                                      replaced), a FIFO, character device or /dev/fd/N is written
                                      directly; '-' is stdout (a file named - is ./-)
                    \(FormatOption.help)
                      --accessible    plain line-per-prompt mode (also when TERM=dumb)
                      --tty           ask on the terminal (/dev/tty) whatever stdin is: in a loop
                                      reading a file (while read …; done < file)
                      --mask CHAR     the character shown for each character of a secure field
                                      (default •); one visible character, one or two columns wide
                      --theme NAME    colour the screen with a built-in theme instead of the flow's
                                      own "theme"; NO_COLOR and a terminal without colours
                                      still get none.
                                      Themes: \(FlowTheme.builtInNames.joined(separator: ", "))
                      --record FILE   write the walk to FILE as a script for 'focusflow replay',
                                      each secure value replaced by a stand-in made from the
                                      field's rules alone, which they judge as they judged the
                                      value: it says no more of the secret than the rules did
                                      (replaced atomically, mode 0600)
                    \(LanguageOption.help)
                    \(RunStart.help)
                    \(ServiceOptions.help)

                    KEYS
                    \(SessionKey.helpLines(.english).joined(separator: "\n"))

                    When stdin is not a terminal, each line answers the next visible field.
                    Where the answers go is checked before the first field shows: a closed stdout, a
                    folder, a read-only file or a missing folder stops the run at once (exit 74).
                    A path for --output, --record, --draft or --answers that another user owns (a
                    file, a FIFO, a symbolic link) is refused too, as one planted in a shared folder
                    such as /tmp could be; a draft others can write is not resumed.
                    \(exitStatuses)
                    """), ko: KoreanHelp.run),
        options: Set(["output", "format", "mask", "theme", "record", "lang"]).union(RunStart.options).union(ServiceOptions.options),
        flags: Set(["accessible", "tty"]).union(RunStart.flags),
        repeatable: RunStart.repeatable.union(ServiceOptions.repeatable),
        operands: [.flow], values: ["format": .choice(AnswerFormat.allCases.map(\.rawValue))],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw .usage(.runTakesOneFlow(given: arguments.positionals.count), command: "run")
        }
        if let path = arguments.positionals.first, FlowFile.isStandardInput(path) {
            throw .usage(.flowFromStandardInput(path: path, command: "run"), command: "run")
        }
        let mask = try arguments.values["mask"].map(Self.mask) ?? "•"
        let language = try LanguageOption.decide(arguments, command: "run", fallback: LanguageOption.fromEnvironment)
        let spec = try FlowFile.load(arguments.positionals.first, command: "run").localized(to: language)
        let theme = try arguments.values["theme"].map(ThemeOption.named)
        let format = try FormatOption.decide(arguments, command: "run")
        let names = try FormatOption.names(format, for: spec)
        let target = try answerTarget(arguments.values["output"])
        let recording = try arguments.values["record"].map { path throws(CommandError) in try RecordOption(path: path, spec: spec) }
        let services = try ServiceOptions.decide(spec, arguments)
        let (start, origin, draft) = try RunStart.decide(spec, arguments)
        if let origin { recording?.begin(at: origin) }
        if arguments.flags.contains("tty") { try TerminalInput.take() }
        // Colours: FlowRunner decides from NO_COLOR and terminfo, in one place.
        var options = RunOptions(spec: spec, mask: mask, accessible: arguments.flags.contains("accessible"), start: start, draft: draft)
        options.theme = theme
        options.recorder = recording?.observer
        options.services = services
        let waiting = target.awaitedReader.map { arguments.language.commandWords.waitingForReader(DisplayText.escaped($0)) }
        let delivery = AnswerDelivery(to: target, waiting: waiting) { format.text(of: $0, names: names) }
        options.deliver = delivery.deliver
        let outcome = FlowRunner.run(options)
        SignalEnding.note(outcome)
        let recordingFailure = recording?.save(after: outcome)
        for field in recording?.approximations ?? [] {
            Output.error("focusflow: " + arguments.language.commandWords.recordingApproximated(field.rawValue))
        }
        switch outcome {
        case .completed(let result):
            do {
                try delivery.finish(result)
            } catch {
                throw CommandError(.answersNotSaved(error, draft: draft?.path), kind: .output)
            }
            draft?.remove()
        case .invalidInput(let message):
            // A draft that could not be saved is said too, and decides the status (below).
            guard draft?.failure == nil else { Output.error("focusflow: " + CommandProblem.invalidInput(message).message(in: arguments.language)); break }
            throw CommandError(.invalidInput(message), kind: .input)
        case .cancelled, .signalled:
            break
        }
        if let failure = draft?.failure { throw CommandError(.draftNotSaved(failure), kind: .output) }
        if let recordingFailure { throw recordingFailure }
        return outcome.exitStatus
    }

    /// The mask `--mask` names: one visible character, one or two columns wide.
    static func mask(_ text: String) throws(CommandError) -> Character {
        guard let mask = MaskCharacter(text) else {
            throw .usage(.maskCharacter(text), command: "run")
        }
        return mask.character
    }

    /// Stdout, or the `--output` target, opened and checked before the first field shows.
    static func answerTarget(_ output: String?) throws(CommandError) -> AnswerTarget {
        do throws(AnswerTarget.Failure) {
            // `-` is stdout, as other tools read it (a file named - is `--output ./-`).
            guard let output, output != "-" else { return try AnswerTarget.standardOutput() }
            return try AnswerTarget.file(output)
        } catch {
            throw CommandError(.outputNotOpened(error, standardOutput: output == nil), kind: .output)
        }
    }
}
