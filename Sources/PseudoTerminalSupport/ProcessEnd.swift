import Glibc

/// How a program ended: the status it exited with, or the signal that ended it. A shell's `$?`
/// says 130 for both `exit(130)` and death by SIGINT; a caller of `waitpid` (and a shell running
/// a script) can tell them apart, and so does this.
///
/// An integer literal is an exit status: `terminal.finish() == 0`.
package enum ProcessEnd: Equatable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// `exit(status)` (`WIFEXITED`).
    case exited(Int32)
    /// Ended by the signal's action (`WIFSIGNALED`).
    case signalled(Int32)

    package init(integerLiteral status: Int32) { self = .exited(status) }

    /// The end a `waitpid` status describes.
    package init(waitStatus status: Int32) {
        self = (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// What a shell's `$?` says: the status, or 128 + the signal.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    package var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signalled(let signal): "ended by signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}
