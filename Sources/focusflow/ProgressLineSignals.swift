import Glibc

/// While `check` shows its progress line on a terminal, SIGINT, SIGTERM, SIGHUP and SIGQUIT erase
/// that line and then end the program by their default action (status 128 + the signal; no core
/// for SIGQUIT), as a walk ends by them, so that the
/// shell's prompt does not land after a stale `checking: …`. The exploration is never paused to
/// look for a signal: the handler uses only async-signal-safe calls and ends the process itself.
enum ProgressLineSignals {
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Takes the signals a parent did not ignore; returns their dispositions before.
    static func install() -> [Int32: sigaction] {
        var previous: [Int32: sigaction] = [:]
        for number in signals {
            var old = sigaction()
            guard sigaction(number, nil, &old) == 0,
                unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
            else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let erase: StaticString = "\r\u{1B}[K"
                _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
                // The signal is blocked while its handler runs: raised again with the default
                // action, it ends the process as soon as the handler returns.
                signal(number, SIG_DFL)
                var none = rlimit(rlim_cur: 0, rlim_max: 0)
                setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
            previous[number] = old
        }
        return previous
    }

    /// Puts back what ``install()`` replaced, once the progress line is gone.
    static func restore(_ previous: [Int32: sigaction]) {
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
    }
}
