import Glibc

/// Reads lines from a file descriptor, bytes as they are, while watching the signal pipe.
///
/// A line holds at most ``lineLimit`` bytes: a longer one is read to its end and dropped, and
/// comes back as ``Read/tooLong``, so memory stays bounded by the limit whatever the input
/// (`serve < /dev/zero`). Reading is linear in the input: each byte is looked at once for the
/// newline, and a consumed line is dropped from the buffer only once half of it is consumed.
/// Bytes read are kept nowhere else, and are zeroed once dropped: a line may hold a secret.
/// A reader of a file that must be lines of text (``endsPastLimit``) stops at a line past the
/// limit instead, without reading the rest of it: `replay FLOW /dev/zero` ends.
package struct LineReader {
    package enum Read: Equatable {
        case line([UInt8])
        case end
        case signal(Int32)
        /// A line longer than ``LineReader/lineLimit`` bytes; its bytes were dropped.
        case tooLong
    }

    /// The longest line, in bytes without its newline: 1 MiB, room for any answer a flow allows
    /// (``FieldRules/largestLength`` characters, even written as JSON `\u` escapes) and far
    /// beyond any typed or scripted line.
    package static let lineLimit = 1 << 20

    package let fd: Int32
    package let signals: SignalPipe?
    package let limit: Int
    /// Whether a line past ``limit`` ends the input: it is ``Read/tooLong`` as soon as the limit
    /// is passed, and nothing more is read (``Read/end`` after it).
    package let endsPastLimit: Bool
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var head = 0
    /// How far past `head` is known to hold no newline.
    private var scanned = 0
    /// Inside a line that went past the limit: its bytes are dropped up to its newline.
    private var skipping = false
    private var ended = false

    package init(fd: Int32, limit: Int = LineReader.lineLimit, endsPastLimit: Bool = false) {
        self.init(fd: fd, signals: nil, limit: limit, endsPastLimit: endsPastLimit)
    }

    package init(fd: Int32, signals: SignalPipe?, limit: Int = LineReader.lineLimit, endsPastLimit: Bool = false) {
        self.fd = fd
        self.signals = signals
        self.limit = limit
        self.endsPastLimit = endsPastLimit
    }

    /// The next line without its `\n` (or `\r\n`), the end of input, a signal that arrived, or
    /// word that a line was too long.
    package mutating func next() -> Read {
        while true {
            if let newline = buffer[(head + scanned)...].firstIndex(of: 0x0A) {
                let start = head
                head = newline + 1
                scanned = 0
                if skipping {
                    skipping = false
                    compact()
                    return .tooLong
                }
                var line = Array(buffer[start..<newline])
                compact()
                if line.last == 0x0D { line.removeLast() }
                guard line.count <= limit else { return pastLimit() }
                return .line(line)
            }
            scanned = buffer.count - head
            if scanned > limit + 1 {
                if endsPastLimit { return pastLimit() }
                // Past the limit with no newline: drop what came, and the rest of the line.
                skipping = true
                SecretMemory.wipe(&buffer)
                buffer.removeAll(keepingCapacity: true)
                head = 0
                scanned = 0
            }
            if ended {
                defer {
                    SecretMemory.wipe(&buffer)
                    buffer = []
                    head = 0
                    scanned = 0
                }
                if skipping { skipping = false; return .tooLong }
                guard head < buffer.count else { return .end }
                let line = Array(buffer[head...])
                return line.count <= limit ? .line(line) : pastLimit()
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let signals { fds.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }
            if fds.count > 1, fds[1].revents != 0 {
                for signal in signals?.drain() ?? [] where signal != SIGWINCH { return .signal(signal) }
            }
            if fds[0].revents != 0 {
                let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { chunk in
                    let count = read(fd, chunk.baseAddress, chunk.count)
                    if count > 0 {
                        buffer.append(contentsOf: chunk.prefix(count))
                        explicit_bzero(chunk.baseAddress!, count)
                    }
                    return count
                }
                if count == 0 || (count < 0 && errno != EINTR) { ended = true }
            }
        }
    }

    /// Whether ``next()`` would return without reading: a whole line is buffered, or the input
    /// has ended. A server writes what it has answered before `next()` may wait for more.
    package var hasBufferedLine: Bool {
        ended || skipping || buffer[(head + scanned)...].contains(0x0A)
    }

    /// Whether input is left that no one read: bytes already buffered, or bytes waiting on the
    /// descriptor now (it does not wait for more).
    package mutating func hasUnreadInput() -> Bool {
        if head < buffer.count || skipping { return true }
        guard !ended else { return false }
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0, probe.revents & Int16(POLLIN) != 0 else { return false }
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 1
    }

    /// A line past the limit: ``Read/tooLong``, and for a reader that ``endsPastLimit`` the end of
    /// its input, what it holds dropped.
    private mutating func pastLimit() -> Read {
        guard endsPastLimit else { return .tooLong }
        ended = true
        skipping = false
        SecretMemory.wipe(&buffer)
        buffer = []
        head = 0
        scanned = 0
        return .tooLong
    }

    /// Drops the consumed lines once they are half the buffer, so each byte is moved at most
    /// a bounded number of times. What is dropped is zeroed first (``SecretMemory``): a line may
    /// have held a secret, and the capacity kept for the next read would keep its bytes.
    private mutating func compact() {
        if head == buffer.count {
            SecretMemory.wipe(&buffer)
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 65536, head * 2 > buffer.count {
            let rest = Array(buffer[head...])
            SecretMemory.wipe(&buffer)
            buffer = rest
            head = 0
        }
    }
}
