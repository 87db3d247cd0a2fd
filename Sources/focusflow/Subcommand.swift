import FocusFlow

/// One command of `focusflow`: its name, what its help says, which options it takes and what
/// it runs. `CLI.commands` lists them all; dispatch and every help text are made from that list.
struct Subcommand: Sendable {
    var name: String
    /// The usage lines, each without the leading `focusflow `.
    var synopsis: [String]
    /// What its help says, in each language: made when a help is printed, not when the command
    /// table is, so that a start that prints no help builds none of it.
    var texts: HelpTexts { makeTexts() }
    private let makeTexts: @Sendable () -> HelpTexts
    /// Options that take a value, and options that take none, without the dashes.
    var options: Set<String> = []
    var flags: Set<String> = []
    /// Options that take a value and may be given more than once (`--set`).
    var repeatable: Set<String> = []
    /// Whether its messages follow the locale when no `--lang` is given; `serve` and `replay`
    /// speak English then, so that what a host sees does not depend on the locale.
    var followsLocale = true
    /// What the words after its name are, in order, for completion; ``operandsRepeat`` says
    /// the last may be given again (`validate FLOW...`).
    var operands: [Word] = []
    var operandsRepeat = false
    /// What the value of an option is where it differs from ``Word/sharedValues`` (`--format`).
    var values: [String: Word] = [:]
    /// For a command whose options depend on its first operand (`ask`'s KIND), the options and
    /// flags each first operand takes; completions offer only those once it is given.
    var optionsByFirstOperand: [String: Set<String>] = [:]
    /// Runs the command on its parsed words; returns the exit status.
    var run: @Sendable (Arguments) throws(CommandError) -> Int32

    /// What a word on the command line is, as completions and the manual page offer it.
    enum Word: Sendable, Equatable {
        /// One of these words.
        case choice([String])
        /// A file or folder.
        case file
        /// A flow file: a file ending in `.json`, or a folder on the way to one.
        case flow
        /// A command's name.
        case command
        /// Anything: nothing to offer.
        case text

        /// The options whose values mean the same in every command.
        static let sharedValues: [String: Word] = [
            "lang": .choice(Language.allCases.map(\.rawValue)), "theme": .choice(FlowTheme.builtInNames),
            "keyboard": .choice(KeyboardType.allCases.map(\.rawValue)),
            "output": .file, "record": .file, "answers": .file, "draft": .file, "expect": .file,
        ]
    }

    init(
        name: String, synopsis: [String], texts: @autoclosure @escaping @Sendable () -> HelpTexts,
        options: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = [], followsLocale: Bool = true,
        operands: [Word] = [], operandsRepeat: Bool = false, values: [String: Word] = [:],
        optionsByFirstOperand: [String: Set<String>] = [:],
        run: @escaping @Sendable (Arguments) throws(CommandError) -> Int32
    ) {
        self.name = name
        self.synopsis = synopsis
        self.makeTexts = texts
        self.options = options
        self.flags = flags
        self.repeatable = repeatable
        self.followsLocale = followsLocale
        self.operands = operands
        self.operandsRepeat = operandsRepeat
        self.values = values
        self.optionsByFirstOperand = optionsByFirstOperand
        self.run = run
    }

    /// Every option that takes a value, repeatable ones too.
    var valueOptions: Set<String> { options.union(repeatable) }

    /// What the value of `--option` is.
    func value(of option: String) -> Word { values[option] ?? Word.sharedValues[option] ?? .text }

    /// `focusflow NAME --help`, in `language`.
    func help(in language: Language) -> String {
        let first = language == .ko ? "사용법: " : "USAGE: "
        // "사용법: " takes eight columns: Hangul is two.
        let columns = first.count + (language == .ko ? 3 : 0)
        let usage = synopsis.enumerated()
            .map { UsageLine.wrapped($0.element, after: $0.offset == 0 ? first : String(repeating: " ", count: columns), columns: columns) }
            .joined(separator: "\n")
        return usage + "\n\n" + texts[language].details
    }

    /// Parses `words` for this command and runs it, or prints its help for `--help`.
    ///
    /// - Parameter language: the language of its messages, decided before parsing.
    func callAsFunction(_ words: some Sequence<String>, language: Language) throws(CommandError) -> Int32 {
        var arguments = try Arguments(words, command: name, options: options, flags: flags, repeatable: repeatable)
        arguments.language = language
        if arguments.flags.contains("help") {
            try Output.standard(help(in: language) + "\n")
            return ExitStatus.success
        }
        return try run(arguments)
    }
}
