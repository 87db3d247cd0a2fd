import Foundation
import Glibc
import Testing
@testable import FocusFlow
@testable import FocusFlowProtocol

/// `focusflow serve --sessions` bounds what it holds, not only how many sessions: the bytes of
/// text one session and all of them hold, and sessions left idle close by default.
@Suite("serve --sessions: how much it may hold", .serialized)
struct ServeLimitsTests {
    /// Three plain text fields without rules: a host may put anything in each.
    static let flow = """
        {"id":"big","title":"Big","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}]}
        """

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-limits-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(flow.utf8).write(to: folder.appendingPathComponent("big.json"))
        return folder
    }

    static func text(_ session: String, _ count: Int, _ byte: Character = "x") -> String {
        #"{"session":"\#(session)","action":"text","value":"\#(String(repeating: byte, count: count))"}"#
    }

    static func serve(_ lines: [String], _ options: [String], in folder: URL) throws -> [[String: Any]] {
        let result = try Command.run(["serve", "--sessions", "big.json"] + options, input: lines.map { $0 + "\n" }.joined(), directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The `changed` event's old text in a response, or `nil`.
    static func old(_ response: [String: Any]) -> String? {
        ((response["events"] as? [[String: Any]])?.first { $0["event"] as? String == "changed" })?["old"] as? String
    }

    @Test("--max-session-bytes refuses a request that would hold more text in one session, naming the limit; nothing changes")
    func sessionBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let responses = try Self.serve(
            [
                #"{"action":"open","session":"s"}"#, Self.text("s", 600), #"{"session":"s","action":"next"}"#, Self.text("s", 600),
                Self.text("s", 300), #"{"session":"s","action":"previous"}"#, Self.text("s", 10), #"{"session":"s","action":"next"}"#,
                Self.text("s", 900),
            ], ["--max-session-bytes", "1000"], in: folder)
        try #require(responses.count == 9)
        #expect(
            responses[3]["error"] as? String
                == "the session would hold more than 1000 bytes of text (--max-session-bytes 1000); the request was refused and nothing changed")
        #expect(responses[3]["session"] as? String == "s")
        #expect(Self.old(responses[4]) == "", "the refused text was not kept")
        #expect(Self.old(responses[6])?.count == 600, "a text that shrinks the session is taken")
        #expect(Self.old(responses[8])?.count == 300, "with 10 + 300 bytes held, 900 in place of the 300 still fit")
    }

    @Test("--max-total-bytes refuses a request that would make all sessions hold more; a closed session makes room")
    func totalBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let responses = try Self.serve(
            [
                #"{"action":"open","session":"a"}"#, #"{"action":"open","session":"b"}"#, #"{"action":"open","session":"c"}"#,
                Self.text("a", 900), Self.text("b", 900), Self.text("c", 900), #"{"action":"close","session":"a"}"#, Self.text("c", 900),
            ], ["--max-total-bytes", "2500"], in: folder)
        try #require(responses.count == 8)
        #expect(responses[3]["error"] == nil && responses[4]["error"] == nil)
        #expect(
            responses[5]["error"] as? String
                == "the sessions would hold more than 2500 bytes of text together (--max-total-bytes 2500); the request was refused and nothing changed; close a session first")
        #expect(Self.old(responses[7]) == "", "after a close, the text fits: \(responses[7])")
    }

    @Test(
        "--max-session-bytes and --max-total-bytes need --sessions; their values are checked",
        arguments: [
            (["serve", "--max-session-bytes", "5"], "--max-session-bytes goes with --sessions"),
            (["serve", "--max-total-bytes", "5"], "--max-total-bytes goes with --sessions"),
            (["serve", "--sessions", "--max-session-bytes", "0"], "--max-session-bytes takes a whole number from 1"),
            (["serve", "--sessions", "--max-total-bytes", "x"], "--max-total-bytes takes a whole number from 1"),
        ])
    func usage(words: [String], says: String) throws {
        let result = try Command.run(words, input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains(says), "\(result.stderr)")
    }

    @Test("In process: the bytes a session holds are its texts; the server counts every session's, and a refused request changes nothing")
    func heldInProcess() throws {
        var sessions = ProtocolSessions(spec: try FlowSpec(json: Data(Self.flow.utf8)), sessionBytes: 100, totalBytes: 150)
        func line(_ text: String) -> String { sessions.respond(toLine: Array(text.utf8), now: 0) }
        _ = line(#"{"action":"open","session":"a"}"#)
        _ = line(#"{"action":"open","session":"b"}"#)
        _ = line(Self.text("a", 80))
        #expect(sessions.heldBytes == 80)
        #expect(line(Self.text("b", 80)).contains("--max-total-bytes 150"))
        #expect(sessions.heldBytes == 80)
        _ = line(Self.text("a", 20))
        #expect(sessions.heldBytes == 20)
        _ = line(#"{"action":"close","session":"a"}"#)
        #expect(sessions.heldBytes == 0)
    }

    /// A `focusflow serve` child, written to and read line by line. One thread may write while
    /// another reads: ``send(_:)`` touches only the input pipe, the rest only the output.
    final class Server: @unchecked Sendable {
        let process = Process()
        private let input = Pipe(), output = Pipe()
        private var received: [UInt8] = []
        /// How far ``received`` is known to hold no line feed.
        private var scanned = 0

        init(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
            process.executableURL = Command.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        func send(_ lines: [String]) { input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }

        /// Response lines until one starts with `prefix` (that one included), within `seconds`;
        /// each line's first 4 KiB (the responses that say a long text back are long).
        func lines(until prefix: String, within seconds: Double = 120) -> [String] {
            let deadline = Date().addingTimeInterval(seconds)
            var lines: [String] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while Date() < deadline {
                while let end = received[scanned...].firstIndex(of: 0x0A) {
                    let line = String(decoding: received[..<min(end, 4096)], as: UTF8.self)
                    received.removeSubrange(...end)
                    scanned = 0
                    lines.append(line)
                    if line.hasPrefix(prefix) { return lines }
                }
                scanned = received.count
                var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                let n = read(ready.fd, &chunk, chunk.count)
                guard n > 0 else { break }
                received += chunk[..<n]
            }
            return lines
        }

        /// The most memory the process has held (`VmHWM`), in bytes.
        var peakMemory: Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { return nil }
            return kilobytes * 1024
        }

        func finish() -> Int32 {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test("With the default limits, 100 sessions each sent a megabyte of text keep the server's memory bounded")
    func memoryBounded() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Server(["serve", "--sessions", "big.json"], in: folder)
        // Written from another thread while this one reads: the responses say the texts back.
        let megabyte = String(repeating: "x", count: 1_000_000)
        let writer = Thread {
            for number in 0..<100 {
                server.send([#"{"action":"open","session":"s\#(number)"}"#, #"{"session":"s\#(number)","action":"text","value":"\#(megabyte)"}"#])
            }
            server.send([#"{"action":"open","session":"last"}"#])
        }
        writer.start()
        let lines = server.lines(until: #"{"session":"last""#)
        #expect(lines.last?.hasPrefix(#"{"session":"last""#) == true, "every request was answered")
        let refused = lines.filter { $0.contains("(--max-total-bytes 67108864)") }.count
        #expect(refused == 33, "the texts past 64 MiB were refused: \(refused)")
        let peak = try #require(server.peakMemory)
        // 100 MB of text were sent; the defaults keep 64 MiB of it, and no session keeps a
        // response's buffer the size of its text.
        #expect(peak < 150_000_000, "the server held \(peak / 1_000_000) MB at its peak")
        #expect(server.finish() == 0)
    }

    @Test("A session that said a long text back and let it go keeps nothing of it: neither the response's buffer nor its events")
    func nothingKeptAfter() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Server(["serve", "--sessions", "big.json"], in: folder)
        let long = String(repeating: "x", count: 50_000)
        let writer = Thread {
            for number in 0..<1000 {
                let id = "s\(number)"
                server.send([
                    #"{"action":"open","session":"\#(id)"}"#, #"{"session":"\#(id)","action":"text","value":"\#(long)"}"#,
                    #"{"session":"\#(id)","action":"text","value":""}"#,
                ])
            }
            server.send([#"{"action":"open","session":"last"}"#])
        }
        writer.start()
        #expect(server.lines(until: #"{"session":"last""#).count == 3001)
        let peak = try #require(server.peakMemory)
        // Each session's last response said 50 KB back: kept, 1,000 of them would be 50 MB or more.
        #expect(peak < 40_000_000, "the server held \(peak / 1_000_000) MB at its peak")
        #expect(server.finish() == 0)
    }

    /// A shared object that moves `CLOCK_MONOTONIC` forward by the seconds written in the file
    /// `$FOCUSFLOW_TEST_CLOCK_SKIP`, so that a test reaches an idle timeout without waiting for it.
    static let clockSkip = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <time.h>
        int clock_gettime(clockid_t clock, struct timespec *now) {
            static int (*real)(clockid_t, struct timespec *);
            if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
            int status = real(clock, now);
            const char *path = getenv("FOCUSFLOW_TEST_CLOCK_SKIP");
            if (status == 0 && clock == CLOCK_MONOTONIC && path) {
                FILE *file = fopen(path, "r");
                long skip = 0;
                if (file) { if (fscanf(file, "%ld", &skip) != 1) skip = 0; fclose(file); }
                now->tv_sec += skip;
            }
            return status;
        }
        """

    @Test(
        "Without --idle, a session idle for 15 minutes is closed and told when next named (the clock moved on by a preloaded library)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cc"), "needs /usr/bin/cc to build the library that moves the clock"))
    func idleByDefault() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.clockSkip.utf8).write(to: folder.appendingPathComponent("skip.c"))
        let compiler = try Command.run(
            ["-shared", "-fPIC", "-o", "skip.so", "skip.c", "-ldl"], data: nil, directory: folder, program: URL(fileURLWithPath: "/usr/bin/cc"))
        try #require(compiler.status == 0, "cc could not build the clock library: \(compiler.stderr)")
        let skip = folder.appendingPathComponent("skip")
        try Data("0".utf8).write(to: skip)
        let server = try Server(
            ["serve", "--sessions", "big.json"], in: folder,
            environment: ["LD_PRELOAD": folder.appendingPathComponent("skip.so").path, "FOCUSFLOW_TEST_CLOCK_SKIP": skip.path])
        server.send([#"{"action":"open","session":"a"}"#])
        #expect(server.lines(until: #"{"session":"a""#).count == 1)
        try Data("898".utf8).write(to: skip)
        server.send([#"{"action":"open","session":"b"}"#])
        #expect(server.lines(until: #"{"session":"b""#).count == 1, "a is not idle past 15 minutes yet")
        try Data("902".utf8).write(to: skip)
        server.send([#"{"action":"next","session":"a"}"#, #"{"action":"next","session":"b"}"#])
        let lines = server.lines(until: #"{"session":"b""#)
        #expect(lines.count == 2, "one line a request: \(lines)")
        #expect(lines.first?.hasPrefix(#"{"session":"a","closed":"idle","error":"session \"a\" was closed after 900 seconds"#) == true, "\(lines)")
        #expect(lines.last?.contains("closed") == false, "b was used 4 seconds ago: \(lines)")
        #expect(server.finish() == 0)
    }
}
