import Glibc

/// Whether the terminal on `fd` has gone away (its window closed, the connection dropped): the
/// end of input it gives then is a hang-up, to be treated as SIGHUP (exit 129, no answers),
/// not as Ctrl-D's cancel. A pipe at its end also reports POLLHUP, so only a terminal counts.
package func terminalHungUp(_ fd: Int32) -> Bool {
    var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&probe, 1, 0) > 0, probe.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 else { return false }
    // A hung-up terminal may refuse even the question (EIO).
    return isatty(fd) == 1 || errno == EIO
}
