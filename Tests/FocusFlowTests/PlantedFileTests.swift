import Foundation
import FocusFlowConsole
import Glibc
import PseudoTerminalSupport
import Testing

/// Every path focusflow writes or reads for the person (`--output`, `--record`, `--draft`,
/// `--answers`) may sit in a folder shared as `/tmp` is, where another local user can plant
/// something first. Run by root (the person) through the real binary, with a second user
/// (uid 1000) planting through `setpriv`: what that user planted or owns is refused before the
/// first field, naming the path and why; nothing of the walk reaches them and what they planted
/// is left as it was.
@Suite("Paths another user planted are refused before the first field", .enabled(if: SharedFolder.available, Comment(rawValue: SharedFolder.unavailable)))
struct PlantedFileTests {
    /// What the second user plants at the path.
    enum Planted: String, CaseIterable, CustomStringConvertible, Sendable {
        /// `mkfifo -m 666`, with the second user reading it (or writing to it, for a path read).
        case fifo
        /// A symbolic link to a file of the person's.
        case symlink
        /// A file with answers of the second user's.
        case file
        /// A draft of the built-in flow with the second user's email, its focus past the email.
        case draft

        var description: String { rawValue }

        /// How the refusal names what is there.
        var reason: String {
            switch self {
            case .fifo: "it is a FIFO owned by another user (uid 1000)"
            case .symlink: "it is a symbolic link owned by another user (uid 1000), which focusflow does not follow"
            case .file, .draft: "it is a file owned by another user (uid 1000)"
            }
        }
    }

    /// The option that names the path.
    enum Flag: String, CaseIterable, CustomStringConvertible, Sendable {
        case output, record, draft, draftDiscard, answers

        var description: String { rawValue }

        func arguments(_ path: String) -> String {
            switch self {
            case .output: "--output '\(path)'"
            case .record: "--record '\(path)'"
            case .draft: "--draft '\(path)'"
            case .draftDiscard: "--draft '\(path)' --draft-discard"
            case .answers: "--answers '\(path)'"
            }
        }

        /// Whether focusflow would read the path at the start (a draft resumed, answers).
        var reads: Bool { self == .draft || self == .answers }

        var status: Int32 { self == .answers ? 2 : 74 }

        /// The start of the refusal, up to the path.
        var refusal: String {
            switch self {
            case .output: "focusflow: cannot write the answers to "
            case .record: "focusflow: cannot write the recording to "
            case .draft, .draftDiscard: "focusflow: cannot write the draft to "
            case .answers: "focusflow: --answers "
            }
        }

        /// What the refusal ends with.
        var ending: String {
            switch self {
            case .output, .draft, .draftDiscard, .answers: ". Nothing was asked.\n"
            case .record: ". Nothing was asked; '--record FILE' needs a file it can write.\n"
            }
        }
    }

    static let secret = "hunter2-secret"
    static let ownText = "the person's own file\n"
    static let theirAnswers = #"{"email":"mallory@evil.example"}"# + "\n"

    /// A draft of the built-in sign-up flow holding the second user's email, focused on the
    /// password: written by a real walk that stops after the email.
    static func theirDraft() throws -> String {
        let path = ScratchFolder.name("their", ".draft")
        defer { unlink(path) }
        let result = try Command.run(["run", "--draft", path], input: "mallory@evil.example\n")
        #expect(result.status == 1)
        let draft = try String(contentsOfFile: path, encoding: .utf8)
        #expect(draft.contains(#""email":"mallory@evil.example""#) && draft.contains(#""focus":"password""#))
        return draft
    }

    /// The object at `path`, not followed.
    static func entry(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    @Test("What another user planted is refused before the first field: nothing read, nothing written, the planted object as it was", arguments: Flag.allCases, Planted.allCases)
    func refused(_ flag: Flag, _ planted: Planted) throws {
        let shared = try SharedFolder()
        defer { shared.remove() }
        let path = shared.path + "/planted.json"
        let own = shared.path + "/own.txt"
        try Data(Self.ownText.utf8).write(to: URL(fileURLWithPath: own))
        chmod(own, 0o644)
        let content = planted == .draft ? try Self.theirDraft() : Self.theirAnswers
        let plant =
            switch planted {
            case .fifo: "mkfifo -m 666 \"$1\""
            case .symlink: "ln -s \"$2\" \"$1\""
            case .file, .draft: "printf %s \"$3\" > \"$1\" && chmod 644 \"$1\""
            }
        #expect(shared.asOtherUser(plant, path, own, content) == 0)

        // The other side of a planted FIFO, as the second user: a reader of what is written
        // there, or a writer of their own answers (or draft) for a path that is read.
        let other =
            switch (planted, flag.reads) {
            case (.fifo, false): "setpriv --reuid=1000 --regid=1000 --clear-groups timeout -s KILL 3 sh -c 'exec cat \"$0\" > \"$0.got\"' \"$P\" &"
            case (.fifo, true): "setpriv --reuid=1000 --regid=1000 --clear-groups timeout -s KILL 3 sh -c 'printf %s \"$1\" > \"$0\"' \"$P\" \"$CONTENT\" &"
            default: ":"
            }
        let left = ScratchFolder.name("left", ".txt")
        defer { unlink(left) }
        // What focusflow leaves of its input is read by `cat`: the whole of it when no line was read.
        let script = """
            \(other)
            timeout -s KILL 10 "$FOCUSFLOW" run \(flag.arguments(path)) --lang en
            status=$?
            cat > "$LEFT"
            wait
            exit $status
            """
        let result = try Command.shell(script, input: ScriptedRunTests.answers, environment: ["P": path, "CONTENT": content, "LEFT": left])

        #expect(result.status == flag.status)
        // Output that may hold the secret is never printed: each check is a Bool of its own.
        let nothingOnStdout = result.stdout.isEmpty
        #expect(nothingOnStdout, "answers were written on stdout")
        let secretSaid = result.stdout.contains(Self.secret) || result.stderr.contains(Self.secret)
        #expect(!secretSaid, "the secret was written on stdout or stderr")
        let theirsTaken = result.stdout.contains("mallory")
        #expect(!theirsTaken, "the other user's answers were taken")
        #expect(result.stderr.hasPrefix(flag.refusal + path + ": " + planted.reason), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(flag.ending), "\(result.stderr)")
        let unread = try String(contentsOfFile: left, encoding: .utf8) == ScriptedRunTests.answers
        #expect(unread, "a line of input was read: a field was asked")

        let entry = try #require(Self.entry(path), "the planted object is gone")
        #expect(entry.st_uid == SharedFolder.otherUser, "the planted object was replaced")
        switch planted {
        case .fifo:
            #expect(entry.st_mode & S_IFMT == S_IFIFO && entry.st_mode & 0o7777 == 0o666)
            if !flag.reads {
                let got = (try? Data(contentsOf: URL(fileURLWithPath: path + ".got"))) ?? Data()
                let count = got.count
                #expect(count == 0, "the other user read from the FIFO")
            }
        case .symlink:
            #expect(entry.st_mode & S_IFMT == S_IFLNK)
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == own)
            let targetKept = (try? String(contentsOfFile: own, encoding: .utf8)) == Self.ownText
            #expect(targetKept, "the link's target was written")
            let target = try #require(Self.entry(own))
            #expect(target.st_mode & 0o7777 == 0o644 && target.st_uid == 0)
        case .file, .draft:
            #expect(entry.st_mode & S_IFMT == S_IFREG && entry.st_mode & 0o7777 == 0o644)
            let kept = (try? String(contentsOfFile: path, encoding: .utf8)) == content
            #expect(kept, "the planted file was written")
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: shared.path))
        #expect(names.isSubset(of: ["planted.json", "planted.json.got", "own.txt"]), "focusflow left \(names.sorted())")
    }

    @Test("The refusal is said in Korean too, naming the path as given")
    func korean() throws {
        let shared = try SharedFolder()
        defer { shared.remove() }
        #expect(shared.asOtherUser("mkfifo -m 666 out.fifo && ln -s out.fifo link.json && printf '{}' > answers.json") == 0)
        let cases = [
            (
                "--output out.fifo", 74,
                "focusflow: out.fifo에 답을 쓸 수 없습니다: 다른 사용자(uid 1000)가 소유한 FIFO입니다. focusflow는 본인 소유의 것에만 씁니다. 아무것도 묻지 않았습니다.\n"
            ),
            (
                "--record link.json", 74,
                "focusflow: link.json에 녹화를 쓸 수 없습니다: 다른 사용자(uid 1000)의 심볼릭 링크입니다. focusflow는 이런 링크를 따라가지 않습니다. 아무것도 묻지 않았습니다. '--record FILE'에는 쓸 수 있는 파일이 필요합니다.\n"
            ),
            (
                "--answers answers.json", 2,
                "focusflow: --answers answers.json: 다른 사용자(uid 1000)가 소유한 파일입니다. focusflow는 본인 소유의 것만 읽습니다. 아무것도 묻지 않았습니다.\n"
            ),
        ]
        for (options, status, message) in cases {
            let result = try Command.shell("exec timeout -s KILL 10 \"$FOCUSFLOW\" run \(options) --lang ko", input: ScriptedRunTests.answers, directory: URL(fileURLWithPath: shared.path))
            #expect(result.status == Int32(status), "\(options)")
            #expect(result.stderr == message)
        }
    }

    @Test("A draft whose file is the person's but that others could write is not resumed; --draft-discard replaces it, mode 0600")
    func draftWritableByOthers() throws {
        let shared = try SharedFolder()
        defer { shared.remove() }
        let draft = shared.path + "/signup.draft"
        try Data(try Self.theirDraft().utf8).write(to: URL(fileURLWithPath: draft))
        chmod(draft, 0o666)
        let resumed = try Command.run(["run", "--draft", draft, "--lang", "en"], input: ScriptedRunTests.answers)
        #expect(resumed.status == 2)
        #expect(
            resumed.stderr
                == "focusflow: cannot resume the draft \(draft): other users can write it (mode 0666), so its answers may not be yours. '--draft-discard' starts afresh (and replaces it).\n")
        let theirsTaken = resumed.stdout.contains("mallory")
        #expect(!theirsTaken, "the draft was resumed")

        let afresh = try Command.run(["run", "--draft", draft, "--draft-discard", "--lang", "en"], input: "ada@example.com\n")
        #expect(afresh.status == 1, "\(afresh.stderr)")
        let written = try #require(Self.entry(draft))
        #expect(written.st_mode & 0o7777 == 0o600)
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains(#""email":"ada@example.com""#))
    }

    @Test("A FIFO of the person's own is no draft: refused before the first field rather than waited on")
    func draftFIFO() throws {
        let shared = try SharedFolder()
        defer { shared.remove() }
        let result = try Command.shell(
            "mkfifo -m 600 signup.draft && exec timeout -s KILL 10 \"$FOCUSFLOW\" run --draft signup.draft --lang en", input: ScriptedRunTests.answers,
            directory: URL(fileURLWithPath: shared.path))
        #expect(result.status == 74)
        #expect(result.stderr == "focusflow: cannot write the draft to signup.draft: it is a FIFO; a draft is kept only in a regular file. Nothing was asked.\n")
    }
}

/// What is the person's own — a file, a FIFO, a symbolic link to a file of theirs, a pipe of
/// their shell — is written and read.
@Suite("Paths of the person's own are written and read")
struct OwnPathTests {
    /// A way of naming a path of one's own: the script and what it should print.
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var script: String
        var expected: String
    }

    static let recording = #"# A walk through "signup" recorded by focusflow run --record; secure values are stand-ins."#
    /// The sign-up's answers with the nickname line empty, for a walk that keeps a prefilled one.
    static let keepNickname = "ada@example.com\nhunter2-secret\nhunter2-secret\n\n+82 10 1234 5678\n123456\n"

    static let cases: [Case] = [
        Case(
            description: "--output to a FIFO of one's own, read by one's own reader",
            script: "mkfifo -m 600 o.fifo && { timeout -s KILL 10 cat o.fifo > got & } && \"$FOCUSFLOW\" run --output o.fifo < in && wait && cat got",
            expected: ScriptedRunTests.signupJSON),
        Case(
            description: "--record to a FIFO of one's own",
            script: "mkfifo -m 600 r.fifo && { timeout -s KILL 10 cat r.fifo > got & } && \"$FOCUSFLOW\" run --record r.fifo --output /dev/null < in && wait && head -n 1 got",
            expected: recording + "\n"),
        Case(
            description: "--answers from a FIFO of one's own",
            script: "mkfifo -m 600 a.fifo && { timeout -s KILL 10 sh -c 'printf {\\\"nickname\\\":\\\"fifo\\\"} > a.fifo' & } && \"$FOCUSFLOW\" run --answers a.fifo < keep",
            expected: ScriptedRunTests.signupJSON.replacingOccurrences(of: "에이다 🙂", with: "fifo")),
        Case(
            description: "--answers through a symbolic link of one's own",
            script: "printf '{\"nickname\":\"linked\"}' > mine.json && ln -s mine.json link.json && \"$FOCUSFLOW\" run --answers link.json < keep",
            expected: ScriptedRunTests.signupJSON.replacingOccurrences(of: "에이다 🙂", with: "linked")),
        Case(
            description: "--record through a symbolic link of one's own",
            script: "ln -s walk.script link.script && \"$FOCUSFLOW\" run --record link.script --output /dev/null < in && head -n 1 walk.script",
            expected: recording + "\n"),
        Case(
            description: "--record /dev/stdout",
            script: "\"$FOCUSFLOW\" run --record /dev/stdout --output /dev/null < in > out && head -n 1 out",
            expected: recording + "\n"),
        Case(
            description: "--output >(cat), a pipe of one's shell at /dev/fd/N",
            script: "bash -c '\"$FOCUSFLOW\" run --output >(cat > got) < in; wait $!' && cat got",
            expected: ScriptedRunTests.signupJSON),
        Case(
            description: "--answers <(…), a pipe of one's shell at /dev/fd/N",
            script: "bash -c '\"$FOCUSFLOW\" run --answers <(printf \"{\\\"nickname\\\":\\\"piped\\\"}\") < keep'",
            expected: ScriptedRunTests.signupJSON.replacingOccurrences(of: "에이다 🙂", with: "piped")),
    ]

    @Test("A path of one's own is written and read", arguments: cases)
    func works(_ own: Case) throws {
        try AnswersNeverLostTests.withFolder { folder in
            try Data(ScriptedRunTests.answers.utf8).write(to: URL(fileURLWithPath: folder + "/in"))
            try Data(Self.keepNickname.utf8).write(to: URL(fileURLWithPath: folder + "/keep"))
            let result = try Command.shell(own.script, directory: URL(fileURLWithPath: folder))
            #expect(result.status == 0, "\(result.stderr)")
            let expected = result.stdout == own.expected
            #expect(expected, "the output differs from what was expected")
        }
    }
}

/// A path checked at the start and opened later is opened as the object checked, or not at all.
@Suite("What is written is what was checked")
struct CheckedPathTests {
    @Test("A FIFO without a reader at the start is written at the end only if it is still the FIFO checked")
    func replacedFIFO() throws {
        try AnswersNeverLostTests.withFolder { folder in
            let path = folder + "/answers.fifo"
            #expect(mkfifo(path, 0o600) == 0)
            let target = try AnswerTarget.file(path)
            #expect(target.awaitedReader == path)
            // Another FIFO at the same path, with a reader waiting on it.
            #expect(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
            let reader = open(path, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            #expect(throws: AnswerTarget.Failure(path, .notYours(.replaced))) { try target.write(ScriptedRunTests.signupJSON) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader, &buffer, buffer.count)
            #expect(count <= 0, "the replacing FIFO's reader got what was written")
        }
    }
}
