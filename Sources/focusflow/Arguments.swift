import FocusFlow

/// The command line, parsed by hand in this one place (the package takes no dependencies).
///
/// Accepts `--name value`, `--name=value`, flags, positionals, and `--` to end options. An
/// option given twice is a mistake: which one was meant cannot be told — except a repeatable
/// one (`--set a=1 --set b=2`), whose values are kept in order in ``lists``.
struct Arguments: Equatable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Each repeatable option's values, in the order given.
    var lists: [String: [String]] = [:]
    /// The language of the command's own messages and reports (`CLI.main` decides it before
    /// the words are parsed).
    var language: Language = .en

    /// - Parameters:
    ///   - words: the words after the command's name.
    ///   - command: the command's name, for messages.
    ///   - options: options that take a value, without the dashes.
    ///   - flags: options that take none.
    ///   - repeatable: options that take a value and may be given more than once.
    /// - Throws: a usage ``CommandError`` for an unknown or repeated option or a missing value.
    init(_ words: some Sequence<String>, command: String, options: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = []) throws(CommandError) {
        let options = options.union(repeatable)
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
                guard inline == nil else { throw .usage(.takesNoValue(option: name), command: command) }
                guard name == "help" || !self.flags.contains(name) else {
                    throw .usage(.givenTwice(option: name), command: command)
                }
                self.flags.insert(name)
            } else if options.contains(name) {
                guard let value = inline ?? words.popFirst() else {
                    throw .usage(.needsValue(option: name), command: command)
                }
                if repeatable.contains(name) {
                    lists[name, default: []].append(value)
                    continue
                }
                guard values[name] == nil else {
                    throw .usage(.givenTwice(option: name), command: command)
                }
                values[name] = value
            } else {
                let known = (options.union(allFlags)).sorted()
                throw .usage(.unknownOption(word, nearest: Suggestion.nearest(to: name, in: known)), command: command)
            }
        }
    }

    /// The value of `--name` as a whole number within `range`.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>, command: String) throws(CommandError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(.wholeNumber(option: name, range: range, given: text), command: command)
        }
        return value
    }

    /// The value of `--name` as a number of seconds, whole or decimal (`60`, `0.5`), more than 0
    /// and at most `most`.
    func seconds(_ name: String, default fallback: Double, most: Double, command: String) throws(CommandError) -> Double {
        guard let text = values[name] else { return fallback }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text), value > 0, value <= most else {
            throw .usage(.seconds(option: name, most: most, given: text), command: command)
        }
        return value
    }
}
