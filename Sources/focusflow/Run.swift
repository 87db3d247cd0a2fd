import FocusFlow
import FocusFlowTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `focusflow run [FLOW]`: walks a flow and prints the answers as one JSON object.
enum Run {
    static let usage = """
        USAGE: focusflow run [FLOW] [--output FILE] [--accessible] [--mask CHAR]

        Walks FLOW (default: the built-in sign-up flow) in the terminal and prints the answers
        as one JSON object on stdout, in field order. The interface itself goes to stderr.

        OPTIONS
          --output FILE   write the answers to FILE (atomically) instead of stdout
          --accessible    plain line-per-prompt mode (also when TERM=dumb)
          --mask CHAR     the character shown for each character of a secure field (default •)

        KEYS
          Enter next (completes on the last field) · Shift-Tab previous field
          Ctrl-T show/hide a secure field · Ctrl-C, or Ctrl-D on an empty line, cancel

        When stdin is not a terminal, each line answers the next visible field.
        Exit status: 0 done, 1 invalid scripted input, 2 usage or flow error, 130 cancelled,
        143 SIGTERM, 129 SIGHUP.
        """

    static func main(_ words: some Collection<String>) throws(UsageError) -> Int32 {
        let arguments = try Arguments(words, command: "run", options: ["output", "mask"], flags: ["accessible"])
        if arguments.flags.contains("help") { print(usage); return 0 }
        guard arguments.positionals.count <= 1 else {
            throw UsageError("run takes one flow file at most, not \(arguments.positionals.count)", command: "run")
        }
        var mask: Character = "•"
        if let text = arguments.values["mask"] {
            guard text.count == 1, let character = text.first, KeyboardType.default.accepts(character), !character.isWhitespace else {
                throw UsageError("--mask takes one printable character, not \(text.debugDescription)", command: "run")
            }
            mask = character
        }
        guard let spec = Flow.load(arguments.positionals.first) else { return 2 }
        if let output = arguments.values["output"] {
            do {
                try AnswerFile.checkWritable(output)
            } catch {
                Output.error("focusflow: \(error)")
                return 2
            }
        }
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let outcome = FlowRunner.run(RunOptions(spec: spec, mask: mask, accessible: arguments.flags.contains("accessible"), color: !noColor))
        switch outcome {
        case .completed(let result):
            let json = result.json + "\n"
            if let output = arguments.values["output"] {
                do {
                    try AnswerFile.write(json, to: output)
                } catch {
                    Output.error("focusflow: \(error)")
                    return 2
                }
            } else {
                Output.standard(json)
            }
        case .invalidInput(let message):
            Output.error("focusflow: \(message)")
        case .cancelled, .signalled:
            break
        }
        return outcome.exitStatus
    }
}
