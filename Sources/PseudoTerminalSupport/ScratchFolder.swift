import Glibc

/// One folder for the files a process writes for its own use (a test's flow files, its
/// answers), removed with everything in it when the process exits, so that a test run leaves
/// nothing behind in the system's temporary folder.
public enum ScratchFolder {
    /// The folder, made on first use.
    public static let path: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = (base.hasSuffix("/") ? base : base + "/") + "focusflow-scratch-\(getpid())"
        _ = mkdir(path, 0o700)
        atexit { removeTree(ScratchFolder.path) }
        return path
    }()

    /// Removes `path` and, for a folder, everything in it first; a link is removed, not followed.
    package static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        if let folder = opendir(path) {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { removeTree(path + "/" + name) }
            }
            closedir(folder)
        }
        rmdir(path)
    }

    /// A new name in the folder: `prefix`, a part no other name has, then `suffix` (`.json`).
    public static func name(_ prefix: String, _ suffix: String = "") -> String {
        path + "/\(prefix)-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))\(suffix)"
    }

    /// Writes `text` to a new file in the folder (named as ``name(_:_:)`` names it) and gives its path.
    public static func write(_ text: String, named prefix: String = "file", _ suffix: String = "") throws -> String {
        let path = name(prefix, suffix)
        guard let file = fopen(path, "w") else { throw WriteFailed(path: path, code: errno) }
        // Every byte, a NUL too (`fputs` would stop there): a test's hostile text is written as given.
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file) == bytes.count
        guard fclose(file) == 0, written else { throw WriteFailed(path: path, code: errno) }
        return path
    }

    /// A file of the folder that could not be written, and `errno`.
    public struct WriteFailed: Error {
        public let path: String
        public let code: Int32
    }
}
