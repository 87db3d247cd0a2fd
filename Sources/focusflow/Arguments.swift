import FocusFlow

/// The command line, parsed by hand in this one place (the package takes no dependencies).
///
/// Accepts `--name value`, `--name=value`, flags, positionals, and `--` to end options.
struct Arguments: Equatable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// - Parameters:
    ///   - words: the words after the command's name.
    ///   - command: the command's name, for messages.
    ///   - options: options that take a value, without the dashes.
    ///   - flags: options that take none.
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    init(_ words: some Sequence<String>, command: String, options: Set<String> = [], flags: Set<String> = []) throws(UsageError) {
        let allFlags = flags.union(["help"])
        var words = Array(words)[...]
        while let word = words.popFirst() {
            if word == "--" {
                positionals += words
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                positionals.append(word)
                continue
            }
            let body = word == "-h" ? "help" : String(word.drop(while: { $0 == "-" }))
            let name = String(body.prefix(while: { $0 != "=" }))
            let inline = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
            if allFlags.contains(name) {
                guard inline == nil else { throw UsageError("--\(name) takes no value", command: command) }
                self.flags.insert(name)
            } else if options.contains(name) {
                guard let value = inline ?? words.popFirst() else {
                    throw UsageError("--\(name) needs a value", command: command)
                }
                values[name] = value
            } else {
                let known = (options.union(allFlags)).sorted()
                let suggestion = Suggestion.nearest(to: name, in: known).map { "; did you mean --\($0)?" } ?? ""
                throw UsageError("unknown option \(word)\(suggestion)", command: command)
            }
        }
    }

    /// The value of `--name` as a whole number within `range`.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"", command: command)
        }
        return value
    }
}

/// A mistake on the command line: said on stderr with a pointer to help, exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var command: String

    init(_ message: String, command: String) {
        self.message = message
        self.command = command
    }

    var description: String {
        let help = command == "focusflow" ? "focusflow --help" : "focusflow \(command) --help"
        return "focusflow: \(message)\nRun '\(help)' for usage."
    }
}
