import FocusFlow
import FocusFlowConsole
import FocusFlowTerminal

/// `focusflow ask KIND LABEL [options]`: one question without a flow file, its answer on stdout.
///
/// The question is a flow of one field, written from the options as a flow file would give it
/// and loaded by the same loader, so every rule a flow file's field has holds here, and it is
/// walked by the same runner as `run`: the same keys, masks, keyboards, languages, piped and
/// accessible modes and exit statuses. A confirm speaks by its exit status alone, as `gum
/// confirm` does: 0 yes, 1 no; so 1 means no and nothing else, and a piped answer it cannot take
/// is exit 2.
enum Ask {
    /// The question's kinds: the flow's kinds, and `secure`, a masked text.
    static let kinds = FieldKind.allCases.flatMap { $0 == .implied ? [$0.rawValue, secure] : [$0.rawValue] }
    static let secure = "secure"

    /// The kind of field a question's KIND asks with.
    static func fieldKind(_ name: String) -> FieldKind? { name == secure ? .implied : FieldKind(rawValue: name) }

    /// Every key some kind's question takes, once, with the kinds (by their KIND names) that take it.
    static let keys: [(key: QuestionKey, kinds: [String])] = {
        var keys: [(key: QuestionKey, kinds: [String])] = []
        for name in kinds {
            guard let kind = fieldKind(name) else { continue }
            for key in kind.questionKeys {
                if let index = keys.firstIndex(where: { $0.key.key == key.key }) { keys[index].kinds.append(name) } else { keys.append((key, [name])) }
            }
        }
        return keys
    }()

    /// The options and flags a question of KIND `name` takes, as ``question(_:)`` checks them:
    /// the common ones (`--mask` only on a secure question, `--default` on any other, `--keyboard`
    /// only where free text is typed), the kind's own keys, and `--option` on a kind with options.
    static func options(for name: String) -> Set<String> {
        guard let kind = fieldKind(name) else { return [] }
        var options = Set(common).union(["format", "theme", "lang", "required", "accessible", "tty"])
        // Only a confirm speaks by its status, and prints when asked to.
        if name == "confirm" { options.insert("print") }
        options.formUnion(kind.questionKeys.map(\.option))
        if name != secure { options.remove("mask") } else { options.remove("default") }
        if !kind.typesFreeText { options.remove("keyboard") }
        if kind.hasOptions { options.insert("option") }
        return options
    }

    /// Options every question takes, each set where a flow file's field has it.
    static let common = ["placeholder", "hint", "keyboard", "default", "message", "mask"]

    /// The metavariable of a key's value in the help.
    static func metavariable(_ value: QuestionKey.Value) -> String {
        switch value {
        case .flag: "true|false"
        case .count: "N"
        case .number: "NUMBER"
        case .strings: "A,B,…"
        case .text: "TEXT"
        case .bound: "VALUE"
        }
    }

    /// The help's lines for the kinds' own options, from the kinds: the option, the flow file's
    /// key it sets, and the kinds that take it (the same in every language).
    static var keyLines: String {
        keys.map { key, kinds in
            let head = "  --\(key.option) \(metavariable(key.value))"
            let place = (key.place == .rules ? "rules." : "") + key.key
            let text = place + ": " + kinds.joined(separator: ", ")
            return head.count + 2 <= 22
                ? head + String(repeating: " ", count: 22 - head.count) + text
                : head + "\n" + String(repeating: " ", count: 22) + text
        }.joined(separator: "\n")
    }

    static let command = Subcommand(
        name: "ask",
        synopsis: [
            "ask KIND LABEL [--placeholder TEXT] [--hint TEXT] [--default VALUE] [--required] [--message TEXT] [--format text|json] [--lang en|ko]",
            "ask KIND LABEL [--keyboard NAME] [--mask CHAR] [--option VALUE[=LABEL]]… [--KEY VALUE]… [--print] [--tty]",
            "ask KIND LABEL [--accessible] [--theme NAME]",
        ],
        texts: HelpTexts(
            en: HelpText(
                summary: "ask one question, print its answer",
                details: """
                    Asks one question in the terminal, without a flow file, and prints its answer on
                    stdout followed by a newline: the text, the chosen value, one value a line for a
                    multi-select, the number, the date. A confirm answers by its exit status alone
                    (0 yes, 1 no), as gum confirm does, and prints true or false with --print. The
                    question is a flow of one field: the same keys, rules and messages as in
                    'focusflow run'.

                    KIND is one of \(kinds.joined(separator: ", "))
                    (a secure question is a masked text). LABEL is what it asks.

                    OPTIONS
                      --placeholder TEXT  shown dim while the answer is empty
                      --hint TEXT         one line of help beside the label
                      --keyboard NAME     the characters a text accepts (UIKit's names):
                    \(UsageLine.list(KeyboardType.allCases.map(\.rawValue), indent: 22))
                      --default VALUE     the answer it starts with, as --set writes it: text as
                                          it is, true or false, an option's value, values separated
                                          by commas, a number, a day; never a secure one
                      --required          an empty answer is refused
                      --message TEXT      said instead of the standard message when a rule fails
                      --option VALUE[=LABEL]
                                          a choice (repeatable, in the order shown); the label is
                                          the value when not given
                      --mask CHAR         the character shown for each character of a secure
                                          answer (default •)
                      --format text|json  the answer as text (the default) or as a JSON value
                      --print             a confirm prints true or false too (--format json: the
                                          same); without it a confirm prints nothing
                      --tty               ask on the terminal (/dev/tty) whatever stdin is: in a
                                          loop reading a file (while read …; done < file)
                      --accessible        plain line-per-prompt mode (also when TERM=dumb)
                      --theme NAME        a built-in theme: \(FlowTheme.builtInNames.joined(separator: ", "))
                    \(LanguageOption.help)

                    Each kind's own options set the flow file's key of the same name (see the flow
                    file's documentation), for the kinds named:
                    \(keyLines)

                    When stdin is not a terminal, its first line is the answer (unless --tty). The
                    question is drawn on stderr, or on /dev/tty when stderr is not a terminal, so
                    that answer=$(focusflow ask …) works. A confirm starts at --default, or at
                    Yes (the --equals answer when given), as gum's does; Esc cancels, as in clack.

                    EXAMPLES
                      nick=$(focusflow ask text "Nickname" --required --max-length 20)
                      focusflow ask confirm "Continue?" && echo going on
                      plan=$(focusflow ask select "Plan" --option free=Free --option pro=Pro)

                    Exit status: 0 answered (for a confirm: yes), 1 a confirm answered no (and
                    nothing else), 2 usage error, a piped answer that breaks a rule, or no
                    terminal for --tty, 74 the answer could not be written, 130 cancelled (Esc,
                    Ctrl-D); cancelled by Ctrl-C or signal N, it ends by that signal (a shell sees
                    128+N, 130 for Ctrl-C).
                    """), ko: KoreanHelp.ask),
        options: Set(common + keys.map(\.key.option)).union(["format", "theme", "lang"]),
        flags: ["required", "accessible", "print", "tty"],
        repeatable: ["option"],
        operands: [.choice(kinds), .text], values: ["format": .choice(["text", "json"])],
        optionsByFirstOperand: Dictionary(uniqueKeysWithValues: kinds.map { ($0, options(for: $0)) }),
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        let language = try LanguageOption.decide(arguments, command: "ask", fallback: LanguageOption.fromEnvironment)
        var spec = try question(arguments).localized(to: language)
        spec.isQuestion = true
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
        if arguments.flags.contains("tty") { try TerminalInput.take() }
        var options = RunOptions(spec: spec, mask: mask, accessible: arguments.flags.contains("accessible"))
        options.theme = theme
        // A confirm says yes or no by its status alone, for `focusflow ask confirm … && …`, and
        // prints only when asked to.
        let printsConfirm = arguments.flags.contains("print") || arguments.values["format"] != nil
        let delivery = AnswerDelivery(to: target, waiting: nil) { result in
            guard let answer = result.answers.first?.answer else { return nil }
            if case .bool = answer, !printsConfirm { return nil }
            return AnswerFormat.single(answer, json: json)
        }
        options.deliver = delivery.deliver
        let outcome = FlowRunner.run(options)
        SignalEnding.note(outcome)
        switch outcome {
        case .completed(let result):
            guard let answer = result.answers.first?.answer else { return ExitStatus.success }
            do {
                try delivery.finish(result)
            } catch {
                throw CommandError(.answersNotSaved(error, draft: nil), kind: .output)
            }
            if case .bool(let yes) = answer, yes != true { return ExitStatus.no }
            return ExitStatus.success
        case .invalidInput(let message):
            // Not 1: that is a confirm's no, and an answer that could not be read is no answer.
            throw CommandError(.invalidInput(message), kind: .noAnswer)
        case .cancelled, .signalled:
            return outcome.exitStatus
        }
    }

    /// The one-field flow the words ask for.
    ///
    /// - Throws: a usage ``CommandError`` for a missing or unknown kind, a missing label, or
    ///   an option the kind does not take; a usage error too for settings the loader refuses.
    static func question(_ arguments: Arguments) throws(CommandError) -> FlowSpec {
        let words = arguments.positionals
        guard let name = words.first else { throw .usage(.askNeedsKind(known: kinds), command: "ask") }
        guard let kind = fieldKind(name) else {
            throw .usage(.unknownKind(name, nearest: Suggestion.nearest(to: name, in: kinds), known: kinds), command: "ask")
        }
        guard words.count >= 2 else { throw .usage(.askNeedsLabel(kind: name), command: "ask") }
        guard words.count == 2 else { throw .usage(.askTakesOneLabel(given: words.count - 1), command: "ask") }
        let own = kind.questionKeys
        for (key, _) in keys where arguments.values[key.option] != nil && !own.contains(key) {
            throw .usage(.askOptionNotForKind(option: key.option, kind: name), command: "ask")
        }
        let isSecure = name == secure
        if arguments.values["mask"] != nil && !isSecure { throw .usage(.askOptionNotForKind(option: "mask", kind: name), command: "ask") }
        if arguments.values["default"] != nil && isSecure { throw .usage(.askOptionNotForKind(option: "default", kind: name), command: "ask") }
        if arguments.flags.contains("print") && kind != .confirm { throw .usage(.askOptionNotForKind(option: "print", kind: name), command: "ask") }
        let options = arguments.lists["option"] ?? []
        if !options.isEmpty && !kind.hasOptions { throw .usage(.askOptionNotForKind(option: "option", kind: name), command: "ask") }
        if options.isEmpty && kind.hasOptions { throw .usage(.askNeedsOptions(kind: name), command: "ask") }

        var field = JSONObjectText()
        // The label is the id too, so that a message about the answer names what was asked.
        let id = words[1].isEmpty ? "answer" : words[1]
        field.add("id", string: id)
        field.add("kind", string: kind.rawValue)
        // A question has no earlier answer to name: a brace in its texts is a brace.
        func literal(_ text: String) -> String { text.replacing("{", with: "{{").replacing("}", with: "}}") }
        field.add("label", string: literal(words[1]))
        if isSecure { field.add("secure", raw: "true") }
        for key in ["placeholder", "hint", "keyboard"] {
            if let value = arguments.values[key] { field.add(key, string: key == "keyboard" ? value : literal(value)) }
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
        if let message = arguments.values["message"] { rules.add("message", string: literal(message)) }
        for key in own {
            guard let text = arguments.values[key.option] else { continue }
            let value = try json(text, key: key)
            if key.place == .rules { rules.add(key.key, raw: value) } else { field.add(key.key, raw: value) }
        }
        if !rules.isEmpty { field.add("rules", raw: rules.text) }
        let spec = try load(field)
        // A confirm starts at an answer, shown, so that Enter alone answers, as gum's, clack's
        // and Inquirer's do: Yes, or the answer it must be.
        let start = kind == .confirm ? arguments.values["equals"] ?? "true" : nil
        guard let text = arguments.values["default"] ?? start else { return spec }
        // The default is read as --set reads a value, then checked as a flow's default is.
        do throws(PrefillError) {
            field.add("default", raw: try FlowReducer(spec: spec).answer(parsing: text, for: FieldID(id)).json)
        } catch {
            throw .usage(.askDefaultRefused(error), command: "ask")
        }
        return try load(field)
    }

    /// The option's `text` as the JSON value of `key`, or a usage error naming the option.
    private static func json(_ text: String, key: QuestionKey) throws(CommandError) -> String {
        let number = Double(text).flatMap { $0.isFinite && !text.contains(where: \.isLetter) ? $0 : nil }
        switch key.value {
        case .flag:
            guard text == "true" || text == "false" else { throw .usage(.askValue(option: key.option, given: text, expected: key.value), command: "ask") }
            return text
        case .count:
            guard let count = Int(text), count >= 0 else { throw .usage(.askValue(option: key.option, given: text, expected: key.value), command: "ask") }
            return String(count)
        case .number:
            guard let number else { throw .usage(.askValue(option: key.option, given: text, expected: key.value), command: "ask") }
            return JSONText.number(number)
        case .strings:
            return "[" + text.split(separator: ",", omittingEmptySubsequences: false).map { JSONText.quote(String($0)) }.joined(separator: ",") + "]"
        case .text:
            return JSONText.quote(text)
        case .bound:
            return number.map(JSONText.number) ?? JSONText.quote(text)
        }
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
            // The key the loader names (`fields[0] ("Age").rules.min`) is said as the option that set it.
            let key = error.path.flatMap { $0.split(separator: ".").last }.map(String.init)
            let option = keys.first { $0.key.key == key }?.key.option ?? key.flatMap { common.contains($0) ? $0 : nil }
            throw .usage(.askRefused(error.reason, option: option), command: "ask")
        } catch {
            throw CommandError(FlowFile.problem(error), kind: .flow)
        }
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
