import FocusFlow

/// `focusflow completions bash|zsh|fish`: the shell's completion script, made from
/// ``CLI/commands`` — the commands, each one's options and what their values are (kinds, themes,
/// languages, formats, keyboards, files), and flow files where a FLOW goes. A first word that is
/// no command completes as `run`'s, as `focusflow login.json` runs.
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    static let command = Subcommand(
        name: "completions",
        synopsis: ["completions bash|zsh|fish"],
        texts: HelpTexts(
            en: HelpText(
                summary: "print the shell completion script",
                details: """
                    Prints the completion script for SHELL: commands, options, their values
                    (kinds, themes, languages, formats, keyboards) and flow files.

                      bash  source <(focusflow completions bash), or save it as
                            ~/.local/share/bash-completion/completions/focusflow
                      zsh   save it as _focusflow in a folder of $fpath
                      fish  save it as ~/.config/fish/completions/focusflow.fish

                    'make install' puts all three where the shells look for them.
                    """), ko: KoreanHelp.completions),
        operands: [.choice(shells)],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            throw .usage(.completionsShell(arguments.positionals.first, known: shells), command: "completions")
        }
        switch shell {
        case "bash": try Output.standard(bash())
        case "zsh": try Output.standard(zsh())
        case "fish": try Output.standard(fish())
        default: throw .usage(.completionsShell(shell, known: shells), command: "completions")
        }
        return ExitStatus.success
    }

    // MARK: - What the table says

    /// `--name` for each of `names`, sorted.
    private static func dashed(_ names: some Sequence<String>) -> [String] { names.sorted().map { "--" + $0 } }

    /// The command's options with the help texts' first words about them, for shells that show them.
    static func summary(of option: String, in command: Subcommand) -> String {
        OptionSummary.of(option, in: command.texts.en.details, takesValue: command.valueOptions.contains(option)) ?? ""
    }

    // MARK: - bash

    /// The bash script: one function, `complete -F`.
    static func bash() -> String {
        var cases = ""
        for command in CLI.commands {
            let takes = dashed(command.valueOptions).joined(separator: " ")
            let all = (dashed(command.valueOptions.union(command.flags)) + ["--help"]).sorted().joined(separator: " ")
            cases += "    \(command.name))\n"
            cases += "        takes='\(takes)'\n"
            var values = ""
            for option in command.valueOptions.sorted() {
                values += "            --\(option)) \(bashWords(command.value(of: option))); return ;;\n"
            }
            cases += "        case $option in\n\(values)        esac\n"
            if !command.optionsByFirstOperand.isEmpty {
                // Once the first operand is given (ask's KIND), only the options it takes.
                cases += "        local all='\(all)'\n        case $(_focusflow_first \"$first\" \"$takes\") in\n"
                for (operand, taken) in command.optionsByFirstOperand.sorted(by: { $0.key < $1.key }) {
                    cases += "            \(operand)) all='\((dashed(taken) + ["--help"]).sorted().joined(separator: " "))' ;;\n"
                }
                cases += "        esac\n        if [[ $cur == -* ]]; then _focusflow_words \"$all\"; return; fi\n"
            } else {
                cases += "        if [[ $cur == -* ]]; then _focusflow_words '\(all)'; return; fi\n"
            }
            cases += "        operand=$(_focusflow_operand \"$first\" \"$takes\")\n"
            cases += "        case $operand in\n"
            for (index, word) in command.operands.enumerated() {
                let last = index == command.operands.count - 1 && command.operandsRepeat
                cases += "            \(last ? "*" : String(index))) \(bashWords(word)) ;;\n"
            }
            cases += "        esac ;;\n"
        }
        let names = CLI.commands.map(\.name).joined(separator: " ")
        let runAll = (dashed(Run.command.valueOptions.union(Run.command.flags)) + ["--help", "--version"]).sorted().joined(separator: " ")
        return """
            # bash completion for focusflow; made by 'focusflow completions bash'.

            _focusflow_words() {
                local IFS=$' \\t\\n'
                mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
            }

            _focusflow_files() {
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            }

            _focusflow_flows() {
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X '!*.json' -- "$cur")
            }

            # Which operand the word being completed is: words after the command that are no
            # option nor an option's value, counted from 0.
            _focusflow_operand() {
                local i=$1 count=0 word
                while (( i < COMP_CWORD )); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == -- ]]; then
                        (( count += COMP_CWORD - i - 1 )); break
                    elif [[ $word == --* && " $2 " == *" $word "* ]]; then
                        (( i += 1 ))
                        [[ ${COMP_WORDS[i]} == = ]] && (( i += 1 ))
                    elif [[ $word == -* || $word == = ]]; then
                        :
                    else
                        (( count += 1 ))
                    fi
                    (( i += 1 ))
                done
                echo "$count"
            }

            # The first operand (ask's KIND): the first word after the command that is no option
            # nor an option's value.
            _focusflow_first() {
                local i=$1 word
                while (( i < COMP_CWORD )); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == --* && " $2 " == *" $word "* ]]; then
                        (( i += 1 ))
                        [[ ${COMP_WORDS[i]} == = ]] && (( i += 1 ))
                    elif [[ $word != -* && $word != = ]]; then
                        echo "$word"; return
                    fi
                    (( i += 1 ))
                done
            }

            _focusflow() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} option='' takes operand
                COMPREPLY=()
                # bash splits --format=json at the =.
                if [[ $cur == = ]]; then
                    option=$prev; cur=''
                elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then
                    option=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $prev == --* ]]; then
                    option=$prev
                fi
                if (( COMP_CWORD == 1 )); then
                    if [[ $cur == -* ]]; then _focusflow_words '\(runAll)'; return; fi
                    _focusflow_flows
                    local flows=("${COMPREPLY[@]}")
                    _focusflow_words '\(names)'
                    COMPREPLY+=("${flows[@]}")
                    return
                fi
                local command=${COMP_WORDS[1]} first=2
                case $command in
                    \(CLI.commands.map(\.name).joined(separator: "|"))) ;;
                    *) command=run; first=1 ;;
                esac
                case $command in
            \(cases)    esac
            }

            complete -F _focusflow focusflow

            """
    }

    /// The bash words that complete a `word`.
    private static func bashWords(_ word: Subcommand.Word) -> String {
        switch word {
        case .choice(let words): "_focusflow_words '\(words.joined(separator: " "))'"
        case .file: "_focusflow_files"
        case .flow: "_focusflow_flows"
        case .command: "_focusflow_words '\(CLI.commands.map(\.name).joined(separator: " "))'"
        case .text: ":"
        }
    }

    // MARK: - zsh

    /// The zsh script: `#compdef`, one `_arguments` per command.
    static func zsh() -> String {
        let described = CLI.commands.map { "'\($0.name):\(zshQuoted($0.texts.en.summary))'" }.joined(separator: "\n        ")
        var cases = ""
        for command in CLI.commands {
            var specs: [String] = []
            for option in command.valueOptions.sorted() {
                let star = command.repeatable.contains(option) ? "*" : ""
                specs.append("'\(star)--\(option)=[\(zshQuoted(summary(of: option, in: command)))]:\(option):\(zshAction(command.value(of: option)))'")
            }
            for flag in command.flags.sorted() {
                specs.append("'--\(flag)[\(zshQuoted(summary(of: flag, in: command)))]'")
            }
            specs.append("'(- *)--help[print the help]'")
            for (index, word) in command.operands.enumerated() {
                let last = index == command.operands.count - 1 && command.operandsRepeat
                specs.append("'\(last ? "*" : "")::\(zshName(word)):\(zshAction(word))'")
            }
            guard !command.optionsByFirstOperand.isEmpty else {
                cases += "    \(command.name))\n        _arguments -S \\\n            \(specs.joined(separator: " \\\n            ")) ;;\n"
                continue
            }
            // Once the first operand is given (ask's KIND), only the options it takes.
            cases += "    \(command.name))\n        case $words[2] in\n"
            for (operand, taken) in command.optionsByFirstOperand.sorted(by: { $0.key < $1.key }) {
                let own = specs.filter { spec in
                    guard let option = zshOption(in: spec) else { return true }
                    return option == "help" || taken.contains(option)
                }
                cases += "            \(operand)) _arguments -S \\\n                \(own.joined(separator: " \\\n                ")) ;;\n"
            }
            cases += "            *) _arguments -S \\\n                \(specs.joined(separator: " \\\n                ")) ;;\n        esac ;;\n"
        }
        return """
            #compdef focusflow
            # zsh completion for focusflow; made by 'focusflow completions zsh'.

            _focusflow() {
                local -a commands
                commands=(
                    \(described)
                )
                if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
                    _describe -t commands 'focusflow command' commands
                    _files -g '*.json(-.)'
                    return
                fi
                local command=$words[2]
                if (( ${commands[(I)$command:*]} )); then
                    shift words
                    (( CURRENT-- ))
                else
                    command=run
                fi
                case $command in
            \(cases)    esac
            }

            _focusflow "$@"

            """
    }

    /// The option an `_arguments` spec is for (`'*--set=[…]…'` → `set`), or `nil` for an operand's.
    private static func zshOption(in spec: String) -> String? {
        guard let dashes = spec.firstRange(of: "--") else { return nil }
        return String(spec[dashes.upperBound...].prefix { $0 != "=" && $0 != "[" })
    }

    private static func zshAction(_ word: Subcommand.Word) -> String {
        switch word {
        case .choice(let words): "(\(words.joined(separator: " ")))"
        case .file: "_files"
        case .flow: "_files -g \"*.json(-.)\""
        case .command: "(\(CLI.commands.map(\.name).joined(separator: " ")))"
        case .text: " "
        }
    }

    private static func zshName(_ word: Subcommand.Word) -> String {
        switch word {
        case .choice: "word"
        case .file: "file"
        case .flow: "flow"
        case .command: "command"
        case .text: "text"
        }
    }

    /// `text` inside a single-quoted `_arguments` spec's brackets.
    private static func zshQuoted(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    // MARK: - fish

    /// The fish script: `complete` lines, each with the condition of its command.
    static func fish() -> String {
        let names = CLI.commands.map(\.name).joined(separator: " ")
        var lines: [String] = []
        for command in CLI.commands {
            lines.append("complete -c focusflow -n '__fish_use_subcommand' -a \(command.name) -d \(fishQuoted(command.texts.en.summary))")
        }
        lines.append("complete -c focusflow -n '__fish_use_subcommand' -a '(__focusflow_flows)'")
        for command in CLI.commands {
            let condition = "__focusflow_using \(command.name)"
            // Where the first operand decides the options (ask's KIND), each option once it is given.
            func taking(_ option: String) -> String {
                let operands = command.optionsByFirstOperand.filter { $0.value.contains(option) }.keys.sorted()
                return command.optionsByFirstOperand.isEmpty ? condition : "\(condition); and __focusflow_first_in \(operands.joined(separator: " "))"
            }
            for option in command.valueOptions.sorted() {
                let value: String =
                    switch command.value(of: option) {
                    case .choice(let words): "-x -a \(fishQuoted(words.joined(separator: " ")))"
                    case .file: "-r -F"
                    case .flow: "-r -a '(__focusflow_flows)'"
                    case .command: "-x -a \(fishQuoted(names))"
                    case .text: "-x"
                    }
                lines.append("complete -c focusflow -n '\(taking(option))' -l \(option) \(value) -d \(fishQuoted(summary(of: option, in: command)))")
            }
            for flag in command.flags.sorted() {
                lines.append("complete -c focusflow -n '\(taking(flag))' -l \(flag) -d \(fishQuoted(summary(of: flag, in: command)))")
            }
            lines.append("complete -c focusflow -n '\(condition)' -l help -d 'print the help'")
            for (index, word) in command.operands.enumerated() {
                let last = index == command.operands.count - 1 && command.operandsRepeat
                let at = "__focusflow_using \(command.name); and __focusflow_operand \(command.name) \(index)\(last ? " more" : "")"
                let what: String? =
                    switch word {
                    case .choice(let words): "-a \(fishQuoted(words.joined(separator: " ")))"
                    case .file: "-F"
                    case .flow: "-a '(__focusflow_flows)'"
                    case .command: "-a \(fishQuoted(names))"
                    case .text: nil
                    }
                if let what { lines.append("complete -c focusflow -n '\(at)' \(what)") }
            }
        }
        var takes = ""
        for command in CLI.commands {
            takes += "        case \(command.name)\n            set takes \(dashed(command.valueOptions).joined(separator: " "))\n"
        }
        return """
            # fish completion for focusflow; made by 'focusflow completions fish'.

            # The command the line runs: its first word, or run for a first word that is none.
            function __focusflow_command
                set -l words (commandline -opc)
                if set -q words[2]; and contains -- $words[2] \(names)
                    echo $words[2]
                else
                    echo run
                end
            end

            function __focusflow_using
                test (__focusflow_command) = $argv[1]
            end

            # Whether the word being completed is operand $argv[2] of command $argv[1] (from 0), or
            # past it with $argv[3] = more: words that are no option nor an option's value.
            function __focusflow_operand
                set -l words (commandline -opc)
                set -e words[1]
                if test (count $words) -gt 0; and test $words[1] = $argv[1]
                    set -e words[1]
                end
                set -l takes
                switch $argv[1]
            \(takes)    end
                set -l count 0
                set -l skip 0
                for word in $words
                    if test $skip -eq 1
                        set skip 0
                    else if contains -- $word $takes
                        set skip 1
                    else if not string match -q -- '-*' $word
                        set count (math $count + 1)
                    end
                end
                if set -q argv[3]
                    test $count -ge $argv[2]
                else
                    test $count -eq $argv[2]
                end
            end

            # Flow files as bash offers them: folders, and files ending in .json.
            function __focusflow_flows
                set -l token (commandline -ct)
                for path in $token*
                    if test -d $path
                        echo $path/
                    else if string match -q -- '*.json' $path
                        echo $path
                    end
                end
            end

            # Whether the command's first operand (ask's KIND) is one of $argv, or not given yet.
            function __focusflow_first_in
                set -l words (commandline -opc)
                set -e words[1]
                if test (count $words) -gt 0; and test $words[1] = (__focusflow_command)
                    set -e words[1]
                end
                for word in $words
                    if not string match -q -- '-*' $word
                        contains -- $word $argv
                        return
                    end
                end
                return 0
            end

            complete -c focusflow -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// `text` in single quotes for fish.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}

/// The first sentence a help text says about an option, from its entry: the line that begins,
/// indented, with `--name` (and its value's placeholder when it takes one), and the deeper
/// indented lines after it, joined (`--output FILE   write the answers to FILE instead of stdout:
/// …`), up to the first `.`, `:` or `;` that ends a sentence or a clause outside parentheses. A word after the
/// name begins the description whatever the gap before it (`--draft-discard start afresh`); a
/// line of prose that begins with `--name` is no entry.
enum OptionSummary {
    static func of(_ option: String, in details: String, takesValue: Bool) -> String? {
        let lines = details.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = { (line: Substring) in line.prefix { $0 == " " }.count }
        guard
            let start = lines.firstIndex(where: { line in
                let trimmed = line.drop { $0 == " " }
                guard indent(line) > 0, trimmed.hasPrefix("--\(option)") else { return false }
                let after = trimmed.dropFirst(option.count + 2)
                return after.isEmpty || after.first == " "
            })
        else { return nil }
        var rest = lines[start].drop { $0 == " " }.dropFirst(option.count + 2).drop { $0 == " " }
        // The value's placeholder: FILE, NAME=COMMAND, en|ko.
        if takesValue { rest = rest.drop { $0 != " " } }
        var words = [rest]
        for line in lines[(start + 1)...] {
            guard indent(line) > indent(lines[start]), !line.drop(while: { $0 == " " }).hasPrefix("--") else { break }
            words.append(line)
        }
        let text = words.joined(separator: " ").split(separator: " ").joined(separator: " ")
        // A parenthesis is kept whole, or not at all when it does not close.
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "(", let close = text[index...].firstIndex(of: ")") {
                index = text.index(after: close)
                continue
            }
            if ":;(".contains(text[index]) || (text[index] == "." && (next == text.endIndex || text[next] == " ")) {
                end = index
                break
            }
            index = next
        }
        return text[..<end].trimmingSpaces
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "." }.reversed())
    }
}
