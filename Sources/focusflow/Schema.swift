import FocusFlow

/// `focusflow schema FLOW`: the JSON Schema of the flow's answers (``AnswersSchema``).
enum Schema {
    static let command = Subcommand(
        name: "schema",
        synopsis: ["schema [FLOW] [--lang en|ko]"],
        texts: HelpTexts(
            en: HelpText(
                summary: "print the JSON Schema of the flow's answers",
                details: """
                    Prints a JSON Schema (2020-12) of the answers object 'focusflow run' prints
                    for FLOW (the built-in sign-up flow without one), for a service to validate
                    posted answers with its own JSON Schema library: each field's type by its
                    kind, options as enum, lengths, patterns, ranges, the characters its keyboard
                    types, required fields, repeating groups as arrays with minItems and maxItems,
                    and visibility as if/then/else (a field its conditions hide has no answer).

                    What JSON Schema cannot say (a matches rule, a date's range, a length counted
                    in characters as a person sees them, a pattern validators read otherwise) is
                    in the field's description; 'focusflow verify' holds answers to all of it.
                    Patterns are written so that ECMA-262 and Python's re read them alike.

                    OPTIONS
                      --lang en|ko    the language of the flow's texts and the descriptions
                                      (default: the locale's)

                    Exit status: 0, or 2 for a bad flow or a usage mistake.
                    """), ko: KoreanHelp.schema),
        options: ["lang"],
        operands: [.flow],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw .usage(.oneFlowAtMost(command: "schema"), command: "schema") }
        let language = try LanguageOption.decide(arguments, command: "schema", fallback: arguments.language)
        let spec = try FlowFile.load(arguments.positionals.first, command: "schema").localized(to: language)
        try Output.standard(spec.answersSchema.json)
        return ExitStatus.success
    }
}
