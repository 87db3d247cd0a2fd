import Foundation
import Glibc
import Testing

/// What `focusflow` loads before its first prompt: ICU (libicui18n, libicuuc and their 31 MB of
/// data) only for a flow with a pattern, once the pattern is compiled; a flow without one never
/// loads it. Read from the running program's memory map (`/proc/PID/maps`) at its first prompt.
@Suite("Libraries loaded at start")
struct StartupLoadingTests {
    static let plainFlow = #"{"id":"p","title":"Plain","fields":[{"id":"name","label":"Name"},{"id":"secret","label":"Secret","secure":true}]}"#
    static let patternFlow = #"{"id":"q","title":"Pattern","fields":[{"id":"code","label":"Code","rules":{"pattern":"[0-9]{6}"}}]}"#

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
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.split(separator: "/").last ?? "") }
        }.filter { $0.contains(".so") })
    }

    @Test("A flow without a pattern shows its first prompt without loading ICU, one with a pattern loads it",
          arguments: [(plainFlow, false), (patternFlow, true)])
    func icuOnlyForPatterns(json: String, loadsICU: Bool) throws {
        let path = try TerminalTests.flow(json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try PseudoTerminal([path])
        #expect(terminal.waitFor("› "))
        let libraries = Self.libraries(of: terminal.pid)
        #expect(libraries.contains { $0.hasPrefix("libreadline") }, "the map was read: \(libraries.sorted())")
        #expect(libraries.contains { $0.hasPrefix("libicui18n") } == loadsICU, "\(libraries.sorted())")
        #expect(libraries.contains { $0.hasPrefix("libicuuc") } == loadsICU, "\(libraries.sorted())")
        terminal.send("\u{3}")
        #expect(terminal.finish() == 130)
    }
}
