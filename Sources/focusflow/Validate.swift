import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `focusflow validate FLOW...`: checks flow files; each problem on stderr, exit 2 if any.
enum Validate {
    static let usage = """
        USAGE: focusflow validate FLOW...

        Checks each flow file. Prints "FLOW: ok" for a valid one; for an invalid one, one
        line naming the file, the line and column or the field path, and the problem.
        Exit status: 0 when all are valid, 2 otherwise.
        """

    static func main(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        let arguments = try Arguments(words, command: "validate")
        if arguments.flags.contains("help") { print(usage); return 0 }
        guard !arguments.positionals.isEmpty else { throw UsageError("validate needs at least one flow file", command: "validate") }
        var failed = false
        for path in arguments.positionals {
            do {
                let spec = try FlowSpec(contentsOf: URL(fileURLWithPath: path))
                print("\(path): ok (\(spec.fields.count) field\(spec.fields.count == 1 ? "" : "s"))")
            } catch {
                Output.error("\(error)")
                failed = true
            }
        }
        return failed ? 2 : 0
    }
}
