@preconcurrency import CReadline
import CReadlineSession
import FocusFlow
import Glibc

/// How a walk through a flow ended, and the exit status that says so.
public enum RunOutcome: Equatable, Sendable {
    case completed(FlowResult)
    /// Ctrl-C, Ctrl-D on an empty line, or end of input at a prompt.
    case cancelled
    /// Scripted input failed a rule or its keyboard; the message names the field and the rule.
    case invalidInput(String)
    /// SIGQUIT (Ctrl-\\), SIGTERM or SIGHUP ended the walk.
    case signalled(Int32)

    /// 0 done, 1 scripted input invalid, 130 cancelled, 128 + the signal's number.
    public var exitStatus: Int32 {
        switch self {
        case .completed: 0
        case .invalidInput: 1
        case .cancelled: 130
        case .signalled(let signal): 128 + signal
        }
    }
}

/// What `focusflow run` was asked for.
public struct RunOptions: Sendable {
    public var spec: FlowSpec
    /// The character shown for each grapheme of a secure field.
    public var mask: Character
    /// Plain line-per-prompt mode (`--accessible`, or `TERM=dumb`).
    public var accessible: Bool
    /// Whether colours are allowed. Even when they are, ``FlowRunner`` sends none when
    /// `NO_COLOR` is set or the terminal has fewer than 8 colours (terminfo's `colors`).
    public var color: Bool
    /// The theme the host chose (`--theme`); `nil` for the flow's own, or the standard one.
    /// Colours still need ``color``, an unset `NO_COLOR` and a terminal with colours.
    public var theme: FlowTheme?

    /// Sees every action of the walk and the state it applies to (``FlowStore/actionObserver``),
    /// in every mode: for `focusflow run --record`.
    public var recorder: (@Sendable (FlowReducer.Action, FlowReducer.State) -> Void)?
    /// Where the walk starts (prefilled answers, a resumed draft); the flow's first state when `nil`.
    public var start: FlowReducer.State?
    /// The draft the walk keeps (`--draft FILE`), if any.
    public var draft: DraftFile?

    public init(spec: FlowSpec, mask: Character = "•", accessible: Bool = false, color: Bool = true,
                start: FlowReducer.State? = nil, draft: DraftFile? = nil) {
        self.spec = spec
        self.mask = mask
        self.accessible = accessible
        self.color = color
        self.start = start
        self.draft = draft
    }
}

/// Walks a flow: interactively with readline on a terminal, line by line otherwise.
public enum FlowRunner {
    /// From here on a fatal signal (a crash, SIGQUIT, SIGUSR1…) restores the terminal the walk
    /// took, if any, and prints nothing from memory — the Swift runtime's crash report holds
    /// registers and memory, and memory holds answers. For the rest of the process.
    package static func installCrashGuard() { SignalPipe.installFatalHandlers() }

    /// Puts /dev/null over whichever of descriptors 0, 1 and 2 the parent left closed, before
    /// anything else opens a file: otherwise the signal pipe (or a flow file) would take fd 0
    /// and a walk would read its own pipe as input for ever, or the answers would go into a
    /// file that took fd 1. A closed stdin reads as empty input. Over 1 and 2 /dev/null is open
    /// for reading only, so every write still fails (EBADF) as on a closed descriptor, and stdout
    /// is still refused as closed before the first field (exit 74).
    package static func openMissingStandardStreams() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
            ff_closed_at_start().pointee |= 1 << fd
        }
    }

    /// Whether descriptor `fd` (0, 1 or 2) was closed when the program started.
    static func wasClosedAtStart(_ fd: Int32) -> Bool { (0...2).contains(fd) && ff_closed_at_start().pointee & (1 << fd) != 0 }

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
