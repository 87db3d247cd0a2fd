import FocusFlow
import FocusFlowConsole
import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `focusflow verify FLOW ANSWERS`: holds answers to what a walk of the flow enforces
/// (``FlowReducer/verify(_:optionLists:)``), each problem on a line, exit 1 if any.
enum Verify {
    static let command = Subcommand(
        name: "verify",
        synopsis: ["verify FLOW ANSWERS [--format text|json] [--options NAME=FILE]… [--check NAME=COMMAND]… [--lang en|ko]"],
        texts: HelpTexts(
            en: HelpText(
                summary: "hold answers to what a walk of the flow enforces",
                details: """
                    Verifies ANSWERS (a JSON object as 'focusflow run' prints it; - reads stdin)
                    against FLOW without a walk: each answer's type by its field's kind, every rule
                    of every field shown (matches and required ones included), option values, that
                    no answer is given to a field the other answers hide, and each repeating
                    group's item count. Checks and sends are the service's and are not run unless
                    --check names a check's program. Every
                    problem is said, one a line on stdout, in field order: the field's path
                    (phones[1].number) and the rule's message, in the language of --lang en|ko,
                    else of the locale. A secure value is never repeated.

                    OPTIONS
                      --format text|json
                                      the report as lines (the default), or as one JSON object
                                      with "ok" and "problems", each with its "field", "reason"
                                      and "message"
                      --options NAME=FILE
                                      the list the source NAME gives, a JSON array of options,
                                      which its fields' answers must be in (repeatable); a
                                      source not given takes any value
                      --check NAME=COMMAND
                                      the program that performs the check NAME, run as 'run'
                                      runs it (repeatable), for each field shown whose answer
                                      passed its rules: a refusal is a problem with the
                                      program's message (reason refusedByCheck), and a check
                                      that could not be made one too (checkUnavailable)
                      --lang en|ko    the report's language (default: the locale's)

                    Exit status: 0 when the answers hold, 1 when they do not, 2 for a bad flow,
                    answers that cannot be read, or a usage mistake.
                    """), ko: KoreanHelp.verify),
        options: ["format", "lang"],
        repeatable: ["options", "check"],
        operands: [.flow, .file],
        values: ["format": .choice(["text", "json"])],
        run: main)

    /// `--check NAME=COMMAND`: each check's program, refused when malformed, given twice or
    /// named by no field.
    static func programs(_ arguments: Arguments, spec: FlowSpec) throws(CommandError) -> [String: String] {
        var programs: [String: String] = [:]
        let known = spec.fields.compactMap(\.check)
        for item in arguments.lists["check"] ?? [] {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw .usage(.serviceNeedsEquals(item, check: true), command: "verify")
            }
            let name = String(item[..<equals])
            if programs.updateValue(String(item[item.index(after: equals)...]), forKey: name) != nil {
                throw .usage(.serviceTwice(name, check: true), command: "verify")
            }
            if !known.contains(name) { throw .usage(.serviceUnused(name, check: true, known: known), command: "verify") }
        }
        return programs
    }

    /// Asks `command` for the check `request` as a walk does (``ServiceCall``), waiting for its
    /// answer. A signal that ends a walk (Ctrl-C, SIGTERM, SIGHUP, Ctrl-\\) ends the program and
    /// its whole group too, then the command by that signal, as a walk's checks end with it: the
    /// program runs in a group of its own, which the terminal's Ctrl-C does not reach.
    static func ask(_ request: CheckRequest, command: String, signals: SignalPipe) -> ServiceAnswer {
        let call = ServiceCall(request, check: true, command: command, timeout: ServicePrograms.defaultTimeout, errors: 2)
        while call.answer == nil {
            var descriptors = call.descriptors + [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, nfds_t(descriptors.count), min(call.remaining, ServiceCall.pollInterval))
            if descriptors.last!.revents != 0, let signal = signals.drain().first(where: { SignalPipe.role(of: $0) == .end }) {
                call.cancel()
                signals.restore()
                SignalPipe.end(by: signal)
            }
            call.advance()
        }
        return call.answer ?? .unavailable
    }

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count == 2 else { throw .usage(.verifyNeedsFlowAndAnswers, command: "verify") }
        if arguments.positionals.allSatisfy(FlowFile.isStandardInput) { throw .usage(.verifyBothFromStandardInput, command: "verify") }
        let language = try LanguageOption.decide(arguments, command: "verify", fallback: arguments.language)
        let json: Bool
        switch arguments.values["format"] {
        case nil, "text": json = false
        case "json": json = true
        case let name?:
            throw .usage(.unknownFormat(name, nearest: Suggestion.nearest(to: name, in: ["text", "json"]), known: ["text", "json"]), command: "verify")
        }
        let spec = try FlowFile.load(arguments.positionals[0], command: "verify").localized(to: language)
        let path = arguments.positionals[1]
        // Each source's list, given to every field that takes its options from it.
        var lists: [FieldID: [FieldOption]] = [:]
        let sources = try Check.optionLists(arguments, command: "verify")
        let known = spec.fields.compactMap { $0.optionSource?.name }
        if let unused = sources.keys.sorted().first(where: { !known.contains($0) }) { throw .usage(.optionsUnused(unused, known: known), command: "verify") }
        for field in spec.fields {
            if let name = field.optionSource?.name, let list = sources[name]?.first { lists[field.id] = list }
        }
        let name = path == "-" ? "stdin" : DisplayText.escaped(path)
        let answers = try RunStart.answers(in: path, named: name, beforeWalk: false, standardInput: true, command: "verify")
        let checks = try programs(arguments, spec: spec)
        let signals = checks.isEmpty ? nil : SignalPipe(roles: [.end])
        let problems = FlowReducer(spec: spec).verify(answers, optionLists: lists, checking: Set(checks.keys)) { request in
            ask(request, command: checks[request.name]!, signals: signals!)
        }
        signals?.restore()
        if json {
            try Output.standard(AnswerProblem.json(problems, flag: "ok") + "\n")
        } else if problems.isEmpty {
            try Output.standard(language.commandWords.answersHold(name) + "\n")
        } else {
            // A message may quote what the answers or a check's program said (an unknown key, an
            // answer a label names, the program's first line): escaped, as the field's path is.
            try Output.standard(problems.map { "\(name): \(DisplayText.escaped($0.field.rawValue)): \(DisplayText.escaped($0.message))\n" }.joined())
        }
        return problems.isEmpty ? ExitStatus.success : ExitStatus.invalidInput
    }
}
