import Foundation
import Glibc
import Testing

/// SIGTERM and SIGINT end `serve` even when its parent left them blocked (a buggy host, or a
/// test runner's worker thread, which blocks nearly every signal and passes that mask on to
/// what it starts). `run` unblocked the signals it owns; `serve` and `check` kept the mask, so
/// a blocked SIGTERM stayed pending for ever. One request with 1,000 slow-pattern answers is
/// what the test first tried to keep serve busy with, but the match's bound answers it in a
/// tenth of a second: serve cannot be kept busy by one request any longer, so the test signals
/// it where it waits for its next request.
@Suite("Signals reach serve whatever its parent blocked", .serialized)
struct ServeSignalTests {
    @Test(
        "serve started with SIGTERM and SIGINT blocked still ends on either, with 128 + the signal, within seconds",
        arguments: [SIGTERM, SIGINT])
    func blockedByParent(signal: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)

        let process = Process()
        process.executableURL = Command.executable
        process.arguments = ["serve"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        // The child inherits this thread's mask: block the two signals while it starts.
        var blocked = sigset_t(), before = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        try process.run()
        pthread_sigmask(SIG_SETMASK, &before, nil)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        func responses() -> [Substring] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n")
        }

        // serve is in its loop once it has answered a request, and waits for the next.
        input.fileHandleForWriting.write(Data(#"{"action":"snapshot"}"#.utf8 + [0x0A]))
        let answered = Date().addingTimeInterval(30)
        while responses().count < 2 && Date() < answered { usleep(5_000) }
        #expect(responses().count == 2, "serve did not answer")

        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        #expect(!process.isRunning, "serve still runs 10 s after the signal")
        guard !process.isRunning else { return }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        #expect(status == 128 + signal)
        input.fileHandleForWriting.closeFile()
    }
}
