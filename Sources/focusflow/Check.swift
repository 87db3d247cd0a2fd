#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import FocusFlowTerminal
import Glibc
import Synchronization

/// `focusflow check FLOW`: explores the flow's reachable states and checks every invariant.
enum Check {
    static let command = Subcommand(
        name: "check",
        synopsis: [
            "check [FLOW] [--depth N] [--max-states N] [--budget SECONDS] [--require-complete] [--no-decompose] [--paths] [--options NAME=FILE]... [--lang en|ko]"
        ],
        texts: HelpTexts(
            en: HelpText(
                summary: "explore the flow's states, check every invariant",
                details: """
                    Explores the states FLOW can reach, breadth first, typing into each field the
                    empty text, a value passing its rules, one failing them and one its keyboard
                    refuses, and pressing next, previous, reveal, clear, cancel and jumps (to every
                    field in a flow of up to 12 fields; beyond that to the first, the last, the
                    fields within two of the focus and every field a rule or condition ties to
                    another). Every invariant is checked on every edge. On a violation it prints the
                    shortest script that reaches it (replay it with 'focusflow replay FLOW SCRIPT')
                    and exits 1. It also reports the author's mistakes, each at its place in the
                    file (they change no exit status): a field no answers can show, a condition
                    testing for a value the field it reads can never have, a value a field lists
                    that its own rules refuse, a matches rule whose partner some answers hide, a
                    field shown that no answer passes ('validate --strict' says the same without
                    exploring, and fails on them).
                    Typed values are at most 64 characters, whatever the rules. When stderr is a
                    terminal, it shows there while it runs the states seen so far, the group it
                    is in and the time left in the budget; piped, nothing but the report.

                    Fields that no 'matches' rule ties together, even through others, form
                    independent groups, and each group is explored apart: from a state where every
                    field outside it holds a passing value (reached by the first requests of any
                    script it prints), once for each way the fields its 'when' conditions read can
                    tell them, typing only into the group's fields and making every move on every
                    field. The invariants then hold for every combination of the groups' values,
                    because a field outside a group is read only as shown or hidden, and as passing
                    or failing a move's check, and a move stops at the first field that fails, as
                    explored in that field's own group. A script is the shortest from its group's
                    start. Beyond 12 fields, a group's exploration follows the focus onto its
                    fields, the fields its answers show or hide, the nearest field before each and
                    the last field shown, and tries on a field outside the group only the moves
                    that pass, skip or land on those: the others read nothing of the group.

                    The proof is partial when a limit stops the exploration (--depth, --max-states
                    or --budget): the report says so, which limit, how many fields were focused and,
                    in groups, how many were explored fully, partly or not at all. Exit status: 0
                    when every invariant holds on every edge explored, 1 on a violation, 2 for a
                    usage or flow error, 3 for a partial proof with --require-complete.

                    OPTIONS
                      --depth N        requests deep to go (default 50; each group's, when
                                       decomposed)
                      --max-states N   distinct states to visit at most (default 200000; each
                                       group's)
                      --budget SECONDS the time to explore at most, for the whole flow (default
                                       60; a fraction of a second allowed, as 0.5)
                      --require-complete
                                       exit 3 when a limit stopped the exploration
                      --no-decompose   explore every combination of the fields' values as one
                      --paths          print each distinct path through the flow's visibility
                                       (the fields a completed walk shows) with a script that
                                       walks it, for 'focusflow replay'; their count is printed
                                       without it too
                      --options NAME=FILE
                                       the lists the source of options NAME gives (repeatable):
                                       FILE holds a JSON array of options, or an array of such
                                       lists, each tried as the answer to every request for them.
                                       A source not given gets two lists of its own
                      --lang en|ko     the report's language (default: the locale's); the flow's
                                       text given in several languages is checked in it too.
                                       Event names and scripts stay as they are
                    """), ko: KoreanHelp.check),
        options: ["depth", "max-states", "budget", "lang"],
        flags: ["no-decompose", "require-complete", "paths"],
        repeatable: ["options"],
        operands: [.flow],
        run: main)

    /// The budget when `--budget` is not given: a minute, which CI jobs wait for.
    static let defaultBudget = 60.0

    /// The exit status of a partial proof (a limit stopped the exploration) with `--require-complete`.
    static let partialStatus: Int32 = 3

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        let started = ContinuousClock.now
        guard arguments.positionals.count <= 1 else { throw .usage(.oneFlowAtMost(command: "check"), command: "check") }
        let budget = try arguments.seconds("budget", default: defaultBudget, most: 1_000_000, command: "check")
        let options = FlowExplorer.Options(
            depth: try arguments.integer("depth", default: 50, in: 1...1_000, command: "check"),
            maxStates: try arguments.integer("max-states", default: 200_000, in: 1...100_000_000, command: "check"),
            decompose: !arguments.flags.contains("no-decompose"), budget: .milliseconds(Int64((budget * 1000).rounded(.up))))
        let language = try LanguageOption.decide(arguments, command: "check", fallback: arguments.language)
        let words = language.commandWords
        let spec = try FlowFile.load(arguments.positionals.first, command: "check").localized(to: language)
        let name = arguments.positionals.first.map(DisplayText.escaped) ?? words.builtInFlow
        let explorer = FlowExplorer(spec: spec, optionLists: try optionLists(arguments))
        // The budget counts from the start: what reading the flow and finding its values took is spent.
        var explored = options
        explored.budget = max(.zero, options.budget! - (ContinuousClock.now - started))
        let line = isatty(2) == 1 ? CheckProgressLine(words: words, budget: explored.budget) : nil
        if let line { explored.progress = { line.show($0) } }
        let previous = line != nil ? ProgressLineSignals.install() : [:]
        // The distinct paths through the visibility, counted beside the coverage and each with
        // its script after the report on --paths, are searched while the exploration runs,
        // within the same budget: the one does not wait for the other.
        let searched = Mutex<FlowExplorer.VisibilityPaths?>(nil)
        let searching = DispatchGroup()
        let deadline = started + .milliseconds(Int64((budget * 1000).rounded(.up)))
        DispatchQueue.global().async(group: searching) {
            let found = explorer.visibilityPaths(until: deadline)
            searched.withLock { $0 = found }
        }
        let report = explorer.run(explored)
        line?.erase()
        ProgressLineSignals.restore(previous)
        // The author's mistakes (a field never shown, a test that never holds), each at its place.
        let mistakes = spec.mistakes
        searching.wait()
        let paths = searched.withLock { $0! }
        let count = words.paths(paths.paths.count, paths.stoppedBy)
        let required = arguments.flags.contains("require-complete")
        let said = mistakes.map { "\(name): \($0.place): \($0.message)" }
        try Output.standard(summary(report, name: name, spec: spec, options: options, required: required, words: words, paths: count, mistakes: said) + "\n")
        if arguments.flags.contains("paths") {
            var listed = ""
            for (number, path) in paths.paths.enumerated() {
                listed += words.path(number + 1, path.fields.map { DisplayText.escaped($0.rawValue) }) + "\n"
                listed += path.script.map { "  \($0.json)\n" }.joined()
            }
            try Output.standard(listed)
        }
        // The mistakes are said; 'validate --strict' is the gate that fails on them.
        if report.counterexample != nil { return 1 }
        return required && !report.exhaustive ? partialStatus : 0
    }

    /// `--options NAME=FILE`: the lists each source gives, read from the files.
    static func optionLists(_ arguments: Arguments, command: String = "check") throws(CommandError) -> [String: [[FieldOption]]] {
        var lists: [String: [[FieldOption]]] = [:]
        for item in arguments.lists["options"] ?? [] {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else { throw .usage(.optionsNeedsEquals(item), command: command) }
            let name = String(item[..<equals]), path = String(item[item.index(after: equals)...])
            if lists[name] != nil { throw .usage(.optionsTwice(name), command: command) }
            guard let bytes = FlowFile.regularFile(path) else {
                throw CommandError(FlowFile.exists(path) ? .cannotBeRead(path) : .noSuchFile(path), kind: .flow)
            }
            let decoder = JSONDecoder()
            if let one = try? decoder.decode([FieldOption].self, from: Data(bytes)) {
                lists[name] = [one]
            } else if let several = try? decoder.decode([[FieldOption]].self, from: Data(bytes)) {
                lists[name] = several
            } else {
                throw CommandError(.optionsFileMalformed(path), kind: .flow)
            }
        }
        return lists
    }

    static func summary(
        _ report: FlowExplorer.Report, name: String, spec: FlowSpec, options: FlowExplorer.Options, required: Bool = false, words: CommandWords = .english,
        paths: String? = nil, mistakes: [String] = []
    ) -> String {
        var lines: [String] = []
        if report.groups.isEmpty {
            let extent = report.exhaustive ? words.everyState : words.partly(report.depth)
            lines.append(words.explored(name, report.states, report.edges, extent))
        } else {
            let extent = report.exhaustive ? words.everyStateOfEachGroup : words.partlyInGroups(report.depth)
            lines.append(words.exploredInGroups(name, report.states, report.edges, report.groups.count, extent))
        }
        let focused = spec.fields.filter { report.fieldsFocused.contains($0.id) }.count
        lines.append(words.covered(focused, spec.fields.count, report.completed, report.cancelled))
        if !report.exhaustive, !report.groups.isEmpty {
            let count = { (coverage: FlowExplorer.Coverage) in report.coverage.count { $0 == coverage } }
            lines.append(words.groupsExplored(count(.complete), count(.partial), report.groups.count - count(.complete) - count(.partial)))
        }
        if let paths { lines.append(paths) }
        let names = FlowExplorer.eventNames(of: spec)
        lines.append(words.eventsSeen(names.filter(report.eventsSeen.contains).joined(separator: ", ")))
        let unseen = names.filter { !report.eventsSeen.contains($0) && $0 != "submitted" }
        if !unseen.isEmpty { lines.append(words.eventsNotSeen(unseen.joined(separator: ", "))) }
        if !report.noPassingValue.isEmpty {
            lines.append(words.noPassingValue(report.noPassingValue.map(\.rawValue).joined(separator: ", ")))
        }
        lines += decomposition(report, words: words)
        // The author's mistakes, before what the exploration proved.
        lines += mistakes
        if let counterexample = report.counterexample {
            lines.append(words.violation(counterexample.violation))
            if !counterexample.group.isEmpty {
                let group = counterexample.group.map(\.rawValue).joined(separator: " ")
                lines.append(words.groupScript(counterexample.script.count, counterexample.groupStart, group))
            } else {
                lines.append(words.shortestScript(counterexample.script.count))
            }
            lines += counterexample.script.map { "  \($0.json)" }
        } else {
            lines.append(words.allHold(FlowInvariants.count))
            if !report.exhaustive {
                let limit = { (limit: FlowExplorer.Limit) in words.limit(limit, value(of: limit, in: options)) }
                let stoppedBy = report.limits.sorted().map(limit).joined(separator: ", ")
                lines.append(words.partialProof(stoppedBy, FlowExplorer.Limit.allCases.map(limit).joined(separator: ", "), required))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What `limit` is set to in `options`, as its option takes it.
    static func value(of limit: FlowExplorer.Limit, in options: FlowExplorer.Options) -> String {
        switch limit {
        case .depth: String(options.depth)
        case .states: String(options.maxStates)
        case .budget: options.budget.map { Seconds.text(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) } ?? "none"
        }
    }

    /// What exploring apart covered and why it is enough, or why the flow was explored as one.
    static func decomposition(_ report: FlowExplorer.Report, words: CommandWords) -> [String] {
        if let reason = report.notDecomposed { return [words.exploredAsOne(reason)] }
        guard !report.groups.isEmpty else { return [] }
        let shown = report.groups.prefix(12).map { $0.map(\.rawValue).joined(separator: " ") }.joined(separator: " | ")
        return [words.groups(shown, report.groups.count > 12 ? report.groups.count : nil)] + words.decomposedProof(report.exhaustive)
    }
}
