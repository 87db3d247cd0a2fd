@preconcurrency import Glibc
import FocusFlowConsole

/// Where the interactive form is drawn: stderr when it is a terminal; otherwise the
/// controlling terminal (`/dev/tty`), as fzf does, so that `focusflow 2>log` still shows the form
/// and keeps the log free of it.
struct FormTerminal {
    /// The stream readline and the renderer write to.
    let stream: UnsafeMutablePointer<FILE>
    /// Its descriptor: the width is read from it, and a fatal signal's line goes to it.
    let fd: Int32
    /// A sentence for stderr when no terminal could be found to draw on.
    let note: String?
    private let opened: Bool

    /// Stderr when it is a terminal, else `/dev/tty`, else the terminal stdin names; when none
    /// can be opened, stderr after all, with a ``note`` in `words`' language that says so.
    static func open(_ words: TerminalWords) -> FormTerminal {
        if isatty(2) == 1 { return FormTerminal(stream: stderr, fd: 2, note: nil, opened: false) }
        var failure = "no terminal"
        for path in ["/dev/tty", ttyname(0).map { String(cString: $0) }].compactMap({ $0 }) {
            let fd = Glibc.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            if fd >= 0, isatty(fd) == 1, let stream = fdopen(fd, "w") {
                // Unbuffered, as stderr is: a frame goes out in one write from the session's
                // own buffer, and no stdio buffer keeps a revealed secret after it is drawn.
                setvbuf(stream, nil, _IONBF, 0)
                return FormTerminal(stream: stream, fd: fd, note: nil, opened: true)
            }
            failure = "\(path): \(String(cString: strerror(errno)))"
            if fd >= 0 { _ = Glibc.close(fd) }
        }
        return FormTerminal(stream: stderr, fd: 2, note: words.noTerminal(failure), opened: false)
    }

    /// Closes the terminal when this opened it.
    func close() {
        if opened { fclose(stream) }
    }
}
