import Foundation
import Glibc
import Testing

/// Where the answers go is checked before the first field, and a write that fails is an error
/// with exit status 74, never a silent 0.
@Suite("Answers are never lost silently")
struct AnswersNeverLostTests {
    static let answers = ScriptedRunTests.answers
    static let signupJSON = ScriptedRunTests.signupJSON

    /// A fresh folder for one test, removed by `body`'s end.
    static func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = NSTemporaryDirectory() + "focusflow-answers-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        return try body(folder)
    }

    static func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test(
        "A closed, read-only or full stdout stops the run before the first field, exit 74",
        arguments: [
            (">&-", "it is closed"),
            (">/dev/full", "it is /dev/full, where every write fails"),
            ("1</dev/null", "it is open for reading only"),
        ])
    func unwritableStdout(redirection: String, reason: String) throws {
        let result = try Command.shell("exec \"$FOCUSFLOW\" run \(redirection)", input: Self.answers)
        #expect(result.status == 74)
        #expect(
            result.stderr == """
                focusflow: cannot write the answers to stdout: \(reason). Nothing was asked. '--output FILE' writes the answers elsewhere.

                """)
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test("A closed stdout is no obstacle when --output takes the answers")
    func closedStdoutWithOutput() throws {
        try Self.withFolder { folder in
            let result = try Command.shell("exec \"$FOCUSFLOW\" run --output answers.json >&-", input: Self.answers, directory: URL(fileURLWithPath: folder))
            #expect(result.status == 0)
            #expect(Self.contents(folder + "/answers.json") == Self.signupJSON)
        }
    }

    @Test("A stdout that fails only when the answers are written (a file-size limit) exits 74 and says so")
    func stdoutFailsAtTheEnd() throws {
        try Self.withFolder { folder in
            // 3000 characters: more than the limit, so the first write is short and the next fails.
            let long = String(repeating: "x", count: 3000)
            let flow = folder + "/one.json"
            try Data(#"{"id":"one","title":"One","fields":[{"id":"note","label":"Note"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
            let result = try Command.shell("ulimit -f 1; exec \"$FOCUSFLOW\" run \"$0\" > \"$0.out\"".replacingOccurrences(of: "$0", with: flow), input: long + "\n")
            #expect(result.status == 74)
            #expect(result.stderr.hasPrefix("focusflow: cannot write the answers to stdout: file too large. The answers were not saved."))
        }
    }

    @Test("A failed write to --output leaves the file as it was and no temporary file, exit 74")
    func outputFailsAtTheEnd() throws {
        try Self.withFolder { folder in
            let long = String(repeating: "y", count: 3000)
            let flow = folder + "/one.json"
            try Data(#"{"id":"one","title":"One","fields":[{"id":"note","label":"Note"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
            try Data("before\n".utf8).write(to: URL(fileURLWithPath: folder + "/answers.json"))
            let result = try Command.shell("ulimit -f 1; exec \"$FOCUSFLOW\" run one.json --output answers.json", input: long + "\n", directory: URL(fileURLWithPath: folder))
            #expect(result.status == 74)
            #expect(result.stderr == "focusflow: cannot write the answers to answers.json: file too large. The answers were not saved.\n")
            #expect(Self.contents(folder + "/answers.json") == "before\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["answers.json", "one.json"], "a temporary file was left")
        }
    }

    /// `--output` targets refused before the first field: (set-up script, target, reason).
    static let refused: [(String, String, String)] = [
        ("mkdir d", "d", "it is a folder; name a file in it, like d/answers.json"),
        ("echo old > ro && chmod 444 ro", "ro", "it is read-only; make it writable or name another file"),
        (":", "missing/a.json", "the folder missing does not exist"),
        (":", "/proc/answers.json", "cannot create a file in the folder /proc: no such file or directory"),
        (":", "/dev/fd/9", "it is closed"),
        (":", "/dev/full", "it is /dev/full, where every write fails"),
        ("echo x > f", "f/a.json", "f is not a folder"),
    ]

    @Test("--output that cannot take the answers is refused before the first field, exit 74", arguments: refused)
    func refusedAtStart(setUp: String, target: String, reason: String) throws {
        try Self.withFolder { folder in
            let result = try Command.shell("\(setUp) && exec \"$FOCUSFLOW\" run --output \(target)", input: Self.answers, directory: URL(fileURLWithPath: folder))
            #expect(result.status == 74)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "focusflow: cannot write the answers to \(target): \(reason). Nothing was asked.\n")
            if target == "ro" { #expect(Self.contents(folder + "/ro") == "old\n") }
        }
    }

    @Test("--output follows a symbolic link and replaces its target, mode 0600; the link stays")
    func symlinkTarget() throws {
        try Self.withFolder { folder in
            let result = try Command.shell(
                "echo old > target && chmod 644 target && ln -s target link && exec \"$FOCUSFLOW\" run --output link", input: Self.answers, directory: URL(fileURLWithPath: folder))
            #expect(result.status == 0)
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link")
            #expect(link == "target")
            #expect(Self.contents(folder + "/target") == Self.signupJSON)
            var info = stat()
            #expect(stat(folder + "/target", &info) == 0 && info.st_mode & 0o777 == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["link", "target"], "a temporary file was left")
        }
    }

    @Test(
        "--output writes /dev/fd/N, /dev/stdout and /dev/null directly",
        arguments: [
            ("exec \"$FOCUSFLOW\" run --output /dev/fd/5 5>&1", true),
            ("exec \"$FOCUSFLOW\" run --output /proc/self/fd/1", true),
            ("exec \"$FOCUSFLOW\" run --output /dev/stdout", true),
            ("exec \"$FOCUSFLOW\" run --output /dev/null", false),
        ])
    func descriptors(script: String, onStdout: Bool) throws {
        let result = try Command.shell(script, input: Self.answers)
        #expect(result.status == 0)
        #expect(result.stdout == (onStdout ? Self.signupJSON : ""))
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a device")
        #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "/dev/stdout is no longer a link")
    }

    @Test("--output writes a FIFO through it, and the FIFO stays a FIFO")
    func fifo() throws {
        try Self.withFolder { folder in
            let path = folder + "/answers.fifo"
            #expect(mkfifo(path, 0o600) == 0)
            // A reader that is already there (non-blocking, so the test never hangs).
            let reader = open(path, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            let result = try Command.run(["run", "--output", path], input: Self.answers)
            #expect(result.status == 0)
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == Self.signupJSON)
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced by a file")
        }
    }

    @Test("serve stops with exit 74 when its responses cannot be written")
    func serveOutputClosed() throws {
        let result = try Command.shell("exec \"$FOCUSFLOW\" serve >&-", input: "next\n")
        #expect(result.status == 74)
        #expect(result.stderr == "focusflow: cannot write to stdout: bad file descriptor\n")
    }
}
