import CConsole
import Glibc

/// The one place that decides what each signal does to a walk.
///
/// A signal that ends a walk (Ctrl-C, Ctrl-\\, SIGTERM, SIGHUP) ends it as a cancel does, and
/// the command then ends by that same signal once the terminal is put back and what the walk
/// writes is written (``end(by:)``), as `readpassphrase(3)` and sudo do: a shell running a
/// script stops the script then, as for any program a signal killed. A signal that ends a walk
/// and is not taken by the loop within a second (the program is busy) ends the process from the
/// watchdog, an alarm whose handler runs in the busy thread, terminal restored, by the signal too.
///
/// The signals a walk owns are each written as one byte to a pipe that the input loop polls, so
/// that the terminal is put back, put away for a stop and prepared again by ordinary code, never
/// from a signal handler. Fatal signals, which leave no loop to come back to, restore the
/// terminal from a handler that uses only async-signal-safe calls (see ``installFatalHandlers()``).
package final class SignalPipe {
    /// What a signal means to a walk.
    package enum Role {
        /// Ctrl-C, Ctrl-\\, SIGTERM, SIGHUP: end the walk as cancelled; the command then ends by
        /// the signal (a shell sees 128 + the signal).
        case end
        /// The window changed size.
        case resize
        /// Ctrl-Z: give the terminal back as it was, then stop.
        case suspend
        /// Continued after a stop: prepare the terminal again and redraw.
        case resume
    }

    /// Every signal a walk owns, and its role. A line-by-line walk owns those that end it; the
    /// interactive session owns them all.
    package static let table: [(signal: Int32, role: Role)] = [
        (SIGINT, .end), (SIGQUIT, .end), (SIGTERM, .end), (SIGHUP, .end),
        (SIGWINCH, .resize), (SIGTSTP, .suspend), (SIGCONT, .resume),
    ]

    /// Signals whose default action ends the program and that no walk owns: a crash (SEGV, BUS,
    /// ILL, FPE, ABRT, TRAP, SYS, XCPU) or a terminating signal (USR1, USR2, ALRM, VTALRM, PROF,
    /// STKFLT, IO, PWR). SIGQUIT is here too, for the moments no walk owns it. SIGPIPE and
    /// SIGXFSZ are left as the command set them (ignored, so that a failed write is an error).
    package static let fatal: [Int32] = [
        SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGQUIT,
        SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT, SIGIO, SIGPWR,
    ]

    /// The role of `signal` in ``table``.
    package static func role(of signal: Int32) -> Role? { table.first { $0.signal == signal }?.role }

    package let readEnd: Int32
    private let writeEnd: Int32
    /// The handlers the owned signals had, in the order they were taken: a list rather than a
    /// dictionary, whose generic types a start would otherwise build for seven entries.
    private var previous: [(signal: Int32, action: sigaction)] = []

    /// Owns the signals of ``table`` whose role is in `roles`.
    package init(roles: [Role] = [.end, .resize]) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        ff_watchdog_start()
        signalPipeWriteEnd = writeEnd
        let owned = Self.table.filter { roles.contains($0.role) }.map(\.signal)
        for signal in owned {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: signal)
                _ = write(signalPipeWriteEnd, &byte, 1)
                // A busy program never reads the pipe: the watchdog ends it if the loop does not.
                if signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT { ff_watchdog_notice(signal) }
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append((signal, old))
        }
        // A parent may have left these blocked; they are this program's now.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in owned { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signals that arrived since the last call.
    package func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &buffer, buffer.count)
        let signals = count > 0 ? buffer.prefix(count).map(Int32.init) : []
        if signals.contains(where: { Self.role(of: $0) == .end }) { ff_watchdog_taken() }
        return signals
    }

    /// The first signal that ends a walk among those that arrived and were not yet read; it
    /// does not wait.
    package func arrivedEnd() -> Int32? {
        var probe = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return nil }
        return drain().first { Self.role(of: $0) == .end }
    }

    /// Stops the process with `signal`'s default action (SIGTSTP, SIGTTIN) and returns once it
    /// is continued, or at once when the kernel discards the stop (an orphaned process group).
    ///
    /// - Returns: whether a SIGCONT came, and the other signals that arrived meanwhile.
    package func stop(with signal: Int32) -> (continued: Bool, others: [Int32]) {
        var action = sigaction(), old = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, &old)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        kill(getpid(), signal)
        // SIGCONT's handler has run by the time kill returns to a continued process.
        sigaction(signal, &old, nil)
        let arrived = drain()
        return (arrived.contains(SIGCONT), arrived.filter { $0 != SIGCONT })
    }

    /// Waits, stopped, until this process's group has the terminal `fd` in the foreground, as a
    /// shell's job started with `&` should before it draws or changes the terminal's settings.
    ///
    /// - Returns: whether the terminal is ours now (false when the stop cannot happen: the
    ///   group is orphaned or SIGTTIN is ignored), and the other signals that arrived meanwhile.
    package func waitForForeground(_ fd: Int32) -> (foreground: Bool, others: [Int32]) {
        var others: [Int32] = []
        // -1: `fd` is not this process's controlling terminal, and there is no job to wait for.
        while tcgetpgrp(fd) >= 0, tcgetpgrp(fd) != getpgrp() {
            if ff_signal_ignored(SIGTTIN) != 0 { return (false, others) }
            let stopped = stop(with: SIGTTIN)
            others += stopped.others
            if !stopped.continued { return (tcgetpgrp(fd) == getpgrp(), others) }
        }
        return (true, others)
    }

    /// Whether the signals that end a walk stay blocked once a walk puts its handlers back
    /// (``restore()``): one that arrives then waits until what the walk writes (a draft, a
    /// recording, the answers) is written whole, and then ends the command (``heldEnd()``). A
    /// closed terminal sends SIGHUP more than once (to the session, then to the job its shell
    /// hung up), and a second one would kill the process while it writes the draft. The
    /// `focusflow` command sets it; a host embedding a walk keeps its signals as they were.
    nonisolated(unsafe) package static var holdsEndsAfterWalk = false

    /// Puts the previous handlers back; with ``holdsEndsAfterWalk``, the signals that end a
    /// walk are blocked first.
    package func restore() {
        if Self.holdsEndsAfterWalk {
            var set = sigset_t()
            sigemptyset(&set)
            for (signal, _) in previous where Self.role(of: signal) == .end { sigaddset(&set, signal) }
            pthread_sigmask(SIG_BLOCK, &set, nil)
        }
        for (signal, old) in previous.reversed() {
            var old = old
            sigaction(signal, &old, nil)
        }
        previous = []
        close(readEnd)
        close(writeEnd)
    }

    deinit { if !previous.isEmpty { restore() } }

    // MARK: - Fatal signals

    /// Replaces the handlers of every ``fatal`` signal — the Swift runtime's backtracer among
    /// them, whose crash report prints registers and memory — with one that restores the
    /// terminal (see ``remember(_:input:output:)``), prints one fixed line, turns core dumps
    /// off, and re-raises the signal with its default action (exit status 128 + the signal).
    /// The handlers stay for the rest of the process: the answers stay in memory after a walk.
    package static func installFatalHandlers() {
        guard !fatalHandlersInstalled else { return }
        fatalHandlersInstalled = true
        for signal in fatal { ff_fatal_install(signal) }
    }

    /// Whether ``installFatalHandlers()`` ran: `focusflow` installs them first thing and a walk
    /// asks again, which would take each of the 17 handlers twice more (two system calls a signal).
    nonisolated(unsafe) private static var fatalHandlersInstalled = false

    /// The settings a fatal signal (or the watchdog) puts back on `input`, and what it writes to
    /// `output` first: `reset`, which puts the screen back (the watchdog writes it too), then,
    /// for a fatal signal, `note` on a line of its own (``TerminalWords/fatalSignal``).
    package static func remember(_ settings: termios, input: Int32, output: Int32, reset: String, note: String) {
        var settings = settings
        ff_fatal_remember(&settings, input, output, reset, note)
    }

    /// What a fatal signal (or the watchdog) writes before `reset`: the bytes that erase a
    /// secure text shown in clear from where the cursor is (``FormRenderer/revealedRowsEraser``),
    /// or "" when none is shown.
    package static func rememberEraser(_ eraser: String) { ff_fatal_eraser(eraser) }

    /// Ends the process by `signal` (one that ended a walk), as `readpassphrase(3)` and sudo do
    /// once the terminal is theirs no more: with the action the signal has now — its default one,
    /// which a shell sees as 128 + the signal and which stops a script running the command; for
    /// SIGQUIT the fatal handler, which dumps no core. A signal the parent left ignored stays
    /// ignored, and the process exits with 128 + the signal instead.
    package static func end(by signal: Int32) -> Never {
        fflush(nil)
        // SIGQUIT's default action dumps core, and memory holds the answers.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        exit(128 + signal)
    }

    /// A signal that ends a walk which arrived after the walk put its handlers back and waits,
    /// blocked (``holdsEndsAfterWalk``); `nil` when none does, or when the one that came is
    /// ignored (the parent's `nohup`).
    package static func heldEnd() -> Int32? {
        var pending = sigset_t()
        sigpending(&pending)
        return table.first { $0.role == .end && sigismember(&pending, $0.signal) == 1 && ff_signal_ignored($0.signal) == 0 }?.signal
    }

    /// Starts the output of the terminal `fd` again, which Ctrl-S (XOFF) may have stopped: it was
    /// flowing before the walk, and the walk's last words (and the shell's after) must not wait
    /// for Ctrl-Q. Nothing happens when `fd` is no terminal. See `ff_start_output`.
    package static func startOutput(_ fd: Int32) { ff_start_output(fd) }

    /// The terminal is the session's no more: a fatal signal leaves it alone.
    package static func forget() {
        ff_fatal_remember(nil, -1, -1, nil, nil)
        ff_fatal_eraser("")
    }
}

/// Where the handlers write; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
