import FocusFlow

/// `focusflow help [COMMAND]`: the general help, or one command's.
enum Help {
    static let command = Subcommand(
        name: "help",
        synopsis: ["help [COMMAND]"],
        summary: "this help, or a command's",
        details: "Prints the help of COMMAND (the same as 'focusflow COMMAND --help'), or with no\nCOMMAND the general help.",
        run: { arguments throws(CommandError) in
            guard arguments.positionals.count <= 1 else { throw .usage("help takes one command name at most", command: "help") }
            guard let name = arguments.positionals.first else {
                try Output.standard(CLI.usage + "\n")
                return ExitStatus.success
            }
            guard let command = CLI.command(named: name) else {
                let near = Suggestion.nearest(to: name, in: CLI.commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw .usage("there is no command '\(name)'\(near)", command: "help")
            }
            try Output.standard(command.help + "\n")
            return ExitStatus.success
        })
}
