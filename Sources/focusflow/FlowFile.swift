import FocusFlow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The files the commands are given: flows, folders, the flow JSON Schema, scripts.
enum FlowFile {
    /// Whether anything is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// What a JSON object at `path` looks like from its top-level keys; `nil` for anything else.
    private struct Shape: Decodable {
        /// The object's `$schema` names JSON Schema's own meta-schema: it is a schema.
        var isJSONSchema: Bool
        /// The object has `fields`: it is meant as a flow, valid or not.
        var hasFields: Bool

        private enum Key: String, CodingKey { case schema = "$schema", fields }

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            let schema = (try? object.decode(String.self, forKey: .schema)) ?? ""
            isJSONSchema = ["http://json-schema.org/", "https://json-schema.org/"].contains(where: schema.hasPrefix)
            hasFields = object.contains(.fields)
        }

        static func of(_ path: String, onlyIfMentioning word: String? = nil) -> Shape? {
            guard let data = (regularFile(path) ?? streamed(path)).map({ Data($0) }) ?? (try? Data(contentsOf: URL(fileURLWithPath: path))) else { return nil }
            if let word, !mentions(data, word) { return nil }
            return try? JSONDecoder().decode(Shape.self, from: data)
        }
    }

    /// Whether `word` (ASCII) occurs in `data`.
    private static func mentions(_ data: Data, _ word: String) -> Bool {
        let needle = Array(word.utf8)
        return data.withUnsafeBytes { (haystack: UnsafeRawBufferPointer) -> Bool in
            guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
            var i = 0
            let last = haystack.count - needle.count
            while i <= last {
                guard let hit = memchr(base + i, Int32(needle[0]), last - i + 1) else { return false }
                i = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + i, needle, needle.count) == 0 { return true }
                i += 1
            }
            return false
        }
    }

    /// A JSON Schema (such as `Flows/flow.schema.json`), which sits beside flows but is none.
    /// A file that does not mention `json-schema.org` is not decoded at all: `validate` asks
    /// this of every flow before loading it, and `JSONDecoder` would read a large flow twice.
    static func isJSONSchema(_ path: String) -> Bool { Shape.of(path, onlyIfMentioning: "json-schema.org")?.isJSONSchema ?? false }

    /// A flow file, valid or not: one JSON object with `fields`.
    static func isFlow(_ path: String) -> Bool { Shape.of(path)?.hasFields ?? false }

    /// The flow at `path`, as ``FlowSpec/init(contentsOf:)`` loads it and names it in messages.
    ///
    /// - Throws: ``FlowSpecError`` naming the file and the problem.
    static func spec(at path: String) throws -> FlowSpec {
        if let bytes = regularFile(path) { return try FlowSpec(bytes: bytes, file: path) }
        if let bytes = streamed(path) { return try FlowSpec(bytes: bytes, file: path == "-" ? "stdin" : path) }
        return try FlowSpec(contentsOf: URL(fileURLWithPath: path))
    }

    /// The bytes of the regular file at `path`, read with one `open` and `read`s to its end, or
    /// `nil` for anything else, which goes through Foundation's `URL` and `Data` as before: a
    /// FIFO or a device, a file that cannot be read (whose error Foundation words), and a path
    /// that `URL(fileURLWithPath:)` would rewrite (empty, a leading `~`, a trailing `/`), so that
    /// the file is named in messages exactly as before. A start skips `URL`'s parsing of the path
    /// and its second `stat` this way.
    static func regularFile(_ path: String) -> [UInt8]? {
        guard !path.isEmpty, !path.hasPrefix("~"), !path.hasSuffix("/") else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte more than its size, to see its end in one read; more room if it grew.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Whether `path` names this process's stdin: `-`, as other tools read it, or `/dev/stdin`
    /// and its aliases.
    static func isStandardInput(_ path: String) -> Bool {
        ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(path)
    }

    /// The commands that read a piped flow named `-`; `run` and `serve` read answers or requests
    /// from stdin instead.
    static let readingDash: Set<String> = ["validate", "check"]

    /// Why `path` cannot give `command` a flow when it names a terminal: stdin named (`-`,
    /// `/dev/stdin`) while stdin is the person's terminal, or a terminal device (`/dev/tty`).
    /// `nil` for anything else. A terminal is no stream of a flow (``streamed(_:)``), and
    /// Foundation would say no more than that it "cannot be read", or take `-` for a file.
    static func terminalRefusal(_ path: String, command: String) -> CommandProblem? {
        guard namesTerminal(path) else { return nil }
        return .flowFromTerminal(path: path, command: command, standardInput: isStandardInput(path), takesDash: readingDash.contains(command))
    }

    /// Whether `path` names a terminal: `-` while stdin is one, or a terminal device
    /// (`/dev/tty`, `/dev/stdin` on a terminal). A person's keys are no file to read to its end.
    /// Only a character device is opened to ask: a FIFO another user planted is not touched
    /// (opening it would end its writer's wait) before the ownership check refuses it.
    static func namesTerminal(_ path: String) -> Bool {
        if path == "-" { return isatty(0) == 1 }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return isatty(fd) == 1
    }

    /// The bytes of a flow that comes as a stream (`-` or `/dev/stdin` for stdin, a pipe such as
    /// `<(…)` gives, a FIFO), read to its end once and kept, so that a look at its shape and its
    /// loading read the same bytes; `nil` for a path that is no stream (a regular file, a
    /// folder, nothing) or one that cannot be read. A terminal is no stream of a flow.
    static func streamed(_ path: String) -> [UInt8]? {
        if let kept = streams[path] { return kept }
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            // Without waiting for a FIFO's writer to open it; the reads below wait for its bytes.
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
        }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0, isatty(fd) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR || (path == "-" && type == S_IFREG) else { return nil }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = buffer.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if read > 0 {
                bytes += buffer[..<read]
                // A device with no end (/dev/zero) is no flow.
                if bytes.count > 1 << 26 { return nil }
            } else if read == 0 {
                break
            } else if errno != EINTR {
                return nil
            }
        }
        streams[path] = bytes
        return bytes
    }

    /// The streams read so far, by path: a stream can be read once.
    nonisolated(unsafe) private static var streams: [String: [UInt8]] = [:]

    /// The flow at `path`, or the built-in sign-up, for `command` (named in a refusal).
    ///
    /// - Throws: a flow ``CommandError`` naming the file and the problem.
    static func load(_ path: String?, command: String) throws(CommandError) -> FlowSpec {
        if let path, isFolder(path) { throw CommandError(.folderNotFlow(path), kind: .flow) }
        if let path, let refusal = terminalRefusal(path, command: command) { throw CommandError(refusal, kind: .flow) }
        do {
            guard let path else { return try FlowSpec.signup() }
            return try spec(at: path)
        } catch {
            if let path, isJSONSchema(path) { throw CommandError(.jsonSchemaNotFlow(path), kind: .flow) }
            throw CommandError(Self.problem(error), kind: .flow)
        }
    }

    /// What the loader's error says: a ``FlowSpecError`` (always, from the loader) in any language.
    static func problem(_ error: any Error) -> CommandProblem {
        (error as? FlowSpecError).map(CommandProblem.flow) ?? .flow(FlowSpecError(reason: .other("\(error)")))
    }
}
