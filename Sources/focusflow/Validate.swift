import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `focusflow validate FLOW...`: checks flow files; each problem on stderr, exit 2 if any.
enum Validate {
    static let command = Subcommand(
        name: "validate",
        synopsis: ["validate FLOW... [--strict] [--lang en|ko]"],
        texts: HelpTexts(
            en: HelpText(
                summary: "check flow files",
                details: """
                    Checks each flow file. Prints "FLOW: ok" for a valid one; for an invalid one,
                    a line for each problem, in file order (up to 20), naming the file, the line
                    and column or the field path, and the problem; a key that cannot be read is
                    read past, and a JSON syntax error is the last problem found. A JSON
                    Schema (such as Flows/flow.schema.json, which 'Flows/*.json' includes) is
                    skipped with a note; a folder is an error. The report and the errors are in
                    the language of --lang en|ko, else of the locale (LC_ALL, LC_MESSAGES, LANG);
                    places (files, lines, columns, field paths) are named as they are.

                    With --strict, a flow that loads is held to what its author meant too, as
                    'focusflow check' does: a field no answers can show, a condition testing for
                    a value the field it reads can never have, a value a field lists that its own
                    rules refuse, a matches rule whose partner some answers hide, a field shown
                    that no answer passes. Each is a line naming the file and the place in it.

                    OPTIONS
                      --strict        report the author's mistakes in flows that load
                      --lang en|ko    the report's language (default: the locale's)

                    Exit status: 0 when all are valid, 2 otherwise.
                    """), ko: KoreanHelp.validate),
        options: ["lang"],
        flags: ["strict"],
        operands: [.flow], operandsRepeat: true,
        run: main)

    /// The most problems said of one file; a file with more has a line saying so.
    static let problemLimit = 20

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw .usage(.validateNeedsFlow, command: "validate") }
        let language = try LanguageOption.decide(arguments, command: "validate", fallback: arguments.language)
        let words = language.commandWords
        var failed = false
        for path in arguments.positionals {
            // The name as the report says it: a control or invisible character written as an escape.
            let name = path == "-" ? "stdin" : DisplayText.escaped(path)
            if FlowFile.isFolder(path) {
                Output.error(CommandProblem.folderNotFlow(path).message(in: language))
                failed = true
                continue
            }
            if let refusal = FlowFile.terminalRefusal(path, command: "validate") {
                Output.error(refusal.message(in: language))
                failed = true
                continue
            }
            if FlowFile.isJSONSchema(path) {
                try Output.standard(words.skippedSchema(name) + "\n")
                continue
            }
            let spec: FlowSpec
            do {
                spec = try FlowFile.spec(at: path)
            } catch {
                // Every problem of the file, in file order, so that one run finds them all.
                let problems = (FlowFile.regularFile(path) ?? FlowFile.streamed(path)).map { FlowSpec.problems(in: $0, file: path, limit: Self.problemLimit + 1) } ?? []
                for problem in problems.isEmpty ? [FlowFile.problem(error)] : problems.prefix(Self.problemLimit).map(CommandProblem.flow) {
                    Output.error(problem.message(in: language))
                }
                if problems.count > Self.problemLimit { Output.error(words.moreProblems(name)) }
                failed = true
                continue
            }
            if arguments.flags.contains("strict") {
                let mistakes = spec.localized(to: language).mistakes
                if !mistakes.isEmpty {
                    for mistake in mistakes { Output.error("\(name): \(mistake.place): \(mistake.message)") }
                    failed = true
                    continue
                }
            }
            try Output.standard(words.valid(name, spec.writtenFieldCount) + "\n")
        }
        return failed ? ExitStatus.usage : ExitStatus.success
    }
}
