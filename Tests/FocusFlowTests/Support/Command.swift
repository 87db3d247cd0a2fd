import Foundation

/// Runs the real `focusflow` executable, built beside the test bundle.
struct Command {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `focusflow`, found next to the running test binary.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("focusflow").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("focusflow")
    }()

    /// Runs `focusflow arguments…` with `input` on stdin (closed when `nil`), in `directory`.
    static func run(_ arguments: [String], input: String? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(arguments, data: input.map { Data($0.utf8) }, directory: directory, environment: environment)
    }

    /// The built `focusflow-bench`, beside `focusflow`.
    static let bench = executable.deletingLastPathComponent().appendingPathComponent("focusflow-bench")

    /// Runs `script` with `/bin/sh -c`, where `$FOCUSFLOW` is the built `focusflow`: for what
    /// only a shell sets up (a closed stdout, `ulimit`, descriptors).
    static func shell(_ script: String, input: String? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(
            ["-c", script], data: input.map { Data($0.utf8) }, directory: directory,
            environment: environment.merging(["FOCUSFLOW": executable.path]) { $1 }, program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Runs `program arguments…` (`focusflow` unless given) with `data` on stdin, bytes as they are.
    static func run(_ arguments: [String], data input: Data?, directory: URL? = nil, environment: [String: String] = [:], program: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Fixtures.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read at once, so that a large input never waits on a full output pipe. A
        // program may exit before reading its input (a usage error): the write then fails with
        // EPIPE, which must neither kill the test process (SIGPIPE) nor trap.
        ignoreBrokenPipes
        let writer = Thread {
            if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errors = ErrorReader(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errors.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread.
private final class ErrorReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// SIGPIPE ignored for the test process, once: a write to a program that exited fails instead.
private let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
