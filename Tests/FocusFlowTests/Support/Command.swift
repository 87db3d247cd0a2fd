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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Fixtures.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
