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
        synopsis: ["validate FLOW... [--lang en|ko]"],
        texts: HelpTexts(en: HelpText(summary: "check flow files", details: """
            Checks each flow file. Prints "FLOW: ok" for a valid one; for an invalid one,
            one line naming the file, the line and column or the field path, and the
            problem. A JSON Schema (such as Flows/flow.schema.json, which 'Flows/*.json'
            includes) is skipped with a note; a folder is an error. The report and the
            errors are in the language of --lang en|ko, else of the locale (LC_ALL,
            LC_MESSAGES, LANG); places (files, lines, columns, field paths) are named as
            they are.
            Exit status: 0 when all are valid, 2 otherwise.
            """), ko: KoreanHelp.validate),
        options: ["lang"],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw .usage(.validateNeedsFlow, command: "validate") }
        let language = try LanguageOption.decide(arguments, command: "validate", fallback: arguments.language)
        let words = language.commandWords
        var failed = false
        for path in arguments.positionals {
            if FlowFile.isFolder(path) {
                Output.error(CommandProblem.folderNotFlow(path).message(in: language))
                failed = true
                continue
            }
            if FlowFile.isJSONSchema(path) {
                try Output.standard(words.skippedSchema(path) + "\n")
                continue
            }
            let spec: FlowSpec
            do {
                spec = try FlowFile.spec(at: path)
            } catch {
                Output.error(FlowFile.problem(error).message(in: language))
                failed = true
                continue
            }
            try Output.standard(words.valid(path, spec.fields.count) + "\n")
        }
        return failed ? ExitStatus.usage : ExitStatus.success
    }
}
