import Glibc

/// Whether a path FocusFlow writes or reads on the person's behalf (`--output`, `--record`,
/// `--draft`, `--answers`) is theirs: the one place that decides, before the first field, so
/// that nothing another local user planted in a shared folder such as `/tmp` is written to,
/// followed or read.
///
/// The person is the process's real uid. What it decides, for each ``Use``:
///
/// | found at the path | written | a draft | read |
/// |---|---|---|---|
/// | a symbolic link | followed when the person's or root's | the same | the same |
/// | a regular file | the person's own | the person's own, and read only when no one else can write it | the person's or root's |
/// | a FIFO, a character device | the person's or root's | refused: a draft is a regular file | the person's or root's |
/// | `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` | the descriptor the person's shell gave | followed as links | the same |
///
/// A file another user owns is not replaced (in a sticky folder the `rename` would fail after
/// the walk; elsewhere it would take the file from them); their FIFO or device would hand them
/// what is written; their link could point anywhere. What is opened is opened without following
/// a link (`O_NOFOLLOW`) or waiting (`O_NONBLOCK`), and checked again on its descriptor (owner,
/// kind, device and inode) against what was checked by its path.
public enum PathOwnership {
    /// What is done with the path.
    public enum Use: Equatable, Sendable {
        /// Written: the answers, a recording.
        case write
        /// A draft written after each field: only ever a regular file.
        case writeDraft
        /// A draft read to resume a walk.
        case readDraft
        /// Read: prefilled answers.
        case read

        var reads: Bool { self == .read || self == .readDraft }
        var draft: Bool { self == .writeDraft || self == .readDraft }
    }

    /// What kind of object is at a path.
    public enum FileType: Equatable, Sendable {
        /// A regular file, a FIFO, a character device, a folder, a socket, a block device.
        case file, fifo, device, folder, socket, blockDevice

        init(mode: mode_t) {
            self =
                switch mode & S_IFMT {
                case S_IFREG: .file
                case S_IFIFO: .fifo
                case S_IFCHR: .device
                case S_IFDIR: .folder
                case S_IFSOCK: .socket
                default: .blockDevice
                }
        }
    }

    /// The object at a path, as `fstat` saw it.
    public struct Status: Equatable, Sendable {
        public var type: FileType
        public var owner: UInt32
        /// The permission bits (`0o7777`).
        public var mode: UInt32
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            type = FileType(mode: info.st_mode)
            owner = info.st_uid
            mode = info.st_mode & 0o7777
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// Whether `other` is the same object (its device and inode).
        func isSame(as other: Status) -> Bool { device == other.device && inode == other.inode }
    }

    /// What a path leads to once its links are followed.
    public enum Found: Equatable, Sendable {
        /// A descriptor the process holds, named as `/dev/stdout` or `/dev/fd/N` (`>(…)`).
        case descriptor(Int32)
        /// Nothing yet, at `path` (the path given, or where its last link points).
        case nothing(String)
        /// An object at `path` that is the person's for the use asked.
        case object(String, Status)
    }

    /// Why a path cannot be used.
    public enum Problem: Error, Equatable, Sendable {
        /// It is not the person's: another user planted or owns it.
        case refused(Refusal)
        /// The system refused a step (`open`, `readlink`, `lstat` …).
        case system(SystemError)
        /// More than 40 symbolic links.
        case tooManyLinks
    }

    /// The person: the real uid of the process.
    static var person: UInt32 { getuid() }

    /// Follows `path`'s symbolic links (only the person's and root's) to what it names, and
    /// decides whether that is the person's for `use`.
    ///
    /// - Throws: ``Problem``: a link or an object another user owns, a draft that is no
    ///   regular file or that others can write, or what the system said.
    public static func follow(_ path: String, for use: Use) throws(Problem) -> Found {
        var current = path
        for _ in 0..<40 {
            if !use.draft, let fd = descriptorNumber(current) { return .descriptor(fd) }
            // The link or object itself, held by a descriptor: what is checked is what is read.
            let fd = open(current, pathOnly | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else {
                guard errno == ENOENT || errno == ENOTDIR else { throw .system(SystemError(code: errno)) }
                return .nothing(current)
            }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw .system(SystemError(code: errno)) }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                let status = Status(info)
                do { try permit(status, for: use) } catch { throw .refused(error) }
                return .object(current, status)
            }
            guard info.st_uid == person || info.st_uid == 0 else { throw .refused(.link(owner: info.st_uid)) }
            current = try linkTarget(fd, at: current)
        }
        throw .tooManyLinks
    }

    /// Checks the descriptor `fd`, opened from a path that ``follow(_:for:)`` found to be
    /// `expected`: it must be that same object, still the person's for `use`.
    ///
    /// - Throws: ``Refusal`` when it is another object, or no longer the person's.
    public static func check(opened fd: Int32, as expected: Status, for use: Use) throws(Refusal) {
        var info = stat()
        let status = fstat(fd, &info) == 0 ? Status(info) : nil
        guard let status, status.isSame(as: expected), status.type == expected.type else { throw .replaced }
        try permit(status, for: use)
    }

    /// A descriptor that holds the object at `path`, found to be `expected`, without reading
    /// or writing it (`O_PATH`): while it is open the object's inode cannot be given to another,
    /// so that a later ``check(opened:as:for:)`` against it cannot be fooled by a new object that
    /// reuses the number.
    ///
    /// - Throws: ``Problem`` when the object is gone or is no longer the one found.
    public static func hold(_ path: String, as expected: Status, for use: Use) throws(Problem) -> Int32 {
        let fd = open(path, pathOnly | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .system(SystemError(code: errno)) }
        do throws(Refusal) {
            try check(opened: fd, as: expected, for: use)
        } catch {
            close(fd)
            throw .refused(error)
        }
        return fd
    }

    /// The bytes of the file at `path`, read for `use` once it is found to be the person's;
    /// `nil` when there is nothing at `path`. A FIFO is read once a writer has come and gone.
    ///
    /// - Throws: ``Problem``, before anything is read when the path is not the person's.
    public static func contents(of path: String, for use: Use) throws(Problem) -> [UInt8]? {
        let fd: Int32
        switch try follow(path, for: use) {
        case .nothing:
            return nil
        case .descriptor:
            // The person's own descriptor (`<(…)`, `/dev/stdin`), opened again by its name.
            fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw .system(SystemError(code: errno)) }
        case .object(let current, let status):
            fd = open(current, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            // ELOOP: a link is there now, put in place of what was checked.
            guard fd >= 0 else { throw errno == ELOOP ? .refused(.replaced) : .system(SystemError(code: errno)) }
            do { try check(opened: fd, as: status, for: use) } catch {
                close(fd)
                throw .refused(error)
            }
        }
        defer { close(fd) }
        return try readAll(fd)
    }

    /// Removes the draft at `path` when it is the person's: a regular file or a link of theirs.
    /// Anything else found there (a FIFO, a device, what another user put there) is left.
    ///
    /// - Returns: what the system said when the removal failed.
    public static func removeDraft(_ path: String) -> SystemError? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? nil : SystemError(code: errno) }
        let kind = info.st_mode & S_IFMT
        guard info.st_uid == person, kind == S_IFREG || kind == S_IFLNK else { return nil }
        return unlink(path) == 0 || errno == ENOENT ? nil : SystemError(code: errno)
    }

    /// Refuses `status` for `use` when it is not the person's.
    private static func permit(_ status: Status, for use: Use) throws(Refusal) {
        // A folder is no file to write or read: the caller says so in its own words.
        guard status.type != .folder else { return }
        let own = status.owner == person
        switch use {
        case .write, .read:
            // Root's FIFO or device (`/dev/null`, `/dev/tty`) is the system's; a file root owns
            // is read, but not replaced for someone else.
            let trusted = own || (status.owner == 0 && (use == .read || status.type != .file))
            guard trusted else { throw .owned(status.type, owner: status.owner, reading: use.reads) }
        case .writeDraft, .readDraft:
            // Root's device (`/dev/null`) is said to be no file before it is said to be root's.
            guard own || status.owner == 0 else { throw .owned(status.type, owner: status.owner, reading: use.reads) }
            guard status.type == .file else { throw .notAFile(status.type) }
            guard own else { throw .owned(status.type, owner: status.owner, reading: use.reads) }
            if use == .readDraft && status.mode & 0o022 != 0 { throw .writableByOthers(mode: status.mode) }
        }
    }

    /// Reads `fd` to its end; a descriptor that would block (a FIFO) is waited on with `poll`,
    /// which on Linux waits for a first writer rather than reporting the end at once.
    private static func readAll(_ fd: Int32) throws(Problem) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, -1) >= 0 || errno == EINTR else { throw .system(SystemError(code: errno)) }
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 {
                return bytes
            } else if errno != EINTR && errno != EAGAIN {
                throw .system(SystemError(code: errno))
            }
        }
    }

    /// The descriptor a path names directly: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`.
    static func descriptorNumber(_ path: String) -> Int32? {
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

    /// Where the symbolic link held by `fd` (found at `path`) points, relative to its folder.
    private static func linkTarget(_ fd: Int32, at path: String) throws(Problem) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(fd, "", &buffer, buffer.count - 1)
        guard count > 0 else { throw .system(SystemError(code: errno)) }
        let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : folder(of: path) + "/" + target
    }

    /// The folder `path` is in: `.` for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `O_PATH`: a descriptor for the object itself, opened without reading or writing it (a
    /// FIFO does not wait, a device does nothing). Swift's Glibc has the flag under glibc's own name only.
    private static let pathOnly = __O_PATH
}
