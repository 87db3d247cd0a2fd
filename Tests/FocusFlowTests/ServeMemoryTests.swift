import Foundation
import Glibc
import PseudoTerminalSupport
import Testing

/// A `serve` process keeps running after a walk ends, for other walks: nothing of an ended
/// walk's secret may stay in its memory (read from outside, as root or a debugger would).
@Suite("Secrets in a server's memory")
struct ServeMemoryTests {
    /// A secret long enough for a string of its own on the heap, and one Swift keeps inside the
    /// string's own 16 bytes (in an array, a dictionary or a frame).
    static let secrets = ["Correct-Horse-Battery-9", "Hunter2-Sec!"]

    /// How the walk that held the secret ends.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case closed, completed, cancelled, completedAlone
        var testDescription: String { rawValue }
    }

    @Test("A walk that ended leaves no copy of its secret in the server's memory", arguments: Ending.allCases, secrets)
    func endedWalk(ending: Ending, secret: String) throws {
        let alone = ending == .completedAlone
        let server = try Server(alone ? ["serve", "Flows/login.json"] : ["serve", "--sessions", "Flows/login.json"])
        defer { server.stop() }
        func ask(_ request: String, session: String = "a") -> String {
            server.ask(alone ? request : #"{"session":"\#(session)","# + request.dropFirst())
        }
        if !alone { _ = ask(#"{"action":"open"}"#) }
        _ = ask(#"{"action":"text","value":"ada@example.com"}"#)
        _ = ask(#"{"action":"next"}"#)
        _ = ask(#"{"action":"text","value":"\#(secret)"}"#)
        let held = try ProcessMemory.places(of: Array(secret.utf8), in: server.pid)
        #expect(!held.isEmpty, "the secret is not where the scan looks while the walk holds it: the scan proves nothing")
        switch ending {
        case .closed: _ = ask(#"{"action":"close"}"#)
        case .completed, .completedAlone: #expect(ask(#"{"action":"next"}"#).contains(#""completed""#))
        case .cancelled: _ = ask(#"{"action":"cancel"}"#)
        }
        // The server goes on with another walk.
        if !alone {
            _ = ask(#"{"action":"open"}"#, session: "b")
            _ = ask(#"{"action":"text","value":"bob@example.com"}"#, session: "b")
        }
        let left = try ProcessMemory.places(of: Array(secret.utf8), in: server.pid)
        #expect(left.isEmpty, "copies of an ended walk's secret (\(secret.count) characters): \(left)")
    }

    /// `focusflow serve` on pipes, asked one request at a time.
    final class Server {
        private let process = Process()
        private let input = Pipe(), output = Pipe()
        private var received: [UInt8] = []

        init(_ arguments: [String]) throws {
            process.executableURL = Command.executable
            process.arguments = arguments
            process.currentDirectoryURL = Fixtures.root
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            _ = next()
        }

        var pid: pid_t { process.processIdentifier }

        /// Sends `request` and returns its response (empty when none came within 10 s).
        func ask(_ request: String) -> String {
            input.fileHandleForWriting.write(Data((request + "\n").utf8))
            return next()
        }

        private func next() -> String {
            let deadline = Date().addingTimeInterval(10)
            while !received.contains(0x0A) && Date() < deadline {
                var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = read(ready.fd, &chunk, chunk.count)
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            guard let newline = received.firstIndex(of: 0x0A) else { return "" }
            defer { received.removeSubrange(...newline) }
            return String(decoding: received[..<newline], as: UTF8.self)
        }

        func stop() {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
        }
    }
}
