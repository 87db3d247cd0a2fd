import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol
import FocusFlowTerminal
import Glibc

/// `focusflow check FLOW`: explores the flow's reachable states and checks every invariant.
enum Check {
    static let command = Subcommand(
        name: "check",
        synopsis: ["check [FLOW] [--depth N] [--max-states N] [--no-decompose]"],
        summary: "explore the flow's states, check every invariant",
        details: """
            Explores the states FLOW can reach, breadth first, typing into each field the empty
            text, a value passing its rules, one failing them and one its keyboard refuses, and
            pressing next, previous, reveal, clear, cancel and jumps (to every field in a flow of
            up to 12 fields; beyond that to the first, the last, the fields within two of the
            focus and every field a rule or condition ties to another). Every invariant is
            checked on every edge. On a violation it prints the shortest script that reaches it
            (replay it with 'focusflow replay FLOW SCRIPT') and exits 1. Typed values are at
            most 64 characters, whatever the rules. When stderr is a terminal, the states seen
            so far are shown there while it runs.

            Fields that no 'matches' rule or 'when' condition ties together, even through
            others, form independent groups, and each group is explored apart: from a state
            where every field outside it holds a passing value (reached by the first requests
            of any script it prints), typing only into the group's fields and making every
            move on every field. The invariants then hold for every combination of the groups'
            values, because a field outside a group is read only as passing or failing a move's
            check, and a move stops at the first field that fails, as explored in that field's
            own group. A script is the shortest from its group's start.

            OPTIONS
              --depth N        requests deep to go (default 50; each group's, when decomposed)
              --max-states N   distinct states to visit at most (default 200000; each group's)
              --no-decompose   explore every combination of the fields' values as one
            """,
        options: ["depth", "max-states"],
        flags: ["no-decompose"],
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw .usage("check takes one flow file at most", command: "check") }
        let options = FlowExplorer.Options(
            depth: try arguments.integer("depth", default: 50, in: 1...1_000, command: "check"),
            maxStates: try arguments.integer("max-states", default: 200_000, in: 1...100_000_000, command: "check"),
            decompose: !arguments.flags.contains("no-decompose"))
        let spec = try FlowFile.load(arguments.positionals.first)
        let name = arguments.positionals.first ?? "signup.json (built in)"
        var explored = options
        if isatty(2) == 1 {
            explored.progress = { states, depth in
                try? Descriptor.writeAll(2, Array("\rchecking: \(states) states, depth \(depth)\u{1B}[K".utf8))
            }
        }
        let report = FlowExplorer(spec: spec).run(explored)
        if explored.progress != nil { try? Descriptor.writeAll(2, Array("\r\u{1B}[K".utf8)) }
        try Output.standard(summary(report, name: name, spec: spec, options: options) + "\n")
        return report.counterexample == nil ? 0 : 1
    }

    static func summary(_ report: FlowExplorer.Report, name: String, spec: FlowSpec, options: FlowExplorer.Options) -> String {
        var lines: [String] = []
        let limits = "to depth \(report.depth) (limits: --depth \(options.depth), --max-states \(options.maxStates))"
        if report.groups.isEmpty {
            let extent = report.exhaustive ? "every reachable state" : limits
            lines.append("\(name): \(report.states) states, \(report.edges) edges, \(extent)")
        } else {
            let extent = report.exhaustive ? "each to every reachable state" : "\(limits) within each group"
            lines.append("\(name): \(report.states) states, \(report.edges) edges, in \(report.groups.count) independent groups explored apart, \(extent)")
        }
        let focused = spec.fields.filter { report.fieldsFocused.contains($0.id) }.count
        lines.append("covered: \(focused)/\(spec.fields.count) fields focused; completed: \(report.completed ? "yes" : "no"); cancelled: \(report.cancelled ? "yes" : "no")")
        let names = FlowExplorer(spec: spec).eventNames
        lines.append("events seen: \(names.filter(report.eventsSeen.contains).joined(separator: ", "))")
        let unseen = names.filter { !report.eventsSeen.contains($0) && $0 != "submitted" }
        if !unseen.isEmpty { lines.append("events not seen: \(unseen.joined(separator: ", "))") }
        if !report.noPassingValue.isEmpty {
            lines.append("no passing value found for: \(report.noPassingValue.map(\.rawValue).joined(separator: ", ")) (the explorer cannot get past them)")
        }
        lines += decomposition(report)
        if let counterexample = report.counterexample {
            lines.append("VIOLATION of \(counterexample.violation)")
            if !counterexample.group.isEmpty {
                let group = counterexample.group.map(\.rawValue).joined(separator: " ")
                let how = counterexample.groupStart == counterexample.script.count
                    ? "on the walk to the start of group \(group)"
                    : "\(counterexample.groupStart) to the start of group \(group), then the shortest from there"
                lines.append("script (\(counterexample.script.count) requests: \(how); replay with 'focusflow replay FLOW SCRIPT'):")
            } else {
                lines.append("shortest script (\(counterexample.script.count) requests; replay with 'focusflow replay FLOW SCRIPT'):")
            }
            lines += counterexample.script.map { "  \($0.json)" }
        } else {
            lines.append("all \(FlowInvariants.count) invariants hold on every edge explored")
        }
        return lines.joined(separator: "\n")
    }

    /// What exploring apart covered and why it is enough, or why the flow was explored as one.
    static func decomposition(_ report: FlowExplorer.Report) -> [String] {
        if let reason = report.notDecomposed { return ["explored as one: \(reason)"] }
        guard !report.groups.isEmpty else { return [] }
        let shown = report.groups.prefix(12).map { $0.map(\.rawValue).joined(separator: " ") }.joined(separator: " | ")
        return [
            "groups: \(shown)\(report.groups.count > 12 ? " | … (\(report.groups.count) in all)" : "")",
            "decomposed: no matches rule or when condition ties two groups; each group was explored with every field outside it",
            "  holding a passing value, so the invariants hold for every combination of the groups' values: a field outside a",
            "  group is read only as passing or failing a move's check, and a move stops at the first field that fails, as",
            "  explored in that field's own group (--no-decompose explores every combination, within the limits)",
        ]
    }
}
