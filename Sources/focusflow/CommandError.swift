import FocusFlow

/// Every way a command fails: the sentence said on stderr and the exit status that goes with it.
///
/// The commands throw this one type; `CLI.main` prints it and exits with its status, so no
/// command has its own path for errors.
struct CommandError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the exit status and whether a pointer to help follows.
    enum Kind: Equatable {
        /// A mistake on the command line; `command` names the help that explains it.
        case usage(command: String)
        /// A flow file that cannot be loaded.
        case flow
        /// Scripted input that failed a rule or its keyboard.
        case input
        /// A question with no answer it can take: a piped answer that breaks a rule, no terminal
        /// for `--tty`. Exit 2, for 1 is a confirm's no.
        case noAnswer
        /// The output — the answers, a response, a help text — cannot be written, found before
        /// the walk or after it.
        case output
    }

    var problem: CommandProblem
    var kind: Kind

    init(_ problem: CommandProblem, kind: Kind) {
        self.problem = problem
        self.kind = kind
    }

    /// A usage mistake, answered with a pointer to `focusflow COMMAND --help`.
    static func usage(_ problem: CommandProblem, command: String) -> CommandError {
        CommandError(problem, kind: .usage(command: command))
    }

    /// The exit status: 1 invalid input, 2 usage or flow error, 74 output not written.
    var status: Int32 {
        switch kind {
        case .input: ExitStatus.invalidInput
        case .usage, .flow, .noAnswer: ExitStatus.usage
        case .output: ExitStatus.outputNotWritten
        }
    }

    /// What is said on stderr, in `language`: `focusflow: ` and the sentence, and for a usage
    /// mistake the command whose help explains it.
    func message(in language: Language) -> String {
        let sentence = "focusflow: " + problem.message(in: language)
        guard case .usage(let command) = kind else { return sentence }
        let help = command == "focusflow" ? "focusflow --help" : "focusflow \(command) --help"
        return sentence + "\n" + language.commandWords.helpPointer(help)
    }

    var description: String { message(in: .en) }
}

/// The exit statuses the commands choose themselves (a walk's own come from `RunOutcome`).
enum ExitStatus {
    static let success: Int32 = 0
    static let invalidInput: Int32 = 1
    /// A confirm answered no (`ask confirm`), as `gum confirm`'s.
    static let no: Int32 = 1
    static let usage: Int32 = 2
    /// sysexits' `EX_IOERR`: the answers (or another output) could not be written.
    static let outputNotWritten: Int32 = 74
}
