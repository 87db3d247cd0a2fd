import FocusFlow
import FocusFlowConsole

/// `focusflow`: finds the command in ``commands`` and runs it. Returns the exit status.
///
/// The first word names a command; any other first word (a flow file, an option) means `run`
/// with all the words, so `focusflow login.flow` walks that flow. A first word that is no file
/// and close to a command's name is taken for a typo of it.
enum CLI {
    static let version = "0.1.0"

    /// Every command, in the order the general help lists them.
    static let commands: [Subcommand] = [
        Run.command, Ask.command, Validate.command, Verify.command, Schema.command, Serve.command, Serve.replayCommand, Check.command, Completions.command, Manual.command, Help.command,
    ]

    /// The command run when the first word names none.
    static var defaultCommand: Subcommand { Run.command }

    /// The command `name` names, building only that one: a start builds the one it runs, not
    /// every command's options and help (``commands`` builds them all).
    static func command(named name: String) -> Subcommand? {
        switch name {
        case "run": Run.command
        case "ask": Ask.command
        case "validate": Validate.command
        case "verify": Verify.command
        case "schema": Schema.command
        case "serve": Serve.command
        case "replay": Serve.replayCommand
        case "check": Check.command
        case "completions": Completions.command
        case "manual": Manual.command
        case "help": Help.command
        default: nil
        }
    }

    static func main(_ words: [String]) -> Int32 {
        let first = words.first
        let language = LanguageOption.forMessages(words, command: first.flatMap(command(named:)) ?? defaultCommand)
        var implicit = false
        do throws(CommandError) {
            if first == "--help" || first == "-h" {
                try Output.standard(usage(in: language) + "\n")
                return ExitStatus.success
            }
            if first == "--version" {
                try Output.standard("focusflow \(version)\n")
                return ExitStatus.success
            }
            if let name = first, let command = command(named: name) {
                return try command(words.dropFirst(), language: language)
            }
            // `version` is no command: the option is, as `git version`'s users find with `--version`.
            // The nearest of the commands and `version` (named first: `version` is nearer `version`
            // than `verify`, and one edit from either goes to it).
            if let name = first, !name.hasPrefix("-"), !FlowFile.exists(name),
                let near = Suggestion.nearest(to: name, in: ["version"] + commands.map(\.name)).map({ $0 == "version" ? "--version" : $0 })
            {
                throw CommandError.usage(.unknownCommand(name, nearest: near), command: "focusflow")
            }
            implicit = true
            return try defaultCommand(words, language: language)
        } catch {
            var error = error
            // Without its name, run's mistakes point to the general help, which shows run first.
            if implicit, error.kind == .usage(command: defaultCommand.name) { error.kind = .usage(command: "focusflow") }
            Output.error(error.message(in: language))
            return error.status
        }
    }

    /// `focusflow --help` in `language`, made from ``commands``.
    static func usage(in language: Language) -> String {
        let usages = commands.flatMap { $0.synopsis.map { UsageLine.wrapped($0, after: "  ", columns: 2) } }
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        let summaries = commands.map { "  " + $0.name.padding(toLength: width) + $0.texts[language].summary }
        guard language == .en else { return KoreanHelp.usage(usages: usages, summaries: summaries) }
        return """
            focusflow — walk multi-step forms in a terminal, or embed them

            USAGE
            \(usages.joined(separator: "\n"))
              focusflow --help | --version

            COMMANDS
            \(summaries.joined(separator: "\n"))

            Any other first word means run: 'focusflow login.json' is
            'focusflow run login.json'. With no FLOW, the built-in sign-up flow.
            Keys (all of them in 'focusflow help run'):
            \(SessionKey.helpLines(.english, rows: SessionKey.essentialRows).joined(separator: "\n"))
            \(Run.exitStatuses)
            'focusflow help COMMAND' or 'focusflow COMMAND --help' tells more.
            """
    }
}

extension String {
    /// The string followed by spaces up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
