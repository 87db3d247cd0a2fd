import CConsole
import FocusFlow
import Glibc

/// One check or send performed by its program: `/bin/sh -c COMMAND`, in a process group of its
/// own (a Ctrl-C at the terminal reaches the walk, which then ends the whole group), with one
/// JSON object on its standard input and nothing of the answers on its command line or in its
/// environment:
///
/// ```json
/// {"field":"nickname","check":"nickname-free","value":"ada","answers":{"email":"ada@example.com"}}
/// {"field":"code","send":"sms-code","answers":{"phone":"+82 10 1234 5678"}}
/// ```
///
/// Exit 0: the check passed, the send was made. Exit 1: refused, the first line of its standard
/// output says why. Anything else — another status, a signal, no answer before the deadline, a
/// program that cannot be started — is ``ServiceAnswer/unavailable``.
///
/// A request for options (`--options NAME=COMMAND`) reads
/// `{"field":"city","source":"cities","query":"se","answers":{…}}` (`query` only for a source with
/// `search`) and answers on its standard output with a JSON array of options (values, or
/// `{"value","label"}`) or `{"ok":false,"message":"…"}` (``OptionsAnswer/init(json:)``), and
/// exit 0 or 1; anything else is ``OptionsAnswer/unavailable``.
///
/// Nothing here blocks: ``advance()`` takes what the program has written and sees whether it
/// has ended; the session polls ``descriptors`` (and wakes within ``pollInterval``) meanwhile.
package final class ServiceCall {
    package let request: CheckRequest
    /// A check (else a send, or a request for options).
    package let isCheck: Bool
    /// A request for options: its own answer is ``optionsAnswer``.
    package let isOptions: Bool
    /// The answer, once the program has given it (or the call ended without one).
    package private(set) var answer: ServiceAnswer?
    /// A request for options' answer, once the call ended.
    package private(set) var optionsAnswer: OptionsAnswer?

    /// How often a session looks at a running program, in milliseconds: an exit is seen this
    /// soon, even when the program left a child holding its standard output open.
    package static let pollInterval: Int32 = 50
    /// The most of a program's standard output that is kept: its first line is all that is read.
    static let outputLimit = 4096
    /// The most of an options program's standard output that is kept: a list of thousands.
    static let optionsOutputLimit = 1 << 20
    private let limit: Int

    private var pid: pid_t = 0
    /// The program's standard input (a socket, written without SIGPIPE), until all is written.
    private var input: Int32 = -1
    /// The program's standard output, until its end.
    private var output: Int32 = -1
    private var pending: [UInt8]
    private var written = 0
    private var said: [UInt8] = []
    private let deadline: Double

    /// Starts the program `command` for `request`. Its standard error goes to `errors`, or to
    /// `/dev/null` when `nil` (a program writing over a drawn form would break it).
    package init(_ request: CheckRequest, check: Bool, command: String, timeout: Int, errors: Int32?) {
        self.request = request
        self.isCheck = check
        self.isOptions = false
        self.limit = Self.outputLimit
        var json = JSONWriter()
        json.raw(#"{"field":"#); json.string(request.field.rawValue)
        json.raw(check ? #","check":"# : #","send":"#); json.string(request.name)
        if let value = request.value { json.raw(#","value":"#); value.write(into: &json) }
        json.raw(#","answers":"#); request.answers.write(into: &json)
        json.raw("}\n")
        pending = json.bytes
        deadline = Self.now() + Double(timeout)
        if !spawn(command, errors: errors) {
            answer = .unavailable
            closeAll()
        }
        // The JSON holds a value that may be secret: it lives only as long as it is unsent.
        advance()
    }

    /// Starts the program `command` for a request for options.
    package init(options request: OptionRequest, command: String, timeout: Int, errors: Int32?) {
        self.request = CheckRequest(ticket: request.ticket, field: request.field, name: request.source, value: nil, answers: request.answers)
        self.isCheck = false
        self.isOptions = true
        self.limit = Self.optionsOutputLimit
        var json = JSONWriter()
        json.raw(#"{"field":"#); json.string(request.field.rawValue)
        json.raw(#","source":"#); json.string(request.source)
        if let query = request.query { json.raw(#","query":"#); json.string(query) }
        json.raw(#","answers":"#); request.answers.write(into: &json)
        json.raw("}\n")
        pending = json.bytes
        deadline = Self.now() + Double(timeout)
        if !spawn(command, errors: errors) {
            answer = .unavailable
            optionsAnswer = .unavailable
            closeAll()
        }
        advance()
    }

    deinit { cancel() }

    /// The descriptors to poll while the program runs.
    package var descriptors: [pollfd] {
        var fds: [pollfd] = []
        if input >= 0 { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        if output >= 0 { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
        return fds
    }

    /// Milliseconds until the deadline (at least 0).
    package var remaining: Int32 { Int32(max(0, min(Double(Int32.max), (deadline - Self.now()) * 1000))) }

    /// Writes what the program can take, reads what it said, and ends the call when the program
    /// has ended or the deadline has passed.
    package func advance() {
        guard answer == nil else { return }
        writeInput()
        readOutput()
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid {
            // What it wrote before it ended is in the pipe still.
            readOutput()
            if isOptions { optionsAnswer = Self.optionsAnswer(status: status, output: said) }
            finish(Self.answer(status: status, output: said))
        } else if reaped < 0 && errno != EINTR {
            finish(.unavailable)
        } else if Self.now() >= deadline {
            end()
            finish(.unavailable)
        }
    }

    /// Ends the program and its group, if it still runs; the call has no answer to give then.
    package func cancel() {
        guard answer == nil else { return }
        end()
        finish(.unavailable)
    }

    // MARK: - The process

    private func spawn(_ command: String, errors: Int32?) -> Bool {
        let child = ff_spawn_service(command, errors ?? -1, &input, &output)
        guard child > 0 else { return false }
        pid = child
        return true
    }

    /// Ends the program's whole group (a script's own children too) and waits for it.
    private func end() {
        guard pid > 0 else { return }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private func finish(_ answer: ServiceAnswer) {
        self.answer = answer
        if isOptions, optionsAnswer == nil { optionsAnswer = .unavailable }
        closeAll()
        pid = 0
    }

    private func closeAll() {
        if input >= 0 { close(input); input = -1 }
        if output >= 0 { close(output); output = -1 }
        Self.wipe(&pending)
        Self.wipe(&said)
    }

    private func writeInput() {
        while input >= 0 {
            guard written < pending.count else {
                close(input)
                input = -1
                Self.wipe(&pending)
                return
            }
            let count = pending.withUnsafeBytes { send(input, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                // The program ended or closed its input without reading it all: its answer still counts.
                close(input)
                input = -1
                Self.wipe(&pending)
                return
            }
        }
    }

    private func readOutput() {
        while output >= 0 {
            let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { chunk in
                let count = read(output, chunk.baseAddress, chunk.count)
                if count > 0 { said.append(contentsOf: chunk.prefix(min(count, max(0, limit - said.count)))) }
                return count
            }
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            close(output)
            output = -1
        }
    }

    /// Exit 0 passes, exit 1 refuses with the first line of `output`, anything else could not answer.
    static func answer(status: Int32, output: [UInt8]) -> ServiceAnswer {
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0 else { return .unavailable }
        switch (status >> 8) & 0xFF {
        case 0: return .ok
        case 1:
            let line = output.prefix { $0 != 0x0A }
            return .refused(String(decoding: line, as: UTF8.self))
        default: return .unavailable
        }
    }

    /// Exit 0 or 1 with a JSON answer on standard output (a list, or a refusal); exit 1 with
    /// words, a refusal; anything else could not answer.
    static func optionsAnswer(status: Int32, output: [UInt8]) -> OptionsAnswer {
        guard status & 0x7F == 0 else { return .unavailable }
        let code = (status >> 8) & 0xFF
        guard code == 0 || code == 1 else { return .unavailable }
        if let answer = OptionsAnswer(json: output) { return answer }
        if code == 1, case .refused(let message) = answer(status: status, output: output) { return .refused(message) }
        return .unavailable
    }

    private static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
        bytes = []
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
