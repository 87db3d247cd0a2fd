import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `focusflow validate FLOW...`: checks flow files; each problem on stderr, exit 2 if any.
enum Validate {
    static let command = Subcommand(
        name: "validate",
        synopsis: ["validate FLOW..."],
        summary: "check flow files",
        details: """
            Checks each flow file. Prints "FLOW: ok" for a valid one; for an invalid one, one
            line naming the file, the line and column or the field path, and the problem. A JSON
            Schema (such as Flows/flow.schema.json, which 'Flows/*.json' includes) is skipped
            with a note; a folder is an error.
            Exit status: 0 when all are valid, 2 otherwise.
            """,
        run: main)

    static func main(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw .usage("validate needs at least one flow file", command: "validate") }
        var failed = false
        for path in arguments.positionals {
            if FlowFile.isFolder(path) {
                Output.error(FlowFile.folderMessage(path))
                failed = true
                continue
            }
            if FlowFile.isJSONSchema(path) {
                try Output.standard("\(path): skipped, a JSON Schema, not a flow\n")
                continue
            }
            let spec: FlowSpec
            do {
                spec = try FlowSpec(contentsOf: URL(fileURLWithPath: path))
            } catch {
                Output.error("\(error)")
                failed = true
                continue
            }
            try Output.standard("\(path): ok (\(spec.fields.count) field\(spec.fields.count == 1 ? "" : "s"))\n")
        }
        return failed ? ExitStatus.usage : ExitStatus.success
    }
}
