#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import FocusFlowTerminal
import Glibc

/// `focusflow check FLOW`: explores the flow's reachable states and checks every invariant.
enum Check {
    static let command = Subcommand(
        name: "check",
        synopsis: ["check [FLOW] [--depth N] [--max-states N] [--no-decompose] [--paths] [--options NAME=FILE]... [--lang en|ko]"],
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
                    file, and exits 1: a field no answers can show, a condition testing for a
                    value the field it reads can never have, a value a field lists that its own
                    rules refuse, a matches rule whose partner some answers hide, a field shown
                    that no answer passes ('validate --strict' says the same without exploring).
                    Typed values are at most 64 characters, whatever the rules. When stderr is a
                    terminal, the states seen so far are shown there while it runs.

                    Fields that no 'matches' rule ties together, even through others, form
                    independent groups, and each group is explored apart: from a state where every
                    field outside it holds a passing value (reached by the first requests of any
                    script it prints), once for each way the fields its 'when' conditions read can
                    tell them, typing only into the group's fields and making every move on every
                    field. The invariants then hold for every combination of the groups' values,
                    because a field outside a group is read only as shown or hidden, and as passing
                    or failing a move's check, and a move stops at the first field that fails, as
                    explored in that field's own group. A script is the shortest from its group's
                    start.

                    OPTIONS
                      --depth N        requests deep to go (default 50; each group's, when
                                       decomposed)
                      --max-states N   distinct states to visit at most (default 200000; each
                                       group's)
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
        options: ["depth", "max-states", "lang"],
        flags: ["no-decompose", "paths"],
        repeatable: ["options"],
        operands: [.flow],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw .usage(.oneFlowAtMost(command: "check"), command: "check") }
        let options = FlowExplorer.Options(
            depth: try arguments.integer("depth", default: 50, in: 1...1_000, command: "check"),
            maxStates: try arguments.integer("max-states", default: 200_000, in: 1...100_000_000, command: "check"),
            decompose: !arguments.flags.contains("no-decompose"))
        let language = try LanguageOption.decide(arguments, command: "check", fallback: arguments.language)
        let words = language.commandWords
        let spec = try FlowFile.load(arguments.positionals.first, command: "check").localized(to: language)
        let name = arguments.positionals.first.map(DisplayText.escaped) ?? words.builtInFlow
        var explored = options
        if isatty(2) == 1 {
            explored.progress = { states, depth in
                try? Descriptor.writeAll(2, Array("\r\(words.checking(states, depth))\u{1B}[K".utf8))
            }
        }
        let previous = explored.progress != nil ? ProgressLineSignals.install() : [:]
        let report = FlowExplorer(spec: spec, optionLists: try optionLists(arguments)).run(explored)
        if explored.progress != nil { try? Descriptor.writeAll(2, Array("\r\u{1B}[K".utf8)) }
        ProgressLineSignals.restore(previous)
        // The author's mistakes (a field never shown, a test that never holds), each at its place.
        let mistakes = spec.mistakes
        // The distinct paths through the visibility: counted beside the coverage, each with its
        // script after the report on --paths.
        let explorer = FlowExplorer(spec: spec, optionLists: try optionLists(arguments))
        let paths = explorer.visibilityPaths()
        let count = words.paths(paths.paths.count, paths.exhaustive)
        try Output.standard(summary(report, name: name, spec: spec, options: options, words: words, paths: count) + "\n")
        if !mistakes.isEmpty { try Output.standard(mistakes.map { "\(name): \($0.place): \($0.message)\n" }.joined()) }
        if arguments.flags.contains("paths") {
            var listed = ""
            for (number, path) in paths.paths.enumerated() {
                listed += words.path(number + 1, path.fields.map { DisplayText.escaped($0.rawValue) }) + "\n"
                listed += path.script.map { "  \($0.json)\n" }.joined()
            }
            try Output.standard(listed)
        }
        return report.counterexample == nil && mistakes.isEmpty ? 0 : 1
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
        _ report: FlowExplorer.Report, name: String, spec: FlowSpec, options: FlowExplorer.Options, words: CommandWords = .english, paths: String? = nil
    ) -> String {
        var lines: [String] = []
        if report.groups.isEmpty {
            let extent = report.exhaustive ? words.everyState : words.toDepth(report.depth, options.depth, options.maxStates)
            lines.append(words.explored(name, report.states, report.edges, extent))
        } else {
            let extent = report.exhaustive ? words.everyStateOfEachGroup : words.toDepthInEachGroup(report.depth, options.depth, options.maxStates)
            lines.append(words.exploredInGroups(name, report.states, report.edges, report.groups.count, extent))
        }
        let focused = spec.fields.filter { report.fieldsFocused.contains($0.id) }.count
        lines.append(words.covered(focused, spec.fields.count, report.completed, report.cancelled))
        if let paths { lines.append(paths) }
        let names = FlowExplorer(spec: spec).eventNames
        lines.append(words.eventsSeen(names.filter(report.eventsSeen.contains).joined(separator: ", ")))
        let unseen = names.filter { !report.eventsSeen.contains($0) && $0 != "submitted" }
        if !unseen.isEmpty { lines.append(words.eventsNotSeen(unseen.joined(separator: ", "))) }
        if !report.noPassingValue.isEmpty {
            lines.append(words.noPassingValue(report.noPassingValue.map(\.rawValue).joined(separator: ", ")))
        }
        lines += decomposition(report, words: words)
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
        }
        return lines.joined(separator: "\n")
    }

    /// What exploring apart covered and why it is enough, or why the flow was explored as one.
    static func decomposition(_ report: FlowExplorer.Report, words: CommandWords) -> [String] {
        if let reason = report.notDecomposed { return [words.exploredAsOne(reason)] }
        guard !report.groups.isEmpty else { return [] }
        let shown = report.groups.prefix(12).map { $0.map(\.rawValue).joined(separator: " ") }.joined(separator: " | ")
        return [words.groups(shown, report.groups.count > 12 ? report.groups.count : nil)] + words.decomposedProof
    }
}
