@_exported import FocusFlowConsole
import FocusFlow
import Glibc

/// Walks a flow: interactively with readline on a terminal, line by line otherwise.
public enum FlowRunner {
    /// From here on a fatal signal (a crash, SIGQUIT, SIGUSR1…) restores the terminal the walk
    /// took, if any, and prints nothing from memory — the Swift runtime's crash report holds
    /// registers and memory, and memory holds answers. For the rest of the process.
    package static func installCrashGuard() { SignalPipe.installFatalHandlers() }

    /// Chooses the mode from the environment and walks `options.spec`.
    ///
    /// From here on a fatal signal (a crash, SIGQUIT, SIGUSR1…) restores the terminal and prints
    /// nothing from memory; those handlers stay for the rest of the process, since the answers
    /// stay in memory after the walk.
    public static func run(_ options: RunOptions) -> RunOutcome {
        let outcome = walk(options)
        options.draft?.finish(outcome)
        return outcome
    }

    private static func walk(_ options: RunOptions) -> RunOutcome {
        installCrashGuard()
        TerminalLocale.setUp()
        guard isatty(0) == 1 else { return LineMode.piped(options) }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        if options.accessible || term == "dumb" || term.isEmpty { return LineMode.accessible(options) }
        var options = options
        options.color = ColorChoice.decide(allowed: options.color)
        return InteractiveSession(options: options).run()
    }
}

enum TerminalLocale {
    /// Without a UTF-8 character type, readline drops typed Hangul: fall back to C.UTF-8.
    static func setUp() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? ""
        if !isUTF8(chosen) {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Whether a locale's name says UTF-8 (`UTF-8` or `UTF8`, in any case), compared byte by
    /// byte: a search through the string-processing module costs a start more than the rest of
    /// this choice.
    static func isUTF8(_ name: String) -> Bool {
        let upper = name.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        for word in ["UTF-8", "UTF8"] {
            let word = Array(word.utf8)
            guard upper.count >= word.count else { continue }
            for start in 0...(upper.count - word.count) where upper[start..<(start + word.count)].elementsEqual(word) {
                return true
            }
        }
        return false
    }
}
