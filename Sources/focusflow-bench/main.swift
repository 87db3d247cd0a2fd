// focusflow-bench: the figures quoted in closing notes. Run with `swift run -c release focusflow-bench`.
import FocusFlow
import FocusFlowTerminal
import Foundation

let usage = """
    USAGE: focusflow-bench [--engine-only | --terminal-only]

    Measures the figures quoted in closing notes and prints them: the engine (keystrokes,
    transitions, the protocol) and the terminal front over a pseudo-terminal (cold start,
    echo latency). Build in release mode for figures worth quoting:
      swift run -c release focusflow-bench

    OPTIONS
      --engine-only     only the engine and protocol figures
      --terminal-only   only the terminal figures
      -h, --help        this help
    """

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
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
