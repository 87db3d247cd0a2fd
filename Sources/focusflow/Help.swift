import FocusFlow

/// `focusflow help [COMMAND]`: the general help, or one command's.
enum Help {
    static let command = Subcommand(
        name: "help",
        synopsis: ["help [COMMAND] [--lang en|ko]"],
        texts: HelpTexts(
            en: HelpText(
                summary: "this help, or a command's",
                details: """
                    Prints the help of COMMAND (the same as 'focusflow COMMAND --help'), or with no
                    COMMAND the general help, in the language of --lang en|ko, else of the locale.

                    OPTIONS
                      --lang en|ko    the help's language (default: the locale's)
                    """),
            ko: KoreanHelp.help),
        options: ["lang"],
        operands: [.command],
        run: { arguments throws(CommandError) in
            guard arguments.positionals.count <= 1 else { throw .usage(.helpTakesOneCommand, command: "help") }
            _ = try LanguageOption.decide(arguments, command: "help", fallback: arguments.language)
            guard let name = arguments.positionals.first else {
                try Output.standard(CLI.usage(in: arguments.language) + "\n")
                return ExitStatus.success
            }
            guard let command = CLI.command(named: name) else {
                throw .usage(.noSuchCommand(name, nearest: Suggestion.nearest(to: name, in: CLI.commands.map(\.name))), command: "help")
            }
            try Output.standard(command.help(in: arguments.language) + "\n")
            return ExitStatus.success
        })
}
