import Glibc

/// A folder shared as `/tmp` is (mode `1777`: anyone may add a file, only its owner may remove
/// it), and a second local user who plants things in it first. The tests run as root, the
/// person; the second user is uid 1000, simulated with `setpriv`, which needs no entry in
/// `/etc/passwd`.
package struct SharedFolder {
    /// The second user's uid and gid.
    package static let otherUser: UInt32 = 1000
    /// Whether a test can plant as a second user: it runs as root and `setpriv` is installed.
    package static var available: Bool { getuid() == 0 && access(setpriv, X_OK) == 0 }
    /// Why a test that plants as a second user was skipped.
    package static let unavailable = "needs to run as root with setpriv(1) installed, to plant files as a second user (uid 1000)"
    private static let setpriv = "/usr/bin/setpriv"

    /// The folder: `/tmp/focusflow-shared-…`, owned by root, mode `1777`.
    package let path: String

    /// Makes a new shared folder.
    ///
    /// - Throws: ``ScratchFolder/WriteFailed`` with `errno` when it cannot be made.
    package init() throws {
        path = "/tmp/focusflow-shared-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        guard mkdir(path, 0o700) == 0, chmod(path, 0o1777) == 0 else { throw ScratchFolder.WriteFailed(path: path, code: errno) }
    }

    /// Removes the folder and all in it, whoever planted it.
    package func remove() { ScratchFolder.removeTree(path) }

    /// Runs `script` with `/bin/sh -c` as the second user, in the folder, `arguments` as `$1`…;
    /// gives its exit status (`nil` when it could not start or did not exit).
    @discardableResult
    package func asOtherUser(_ script: String, _ arguments: String...) -> Int32? {
        let id = String(Self.otherUser)
        let command = [Self.setpriv, "--reuid=\(id)", "--regid=\(id)", "--clear-groups", "/bin/sh", "-c", "cd \"$0\" && " + script, path] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let environment: [String] = ["PATH=/usr/bin:/bin", "LC_ALL=C"]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // The caller's threads may block signals; the child starts with none blocked and all default.
        var child: pid_t = 0
        let spawned = withDefaultSignals { posix_spawn(&child, Self.setpriv, nil, $0, argv, envp) }
        guard spawned == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift's Glibc does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }
}
