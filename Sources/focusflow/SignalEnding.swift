import FocusFlowTerminal
import Glibc

/// How the command ends when a signal ended its walk (Ctrl-C, Ctrl-\, SIGTERM, SIGHUP): by that
/// signal, once the terminal is put back and everything the walk writes is written (a draft, a
/// recording, a message about what could not be written), as `readpassphrase(3)` and sudo do.
/// A shell sees 128 + the signal, as with an exit status, but a script running the command stops
/// too, as it does for any program a signal killed. Ctrl-D, which is no signal, exits with 130.
enum SignalEnding {
    /// The signal that ended the walk of `run` or `ask`, once it has returned.
    nonisolated(unsafe) private static var pending: Int32?

    /// Notes how the walk ended: a signal is what the command ends by.
    static func note(_ outcome: RunOutcome) {
        if case .signalled(let signal) = outcome { pending = signal }
    }

    /// Ends the process with `status`, or by the signal that ended the walk, or by one that
    /// came after it and waited until everything was written (`SignalPipe.heldEnd()`).
    static func exit(_ status: Int32) -> Never {
        if let signal = pending ?? SignalPipe.heldEnd() { SignalPipe.end(by: signal) }
        Glibc.exit(status)
    }
}
