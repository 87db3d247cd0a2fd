import Glibc

/// Another process's memory, read as a debugger reads it (`/proc/PID/mem`, which takes root or
/// `CAP_SYS_PTRACE` once the process is not dumpable): where a secret still lies in it.
public enum ProcessMemory {
    /// A place a needle was found: the mapping's name (`[heap]`, `[stack]`, a file, `anon`) and
    /// its permissions. Never the bytes around it, which a failing test would print.
    public struct Place: Equatable, CustomStringConvertible, Sendable {
        public var mapping: String
        public var permissions: String
        public var description: String { "\(mapping) (\(permissions))" }
    }

    /// Why memory could not be read: a test that cannot look must not pass as having looked.
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every place in the readable mappings of `pid` that holds `needle`, byte for byte.
    ///
    /// - Throws: ``Unreadable`` when the maps or the memory cannot be opened, or when not one
    ///   mapping could be read.
    public static func places(of needle: [UInt8], in pid: pid_t) throws -> [Place] {
        guard let maps = fopen("/proc/\(pid)/maps", "r") else { throw Unreadable(description: "/proc/\(pid)/maps: \(String(cString: strerror(errno)))") }
        defer { fclose(maps) }
        let memory = open("/proc/\(pid)/mem", O_RDONLY | O_CLOEXEC)
        guard memory >= 0 else { throw Unreadable(description: "/proc/\(pid)/mem: \(String(cString: strerror(errno)))") }
        defer { close(memory) }
        var places: [Place] = []
        var read = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            let fields = String(cString: line).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5 else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            let permissions = String(fields[1])
            let name = fields.count > 5 ? String(fields[5]).trimmingNewline : "anon"
            // The kernel's own pages: not the process's memory, and not readable this way.
            guard bounds.count == 2, permissions.hasPrefix("r"), name != "[vvar]", name != "[vsyscall]", name != "[vdso]" else { continue }
            let size = Int(bounds[1] - bounds[0])
            var bytes = [UInt8](repeating: 0, count: size)
            let count = bytes.withUnsafeMutableBytes { pread(memory, $0.baseAddress, size, off_t(Int64(bitPattern: UInt64(bounds[0])))) }
            guard count > 0 else { continue }
            read += 1
            for _ in 0..<occurrences(of: needle, in: bytes[..<count]) {
                places.append(Place(mapping: name, permissions: permissions))
            }
        }
        guard read > 0 else { throw Unreadable(description: "no mapping of process \(pid) could be read") }
        return places
    }

    private static func occurrences(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int {
        guard let first = needle.first else { return 0 }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                var found = 0
                var offset = 0
                while offset + pin.count <= hay.count, let hit = memchr(hay.baseAddress! + offset, Int32(first), hay.count - offset - pin.count + 1) {
                    let at = hay.baseAddress!.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, pin.baseAddress!, pin.count) == 0 { found += 1 }
                    offset = at + 1
                }
                return found
            }
        }
    }
}

private extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
