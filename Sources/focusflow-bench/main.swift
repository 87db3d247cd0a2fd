// focusflow-bench: the figures quoted in closing notes. Run with `swift run -c release focusflow-bench`.
import FocusFlow
import FocusFlowTerminal
import Foundation

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--raw-echo" { TerminalBench.rawEcho() }
if arguments.first == "--readline-echo" { TerminalBench.stockReadline() }
if arguments.first == "--run", let path = arguments.dropFirst().first {
    // The terminal bench's stand-in for `focusflow run FLOW` when focusflow is not built.
    let outcome = FlowRunner.run(RunOptions(spec: try FlowSpec(contentsOf: URL(fileURLWithPath: path)), color: false))
    exit(outcome.exitStatus)
}
do {
    if !arguments.contains("--terminal-only") {
        try EngineBench.report()
        try ProtocolBench.report()
    }
    if !arguments.contains("--engine-only") { try TerminalBench.report() }
} catch {
    print("focusflow-bench: \(error)")
    exit(1)
}
