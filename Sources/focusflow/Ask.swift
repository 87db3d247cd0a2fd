import FocusFlow
import FocusFlowConsole
import FocusFlowTerminal

/// `focusflow ask KIND LABEL [options]`: one question without a flow file, its answer on stdout.
///
/// The question is a flow of one field, written from the options as a flow file would give it
/// and loaded by the same loader, so every rule a flow file's field has holds here, and it is
/// walked by the same runner as `run`: the same keys, masks, keyboards, languages, piped and
/// accessible modes and exit statuses. A confirm's no is exit 1, as `gum confirm`'s is.
enum Ask {
    /// The question's kinds: the flow's kinds, and `secure`, a masked text.
    static let kinds = ["text", "secure", "confirm", "select", "multiSelect", "number", "date"]

    /// Each option, the flow key it writes, and the kinds it applies to.
    struct Setting {
        var option: String
        var kinds: Set<String>
    }

    static let texts: Set<String> = ["text", "secure"]
    static let choices: Set<String> = ["select", "multiSelect"]
    static let ranged: Set<String> = ["number", "date", "multiSelect"]
    static let all = Set(kinds)

    /// The options a question takes, with the kinds each applies to.
    static let settings: [Setting] = [
        Setting(option: "placeholder", kinds: all.subtracting(["confirm"])),
        Setting(option: "hint", kinds: all),
        Setting(option: "keyboard", kinds: texts),
        Setting(option: "default", kinds: all.subtracting(["secure"])),
        Setting(option: "min-length", kinds: texts),
        Setting(option: "max-length", kinds: texts),
        Setting(option: "pattern", kinds: texts),
        Setting(option: "message", kinds: all),
        Setting(option: "min", kinds: ranged),
        Setting(option: "max", kinds: ranged),
        Setting(option: "step", kinds: ["number"]),
        Setting(option: "decimals", kinds: ["number"]),
        Setting(option: "mask", kinds: ["secure"]),
    ]

    static let command = Subcommand(
        name: "ask",
        synopsis: ["ask KIND LABEL [--placeholder TEXT] [--hint TEXT] [--default VALUE] [--required] [--message TEXT] [--format text|json] [--lang en|ko]",
                   "ask text|secure LABEL [--keyboard NAME] [--min-length N] [--max-length N] [--pattern REGEX] [--mask CHAR]",
                   "ask select|multiSelect LABEL --option VALUE[=LABEL]… [--min N] [--max N]",
                   "ask number|date LABEL [--min VALUE] [--max VALUE] [--step N] [--decimals N]"],
        texts: HelpTexts(en: HelpText(summary: "ask one question, print its answer", details: """
            Asks one question in the terminal, without a flow file, and prints its answer on
            stdout followed by a newline: the text, true or false, the chosen value, one
            value a line for a multi-select, the number, the date. The question is a flow of
            one field: the same keys, rules and messages as in 'focusflow run'.

            KIND is one of \(kinds.joined(separator: ", "))
            (a secure question is a masked text). LABEL is what it asks.

            OPTIONS
              --placeholder TEXT  shown dim while the answer is empty
              --hint TEXT         one line of help beside the label
              --keyboard NAME     the characters a text accepts (UIKit's names):
            \(UsageLine.list(KeyboardType.allCases.map(\.rawValue), indent: 22))
              --default VALUE     the answer it starts with, as --set writes it: text as
                                  it is, true or false, an option's value, values separated
                                  by commas, a number, YYYY-MM-DD; never a secure one
              --required          an empty answer is refused
              --min-length N, --max-length N
                                  the length of a text, in characters
              --pattern REGEX     an ICU regular expression the whole text must match
              --message TEXT      said instead of the standard message when a rule fails
              --option VALUE[=LABEL]
                                  a choice (repeatable, in the order shown); the label is
                                  the value when not given
              --min VALUE, --max VALUE
                                  a number's range, a date's earliest and latest day
                                  (YYYY-MM-DD or today), or how many choices a
                                  multi-select takes
              --step N            how far Up and Down move a number (default 1)
              --decimals N        the digits a number may have after the point (0-6)
              --mask CHAR         the character shown for each character of a secure
                                  answer (default •)
              --format text|json  the answer as text (the default) or as a JSON value
              --accessible        plain line-per-prompt mode (also when TERM=dumb)
              --theme NAME        a built-in theme: \(FlowTheme.builtInNames.joined(separator: ", "))
            \(LanguageOption.help)

            When stdin is not a terminal, its first line is the answer. The question is
            drawn on stderr, or on /dev/tty when stderr is not a terminal, so that
            answer=$(focusflow ask …) works.

            EXAMPLES
              nick=$(focusflow ask text "Nickname" --required --max-length 20)
              focusflow ask confirm "Continue?" && echo going on
              plan=$(focusflow ask select "Plan" --option free=Free --option pro=Pro)

            Exit status: 0 answered (for a confirm: yes), 1 a confirm answered no or
            invalid piped input, 2 usage error, 74 the answer could not be written,
            130 cancelled (Ctrl-C), 128+N signal N.
            """), ko: KoreanHelp.ask),
        options: Set(settings.map(\.option)).union(["format", "theme", "lang"]),
        flags: ["required", "accessible"],
        repeatable: ["option"],
        operands: [.oneOf(kinds), .text], values: ["format": .oneOf(["text", "json"])],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        let language = try LanguageOption.decide(arguments, command: "ask", fallback: LanguageOption.fromEnvironment)
        let spec = try question(arguments).localized(to: language)
        let json: Bool
        switch arguments.values["format"] {
        case nil, "text": json = false
        case "json": json = true
        case let name?:
            throw .usage(.unknownFormat(name, nearest: Suggestion.nearest(to: name, in: ["text", "json"]), known: ["text", "json"]), command: "ask")
        }
        let mask = try arguments.values["mask"].map(Run.mask) ?? "•"
        let theme = try arguments.values["theme"].map(ThemeOption.named)
        let target = try Run.answerTarget(nil)
        var options = RunOptions(spec: spec, mask: mask, accessible: arguments.flags.contains("accessible"))
        options.theme = theme
        let outcome = FlowRunner.run(options)
        switch outcome {
        case .completed(let result):
            guard let answer = result.answers.first?.answer else { return ExitStatus.success }
            do {
                try target.write(AnswerFormat.single(answer, json: json))
            } catch {
                throw CommandError(.answersNotSaved(error, draft: nil), kind: .output)
            }
            // A confirm answered no says so by its status, for `focusflow ask confirm … && …`.
            if case .bool(false) = answer { return ExitStatus.invalidInput }
            return ExitStatus.success
        case .invalidInput(let message):
            throw CommandError(.invalidInput(message), kind: .input)
        case .cancelled, .signalled:
            return outcome.exitStatus
        }
    }

    /// The one-field flow the words ask for.
    ///
    /// - Throws: a usage ``CommandError`` for a missing or unknown kind, a missing label, or
    ///   an option the kind does not take; a flow error for settings the loader refuses.
    static func question(_ arguments: Arguments) throws(CommandError) -> FlowSpec {
        let words = arguments.positionals
        guard let kind = words.first else { throw .usage(.askNeedsKind(known: kinds), command: "ask") }
        guard kinds.contains(kind) else {
            throw .usage(.unknownKind(kind, nearest: Suggestion.nearest(to: kind, in: kinds), known: kinds), command: "ask")
        }
        guard words.count >= 2 else { throw .usage(.askNeedsLabel(kind: kind), command: "ask") }
        guard words.count == 2 else { throw .usage(.askTakesOneLabel(given: words.count - 1), command: "ask") }
        for setting in settings where arguments.values[setting.option] != nil && !setting.kinds.contains(kind) {
            throw .usage(.askOptionNotForKind(option: setting.option, kind: kind), command: "ask")
        }
        let options = arguments.lists["option"] ?? []
        if !options.isEmpty && !choices.contains(kind) { throw .usage(.askOptionNotForKind(option: "option", kind: kind), command: "ask") }
        if options.isEmpty && choices.contains(kind) { throw .usage(.askNeedsOptions(kind: kind), command: "ask") }

        var field = JSONObjectText()
        field.add("id", string: "answer")
        field.add("kind", string: kind == "secure" ? "text" : kind)
        field.add("label", string: words[1])
        if kind == "secure" { field.add("secure", raw: "true") }
        for key in ["placeholder", "hint", "keyboard"] {
            if let value = arguments.values[key] { field.add(key, string: value) }
        }
        if kind == "number" {
            if let step = arguments.values["step"] { field.add("step", raw: try number(step, option: "step")) }
            if arguments.values["decimals"] != nil {
                field.add("decimals", raw: String(try arguments.integer("decimals", default: 0, in: 0...6, command: "ask")))
            }
        }
        if !options.isEmpty {
            let list = options.map { item in
                let (value, label) = item.firstIndex(of: "=").map { (String(item[..<$0]), String(item[item.index(after: $0)...])) } ?? (item, item)
                var option = JSONObjectText()
                option.add("value", string: value)
                option.add("label", string: label.isEmpty ? value : label)
                return option.text
            }
            field.add("options", raw: "[" + list.joined(separator: ",") + "]")
        }
        var rules = JSONObjectText()
        if arguments.flags.contains("required") { rules.add("required", raw: "true") }
        for (option, key) in [("min-length", "minLength"), ("max-length", "maxLength")] where arguments.values[option] != nil {
            rules.add(key, raw: String(try arguments.integer(option, default: 0, in: 0...65536, command: "ask")))
        }
        if let pattern = arguments.values["pattern"] { rules.add("pattern", string: pattern) }
        if let message = arguments.values["message"] { rules.add("message", string: message) }
        for bound in ["min", "max"] {
            guard let value = arguments.values[bound] else { continue }
            switch kind {
            case "number": rules.add(bound, raw: try number(value, option: bound))
            case "date": rules.add(bound, string: value)
            default: rules.add(bound == "min" ? "minSelected" : "maxSelected", raw: String(try arguments.integer(bound, default: 0, in: 0...65536, command: "ask")))
            }
        }
        if !rules.isEmpty { field.add("rules", raw: rules.text) }
        let spec = try load(field)
        guard let text = arguments.values["default"] else { return spec }
        // The default is read as --set reads a value, then checked as a flow's default is.
        do throws(PrefillError) {
            field.add("default", raw: try FlowReducer(spec: spec).answer(parsing: text, for: "answer").json)
        } catch {
            throw .usage(.askDefaultRefused(error), command: "ask")
        }
        return try load(field)
    }

    /// The untitled flow of `field` alone, its problems said without a file's place: the
    /// options are the place.
    private static func load(_ field: JSONObjectText) throws(CommandError) -> FlowSpec {
        var flow = JSONObjectText()
        flow.add("id", string: "ask")
        flow.add("title", string: "")
        flow.add("fields", raw: "[" + field.text + "]")
        do {
            return try FlowSpec(bytes: Array(flow.text.utf8), file: nil)
        } catch let error as FlowSpecError {
            throw .usage(.askRefused(error.reason), command: "ask")
        } catch {
            throw CommandError(FlowFile.problem(error), kind: .flow)
        }
    }

    /// `text` as a JSON number, or a usage error naming `option`.
    private static func number(_ text: String, option: String) throws(CommandError) -> String {
        guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter }) else {
            throw .usage(.askNumber(option: option, given: text), command: "ask")
        }
        return JSONText.number(value)
    }
}

/// A JSON object written key by key, in order.
private struct JSONObjectText {
    private var members: [String] = []

    var isEmpty: Bool { members.isEmpty }
    var text: String { "{" + members.joined(separator: ",") + "}" }

    mutating func add(_ key: String, string: String) { add(key, raw: JSONText.quote(string)) }
    mutating func add(_ key: String, raw: String) { members.append(JSONText.quote(key) + ":" + raw) }
}
