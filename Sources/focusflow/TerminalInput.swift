import FocusFlowConsole
import Glibc

/// `--tty`: the person is asked on the terminal (`/dev/tty`) whatever stdin is, as fzf and gum
/// read their keys there, so that `ask` inside `while read …; done < file` leaves the loop's
/// lines to the loop.
enum TerminalInput {
    /// Puts the controlling terminal over descriptor 0 for the rest of the command.
    ///
    /// - Throws: ``CommandError`` (exit 2, nothing asked) when there is no terminal to open.
    static func take() throws(CommandError) {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw CommandError(.noTerminal(SystemError(code: errno)), kind: .noAnswer) }
        // dup2 clears close-on-exec on descriptor 0, as stdin should be.
        guard dup2(fd, 0) == 0 else {
            let code = errno
            close(fd)
            throw CommandError(.noTerminal(SystemError(code: code)), kind: .noAnswer)
        }
        close(fd)
    }
}
