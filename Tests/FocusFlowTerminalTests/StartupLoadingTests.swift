import Foundation
import Glibc
import Testing

/// What the debug `focusflow` (the tests' build, its C libraries shared) maps before its first
/// prompt: RE2 (a few hundred kilobytes, linked) for every flow in a build with the `RE2` trait and
/// none without (the engine's own matcher is Swift), and never ICU (libicui18n, libicuuc
/// and their 31 MB of data), with a pattern or without. Read from the running program's memory
/// map (`/proc/PID/maps`) at its first prompt. The installed build (`make build`) maps no shared
/// library at all (`.ci/run` reads its program headers).
@Suite("Libraries loaded at start")
struct StartupLoadingTests {
    static let plainFlow = #"{"id":"p","title":"Plain","fields":[{"id":"name","label":"Name"},{"id":"secret","label":"Secret","secure":true}]}"#
    static let patternFlow = #"{"id":"q","title":"Pattern","fields":[{"id":"code","label":"Code","rules":{"pattern":"\\d{6}"}}]}"#

    /// The shared objects mapped into `pid` now, by file name.
    static func libraries(of pid: pid_t) -> Set<String> {
        // Read to the end: a /proc file says it is empty, and may come a page at a time.
        var bytes: [UInt8] = []
        let fd = open("/proc/\(pid)/maps", O_RDONLY)
        if fd >= 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let n = read(fd, &chunk, chunk.count), n > 0 { bytes += chunk.prefix(n) }
            close(fd)
        }
        let maps = String(decoding: bytes, as: UTF8.self)
        return Set(
            maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.split(separator: "/").last ?? "") }
            }.filter { $0.contains(".so") })
    }

    @Test(
        "A flow shows its first prompt without ICU, with RE2 mapped only in a build with the trait, with a pattern or without",
        arguments: [plainFlow, patternFlow])
    func noICU(json: String) throws {
        let path = try TerminalTests.flow(json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try PseudoTerminal([path])
        #expect(terminal.waitFor("› "))
        let libraries = Self.libraries(of: terminal.pid)
        #expect(libraries.contains { $0.hasPrefix("libreadline") }, "the map was read: \(libraries.sorted())")
        #if RE2
        #expect(libraries.contains { $0.hasPrefix("libre2") }, "\(libraries.sorted())")
        #else
        #expect(!libraries.contains { $0.hasPrefix("libre2") }, "\(libraries.sorted())")
        #endif
        #expect(!libraries.contains { $0.hasPrefix("libicu") }, "\(libraries.sorted())")
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
    }

    /// The tags of `path`'s dynamic section (an ELF64 little-endian executable), with their values.
    static func dynamicSection(of path: String) throws -> [(tag: Int64, value: UInt64)] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
            (0..<MemoryLayout<T>.size).reduce(T.zero) { $0 | T(bytes[offset + $1]) << (8 * $1) }
        }
        try #require(bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]), "\(path) is not a 64-bit little-endian ELF file")
        let headers = Int(integer(UInt64.self, at: 0x20)), size = Int(integer(UInt16.self, at: 0x36))
        for index in 0..<Int(integer(UInt16.self, at: 0x38)) {
            let header = headers + index * size
            guard integer(UInt32.self, at: header) == 2 else { continue }  // PT_DYNAMIC
            let start = Int(integer(UInt64.self, at: header + 8)), length = Int(integer(UInt64.self, at: header + 32))
            return stride(from: start, to: start + length, by: 16).map { (integer(Int64.self, at: $0), integer(UInt64.self, at: $0 + 8)) }
        }
        return []
    }

    /// Every start, the dynamic loader applies the program's relative relocations, reading them
    /// first: listed one by one (`DT_RELA`), about 38,000 of 24 bytes (910 kB read and faulted in
    /// at every start); packed (`DT_RELR`, lld's `-z pack-relative-relocs`), a few kilobytes.
    @Test("focusflow's relative relocations are packed, so that a start reads kilobytes of them, not a megabyte")
    func relocationsPacked() throws {
        let dynamic = try Self.dynamicSection(of: PseudoTerminal.executable)
        #expect(!dynamic.isEmpty, "the dynamic section was found")
        let relr = dynamic.first { $0.tag == 36 }?.value  // DT_RELRSZ is 35, DT_RELR 36
        let listed = dynamic.first { $0.tag == 8 }?.value ?? 0  // DT_RELASZ
        #expect(relr != nil, "DT_RELR present")
        #expect(listed < 64 * 1024, "relocations listed one by one: \(listed) bytes")
    }
}
