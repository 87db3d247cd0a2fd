import FocusFlow
import Glibc

/// How a walk through a flow ended, and the exit status that says so.
public enum RunOutcome: Equatable, Sendable {
    case completed(FlowResult)
    /// Ctrl-D on an empty line, `/cancel`, or end of input at a prompt: no signal.
    case cancelled
    /// Scripted input failed a rule or its keyboard; the message names the field and the rule.
    case invalidInput(String)
    /// A signal ended the walk: SIGINT (Ctrl-C), SIGQUIT (Ctrl-\\), SIGTERM or SIGHUP (also the
    /// terminal going away). A command ends by the same signal once the terminal is put back
    /// and what the walk writes is written, as `readpassphrase(3)` and sudo do, so that a
    /// script running it stops too; a shell sees 128 + the signal either way.
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

    /// Ends the process as the walk ended: with ``exitStatus``, or, when a signal ended it, by
    /// that signal, as `readpassphrase(3)` and sudo do (a script running the program stops then
    /// too). Call it once everything is written.
    public func endProcess() -> Never {
        if case .signalled(let signal) = self { SignalPipe.end(by: signal) }
        exit(exitStatus)
    }
}

/// What `focusflow run` was asked for.
public struct RunOptions: Sendable {
    public var spec: FlowSpec
    /// The character shown for each grapheme of a secure field.
    public var mask: Character
    /// Plain line-per-prompt mode (`--accessible`, or `TERM=dumb`).
    public var accessible: Bool
    /// Whether colours are allowed. Even when they are, `FlowRunner` sends none when
    /// `NO_COLOR` is set or the terminal has fewer than 8 colours (terminfo's `colors`).
    public var color: Bool
    /// The theme the host chose (`--theme`); `nil` for the flow's own, or the standard one.
    /// Colours still need ``color``, an unset `NO_COLOR` and a terminal with colours.
    public var theme: FlowTheme?

    /// Sees every action of the walk and the state it applies to (``/FocusFlow/FlowStore/actionObserver``),
    /// in every mode: for `focusflow run --record`.
    public var recorder: (@Sendable (FlowReducer.Action, FlowReducer.State) -> Void)?
    /// Where the walk starts (prefilled answers, a resumed draft); the flow's first state when `nil`.
    public var start: FlowReducer.State?
    /// The draft the walk keeps (`--draft FILE`), if any.
    public var draft: DraftFile?
    /// The programs that perform the flow's checks and sends (`--check`, `--send`).
    public var services = ServicePrograms()
    /// Writes the answers of a completed walk where they go, before the walk says it is done,
    /// and says whether they were written: the last words say `done` only then. `nil`: the
    /// host writes them after the walk.
    public var deliver: (@Sendable (FlowResult) -> Bool)?

    public init(
        spec: FlowSpec, mask: Character = "•", accessible: Bool = false, color: Bool = true,
        start: FlowReducer.State? = nil, draft: DraftFile? = nil
    ) {
        self.spec = spec
        self.mask = mask
        self.accessible = accessible
        self.color = color
        self.start = start
        self.draft = draft
    }
}
