import Glibc

/// Where the answers go — stdout or a named file — opened and checked before the walk, so
/// that nobody answers every field only to lose the answers, and written with every error seen.
/// A recording and a draft are written the same way.
///
/// | target | how it is written |
/// |---|---|
/// | stdout | directly; closed, read-only, `/dev/full` or a pipe nobody reads is refused at once |
/// | a regular file of the person's, or none yet | replaced atomically: a `0600` temporary file in the same folder, `fsync`, `rename` |
/// | a symbolic link of the person's (or root's) | its target, as above (the link stays) |
/// | a FIFO of the person's (or root's) | directly; opened at once when it has a reader, else at the end, waiting for one, and only when it is still the same FIFO |
/// | a character device of the person's or root's (`/dev/null`, a terminal) | opened at once, written directly |
/// | `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` (`>(…)`) | that open descriptor, written directly |
/// | a file, FIFO, device or link of another user's | refused at once (``PathOwnership`` decides) |
/// | a folder, a read-only file, a missing or unwritable folder | refused at once |
///
/// A draft is only ever a regular file of the person's (``PathOwnership/Use/writeDraft``).
public final class AnswerTarget {
    private enum Destination {
        /// A regular file, present or not, replaced through a temporary file in `folder`.
        case replace(path: String, folder: String)
        /// Written directly; closed at the end when `owned`.
        case descriptor(Int32, owned: Bool)
        /// A FIFO that had no reader at the start: opened when the answers are ready, and
        /// written only when it is still the FIFO checked at the start, which `held` holds.
        case fifo(path: String, status: PathOwnership.Status, use: PathOwnership.Use, held: Int32)
    }

    private let destination: Destination
    /// The target as the person named it: `stdout` or the path given.
    public let name: String
    /// What is written there, named in its failures.
    private let content: Failure.Content

    private init(_ destination: Destination, name: String, content: Failure.Content) {
        self.destination = destination
        self.name = name
        self.content = content
    }

    deinit {
        switch destination {
        case .descriptor(let fd, owned: true), .fifo(_, _, _, let fd): close(fd)
        case .descriptor, .replace: break
        }
    }

    /// The FIFO's path when ``write(_:)`` will wait for a reader to open it.
    public var awaitedReader: String? {
        if case .fifo(let path, _, _, _) = destination { path } else { nil }
    }

    /// Standard output, when it can take the answers.
    ///
    /// - Throws: ``Failure`` when stdout is closed, open for reading only, `/dev/full`, or a
    ///   pipe whose reader has gone.
    public static func standardOutput() throws(Failure) -> AnswerTarget {
        try check(descriptor: 1, name: "stdout", content: .answers)
        return AnswerTarget(.descriptor(1, owned: false), name: "stdout", content: .answers)
    }

    /// The file at `path`, for `content`, opened or checked now as the table above says.
    ///
    /// - Throws: ``Failure`` naming the path and what is wrong with it.
    public static func file(_ path: String, holding content: Failure.Content = .answers) throws(Failure) -> AnswerTarget {
        guard !path.isEmpty else { throw Failure(path, .noName, content: content) }
        let use: PathOwnership.Use = content == .draft ? .writeDraft : .write
        let found: PathOwnership.Found
        do {
            found = try PathOwnership.follow(path, for: use)
        } catch {
            throw Failure(path, Failure.Reason(error), content: content)
        }
        switch found {
        case .descriptor(let fd):
            try check(descriptor: fd, name: path, content: content)
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw Failure(path, .system(SystemError(code: errno)), content: content) }
            return AnswerTarget(.descriptor(copy, owned: true), name: path, content: content)
        case .nothing(let current):
            return try replacing(current, name: path, content: content)
        case .object(let current, let status):
            switch status.type {
            case .file:
                guard access(current, W_OK) == 0, status.mode & 0o222 != 0 else {
                    throw Failure(path, .readOnly, content: content)
                }
                return try replacing(current, name: path, content: content)
            case .folder:
                throw Failure(path, .folder, content: content)
            case .fifo:
                return try fifo(current, status, use: use, name: path, content: content)
            case .device:
                let fd = open(current, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
                guard fd >= 0 else { throw Failure(path, .system(SystemError(code: errno)), content: content) }
                let target = AnswerTarget(.descriptor(fd, owned: true), name: path, content: content)
                do throws(PathOwnership.Refusal) {
                    try PathOwnership.check(opened: fd, as: status, for: use)
                } catch {
                    throw Failure(path, .notYours(error), content: content)
                }
                try check(descriptor: fd, name: path, content: content)
                return target
            case .socket, .blockDevice:
                throw Failure(path, .notWritableKind, content: content)
            }
        }
    }

    /// Writes `text`, whole, where the answers go.
    ///
    /// - Throws: ``Failure`` when any step fails; a file being replaced is then left as it was.
    public func write(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        switch destination {
        case .descriptor(let fd, _):
            do { try Descriptor.writeAll(fd, bytes) } catch { throw failure(.system(SystemError(code: error.code))) }
        case .fifo(let path, let status, let use, _):
            var fd: Int32
            repeat { fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC) } while fd < 0 && errno == EINTR
            guard fd >= 0 else { throw failure(errno == ELOOP ? .notYours(.replaced) : .system(SystemError(code: errno))) }
            defer { close(fd) }
            // The FIFO the reader opened must be the one checked at the start.
            do throws(PathOwnership.Refusal) {
                try PathOwnership.check(opened: fd, as: status, for: use)
            } catch {
                throw failure(.notYours(error))
            }
            do { try Descriptor.writeAll(fd, bytes) } catch { throw failure(.system(SystemError(code: error.code))) }
        case .replace(let path, let folder):
            try replace(path, folder: folder, with: bytes)
        }
    }

    private func replace(_ path: String, folder: String, with bytes: [UInt8]) throws(Failure) {
        guard let (fd, temporary) = Self.temporaryFile(beside: path, in: folder) else {
            throw failure(.cannotCreate(folder: folder, SystemError(code: errno)))
        }
        var code: Int32 = 0
        do { try Descriptor.writeAll(fd, bytes) } catch { code = error.code }
        if code == 0 && fsync(fd) != 0 { code = errno }
        if close(fd) != 0 && code == 0 { code = errno }
        if code == 0 && rename(temporary, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw failure(.system(SystemError(code: code)))
        }
        // The rename itself is made durable by syncing the folder; a folder that cannot be
        // synced (some file systems) still holds the whole file.
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// This target's failure for `reason`.
    private func failure(_ reason: Failure.Reason) -> Failure { Failure(name, reason, content: content) }

    /// A regular file at `path`, replaced at the end: its folder must exist and take a new file.
    private static func replacing(_ path: String, name: String, content: Failure.Content) throws(Failure) -> AnswerTarget {
        let folder = PathOwnership.folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw Failure(name, errno == ENOENT ? .folderMissing(folder) : .folderUnusable(folder, SystemError(code: errno)), content: content)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(name, .notAFolder(folder), content: content) }
        // Making the temporary file now is the one check that cannot be wrong (permissions,
        // ACLs, a read-only file system); it is removed at once and made again at the end.
        guard let (fd, temporary) = temporaryFile(beside: path, in: folder) else {
            throw Failure(name, .cannotCreate(folder: folder, SystemError(code: errno)), content: content)
        }
        close(fd)
        unlink(temporary)
        return AnswerTarget(.replace(path: path, folder: folder), name: name, content: content)
    }

    /// A FIFO found to be `status`: opened now when a reader has it open (and checked again on
    /// its descriptor), else opened at the end.
    private static func fifo(_ path: String, _ status: PathOwnership.Status, use: PathOwnership.Use, name: String, content: Failure.Content) throws(Failure) -> AnswerTarget {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            let target = AnswerTarget(.descriptor(fd, owned: true), name: name, content: content)
            do throws(PathOwnership.Refusal) {
                try PathOwnership.check(opened: fd, as: status, for: use)
            } catch {
                throw Failure(name, .notYours(error), content: content)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return target
        }
        guard errno == ENXIO else { throw Failure(name, errno == ELOOP ? .notYours(.replaced) : .system(SystemError(code: errno)), content: content) }
        guard access(path, W_OK) == 0 else { throw Failure(name, .system(SystemError(code: errno)), content: content) }
        do throws(PathOwnership.Problem) {
            let held = try PathOwnership.hold(path, as: status, for: use)
            return AnswerTarget(.fifo(path: path, status: status, use: use, held: held), name: name, content: content)
        } catch {
            throw Failure(name, Failure.Reason(error), content: content)
        }
    }

    /// Refuses a descriptor the answers cannot be written to.
    private static func check(descriptor fd: Int32, name: String, content: Failure.Content) throws(Failure) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, !StandardStreams.wasClosedAtStart(fd) else { throw Failure(name, .closed, content: content) }
        guard flags & O_ACCMODE != O_RDONLY else { throw Failure(name, .openForReading, content: content) }
        var info = stat(), full = stat()
        guard fstat(fd, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFCHR where stat("/dev/full", &full) == 0 && full.st_rdev == info.st_rdev:
            throw Failure(name, .full, content: content)
        case S_IFIFO:
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, 0) > 0 && ready.revents & Int16(POLLERR) != 0 {
                throw Failure(name, .pipeNobodyReads, content: content)
            }
        default:
            break
        }
    }

    /// A new `0600` file `.NAME.XXXXXX` in `folder`, open for writing.
    private static func temporaryFile(beside path: String, in folder: String) -> (Int32, String)? {
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}
