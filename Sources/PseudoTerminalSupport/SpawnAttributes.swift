import Glibc

/// Calls `body` with spawn attributes under which a child starts with no signal blocked and every
/// signal at its default action, whatever the spawning thread has: the test runner's threads block
/// most signals, and a spawned process inherits the mask (a server would never see SIGCHLD, a
/// program SIGTSTP, SIGWINCH or the SIGTERM a test sends it).
///
/// - Parameter flags: further `POSIX_SPAWN_*` flags (`POSIX_SPAWN_SETSID`, 0x80, which Swift's
///   Glibc does not import).
package func withDefaultSignals<T>(flags: Int16 = 0, _ body: (UnsafePointer<posix_spawnattr_t>) throws -> T) rethrows -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags)
    return try body(&attributes)
}
