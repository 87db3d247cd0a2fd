import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// What a typed key costs in system calls, counted with strace over a real pseudo-terminal
/// (the echo at the floor): between reading a key and writing its echo there is no
/// other system call, and before the read only the loop's wait (`poll`) — no signal mask
/// saved per key, no question whether more input is waiting. A burst (keys typed ahead, a
/// paste without bracketed paste) is still inserted whole and drawn in a few writes, not one
/// a key. The allocator's own calls (`brk`, `mmap`, `munmap`: the heap growing or shrinking
/// under a 10,000-character line's strings) are not the loop's and may fall anywhere.
///
/// strace, where it is installed.
private let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("System calls of a typed key", .serialized, .enabled(if: strace != nil, "strace is not installed"))
struct KeySyscallTests {
    /// The bench's flow: a plain field, then a secure one.
    static let flow = #"{"id":"bench","title":"Bench","fields":[{"id":"plain","label":"Plain"},{"id":"secret","label":"Secret","secure":true}]}"#

    struct Case: Sendable, CustomTestStringConvertible {
        let secure: Bool
        let typed: Int
        var testDescription: String { "\(secure ? "secure" : "plain") field, \(typed) characters typed" }
    }

    static let cases = [false, true].flatMap { secure in [10, 10_000].map { Case(secure: secure, typed: $0) } }

    /// A system call of the log: its name and its first argument (the descriptor), nothing of
    /// what it read or wrote (a secure field's keys are in there).
    struct Call: CustomStringConvertible {
        let name: String
        let fd: String
        let line: String
        var description: String { name }
    }

    /// `focusflow run FLOW` under strace, started on a pseudo-terminal; `body` types (given the
    /// terminal and focusflow's process id), and the system calls of the session's thread come
    /// back once it has ended.
    static func traced(_ body: (PseudoTerminalProcess, pid_t) -> Void) throws -> [Call] {
        let folder = NSTemporaryDirectory() + "focusflow-syscalls-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flowPath = folder + "/flow.json", log = folder + "/strace.log"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: flowPath))
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin", "HOME": folder,
        ]
        let process = try PseudoTerminalProcess(
            [strace ?? "strace", "-qq", "-o", log, PseudoTerminal.executable, "run", flowPath],
            columns: 100, rows: 40, environment: environment)
        #expect(process.waitFor(seconds: 20) { String(decoding: process.terminalBytes, as: UTF8.self).contains("Ctrl-C cancel") })
        // focusflow is strace's child.
        let children = (try? String(contentsOfFile: "/proc/\(process.pid)/task/\(process.pid)/children", encoding: .utf8)) ?? ""
        let pid = children.split(separator: " ").first.flatMap { pid_t($0) } ?? -1
        #expect(pid > 0, "focusflow's process under strace was not found")
        #expect(process.waitFor(seconds: 20) { waiting(pid) })
        body(process, pid)
        process.send("\u{3}")
        #expect(process.finish(seconds: 20) == .signalled(SIGINT))
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "("), line.first?.isLetter == true else { return nil }
            let fd = line[line.index(after: open)...].prefix { $0 != "," && $0 != ")" }
            return Call(name: String(line[..<open]), fd: String(fd), line: String(line))
        }
    }

    /// Whether `pid` waits for input with no timeout, as the session's loop does between keys
    /// (`poll(fds, 2, -1)`), read from `/proc/PID/syscall`: all it read is handled.
    static func waiting(_ pid: pid_t) -> Bool {
        let fields = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
        #if arch(x86_64)
        // The timeout, an int: -1 shows as 32 bits or sign-extended to 64.
        return fields.count > 3 && fields[0] == "7" && (fields[3] == "0xffffffff" || fields[3] == "0xffffffffffffffff")
        #else
        return fields.count > 3 && fields[0] == "73" && fields[3] == "0x0"
        #endif
    }

    /// Sends `keys`, then reads what focusflow draws until `drawn` holds for the bytes drawn since
    /// and it waits for the next key.
    static func type(_ keys: String, into process: PseudoTerminalProcess, pid: pid_t, until drawn: ([UInt8]) -> Bool) {
        let start = process.terminalBytes.count
        process.send(keys)
        #expect(process.waitFor(seconds: 30) { drawn(Array(process.terminalBytes[start...])) && waiting(pid) })
    }

    /// The heap's system calls, made by malloc and free wherever a string grows or goes.
    static let allocator: Set<String> = ["brk", "mmap", "munmap", "mremap"]

    @Test("A typed key and Backspace: poll, read, write — nothing between the read and its echo but the allocator's", arguments: cases)
    func typedKey(_ test: Case) throws {
        let keys = ["b", "\u{7F}", "b", "\u{7F}", "b", "\u{7F}"]
        let glyph = Array((test.secure ? "•" : "a").utf8)
        let traced = try Self.traced { process, pid in
            if test.secure { Self.type("x\r", into: process, pid: pid) { String(decoding: $0, as: UTF8.self).contains("Secret") } }
            var left = test.typed
            while left > 0 {
                let chunk = min(left, 500)
                left -= chunk
                // Every character drawn: its glyph once more on the screen.
                Self.type(String(repeating: "a", count: chunk), into: process, pid: pid) { $0.count(of: glyph) >= chunk }
            }
            for key in keys { Self.type(key, into: process, pid: pid) { !$0.isEmpty } }
        }
        let calls = traced.filter { !Self.allocator.contains($0.name) }
        // The reads of the measured keys, `b` and Backspace (strace writes it `\177`).
        let reads = calls.indices.filter {
            calls[$0].name == "read" && calls[$0].fd == "0"
                && (calls[$0].line.contains(#""b""#) || calls[$0].line.contains(#""\177""#))
        }
        #expect(reads.count == keys.count, "\(reads.count) reads of the \(keys.count) keys")
        for read in reads {
            let next = calls.index(after: read)
            #expect(
                next < calls.count && calls[next].name == "write",
                "after a key's read came \(next < calls.count ? calls[next].description : "nothing"), not the echo's write")
            // Back to the previous write: what the loop did before it read this key.
            let previous = calls[..<read].lastIndex { $0.name == "write" } ?? read
            let before = calls[(previous + 1)..<read].map(\.description)
            #expect(before.allSatisfy { $0 == "poll" }, "before the read: \(before.prefix(8))")
        }
    }

    @Test("500 keys typed ahead in one go are read in a few reads, inserted together and drawn in a few writes")
    func burst() throws {
        let calls = try Self.traced { process, pid in
            Self.type(String(repeating: "a", count: 500), into: process, pid: pid) { $0.count(of: Array("a".utf8)) >= 500 }
        }
        let keyReads = calls.filter { $0.name == "read" && $0.fd == "0" }.count
        let firstKey = calls.firstIndex { $0.name == "read" && $0.fd == "0" } ?? calls.count
        let lastKey = calls.lastIndex { $0.name == "read" && $0.fd == "0" } ?? 0
        let writes = calls[firstKey...max(firstKey, lastKey)].filter { $0.name == "write" }.count
        // Up to 512 bytes a read: the keys come in as the terminal passes them on, a few chunks.
        #expect(keyReads >= 1 && keyReads <= 5, "\(keyReads) reads of 500 typed-ahead keys")
        #expect(writes <= 10, "\(writes) writes while 500 typed-ahead keys were read")
    }
}

private extension Array where Element == UInt8 {
    /// How many times `part` occurs, not overlapping.
    func count(of part: [UInt8]) -> Int {
        guard !part.isEmpty, count >= part.count else { return 0 }
        var found = 0, i = 0
        while i + part.count <= count {
            if self[i] == part[0] && self[i..<(i + part.count)].elementsEqual(part) {
                found += 1
                i += part.count
            } else {
                i += 1
            }
        }
        return found
    }
}
