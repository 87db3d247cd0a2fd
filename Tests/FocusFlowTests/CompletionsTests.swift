import Foundation
import Testing
@testable import focusflow
import PseudoTerminalSupport

/// `focusflow completions bash|zsh|fish`, asked of the shells themselves: bash's completion
/// function called as bash calls it, fish's `complete -C`, and zsh's completion system in a
/// pseudo-terminal (`zpty`).
@Suite("Shell completions", .serialized)
struct CompletionsTests {
    /// A command line up to the cursor, and words its completion must offer.
    static let lines: [(line: String, offers: [String])] = [
        ("focusflow ", ["run", "ask", "validate", "check", "completions", "manual", "help"]),
        ("focusflow r", ["run", "replay"]),
        ("focusflow run --form", ["--format"]),
        ("focusflow run --format ", ["json", "shell", "env"]),
        ("focusflow ask ", ["text", "secure", "confirm", "select", "multiSelect", "number", "date"]),
        ("focusflow ask text Name --keyboard em", ["emailAddress"]),
        ("focusflow ask text Name --format ", ["text", "json"]),
        ("focusflow ask confirm Go? --pr", ["--print"]),
        ("focusflow ask text Name --tt", ["--tty"]),
        ("focusflow run --tt", ["--tty"]),
        ("focusflow run --theme ", ["default", "mono", "high-contrast", "ocean"]),
        ("focusflow check --lang ", ["en", "ko"]),
        ("focusflow help ", ["run", "ask", "serve"]),
        ("focusflow completions ", ["bash", "zsh", "fish"]),
        ("focusflow run Flows/sig", ["Flows/signup.json"]),
        ("focusflow validate Flows/login.json Flows/pr", ["Flows/preferences.json", "Flows/profile.json"]),
        ("focusflow Flows/log", ["Flows/login.json"]),
    ]

    /// A command line up to the cursor, words its completion must offer, and words it must not:
    /// options the kind named refuses, files that are no flow.
    static let narrowed: [(line: String, offers: [String], refuses: [String])] = [
        ("focusflow ask number Age --", ["--min", "--step", "--required"], ["--pattern", "--one-of", "--max-selected", "--option", "--mask", "--keyboard"]),
        ("focusflow ask select Plan --", ["--option", "--default"], ["--pattern", "--min", "--mask", "--step"]),
        ("focusflow ask secure Password --", ["--mask", "--pattern", "--keyboard"], ["--default", "--option", "--step"]),
        ("focusflow run Flows/signup", ["Flows/signup.json"], ["Flows/signup-check.sh", "Flows/signup-send.sh"]),
    ]

    @Test("Each shell offers a kind's own options once ask's KIND is given, and only flow files where a flow goes", arguments: ["bash", "fish", "zsh"], narrowed)
    func narrowedByKind(shell: String, case line: (line: String, offers: [String], refuses: [String])) throws {
        // The zsh harness sees every candidate _files weighs, not only what it shows: its flows
        // are the lines above (`_files -g '*.json'`).
        if shell == "zsh" && line.line.hasPrefix("focusflow run Flows/") { return }
        let offered: [String]
        switch shell {
        case "bash": offered = try Self.bash(line.line, script: try Self.script("bash"))
        case "fish": offered = try Self.fish(line.line)
        default: offered = try Self.zsh(line.line, awaiting: line.offers.map(Self.lastComponent))
        }
        // zsh adds a file by its name in its folder.
        let word = shell == "zsh" ? Self.lastComponent : { $0 }
        for offer in line.offers { #expect(offered.contains(word(offer)), "\(shell): \(line.line) → \(offered)") }
        for refused in line.refuses { #expect(!offered.contains(word(refused)), "\(shell): \(line.line) offers \(refused): \(offered)") }
    }

    private static func lastComponent(_ word: String) -> String { word.split(separator: "/").last.map(String.init) ?? word }

    @Test("The options each KIND offers are the ones ask takes: every other option is a usage error", arguments: Ask.kinds)
    func kindOptionsAreTaken(kind: String) throws {
        let taken = Ask.options(for: kind)
        for option in Ask.command.valueOptions.union(Ask.command.flags).subtracting(taken) {
            let value = Ask.command.flags.contains(option) ? [] : ["1"]
            let result = try Command.run(["ask", kind, "Q", "--\(option)"] + value + (kind.hasSuffix("elect") ? ["--option", "a"] : []), input: "")
            #expect(result.status == 2, "ask \(kind) --\(option): \(result.stderr)")
        }
    }

    static func script(_ shell: String) throws -> String {
        let result = try Command.run(["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return try ScratchFolder.write(result.stdout, named: "completion", shell == "zsh" ? "" : ".\(shell)")
    }

    /// What bash's completion function offers for `line`, called as `complete -F` calls it.
    static func bash(_ line: String, script: String) throws -> [String] {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try Command.run(
            [
                "-c",
                """
                source '\(script)'
                COMP_WORDS=(\(array)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _focusflow
                printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ], data: nil, program: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash: complete -p names the function, and every line completes as the command table says", arguments: lines)
    func bash(line: String, offers: [String]) throws {
        let script = try Self.script("bash")
        let registered = try Command.run(["-c", "source '\(script)'; complete -p focusflow"], data: nil, program: URL(fileURLWithPath: "/bin/bash"))
        #expect(registered.stdout == "complete -F _focusflow focusflow\n")
        let offered = try Self.bash(line, script: script)
        for word in offers { #expect(offered.contains(word), "\(line) → \(offered)") }
    }

    @Test("bash: --format=, split at the = as bash splits it, completes the value")
    func bashEquals() throws {
        let script = try Self.script("bash")
        let result = try Command.run(
            [
                "-c",
                """
                source '\(script)'
                COMP_WORDS=(focusflow run --format = sh); COMP_CWORD=4; _focusflow; printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ], data: nil, program: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.stdout == "shell\n")
    }

    @Test("Every command is found by its own name, and a word that names none finds nothing", arguments: CLI.commands.map(\.name))
    func foundByName(name: String) {
        #expect(CLI.command(named: name)?.name == name)
        #expect(CLI.command(named: name + "x") == nil && CLI.command(named: name.uppercased()) == nil)
    }

    @Test("bash: every option of every command is offered after its name", arguments: CLI.commands.map(\.name))
    func everyOption(name: String) throws {
        let command = try #require(CLI.command(named: name))
        let offered = try Self.bash("focusflow \(name) --", script: try Self.script("bash"))
        for option in command.options.union(command.flags).union(command.repeatable) {
            #expect(offered.contains("--\(option)"), "focusflow \(name) --\(option) is not offered")
        }
    }

    /// What fish's `complete -C` offers for `line`, from the package's folder.
    static func fish(_ line: String) throws -> [String] {
        let fish = try #require(["/usr/bin/fish", "/bin/fish"].first { FileManager.default.fileExists(atPath: $0) }, "fish is needed (.ci/run installs it)")
        let script = try Self.script("fish")
        let result = try Command.run(["-c", "source '\(script)'; complete -C '\(line)'"], data: nil, directory: Fixtures.root, program: URL(fileURLWithPath: fish))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test("fish: complete -C offers what the command table says", arguments: lines)
    func fish(line: String, offers: [String]) throws {
        let offered = try Self.fish(line)
        for word in offers { #expect(offered.contains(word), "\(line) → \(offered)") }
    }

    @Test("zsh: its completion system, in a pseudo-terminal, offers what the command table says", arguments: lines.prefix(11))
    func zsh(line: String, offers: [String]) throws {
        let offered = try Self.zsh(line, awaiting: offers)
        for word in offers { #expect(offered.contains(word), "\(line) → \(offered)") }
    }

    /// What zsh's completion system adds for `line`, in a pseudo-terminal, once `awaited` are all there (or ten seconds).
    static func zsh(_ line: String, awaiting offers: [String]) throws -> [String] {
        let zsh = try #require(["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.fileExists(atPath: $0) }, "zsh is needed (.ci/run installs it)")
        let folder = ScratchFolder.name("zsh")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try Command.run(["completions", "zsh"])
        try result.stdout.write(toFile: folder + "/_focusflow", atomically: true, encoding: .utf8)
        // Every match zsh adds is written to a file; the harness waits until it has the words awaited.
        let harness = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT=''; fpath=('\(folder)' \\$fpath); autoload -Uz compinit; compinit -u -D"
            zpty -w z 'compadd () { builtin compadd -O __hits "$@"; print -l -- "${__hits[@]}" >> "\(folder)/out"; builtin compadd "$@" }'
            zpty -w z 'print ready > "\(folder)/ready"'
            while [[ ! -s '\(folder)/ready' ]]; do sleep 0.02; done
            zpty -w -n z $'\(line)\\t'
            # Until every word awaited is there, or ten seconds.
            for i in {1..500}; do
                all=1
                for word in \(offers.map { "'\($0)'" }.joined(separator: " ")); do grep -qxF -- "$word" '\(folder)/out' 2>/dev/null || all=0; done
                (( all )) && break
                sleep 0.02
            done
            zpty -d z
            cat '\(folder)/out'
            """
        let run = try Command.run(["-f", "-c", harness], data: nil, directory: Fixtures.root, program: URL(fileURLWithPath: zsh))
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// Each command line that offers a command's options, with the command and the options it
    /// offers there: ask's once its KIND is given.
    static let optionLines: [(line: String, command: String, kind: String?, options: Set<String>)] = CLI.commands.flatMap { command in
        let all = command.valueOptions.union(command.flags)
        guard !command.optionsByFirstOperand.isEmpty else { return [("focusflow \(command.name) --", command.name, String?.none, all)] }
        return command.optionsByFirstOperand.sorted { $0.key < $1.key }.map { ("focusflow \(command.name) \($0.key) Q --", command.name, $0.key, $0.value) }
    }

    /// What `focusflow help COMMAND` says of `--option`: its entry, from its line to the next
    /// entry or a line no deeper than it, joined into one line.
    static func entry(of option: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = { (line: Substring) in line.prefix { $0 == " " }.count }
        guard
            let start = lines.firstIndex(where: { line in
                let trimmed = line.drop { $0 == " " }
                guard line.first == " ", trimmed.hasPrefix("--\(option)") else { return false }
                let after = trimmed.dropFirst(option.count + 2)
                return after.isEmpty || after.first == " " || after.first == ","
            })
        else { return nil }
        var words = [lines[start].drop { $0 == " " }.dropFirst(option.count + 2)]
        for line in lines[(start + 1)...] {
            guard indent(line) > indent(lines[start]), !line.drop(while: { $0 == " " }).hasPrefix("--") else { break }
            words.append(line)
        }
        return words.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// Whether `description` is the first sentence of `entry` or its first clause: words of the
    /// entry, ending where the entry ends or at a `.`, `:`, `;` or `(`.
    static func isFirstSentence(_ description: String, of entry: String) -> Bool {
        guard !description.isEmpty,
            let found = entry.ranges(of: description).first(where: { $0.lowerBound == entry.startIndex || entry[entry.index(before: $0.lowerBound)] == " " })
        else { return false }
        let after = entry[found.upperBound...].drop { $0 == " " }
        guard let next = after.first else { return true }
        return ".:;(".contains(next) && !entry[..<found.lowerBound].contains { ":;".contains($0) }
    }

    @Test("fish and zsh describe every option by its help's first sentence", arguments: ["fish", "zsh"], optionLines)
    func descriptions(shell: String, line: (line: String, command: String, kind: String?, options: Set<String>)) throws {
        let help = try Command.run(["help", line.command]).stdout
        let described: [String: String]
        switch shell {
        case "fish": described = try Self.fishDescriptions(line.line)
        default: described = try Self.zshDescriptions(line.command, kind: line.kind)
        }
        for option in line.options {
            let entry = try #require(Self.entry(of: option, in: help), "focusflow help \(line.command) says nothing of --\(option)")
            let description = described["--\(option)"] ?? ""
            #expect(Self.isFirstSentence(description, of: entry), "\(shell): \(line.line)\(option) is described as \(description.debugDescription); its help says \(entry.debugDescription)")
        }
    }

    /// What fish's `complete -C` describes each option offered for `line` as.
    static func fishDescriptions(_ line: String) throws -> [String: String] {
        let fish = try #require(["/usr/bin/fish", "/bin/fish"].first { FileManager.default.fileExists(atPath: $0) }, "fish is needed (.ci/run installs it)")
        let script = try Self.script("fish")
        let result = try Command.run(["-c", "source '\(script)'; complete -C '\(line)'"], data: nil, directory: Fixtures.root, program: URL(fileURLWithPath: fish))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        var described: [String: String] = [:]
        for offer in result.stdout.split(separator: "\n") {
            let parts = offer.split(separator: "\t", maxSplits: 1)
            described[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return described
    }

    /// What the zsh script's `_arguments` specs describe each option of `command` as, for ask's
    /// `kind` when given: the text in brackets, unquoted as zsh reads it.
    static func zshDescriptions(_ command: String, kind: String?) throws -> [String: String] {
        let script = try Command.run(["completions", "zsh"]).stdout
        let lines = script.split(separator: "\n").map { $0.drop { $0 == " " } }
        // The command's case, and within ask's, the KIND's own.
        var start = try #require(lines.firstIndex(of: "\(command))"))
        if let kind { start = try #require(lines[start...].firstIndex { $0.hasPrefix("\(kind)) _arguments") }) }
        var described: [String: String] = [:]
        for line in lines[start...].dropFirst() {
            if line.hasPrefix("_arguments") { continue }
            guard line.hasPrefix("'") else { break }
            // A quote inside a quoted word is written '\''.
            let spec = line.drop { $0 != "'" }.replacing("'\\''", with: "'")
            guard spec.hasPrefix("'--") || spec.hasPrefix("'*--"), let open = spec.firstIndex(of: "[") else { continue }
            let name = spec.drop { $0 == "'" || $0 == "*" }.prefix { $0 != "[" && $0 != "=" }
            var text = ""
            var index = spec.index(after: open)
            while index < spec.endIndex, spec[index] != "]" {
                if spec[index] == "\\" { index = spec.index(after: index) }
                text.append(spec[index])
                index = spec.index(after: index)
            }
            described[String(name)] = text
            if line.hasSuffix(";;") { break }
        }
        return described
    }

    @Test("An unknown or missing shell is a usage error naming the three")
    func unknownShell() throws {
        for words in [["completions"], ["completions", "tcsh"]] {
            let result = try Command.run(words)
            #expect(result.status == 2)
            #expect(result.stderr.contains("completions takes one shell, bash, zsh, fish"), "\(result.stderr)")
        }
    }
}
