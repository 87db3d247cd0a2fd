import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// `focusflow`: dispatches to one command a file. Returns the exit status.
enum CLI {
    static let version = "0.1.0"

    static let usage = """
        focusflow — walk multi-step forms in a terminal, or embed them

        USAGE
          focusflow [run] [FLOW] [--output FILE] [--accessible] [--mask CHAR]
          focusflow validate FLOW...
          focusflow serve [FLOW]                 JSON-lines protocol on stdin/stdout
          focusflow replay [FLOW] SCRIPT         the same, requests from a file
          focusflow check [FLOW] [--depth N] [--max-states N]
          focusflow --help | --version

        With no command, or with no FLOW, run walks the built-in sign-up flow.
        Keys: Enter next · Shift-Tab previous · Ctrl-T show/hide a secure field · Ctrl-C cancel.
        Exit status: 0 done, 1 invalid scripted input, 2 usage or flow error, 130 cancelled,
        143 SIGTERM, 129 SIGHUP. 'focusflow COMMAND --help' tells more.
        """

    static func main(_ words: [String]) -> Int32 {
        let name = words.first ?? "run"
        let rest = words.dropFirst()
        do {
            switch name {
            case "--help", "-h", "help": print(usage); return 0
            case "--version": print("focusflow \(version)"); return 0
            case "validate": return try Validate.main(rest)
            case "serve": return try Serve.serve(rest)
            case "replay": return try Serve.replay(rest)
            case "check": return try Check.main(rest)
            case "run": return try Run.main(rest)
            case _ where name.hasSuffix(".json") || ["--output", "--accessible", "--mask"].contains(where: name.hasPrefix):
                return try Run.main(words)
            default:
                let commands = ["run", "validate", "serve", "replay", "check", "help"]
                let hint = Suggestion.nearest(to: name, in: commands).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    name.hasPrefix("-") ? "unknown option \(name)" : "unknown command '\(name)'\(hint)", command: "focusflow")
            }
        } catch {
            Output.error("\(error)")
            return 2
        }
    }
}

/// Where the commands write.
enum Output {
    /// Writes `text` and a line end to stderr.
    static func error(_ text: String) { write(text + "\n", to: 2) }

    /// Writes `text` to stdout, whole.
    static func standard(_ text: String) { write(text, to: 1) }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
