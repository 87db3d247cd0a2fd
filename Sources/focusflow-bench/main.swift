// focusflow-bench: the figures quoted in closing notes (see USAGE below and README's Performance).
import FocusFlow
import FocusFlowCheck
import FocusFlowTerminal
import Foundation

let usage = """
    USAGE: focusflow-bench [--engine-only | --terminal-only | --sessions-only | --check-only | --patterns-only]
           focusflow-bench --flow SEED N

    Measures the figures quoted in closing notes and prints them: the engine (keystrokes,
    transitions, the protocol) and the terminal front over a pseudo-terminal (cold start,
    echo latency, peak RSS of a walk) beside two C programs of this package, stock readline
    (readline-reference) and a raw-mode echo (raw-echo-reference), which it builds from the
    package's C sources with cc. Build focusflow beside the bench first, as it ships (one
    static executable, as make install builds it):
      make build
      swift build -c release --traits RE2 --static-swift-stdlib --product focusflow-bench
      .build/release/focusflow-bench

    OPTIONS
      --engine-only     only the engine and protocol figures
      --terminal-only   only the terminal figures
      --sessions-only   only the figures of serve --sessions
      --check-only      only check's figures on the shipped and generated flows, and at scale
                        (generated flows of 200 and 2,000 fields)
      --flow SEED N     print the generated flow of N fields of seed SEED that the check
                        figures time (FlowGenerator), to run focusflow check on by hand
      --patterns-only   only the sign-up's patterns in ICU beside RE2 (needs c++, libicu-dev)
      -h, --help        this help
    """

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
if arguments.first == "--flow" {
    guard arguments.count == 3, let seed = UInt64(arguments.dropFirst().first!), let count = Int(arguments.last!), count > 0 else {
        print("focusflow-bench: --flow takes a seed and a number of fields: --flow 2 200")
        exit(2)
    }
    print(FlowGenerator.flow(seed: seed, fields: count))
    exit(0)
}
if arguments.first == "--run" {
    // The terminal bench's stand-in for `focusflow run [FLOW]` when focusflow is not built.
    let spec = try arguments.dropFirst().first.map { try FlowSpec(contentsOf: URL(fileURLWithPath: $0)) } ?? FlowSpec.signup()
    exit(FlowRunner.run(RunOptions(spec: spec, color: false)).exitStatus)
}
do {
    if arguments.contains("--sessions-only") {
        try SessionsBench.report()
        exit(0)
    }
    if arguments.contains("--check-only") {
        try CheckFlowsBench.report()
        exit(0)
    }
    if arguments.contains("--patterns-only") {
        try PatternsBench.report()
        exit(0)
    }
    if !arguments.contains("--terminal-only") {
        try EngineBench.report()
        try ProtocolBench.report()
        try SessionsBench.report()
        try CheckFlowsBench.report()
        try PatternsBench.report()
    }
    if !arguments.contains("--engine-only") { try TerminalBench.report() }
} catch {
    print("focusflow-bench: \(error)")
    exit(1)
}
