import FocusFlow

/// Many walks of one flow in one process, each a ``ProtocolSession`` named by its host: what
/// `focusflow serve --sessions` answers, for a host that serves many people at once.
///
/// Every request is a JSON object with `"session":"ID"`, and every response names its session
/// first:
///
/// ```text
/// → {"action":"open","session":"ada"}
/// ← {"session":"ada","protocol":2,"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{…}}
/// → {"action":"text","value":"ada@example.com","session":"ada"}
/// ← {"session":"ada","events":[{"event":"changed",…}],"state":{…}}
/// → {"action":"close","session":"ada"}
/// ← {"session":"ada","closed":"request"}
/// ```
///
/// `open` answers as a walk's first response does; every other request is the one-walk
/// protocol's, answered by that session alone (`snapshot` and `restore` too, so a host can move
/// a walk to another process: a snapshot holds no secure text). A session ends with `close`,
/// with its walk (the response that completes or cancels it is its last), or after ``idle``
/// seconds without a request (15 minutes unless the host says otherwise). Every request gets
/// exactly one response, so a session closed for being idle is told in the response to the
/// next request that names it, an error that also says `"closed":"idle"`:
///
/// ```text
/// → {"action":"next","session":"ada"}
/// ← {"session":"ada","closed":"idle","error":"session \"ada\" was closed after 900 seconds without a request (--idle 900); open it again"}
/// ```
///
/// That request changes nothing; a later one for the id is answered as for any session that
/// is not open, and `open` starts the id afresh. Lines look for idle sessions at most once a
/// second, to let go of what they hold; an id closed for being idle is remembered to be told
/// for another ``idle`` seconds.
///
/// What the sessions hold is bounded as well as how many there are: at ``limit`` open sessions,
/// `open` is refused; a request that would make one session hold more than ``sessionBytes``
/// bytes of text, or all of them more than ``totalBytes``, is refused and changes nothing.
public struct ProtocolSessions: Sendable {
    /// How many sessions may be open at once unless the host says otherwise.
    public static let defaultLimit = 10_000
    /// The seconds without a request after which a session closes unless the host says
    /// otherwise: 15 minutes, as a web form's session lasts.
    public static let defaultIdle: Double = 900
    /// The bytes of text one session may hold unless the host says otherwise: 1 MiB, as much as
    /// one request line carries.
    public static let defaultSessionBytes = 1 << 20
    /// The bytes of text all sessions together may hold unless the host says otherwise: 64 MiB.
    public static let defaultTotalBytes = 64 << 20
    /// The longest session id, in bytes of UTF-8.
    public static let longestID = 128

    /// The walk every session opens on, its first response written once.
    private let template: ProtocolSession
    private let firstResponse: String
    public let limit: Int
    /// Seconds without a request after which a session is closed; `nil` keeps it until closed.
    public let idle: Double?
    /// The most bytes of text (UTF-8, every field's together) one session may hold.
    public let sessionBytes: Int
    /// The most bytes of text all sessions may hold together.
    public let totalBytes: Int
    /// The bytes of text every session holds, together.
    public private(set) var heldBytes = 0
    /// What a session opens holding (the flow's defaults).
    private let openingBytes: Int
    private var sessions: [String: (walk: ProtocolSession, lastUsed: Double, bytes: Int)] = [:]
    /// The ids closed for being idle and not yet told, with when they were closed.
    private var closedIdle: [String: Double] = [:]
    /// When the sessions were last looked over for idle ones: a line looks again only a second
    /// later, so that a request costs the same among 10,000 sessions as among one.
    private var swept = -Double.infinity

    public init(
        spec: FlowSpec, limit: Int = ProtocolSessions.defaultLimit, idle: Double? = ProtocolSessions.defaultIdle,
        sessionBytes: Int = ProtocolSessions.defaultSessionBytes, totalBytes: Int = ProtocolSessions.defaultTotalBytes
    ) {
        template = ProtocolSession(spec: spec)
        firstResponse = template.initialResponse()
        openingBytes = template.state.fields.textBytes
        self.limit = limit
        self.idle = idle
        self.sessionBytes = sessionBytes
        self.totalBytes = totalBytes
    }

    /// How many sessions are open.
    public var count: Int { sessions.count }

    /// Answers one line of a request script (see ``RequestLine``): its one response, or `nil`
    /// for a blank line or a comment. Sessions idle for longer than ``idle`` are closed first
    /// (looked for at most once a second).
    ///
    /// - Parameters:
    ///   - line: one line of input, without its line feed.
    ///   - now: the host's clock in seconds, for ``idle``; any origin, never going back.
    public mutating func respond<Line: BidirectionalCollection<UInt8>>(toScriptLine line: Line, now: Double) -> String? {
        if idle != nil && now - swept >= 1 { closeIdle(now: now) }
        return RequestLine.request(in: line).map { respond(toLine: Array($0), now: now) }
    }

    /// Closes every session idle for longer than ``idle``, to be told in the response to the
    /// next request that names it, and forgets the ids closed so more than ``idle`` seconds
    /// ago and not named since. ``respond(toScriptLine:now:)`` calls it at most once a second.
    ///
    /// - Returns: the ids closed, in the order they sort.
    @discardableResult
    public mutating func closeIdle(now: Double) -> [String] {
        guard let idle else { return [] }
        swept = now
        closedIdle = closedIdle.filter { now - $0.value <= idle }
        let stale = sessions.filter { now - $0.value.lastUsed > idle }.keys.sorted()
        for id in stale {
            remove(id)
            closedIdle[id] = now
        }
        return stale
    }

    /// Answers one request line.
    public mutating func respond(toLine bytes: [UInt8], now: Double) -> String {
        guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{") else {
            return ProtocolSession.error(#"with --sessions, each request is a JSON object with "session":"ID""#)
        }
        var members: [(key: String, value: RequestJSON.Value)]
        do throws(FlowRequestError) {
            members = try FlowRequest.members(bytes)
        } catch {
            return ProtocolSession.error(error.message)
        }
        guard let at = members.firstIndex(where: { $0.key == "session" }) else {
            return ProtocolSession.error(#"the request has no "session": every request names its session, {"session":"ID",…}"#)
        }
        guard case .string(let id) = members[at].value else { return ProtocolSession.error(#""session" must be a string"#) }
        if let problem = Self.problem(with: id) { return ProtocolSession.error(problem) }
        members.remove(at: at)
        let action = members.first { $0.key == "action" }.flatMap { if case .string(let name) = $0.value { name } else { nil } }
        // A session idle past the limit is closed when it is next named, whether or not the
        // lines have looked for idle sessions since; the request that names it first is told.
        if let idle, let open = sessions[id], now - open.lastUsed > idle {
            remove(id)
            closedIdle[id] = now
        }
        if closedIdle.removeValue(forKey: id) != nil, action != "open" {
            return Self.named(id, idleClosure(id))
        }
        switch action {
        case "open":
            guard members.count == 1 else { return Self.named(id, ProtocolSession.error("open takes nothing but \"session\"")) }
            guard sessions[id] == nil else { return Self.named(id, ProtocolSession.error("session \(JSONText.quote(id)) is open already")) }
            guard sessions.count < limit else {
                return Self.named(id, ProtocolSession.error("the limit of \(limit) open sessions is reached (--max-sessions \(limit)); close one first"))
            }
            if let refusal = Self.bytesRefusal(session: openingBytes, total: heldBytes + openingBytes, limits: (sessionBytes, totalBytes)) {
                return Self.named(id, refusal)
            }
            sessions[id] = (template, now, openingBytes)
            heldBytes += openingBytes
            return Self.named(id, firstResponse)
        case "close":
            guard members.count == 1 else { return Self.named(id, ProtocolSession.error("close takes nothing but \"session\"")) }
            guard remove(id) else { return Self.named(id, Self.notOpen(id)) }
            return Self.named(id, #"{"closed":"request"}"#)
        default:
            guard let index = sessions.index(forKey: id) else { return Self.named(id, Self.notOpen(id)) }
            let request: FlowRequest
            do throws(FlowRequestError) {
                request = try FlowRequest(members: members)
            } catch {
                sessions.values[index].lastUsed = now
                return Self.named(id, ProtocolSession.error(error.message))
            }
            // The walk is answered where it is kept: found once, never copied (a request that
            // could pass a limit is answered on a copy, kept only within the limits).
            let limits = (session: sessionBytes, total: totalBytes, held: heldBytes)
            let (response, before, after, ended) = Self.answer(request, growth: bytes.count + openingBytes, in: &sessions.values[index], now: now) {
                before, after in
                after > before ? Self.bytesRefusal(session: after, total: limits.held - before + after, limits: (limits.session, limits.total)) : nil
            }
            heldBytes += after - before
            // A walk that has ended ends its session: nothing more applies to it.
            if ended { remove(id) }
            return Self.named(id, response)
        }
    }

    /// Answers `request` in the session `entry`, in place: the response, the bytes of text the
    /// session held before and holds after, and whether its walk has ended. A request that adds
    /// at most `growth` bytes (its own, and the flow's defaults a restore may bring back) within
    /// the limits is answered where the walk is kept; any other is answered on a copy, kept
    /// unless `refusal` (given the bytes before and after) refuses it.
    private static func answer(
        _ request: FlowRequest, growth: Int, in entry: inout (walk: ProtocolSession, lastUsed: Double, bytes: Int), now: Double,
        refusal: (Int, Int) -> String?
    ) -> (response: String, before: Int, after: Int, ended: Bool) {
        let before = entry.bytes
        entry.lastUsed = now
        let response: String
        if refusal(before, before + growth) == nil {
            response = entry.walk.respond(to: request)
        } else {
            var walk = entry.walk
            let answer = walk.respond(to: request)
            if let refused = refusal(before, walk.state.fields.textBytes) { return (refused, before, before, false) }
            entry.walk = walk
            response = answer
        }
        entry.bytes = entry.walk.state.fields.textBytes
        return (response, before, entry.bytes, entry.walk.state.phase.hasEnded)
    }

    /// Ends the session `id`, letting go of what it held; whether it was open.
    @discardableResult
    private mutating func remove(_ id: String) -> Bool {
        guard let removed = sessions.removeValue(forKey: id) else { return false }
        heldBytes -= removed.bytes
        return true
    }

    /// The error for a session that would hold `session` bytes of text while all hold `total`,
    /// past `limits` (``sessionBytes`` and ``totalBytes``); `nil` within both.
    private static func bytesRefusal(session: Int, total: Int, limits: (session: Int, total: Int)) -> String? {
        if session > limits.session {
            return ProtocolSession.error(
                "the session would hold more than \(limits.session) bytes of text (--max-session-bytes \(limits.session)); the request was refused and nothing changed")
        }
        if total > limits.total {
            return ProtocolSession.error(
                "the sessions would hold more than \(limits.total) bytes of text together (--max-total-bytes \(limits.total)); the request was refused and nothing changed; close a session first"
            )
        }
        return nil
    }

    /// What is wrong with a session id, or `nil`: one to ``longestID`` bytes, no control character.
    static func problem(with id: String) -> String? {
        if id.isEmpty { return #""session" is empty; name the session"# }
        if id.utf8.count > longestID { return "the session id is longer than \(longestID) bytes" }
        if id.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "the session id has a control character"
        }
        return nil
    }

    /// The response to the first request that names a session closed for being idle.
    private func idleClosure(_ id: String) -> String {
        let seconds = idle.map { $0.rounded() == $0 && $0 < 1e15 ? "\(Int($0))" : "\($0)" } ?? ""
        let message = "session \(JSONText.quote(id)) was closed after \(seconds) second\(seconds == "1" ? "" : "s") without a request (--idle \(seconds)); open it again"
        return #"{"closed":"idle","# + ProtocolSession.error(message).dropFirst()
    }

    private static func notOpen(_ id: String) -> String {
        ProtocolSession.error("no session \(JSONText.quote(id)) is open; open it first: {\"action\":\"open\",\"session\":…}")
    }

    /// `response` (a JSON object) with `"session":"ID"` first.
    private static func named(_ id: String, _ response: String) -> String {
        let quoted = JSONText.quote(id)
        var out = ""
        out.reserveCapacity(response.utf8.count + quoted.utf8.count + 12)
        out += #"{"session":"#
        out += quoted
        out += ","
        out += response.dropFirst()
        return out
    }
}
