import Glibc

/// Writing to a file descriptor with every failure seen: short writes are continued, `EINTR`
/// retried, a non-blocking descriptor waited on, and any other error (`EPIPE` with SIGPIPE
/// ignored, `ENOSPC`, `EFBIG`, `EIO`) thrown.
package enum Descriptor {
    package struct WriteError: Error, Equatable {
        /// The `errno` of the write that failed; ``SystemError`` words it.
        package var code: Int32
    }

    /// Writes all of `bytes` to `fd`.
    ///
    /// - Throws: ``WriteError`` with the `errno` of the write that failed.
    package static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>) throws(WriteError) {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            throw WriteError(code: written == 0 ? EIO : errno)
        }
    }
}
