#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import FocusFlow
import FocusFlowTerminal

/// `focusflow serve FLOW` and `focusflow replay FLOW SCRIPT`: the JSON-lines protocol.
enum Serve {
    static let usage = """
        USAGE: focusflow serve [FLOW]
               focusflow replay [FLOW] SCRIPT

        serve reads one request a line on stdin and writes one JSON response a line on stdout,
        flushed per line, starting with a response for the initial focus. replay reads the
        requests from SCRIPT and prints exactly what serve would. Requests are JSON objects or
        the text form; blank lines and lines starting with # are skipped:

          {"action":"text","value":"…"}   text …        the focused field's whole new value
          {"action":"next"}                next
          {"action":"previous"}            previous
          {"action":"focus","field":"id"}  focus id
          {"action":"reveal"}              reveal
          {"action":"clear"}               clear
          {"action":"cancel"}              cancel

        A malformed request, or one that cannot apply, gets {"error":"…"} and changes nothing.
        With no FLOW, the built-in sign-up flow. Exit status: 0 at the end of input, 2 for a
        usage or flow error.
        """

    static func serve(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        let arguments = try Arguments(words, command: "serve")
        if arguments.flags.contains("help") { print(usage); return 0 }
        guard arguments.positionals.count <= 1 else { throw UsageError("serve takes one flow file at most", command: "serve") }
        guard let spec = Flow.load(arguments.positionals.first) else { return 2 }
        var reader = LineReader(fd: 0)
        run(spec) { reader.next() }
        return 0
    }

    static func replay(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        let arguments = try Arguments(words, command: "replay")
        if arguments.flags.contains("help") { print(usage); return 0 }
        guard (1...2).contains(arguments.positionals.count) else {
            throw UsageError("replay takes [FLOW] SCRIPT", command: "replay")
        }
        let scriptPath = arguments.positionals.last!
        guard let spec = Flow.load(arguments.positionals.count == 2 ? arguments.positionals.first : nil) else { return 2 }
        let fd = open(scriptPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            Output.error("focusflow: \(scriptPath): \(errno == ENOENT ? "no such file" : "cannot be read")")
            return 2
        }
        defer { close(fd) }
        var reader = LineReader(fd: fd)
        run(spec) { reader.next() }
        return 0
    }

    /// Answers every line `next` gives until the end, each response written at once.
    private static func run(_ spec: FlowSpec, _ next: () -> LineReader.Read) {
        var session = ProtocolSession(spec: spec)
        Output.standard(session.initialResponse() + "\n")
        while case .line(let line) = next() {
            let body = line.drop { $0 == 0x20 || $0 == 0x09 }
            if body.isEmpty || body.first == UInt8(ascii: "#") { continue }
            Output.standard(session.respond(toLine: line) + "\n")
        }
    }
}

/// Loading the flow a command names, or the built-in sign-up.
enum Flow {
    /// The flow at `path`, or the sign-up; `nil` after saying why on stderr.
    static func load(_ path: String?) -> FlowSpec? {
        do {
            return try path.map { try FlowSpec(contentsOf: URL(fileURLWithPath: $0)) } ?? FlowSpec.signup()
        } catch {
            Output.error("focusflow: \(error)")
            return nil
        }
    }
}
