import CConsole
import Glibc

/// Descriptors 0, 1 and 2 as the parent left them.
package enum StandardStreams {
    /// Puts /dev/null over whichever of descriptors 0, 1 and 2 the parent left closed, before
    /// anything else opens a file: otherwise the signal pipe (or a flow file) would take fd 0
    /// and a walk would read its own pipe as input for ever, or the answers would go into a
    /// file that took fd 1. A closed stdin reads as empty input. Over 1 and 2 /dev/null is open
    /// for reading only, so every write still fails (EBADF) as on a closed descriptor, and stdout
    /// is still refused as closed before the first field (exit 74).
    package static func openMissing() {
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
    package static func wasClosedAtStart(_ fd: Int32) -> Bool { (0...2).contains(fd) && ff_closed_at_start().pointee & (1 << fd) != 0 }
}
