import FocusFlow
import FocusFlowConsole

/// `--format json|shell|env`: how `run` writes the answers, and whether `ask` writes its one
/// answer as JSON.
enum FormatOption {
    static let help = """
          --format json|shell|env
                          how the answers are written (default json): one JSON
                          object; shell, id='value' lines for eval "$(…)", quoted
                          for sh; env, a dotenv file (ID="value"). A multi-select's
                          values are a list of sh words, quoted where needed
                          ('New York' Paris): eval "set -- $id" reads them back. An
                          id that is not a shell name takes _ for each other
                          character (first-name is first_name; a leading digit gets
                          a _ before it); two ids that come to one name, or to a
                          variable the shell reads (PATH, IFS, HOME …), are refused
                          before the first field. --output FILE is written the same
                          way
        """

    /// `--format`'s format, JSON when not given.
    ///
    /// - Throws: a usage ``CommandError`` for a format there is not.
    static func decide(_ arguments: Arguments, command: String) throws(CommandError) -> AnswerFormat {
        guard let name = arguments.values["format"] else { return .json }
        guard let format = AnswerFormat(rawValue: name) else {
            let names = AnswerFormat.allCases.map(\.rawValue)
            throw .usage(.unknownFormat(name, nearest: Suggestion.nearest(to: name, in: names), known: names), command: command)
        }
        return format
    }

    /// The name each of `spec`'s answers takes in `format`.
    ///
    /// - Throws: a flow ``CommandError`` (exit 2) when two fields come to one name or one to a
    ///   shell's variable: nothing was asked yet.
    static func names(_ format: AnswerFormat, for spec: FlowSpec) throws(CommandError) -> [FieldID: String] {
        do throws(AnswerFormat.NameProblem) {
            return try format.names(for: spec)
        } catch {
            throw CommandError(.answerNames(error, format: format.rawValue), kind: .flow)
        }
    }
}
