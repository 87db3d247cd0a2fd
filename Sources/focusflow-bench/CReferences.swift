import Foundation

/// The bench's two C programs, built from this package's sources (`Sources/readline-reference`,
/// `Sources/raw-echo-reference`) with the system's C compiler, hardened as Debian builds its own
/// programs (and `focusflow` is built): `cc -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2
/// -fPIE -pie -Wl,-z,relro,-z,now main.c -lreadline`, installed stripped. The same programs built by SwiftPM beside the bench are not used
/// when a compiler is there: swiftc links every executable with `libswiftCore.so`, which a C
/// program does not load, and which takes a C program's start from about 2.7 to 5 ms.
struct CReferences {
    let readline: TerminalBench.Program
    let raw: TerminalBench.Program
    /// How they were built, for the report.
    let compiler: String
    private let folder: String?

    /// The package's `Sources` folder, from this file's place in it.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        let cc = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let readlineSource = Self.sources.appendingPathComponent("readline-reference/main.c").path
        let rawSource = Self.sources.appendingPathComponent("raw-echo-reference/main.c").path
        if let cc, FileManager.default.fileExists(atPath: readlineSource), FileManager.default.fileExists(atPath: rawSource) {
            let folder = NSTemporaryDirectory() + "focusflow-bench-c-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Measured as focusflow is, from a fresh copy of what the linker wrote.
            try Self.compile(cc, [readlineSource, "-o", folder + "/readline-reference.linked", "-lreadline"])
            try TerminalBench.install(folder + "/readline-reference.linked", as: folder + "/readline-reference")
            try Self.compile(cc, [rawSource, "-o", folder + "/raw-echo-reference.linked"])
            try TerminalBench.install(folder + "/raw-echo-reference.linked", as: folder + "/raw-echo-reference")
            self.folder = folder
            self.compiler = "\(URL(fileURLWithPath: cc).lastPathComponent) \(Self.hardening.joined(separator: " "))"
            readline = Self.program(folder + "/readline-reference")
            raw = Self.program(folder + "/raw-echo-reference")
            return
        }
        let beside = TerminalBench.directory
        let built = ["readline-reference", "raw-echo-reference"].map { beside.appendingPathComponent($0).path }
        guard built.allSatisfy(FileManager.default.isExecutableFile) else {
            throw BenchError("no C compiler (cc) and no readline-reference or raw-echo-reference beside the bench: install gcc, or run `swift build -c release` first")
        }
        folder = nil
        compiler = "SwiftPM (no cc found; swiftc links them with libswiftCore.so, which slows their start)"
        readline = Self.program(built[0])
        raw = Self.program(built[1])
    }

    private static func program(_ path: String) -> TerminalBench.Program {
        TerminalBench.Program(name: URL(fileURLWithPath: path).lastPathComponent, words: [path], prompt: Array("> ".utf8), toSecure: nil)
    }

    /// What Debian's `dpkg-buildflags` gives a package built with every hardening feature.
    static let hardening = ["-O2", "-fstack-protector-strong", "-D_FORTIFY_SOURCE=2", "-fPIE", "-pie", "-Wl,-z,relro,-z,now"]

    private static func compile(_ compiler: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = Self.hardening + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(compiler) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
    }

    /// Removes the programs built for this run.
    func remove() {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
