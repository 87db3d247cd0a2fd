import FocusFlow
import FocusFlowProtocol
import FocusFlowTerminal
import Glibc

/// `focusflow serve FLOW` and `focusflow replay FLOW SCRIPT`: the JSON-lines protocol.
enum Serve {
    static let requests = """
        Requests are JSON objects or the text form, one a line; spaces, tabs and a
        carriage return around a line are ignored, and blank lines and lines starting
        with # skipped:

        \(FlowRequest.listing(summaries: true).joined(separator: "\n"))
          A start may add "skipFilled":true and "askInvalid":true (start skipFilled
          askInvalid {…}), as run's --skip-filled and --ask-invalid.

        (A value that ends with a space or a tab needs the JSON form.) A malformed
        request (a key given twice in an object too, as in a flow file), or one that
        cannot apply, gets {"error":"…"} and changes nothing; so does a line longer
        than 1 MiB (1,048,576 bytes), which is dropped.
        """

    static let command = Subcommand(
        name: "serve",
        synopsis: [
            "serve [FLOW] [--lang en|ko]",
            "serve --sessions [FLOW] [--idle SECONDS] [--max-sessions N] [--max-session-bytes N] [--max-total-bytes N] [--lang en|ko]",
        ],
        texts: HelpTexts(
            en: HelpText(
                summary: "the JSON-lines protocol on stdin and stdout, for embedding",
                details: """
                    Reads one request a line on stdin and writes one JSON response a line on stdout,
                    flushed per line, starting with a response for the initial focus. With no FLOW,
                    the built-in sign-up flow.

                    With --lang ko, rule messages and the flow's text given in several languages are
                    in Korean; serve speaks English otherwise, whatever the locale (protocol keys,
                    event names and JSON are never translated).

                    \(requests)

                    A secure value leaves FocusFlow only in completed's values and in the check
                    that hands it to the host (the protocol's checking event, pendingCheck(in:)
                    in Swift), and every protocol event that carries one says "secret":true. A
                    host that logs events can drop those by that one key.

                    \(sessionsHelp)

                    OPTIONS
                      --lang en|ko          the language of rule messages and the flow's text
                                            (default: English, whatever the locale)
                      --sessions            walk many people through the flow in one process
                      --idle SECONDS        end a session after SECONDS without a request
                                            (default \(Int(ProtocolSessions.defaultIdle)))
                      --max-sessions N      refuse an open beyond N sessions (default \(ProtocolSessions.defaultLimit))
                      --max-session-bytes N refuse a request that would make one session hold
                                            more than N bytes of text (default \(ProtocolSessions.defaultSessionBytes))
                      --max-total-bytes N   refuse a request that would make all sessions hold
                                            more than N bytes of text (default \(ProtocolSessions.defaultTotalBytes))

                    Exit status: 0 at the end of input, 2 for a usage or flow error, 74 when a
                    response cannot be written.
                    """), ko: KoreanHelp.serve),
        options: Set(["lang"]).union(sessionOptions),
        flags: ["sessions"],
        followsLocale: false,
        operands: [.flow],
        run: serve)

    static let replayCommand = Subcommand(
        name: "replay",
        synopsis: ["replay [--expect GOLDEN] [FLOW] SCRIPT"],
        texts: HelpTexts(
            en: HelpText(
                summary: "the protocol with the requests from a file",
                details: """
                    Reads the requests from SCRIPT and prints exactly what 'focusflow serve FLOW'
                    would. With one file, it is the SCRIPT for the built-in sign-up flow; a flow
                    file given alone is a usage error (the SCRIPT is missing).

                    With --expect GOLDEN, nothing is printed: each response is compared with the
                    same line of GOLDEN (the saved output of an earlier replay), and the first that
                    differs — or a line missing or left over — is named with what was expected and
                    what came.

                    OPTIONS
                      --expect GOLDEN  compare each response with the same line of GOLDEN
                                       instead of printing it

                    \(requests)

                    In a script, a line longer than 1 MiB or holding a NUL byte is no request: the
                    replay stops there, naming the line, since the file is not lines of text.

                    Exit status: 0 at the end of the script with no request refused (with --expect:
                    every response as GOLDEN says, refusals included), 1 a request was refused
                    (every line is answered still) or a response differs from GOLDEN, 2 for a usage
                    or flow error, or a script or GOLDEN that cannot be read or is not lines of
                    text, 74 when a response cannot be written.
                    """), ko: KoreanHelp.replay),
        options: ["expect"],
        followsLocale: false,
        operands: [.flow, .file],
        run: replay)

    /// The options that go with `--sessions`.
    static let sessionOptions: Set<String> = ["idle", "max-sessions", "max-session-bytes", "max-total-bytes"]

    static let sessionsHelp = """
        With --sessions, one process walks many people through the flow at once: every
        request is a JSON object with "session":"ID" (1 to \(ProtocolSessions.longestID) bytes, no
        control character), and every response starts with it. {"action":"open",
        "session":"ID"} starts a walk and is answered as a first response is;
        {"action":"close","session":"ID"} ends it ({"session":"ID","closed":"request"}).
        A session also ends with its walk (completed or cancelled), or after --idle
        SECONDS without a request (default \(Int(ProtocolSessions.defaultIdle)), 15 minutes). Every
        request gets exactly one response line, so an idle close is told in the
        response to the next request that names the session: {"session":"ID",
        "closed":"idle","error":"…"}, which changes nothing (open starts the id
        afresh). --max-sessions N (default \(ProtocolSessions.defaultLimit)) refuses an open
        beyond N. --max-session-bytes N (default \(ProtocolSessions.defaultSessionBytes), 1 MiB) and
        --max-total-bytes N (default \(ProtocolSessions.defaultTotalBytes), 64 MiB) refuse, with an
        error that changes nothing, a request that would make one session, or all of
        them together, hold more bytes of text. Snapshot and restore work per session,
        so a walk can move to another process. The responses to lines that arrive
        together are written together; none waits while serve waits for input.
        """

    static func serve(_ arguments: Arguments) throws(CommandError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw .usage(.oneFlowAtMost(command: "serve"), command: "serve") }
        if let path = arguments.positionals.first, FlowFile.isStandardInput(path) {
            throw .usage(.flowFromStandardInput(path: path, command: "serve"), command: "serve")
        }
        let language = try LanguageOption.decide(arguments, command: "serve", fallback: .en)
        let many = arguments.flags.contains("sessions")
        for option in sessionOptions.sorted() where arguments.values[option] != nil && !many {
            throw .usage(.needsSessions(option: option), command: "serve")
        }
        let limit = try arguments.integer("max-sessions", default: ProtocolSessions.defaultLimit, in: 1...10_000_000, command: "serve")
        let idle = Double(try arguments.integer("idle", default: Int(ProtocolSessions.defaultIdle), in: 1...31_536_000, command: "serve"))
        let sessionBytes = try arguments.integer(
            "max-session-bytes", default: ProtocolSessions.defaultSessionBytes, in: 1...Self.largestBytes, command: "serve")
        let totalBytes = try arguments.integer("max-total-bytes", default: ProtocolSessions.defaultTotalBytes, in: 1...Self.largestBytes, command: "serve")
        let spec = try FlowFile.load(arguments.positionals.first, command: "serve").localized(to: language)
        var reader = LineReader(fd: 0)
        guard many else {
            try run(spec) { reader.next() }
            return ExitStatus.success
        }
        var sessions = ProtocolSessions(spec: spec, limit: limit, idle: idle, sessionBytes: sessionBytes, totalBytes: totalBytes)
        // The responses to lines that came together go out together; none is held while serve
        // waits for input, and a host that waits for each response gets each at once.
        var answered = ""
        func flush() throws(CommandError) {
            guard !answered.isEmpty else { return }
            try Output.standard(answered)
            // A fresh string each batch: the one written is freed, and so wiped (SecretMemory).
            answered = ""
        }
        while true {
            if !reader.hasBufferedLine || answered.utf8.count >= 1 << 16 { try flush() }
            switch reader.next() {
            case .line(let line):
                let open = sessions.count
                if let response = sessions.respond(toScriptLine: line, now: Self.seconds()) {
                    answered += response
                    answered += "\n"
                }
                // A walk ended (closed, completed, idle): the frames it ran in are wiped.
                if sessions.count < open { SecretMemory.wipeStack() }
            case .tooLong:
                let dropped = "the request is longer than \(LineReader.lineLimit) bytes, the most a line may hold; it was dropped and nothing changed"
                answered += ProtocolSession.error(dropped) + "\n"
            case .end, .signal:
                try flush()
                return ExitStatus.success
            }
        }
    }

    /// The most `--max-session-bytes` and `--max-total-bytes` take: 1 TiB.
    static let largestBytes = 1 << 40

    /// The monotonic clock, in seconds: what `--idle` is measured by.
    private static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func replay(_ arguments: Arguments) throws(CommandError) -> Int32 {
        let files = arguments.positionals
        guard (1...2).contains(files.count) else {
            throw .usage(files.isEmpty ? .replayNeedsScript : .replayFileCount(files.count), command: "replay")
        }
        if files.count == 1, FlowFile.isFlow(files[0]) {
            throw .usage(.replayScriptAfterFlow(files[0]), command: "replay")
        }
        let scriptPath = files.last!
        let spec = try FlowFile.load(files.count == 2 ? files.first : nil, command: "replay")
        if FlowFile.isFolder(scriptPath) { throw CommandError(.folderNotScript(scriptPath), kind: .flow) }
        let fd = open(scriptPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CommandError(errno == ENOENT ? .noSuchFile(scriptPath) : .cannotBeRead(scriptPath), kind: .flow)
        }
        defer { close(fd) }
        var reader = LineReader(fd: fd, endsPastLimit: true)
        // A recording says which flow it walks: replayed against another, every request would
        // answer a question nobody asked.
        var first: LineReader.Read? = reader.next()
        if case .line(let bytes)? = first, let recorded = WalkRecorder.recordedFlow(inHeader: String(decoding: bytes, as: UTF8.self)),
            recorded != spec.id
        {
            throw CommandError(.scriptOfOtherFlow(scriptPath, recorded: recorded, replayed: spec.id), kind: .flow)
        }
        var line = 0
        // A script is lines of text: a line past the limit or holding a NUL byte ends the replay
        // (`replay FLOW /dev/zero` would otherwise read for ever).
        let next = { () throws(CommandError) -> LineReader.Read in
            let read = first.take() ?? reader.next()
            if case .end = read {} else { line += 1 }
            switch read {
            case .tooLong: throw CommandError(.notLinesOfText(scriptPath, line: line, longerThan: LineReader.lineLimit), kind: .flow)
            case .line(let bytes) where bytes.contains(0): throw CommandError(.notLinesOfText(scriptPath, line: line, longerThan: nil), kind: .flow)
            default: return read
            }
        }
        // Each refused request is said on stderr too, where it is in the script, and makes the
        // exit status 1.
        var refused = false
        let place = { (response: String) in
            guard let message = ProtocolSession.errorMessage(of: response) else { return }
            refused = true
            Output.error(DisplayText.escaped("focusflow: \(scriptPath):\(line): \(message)"))
        }
        if var golden = try arguments.values["expect"].map({ path throws(CommandError) in try GoldenResponses(path: path) }) {
            try run(
                spec, next: next,
                answer: { response throws(CommandError) in
                    place(response); try golden.check(response)
                })
            try golden.finish()
            return ExitStatus.success
        }
        try run(spec, next: next) { response throws(CommandError) in
            place(response)
            try Output.standard(response + "\n")
        }
        return refused ? ExitStatus.invalidInput : ExitStatus.success
    }

    /// Answers every line `next` gives until the end, each response written at once.
    private static func run(_ spec: FlowSpec, _ next: () -> LineReader.Read) throws(CommandError) {
        try run(spec, next: next) { response throws(CommandError) in try Output.standard(response + "\n") }
    }

    /// Hands every response, the initial one first, to `answer`.
    private static func run(
        _ spec: FlowSpec, next: () throws(CommandError) -> LineReader.Read, answer: (String) throws(CommandError) -> Void
    ) throws(CommandError) {
        var session = ProtocolSession(spec: spec)
        try answer(session.initialResponse())
        while true {
            switch try next() {
            case .line(let line):
                let ended = session.state.phase.hasEnded
                guard let response = session.respond(toScriptLine: line) else { continue }
                try answer(response)
                // The walk ended: the frames it ran in are wiped (SecretMemory).
                if !ended && session.state.phase.hasEnded { SecretMemory.wipeStack() }
            case .tooLong:
                try answer(ProtocolSession.error("the request is longer than \(LineReader.lineLimit) bytes, the most a line may hold; it was dropped and nothing changed"))
            case .end, .signal:
                return
            }
        }
    }
}
