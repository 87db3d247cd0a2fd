import Glibc

/// The program owns SIGINT, SIGTERM, SIGHUP and SIGWINCH: each is written as one byte to a pipe
/// that the input loop polls, so that the terminal is put back by ordinary code, never from a
/// signal handler.
final class SignalPipe {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [Int32: sigaction] = [:]

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        signalPipeWriteEnd = writeEnd
        for signal in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                var byte = UInt8(truncatingIfNeeded: signal)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        // A parent may have left these blocked; they are this program's now.
        var owned = sigset_t()
        sigemptyset(&owned)
        for signal in Self.signals { sigaddset(&owned, signal) }
        pthread_sigmask(SIG_UNBLOCK, &owned, nil)
    }

    /// The signals that arrived since the last call.
    func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &buffer, buffer.count)
        return count > 0 ? buffer.prefix(count).map(Int32.init) : []
    }

    /// Puts the previous handlers back.
    func restore() {
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
        previous = [:]
        close(readEnd)
        close(writeEnd)
    }

    deinit { if !previous.isEmpty { restore() } }
}

/// Where the handlers write; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
