import Glibc

/// Reads lines from a file descriptor, bytes as they are, while watching the signal pipe.
package struct LineReader {
    package enum Read: Equatable {
        case line([UInt8])
        case end
        case signal(Int32)
    }

    let fd: Int32
    let signals: SignalPipe?
    private var buffer: [UInt8] = []
    private var ended = false

    package init(fd: Int32) { self.init(fd: fd, signals: nil) }

    init(fd: Int32, signals: SignalPipe?) {
        self.fd = fd
        self.signals = signals
    }

    /// The next line without its `\n` (or `\r\n`), the end of input, or a signal that arrived.
    package mutating func next() -> Read {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return .line(line)
            }
            if ended {
                guard !buffer.isEmpty else { return .end }
                defer { buffer = [] }
                return .line(buffer)
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let signals { fds.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }
            if fds.count > 1, fds[1].revents != 0 {
                for signal in signals?.drain() ?? [] where signal != SIGWINCH { return .signal(signal) }
            }
            if fds[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(fd, &chunk, chunk.count)
                if count > 0 { buffer += chunk.prefix(count) } else if count == 0 || errno != EINTR { ended = true }
            }
        }
    }
}
