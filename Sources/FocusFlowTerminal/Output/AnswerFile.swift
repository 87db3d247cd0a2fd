import Glibc

/// Writes the answers to a file atomically: a temporary file beside it, then a rename, so that
/// a reader never sees a partial file.
public enum AnswerFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Checks, before the walk, that the answers could be written to `path`.
    ///
    /// - Throws: ``Failure`` naming the folder that is missing or not writable.
    public static func checkWritable(_ path: String) throws {
        let folder = directory(of: path)
        guard access(folder, W_OK) == 0 else {
            throw Failure(description: "cannot write --output \(path): the folder \(folder) \(errno == ENOENT ? "does not exist" : "is not writable")")
        }
    }

    /// Writes `text` to `path` through a temporary file and a rename.
    ///
    /// - Throws: ``Failure`` when any step fails; the temporary file is removed then.
    public static func write(_ text: String, to path: String) throws {
        let temporary = "\(directory(of: path))/.\(name(of: path)).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                close(fd)
                unlink(temporary)
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        fsync(fd)
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
