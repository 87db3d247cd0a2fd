import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// What a typed key costs in system calls, counted with strace over a real pseudo-terminal
/// (issue 11, the echo at the floor): between reading a key and writing its echo there is no
/// other system call, and before the read only the loop's wait (`poll`) — no signal mask
/// saved per key, no question whether more input is waiting. A burst (keys typed ahead, a
/// paste without bracketed paste) is still inserted whole and drawn in a few writes, not one
/// a key.
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

    /// `focusflow run FLOW` under strace, started on a pseudo-terminal; `body` types, and the
    /// system calls of the session's thread come back once it has ended.
    static func traced(_ body: (PseudoTerminalProcess) -> Void) throws -> [Call] {
        let folder = NSTemporaryDirectory() + "focusflow-syscalls-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flowPath = folder + "/flow.json", log = folder + "/strace.log"
        try Data(flow.utf8).write(to: URL(fileURLWithPath: flowPath))
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
                           "PATH": "/usr/bin:/bin", "HOME": folder]
        let process = try PseudoTerminalProcess([strace ?? "strace", "-qq", "-o", log, PseudoTerminal.executable, "run", flowPath],
                                                columns: 100, rows: 40, environment: environment)
        #expect(process.waitFor(seconds: 20) { String(decoding: process.terminalBytes, as: UTF8.self).contains("Ctrl-C cancel") })
        body(process)
        process.send("\u{3}")
        #expect(process.finish(seconds: 20) == 130)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "("), line.first?.isLetter == true else { return nil }
            let fd = line[line.index(after: open)...].prefix { $0 != "," && $0 != ")" }
            return Call(name: String(line[..<open]), fd: String(fd), line: String(line))
        }
    }

    /// Reads until the program has drawn nothing for 20 ms.
    static func settle(_ process: PseudoTerminalProcess) { while process.pump(milliseconds: 20) > 0 {} }

    @Test("A typed key and Backspace: poll, read, write — nothing between the read and its echo", arguments: cases)
    func typedKey(_ test: Case) throws {
        let keys = ["b", "\u{7F}", "b", "\u{7F}", "b", "\u{7F}"]
        let calls = try Self.traced { process in
            if test.secure {
                process.send("x\r")
                Self.settle(process)
            }
            var left = test.typed
            while left > 0 {
                process.send(String(repeating: "a", count: min(left, 500)))
                left -= min(left, 500)
                Self.settle(process)
            }
            for key in keys {
                process.send(key)
                Self.settle(process)
            }
        }
        // The reads of the measured keys, `b` and Backspace (strace writes it `\177`).
        let reads = calls.indices.filter { calls[$0].name == "read" && calls[$0].fd == "0"
            && (calls[$0].line.contains(#""b""#) || calls[$0].line.contains(#""\177""#)) }
        #expect(reads.count == keys.count, "\(reads.count) reads of the \(keys.count) keys")
        for read in reads {
            let next = calls.index(after: read)
            #expect(next < calls.count && calls[next].name == "write",
                    "after a key's read came \(next < calls.count ? calls[next].description : "nothing"), not the echo's write")
            // Back to the previous write: what the loop did before it read this key.
            let previous = calls[..<read].lastIndex { $0.name == "write" } ?? read
            let before = calls[(previous + 1)..<read].map(\.description)
            #expect(before.allSatisfy { $0 == "poll" }, "before the read: \(before)")
        }
    }

    @Test("500 keys typed ahead in one go are inserted together and drawn in a few writes")
    func burst() throws {
        let calls = try Self.traced { process in
            process.send(String(repeating: "a", count: 500))
            #expect(process.waitFor(seconds: 20) { String(decoding: process.terminalBytes, as: UTF8.self).contains("aaaaaaaaaa") })
            Self.settle(process)
        }
        let keyReads = calls.filter { $0.name == "read" && $0.fd == "0" }.count
        let firstKey = calls.firstIndex { $0.name == "read" && $0.fd == "0" } ?? calls.count
        let lastKey = calls.lastIndex { $0.name == "read" && $0.fd == "0" } ?? 0
        let writes = calls[firstKey...max(firstKey, lastKey)].filter { $0.name == "write" }.count
        #expect(keyReads >= 500)
        #expect(writes <= 10, "\(writes) writes while 500 typed-ahead keys were read")
    }
}
