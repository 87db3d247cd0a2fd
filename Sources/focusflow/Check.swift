import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import FocusFlowTerminal
import Glibc

/// `focusflow check FLOW`: explores the flow's reachable states and checks every invariant.
enum Check {
    static let command = Subcommand(
        name: "check",
        synopsis: ["check [FLOW] [--depth N] [--max-states N] [--lang en|ko]"],
        texts: HelpTexts(en: HelpText(summary: "explore the flow's states, check every invariant", details: """
            Explores the states FLOW can reach, breadth first, typing into each field the empty
            text, a value passing its rules, one failing them and one its keyboard refuses, and
            pressing next, previous, reveal, clear, cancel and jumps (to every field in a flow of
            up to 12 fields; beyond that to the first, the last, the fields within two of the
            focus and every field a rule or condition ties to another). Every invariant is
            checked on every edge. On a violation it prints the shortest script that reaches it
            (replay it with 'focusflow replay FLOW SCRIPT') and exits 1. Typed values are at
            most 64 characters, whatever the rules. When stderr is a terminal, the states seen
            so far are shown there while it runs.

            OPTIONS
              --depth N        requests deep to go (default 50)
              --max-states N   distinct states to visit at most (default 200000)
              --lang en|ko     the report's language (default: the locale's); the flow's
                               text given in several languages is checked in it too.
                               Event names and scripts stay as they are
            """), ko: KoreanHelp.check),
        options: ["depth", "max-states", "lang"],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw .usage(.oneFlowAtMost(command: "check"), command: "check") }
        let options = FlowExplorer.Options(
            depth: try arguments.integer("depth", default: 50, in: 1...1_000, command: "check"),
            maxStates: try arguments.integer("max-states", default: 200_000, in: 1...100_000_000, command: "check"))
        let language = try LanguageOption.decide(arguments, command: "check", fallback: arguments.language)
        let words = language.commandWords
        let spec = try FlowFile.load(arguments.positionals.first).localized(to: language)
        let name = arguments.positionals.first ?? words.builtInFlow
        var explored = options
        if isatty(2) == 1 {
            explored.progress = { states, depth in
                try? Descriptor.writeAll(2, Array("\r\(words.checking(states, depth))\u{1B}[K".utf8))
            }
        }
        let report = FlowExplorer(spec: spec).run(explored)
        if explored.progress != nil { try? Descriptor.writeAll(2, Array("\r\u{1B}[K".utf8)) }
        try Output.standard(summary(report, name: name, spec: spec, options: options, words: words) + "\n")
        return report.counterexample == nil ? 0 : 1
    }

    static func summary(_ report: FlowExplorer.Report, name: String, spec: FlowSpec, options: FlowExplorer.Options, words: CommandWords = .english) -> String {
        var lines: [String] = []
        let extent = report.exhaustive ? words.everyState : words.toDepth(report.depth, options.depth, options.maxStates)
        lines.append(words.explored(name, report.states, report.edges, extent))
        let focused = spec.fields.filter { report.fieldsFocused.contains($0.id) }.count
        lines.append(words.covered(focused, spec.fields.count, report.completed, report.cancelled))
        let names = FlowExplorer(spec: spec).eventNames
        lines.append(words.eventsSeen(names.filter(report.eventsSeen.contains).joined(separator: ", ")))
        let unseen = names.filter { !report.eventsSeen.contains($0) && $0 != "submitted" }
        if !unseen.isEmpty { lines.append(words.eventsNotSeen(unseen.joined(separator: ", "))) }
        if !report.noPassingValue.isEmpty {
            lines.append(words.noPassingValue(report.noPassingValue.map(\.rawValue).joined(separator: ", ")))
        }
        if let counterexample = report.counterexample {
            lines.append(words.violation(counterexample.violation))
            lines.append(words.shortestScript(counterexample.script.count))
            lines += counterexample.script.map { "  \($0.json)" }
        } else {
            lines.append(words.allHold(FlowInvariants.count))
        }
        return lines.joined(separator: "\n")
    }
}
