import Foundation

/// What a Swift program pays before it does anything: the C floor's few lines (raw mode, a
/// prompt, one `*` a key) written in Swift and built with this toolchain's `swiftc`, with the
/// runtime linked dynamically (as a debug `swift build` links `focusflow`), statically
/// (`-static-stdlib`) and as one static executable with the C libraries too (as `make build`
/// links `focusflow`), each alone and with FoundationEssentials' `JSONDecoder` reading one
/// small flow (as `focusflow` loads one). The bench prints their cold start and RSS beside focusflow's and
/// the C programs': what no change inside FocusFlow can take away.
struct SwiftFloor {
    let programs: [TerminalBench.Program]
    /// A line for each program the linker wrote anything about, as it wrote it.
    let linkerNotes: [String]
    private let folder: String

    static let echo = """
        import Glibc
        var saved = termios()
        tcgetattr(0, &saved)
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(0, TCSANOW, &raw)
        var prompt = Array("> ".utf8)
        _ = write(2, &prompt, prompt.count)
        var byte: UInt8 = 0, star = UInt8(ascii: "*")
        while read(0, &byte, 1) == 1 && byte != 3 && byte != 4 { _ = write(2, &star, 1) }
        tcsetattr(0, TCSANOW, &saved)
        """

    static let decoding = """
        import FoundationEssentials
        struct Field: Decodable { var id: String; var label: String?; var secure: Bool? }
        struct Flow: Decodable { var id: String; var title: String; var fields: [Field] }
        let json = #"{"id":"bench","title":"Bench","fields":[{"id":"plain","label":"Plain"},{"id":"secret","label":"Secret","secure":true}]}"#
        guard let flow = try? JSONDecoder().decode(Flow.self, from: Data(json.utf8)), flow.fields.count == 2 else {
            fatalError("the probe's flow does not decode")
        }

        """ + echo

    /// The flags of a static executable at a fixed address, linked by lld, as `make build` links
    /// `focusflow`.
    static let staticExecutable = ["-static-executable", "-use-ld=lld"]
    /// The same, position-independent, as `make build PIE=1` links it.
    static let staticPIE = ["-static-executable", "-Xclang-linker", "-static-pie", "-use-ld=lld"]

    /// Builds the seven programs, or `nil` when there is no `swiftc` beside the running toolchain.
    init?() throws {
        guard let swiftc = Self.swiftc() else { return nil }
        folder = NSTemporaryDirectory() + "focusflow-bench-swift-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var programs: [TerminalBench.Program] = []
        var notes: [String] = []
        for (name, source, flags) in [
            ("Swift", Self.echo, [String]()), ("Swift -static-stdlib", Self.echo, ["-static-stdlib"]),
            ("Swift+JSONDecoder", Self.decoding, []),
            ("Swift+JSONDecoder -static-stdlib", Self.decoding, ["-static-stdlib"]),
            // As `make build` links `focusflow` (Package.swift): one static executable, by lld.
            ("Swift -static-executable", Self.echo, Self.staticExecutable),
            ("Swift+JSONDecoder -static-executable", Self.decoding, Self.staticExecutable),
            ("Swift -static-executable, PIE", Self.echo, Self.staticPIE),
        ] {
            let base = folder + "/" + name.filter { $0.isLetter }
            try Data(source.utf8).write(to: URL(fileURLWithPath: base + ".swift"))
            // Measured as focusflow is, from a fresh copy of what the linker wrote.
            let output = try Self.run(swiftc, ["-O", base + ".swift", "-o", base + ".linked"] + flags)
            try TerminalBench.install(base + ".linked", as: base)
            if output.contains("warning:") || output.contains("error:") {
                notes.append("\(name): " + output.split(separator: "\n").map { $0.split(separator: ":").suffix(2).joined(separator: ":") }.joined(separator: "; "))
            }
            programs.append(TerminalBench.Program(name: name, words: [base], prompt: Array("> ".utf8), toSecure: nil))
        }
        self.programs = programs
        linkerNotes = notes
    }

    /// `swiftc` of the toolchain on PATH or in the usual places.
    private static func swiftc() -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        return (path + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` and returns what it wrote, stdout and stderr together.
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(tool) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus): \(output)")
        }
        return output
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
