import Glibc

/// Where the answers go — stdout or a named file — opened and checked before the walk, so
/// that nobody answers every field only to lose the answers, and written with every error seen.
///
/// | target | how it is written |
/// |---|---|
/// | stdout | directly; closed, read-only, `/dev/full` or a pipe nobody reads is refused at once |
/// | a regular file, or none yet | replaced atomically: a `0600` temporary file in the same folder, `fsync`, `rename` |
/// | a symbolic link | its target, as above (the link stays) |
/// | a FIFO | directly; opened at once when it has a reader, else at the end, waiting for one |
/// | a character device (`/dev/null`, a terminal) | opened at once, written directly |
/// | `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` | that open descriptor, written directly |
/// | a folder, a read-only file, a missing or unwritable folder | refused at once |
public final class AnswerTarget {
    private enum Destination {
        /// A regular file, present or not, replaced through a temporary file in `folder`.
        case replace(path: String, folder: String)
        /// Written directly; closed at the end when `owned`.
        case descriptor(Int32, owned: Bool)
        /// A FIFO that had no reader at the start: opened when the answers are ready.
        case fifo(path: String)
    }

    private let destination: Destination
    /// The target as the person named it: `stdout` or the path given.
    public let name: String

    private init(_ destination: Destination, name: String) {
        self.destination = destination
        self.name = name
    }

    deinit {
        if case .descriptor(let fd, owned: true) = destination { close(fd) }
    }

    /// The FIFO's path when ``write(_:)`` will wait for a reader to open it.
    public var awaitedReader: String? {
        if case .fifo(let path) = destination { path } else { nil }
    }

    /// Standard output, when it can take the answers.
    ///
    /// - Throws: ``Failure`` when stdout is closed, open for reading only, `/dev/full`, or a
    ///   pipe whose reader has gone.
    public static func standardOutput() throws(Failure) -> AnswerTarget {
        try check(descriptor: 1, name: "stdout")
        return AnswerTarget(.descriptor(1, owned: false), name: "stdout")
    }

    /// The file at `path`, opened or checked now as the table above says.
    ///
    /// - Throws: ``Failure`` naming the path and what is wrong with it.
    public static func file(_ path: String) throws(Failure) -> AnswerTarget {
        guard !path.isEmpty else { throw Failure(path, .noName) }
        var current = path
        for _ in 0..<40 {
            if let fd = descriptorNumber(current) {
                try check(descriptor: fd, name: path)
                let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
                guard copy >= 0 else { throw failure(path, .system(SystemError(code: errno))) }
                return AnswerTarget(.descriptor(copy, owned: true), name: path)
            }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT || errno == ENOTDIR else { throw failure(path, .system(SystemError(code: errno))) }
                return try replacing(current, name: path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(current, name: path)
            case S_IFREG:
                guard access(current, W_OK) == 0, info.st_mode & 0o222 != 0 else {
                    throw failure(path, .readOnly)
                }
                return try replacing(current, name: path)
            case S_IFDIR:
                throw failure(path, .folder)
            case S_IFIFO:
                return try fifo(current, name: path)
            case S_IFCHR:
                let fd = open(current, O_WRONLY | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else { throw failure(path, .system(SystemError(code: errno))) }
                let target = AnswerTarget(.descriptor(fd, owned: true), name: path)
                try check(descriptor: fd, name: path)
                return target
            default:
                throw failure(path, .notWritableKind)
            }
        }
        throw failure(path, .tooManyLinks)
    }

    /// Writes `text`, whole, where the answers go.
    ///
    /// - Throws: ``Failure`` when any step fails; a file being replaced is then left as it was.
    public func write(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        switch destination {
        case .descriptor(let fd, _):
            do { try Descriptor.writeAll(fd, bytes) } catch { throw Self.failure(name, .system(SystemError(code: error.code))) }
        case .fifo(let path):
            var fd: Int32
            repeat { fd = open(path, O_WRONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
            guard fd >= 0 else { throw Self.failure(name, .system(SystemError(code: errno))) }
            defer { close(fd) }
            do { try Descriptor.writeAll(fd, bytes) } catch { throw Self.failure(name, .system(SystemError(code: error.code))) }
        case .replace(let path, let folder):
            try replace(path, folder: folder, with: bytes)
        }
    }

    private func replace(_ path: String, folder: String, with bytes: [UInt8]) throws(Failure) {
        guard let (fd, temporary) = Self.temporaryFile(beside: path, in: folder) else {
            throw Self.failure(name, .cannotCreate(folder: folder, SystemError(code: errno)))
        }
        var code: Int32 = 0
        do { try Descriptor.writeAll(fd, bytes) } catch { code = error.code }
        if code == 0 && fsync(fd) != 0 { code = errno }
        if close(fd) != 0 && code == 0 { code = errno }
        if code == 0 && rename(temporary, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw Self.failure(name, .system(SystemError(code: code)))
        }
        // The rename itself is made durable by syncing the folder; a folder that cannot be
        // synced (some file systems) still holds the whole file.
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// A regular file at `path`, replaced at the end: its folder must exist and take a new file.
    private static func replacing(_ path: String, name: String) throws(Failure) -> AnswerTarget {
        let folder = folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw failure(name, errno == ENOENT ? .folderMissing(folder) : .folderUnusable(folder, SystemError(code: errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw failure(name, .notAFolder(folder)) }
        // Making the temporary file now is the one check that cannot be wrong (permissions,
        // ACLs, a read-only file system); it is removed at once and made again at the end.
        guard let (fd, temporary) = temporaryFile(beside: path, in: folder) else {
            throw failure(name, .cannotCreate(folder: folder, SystemError(code: errno)))
        }
        close(fd)
        unlink(temporary)
        return AnswerTarget(.replace(path: path, folder: folder), name: name)
    }

    /// A FIFO: opened now when a reader has it open, else checked and opened at the end.
    private static func fifo(_ path: String, name: String) throws(Failure) -> AnswerTarget {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return AnswerTarget(.descriptor(fd, owned: true), name: name)
        }
        guard errno == ENXIO else { throw failure(name, .system(SystemError(code: errno))) }
        guard access(path, W_OK) == 0 else { throw failure(name, .system(SystemError(code: errno))) }
        return AnswerTarget(.fifo(path: path), name: name)
    }

    /// Refuses a descriptor the answers cannot be written to.
    private static func check(descriptor fd: Int32, name: String) throws(Failure) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, !StandardStreams.wasClosedAtStart(fd) else { throw failure(name, .closed) }
        guard flags & O_ACCMODE != O_RDONLY else { throw failure(name, .openForReading) }
        var info = stat(), full = stat()
        guard fstat(fd, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFCHR where stat("/dev/full", &full) == 0 && full.st_rdev == info.st_rdev:
            throw failure(name, .full)
        case S_IFIFO:
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, 0) > 0 && ready.revents & Int16(POLLERR) != 0 {
                throw failure(name, .pipeNobodyReads)
            }
        default:
            break
        }
    }

    /// The descriptor a path names directly: `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`.
    private static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Where the symbolic link at `path` points, relative to its folder.
    private static func linkTarget(_ path: String, name: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { throw failure(name, .system(SystemError(code: errno))) }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : folder(of: path) + "/" + target
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

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func failure(_ name: String, _ reason: Failure.Reason) -> Failure {
        Failure(name, reason)
    }
}
