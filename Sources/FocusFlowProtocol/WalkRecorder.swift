import FocusFlow

/// Turns a walk — every action a store applies, in any front — into a replay script: the
/// request lines `focusflow serve` and `focusflow replay` read, one a line.
///
/// Plain text is kept as typed. A secure field's typing is recorded as one `text` request when
/// the field is left (or the walk ends), holding a stand-in made from the field's spec alone
/// (`SecureStandIn`): the first of a fixed list of candidates — lengths from the rules,
/// characters the keyboard takes, texts the pattern and the live requirements match — that
/// the rules judge as they judged the secret. A recording says of a secret only what the rules
/// said of it: whether it was empty, which rule it failed (or that it passed), which live
/// requirements it met, which fields it showed, whether it equalled the fields a `matches`
/// rule compares it with, and whether it changed. Two walks whose secrets the rules cannot
/// tell apart give the same script, byte for byte.
///
/// ```swift
/// var recorder = try WalkRecorder(spec: spec)
/// store.actionObserver = { recorder.record($0, in: $1) }
/// // … the walk …
/// let script = recorder.script()
/// ```
public struct WalkRecorder: Sendable {
    /// A secure field for which no value made from the spec alone passes its rules: a walk
    /// through it could not be recorded without the secret, so recording is refused at the start.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var field: FieldID
        public var description: String { message(in: .en) }

        /// The sentence in `language`, naming the field (never a value).
        public func message(in language: Language) -> String {
            switch language {
            case .en:
                "no stand-in for the secure field \"\(field)\" can be made from its rules alone, and a recording never holds the secret itself"
            case .ko: "보안 필드 \"\(field)\"의 대역 값을 규칙만으로 만들 수 없고, 녹화에는 비밀 값 자체를 담지 않습니다"
            }
        }
    }

    private struct Recording {
        var lines: [String] = []
        /// The secure field whose typing is not written yet.
        var pending: FieldID?
        /// The state after the last action: where a pending secure value is read at the end.
        var last: FlowReducer.State?
        /// What each secure field with text holds in the walk, and its stand-in in the replay.
        var held: [FieldID: (secret: String, standIn: String)] = [:]
        /// The secure fields whose stand-in the rules judged otherwise than the secret.
        var approximated: [FieldID] = []
        /// The seconds of the ticks recorded since the last other request: one `tick` line says them all.
        var ticked: Int?
    }

    private let reducer: FlowReducer
    private let standIns: SecureStandIn
    /// The secure fields (only text is secure), in field order.
    private let secure: [FieldID]
    private var recording = Recording()

    /// A recorder for walks through `spec`.
    ///
    /// - Throws: ``Failure`` naming the first secure field for which no value made from the
    ///   spec alone passes the rules: a walk through it could not be recorded without its secret.
    public init(spec: FlowSpec) throws(Failure) {
        reducer = FlowReducer(spec: spec)
        standIns = try SecureStandIn(reducer: reducer)
        secure = spec.fields.filter(\.secure).map(\.id)
    }

    /// The secure fields for which no stand-in was judged by the rules as the secret was (none
    /// made from the spec failed them alike), in the order met; the script says so in a comment
    /// line before each such stand-in, where its replay differs from the walk.
    public var approximations: [FieldID] { recording.approximated }

    /// Records where a walk from prefilled answers starts, as the script's first request: a
    /// `start` with the answers (a secure one as its stand-in) and the prefill's options, so the
    /// replay starts where the walk did. Call it before the first action.
    public mutating func begin(from prefill: FlowPrefill) {
        guard let state = try? reducer.initialState(prefill: prefill) else { return }
        // The walk as the replay learns it: the secure answers one by one, in field order, so
        // that a confirmation is judged against its password's stand-in.
        var walk = state
        for id in secure { walk.fields[id] = .init(text: "") }
        var out = JSONWriter()
        out.raw("{")
        var first = true
        for field in reducer.spec.fields {
            guard var answer = prefill.answers[field.id] else { continue }
            if field.secure, case .text(let value) = answer, !value.isEmpty {
                walk.fields[field.id] = .init(text: value)
                answer = .text(standIn(for: field.id, in: walk, typed: false))
            }
            if !first { out.raw(",") }
            first = false
            out.string(field.id.rawValue)
            out.raw(":")
            answer.write(into: &out)
        }
        out.raw("}")
        recording.lines.append(FlowRequest.start(out.text, skipFilled: prefill.skipFilled, askInvalid: prefill.askInvalid).json)
        recording.last = state
    }

    /// Records where a resumed walk (a draft) starts, as the script's first request: a
    /// `restore` of `snapshot`, which holds no secure text. Call it before the first action.
    public mutating func begin(restoring snapshot: FlowSnapshot) {
        guard let state = try? reducer.restore(snapshot) else { return }
        // A snapshot holds no secure text: every secure field starts empty.
        recording.held = [:]
        recording.lines.append(FlowRequest.restore(snapshot.json).json)
        recording.last = state
    }

    /// Records `action`, about to apply to `state` (``/FocusFlow/FlowStore/actionObserver``'s signature).
    public mutating func record(_ action: FlowReducer.Action, in state: FlowReducer.State) {
        var after = state
        _ = reducer.reduce(into: &after, action: action)
        defer { recording.last = after }
        if case .field(.textChanged) = action, let focus = state.focus, reducer.spec[focus]?.secure == true {
            recording.pending = focus
            return
        }
        flush(state: state)
        if case .field(.clear) = action, let focus = state.focus { recording.held[focus] = nil }
        let request: FlowRequest?
        switch action {
        case .field(.submit): request = .next
        case .tick(let seconds):
            // A terminal ticks every second while a code waits: the seconds between two other
            // requests are one line.
            let total = (recording.ticked ?? 0) + seconds
            if recording.ticked != nil { recording.lines.removeLast() }
            recording.ticked = total
            recording.lines.append(FlowRequest.tick(total).json)
            return
        case .checked(let ticket, .refused), .sent(let ticket, .refused):
            // The host's words are recorded as the engine showed them, never as they came: a
            // checker may have repeated the secret it checked. A stale answer changes nothing
            // and is not recorded.
            guard let field = Self.field(answering: ticket, in: state), let shown = after.errors[field] else { return }
            let answer = ServiceAnswer.refused(shown)
            request = if case .checked = action { .checked(ticket: ticket, answer) } else { .sent(ticket: ticket, answer) }
        case .options(let ticket, let answer):
            // A list is recorded as the walk holds it, a refusal as the field shows it: a replay
            // needs no program. A stale answer changes nothing and is not recorded.
            guard let field = state.optionLists.first(where: { $0.value.ticket == ticket })?.key else { return }
            switch answer {
            case .list: request = .options(ticket: ticket, .list(after.optionLists[field]?.options ?? []))
            case .refused: request = .options(ticket: ticket, after.errors[field].map(OptionsAnswer.refused) ?? .unavailable)
            case .unavailable: request = .options(ticket: ticket, .unavailable)
            }
        default: request = FlowRequest(action)
        }
        recording.ticked = nil
        if let request { recording.lines.append(request.json) }
    }

    /// The field a check or a send with `ticket` is pending for in `state`.
    private static func field(answering ticket: Int, in state: FlowReducer.State) -> FieldID? {
        if let pending = state.checking, pending.ticket == ticket { return pending.field }
        return state.sends.first { $0.value.ticket == ticket }?.key
    }

    /// Records a `cancel` when the walk ended without one reaching the store — Ctrl-C or a
    /// signal in a terminal front — so the script ends as the walk did; nothing when the flow
    /// already ended.
    public mutating func recordCancellation() {
        let last = recording.last ?? reducer.initialState()
        guard !last.phase.hasEnded else { return }
        record(.cancel, in: last)
    }

    /// The script so far, a request a line, after a comment line that says what it is.
    public mutating func script() -> String {
        if let last = recording.last { flush(state: last) }
        return Self.header(flow: reducer.spec.id) + "\n" + recording.lines.map { $0 + "\n" }.joined()
    }

    private static let headerStart = "# A walk through \""
    private static let headerEnd = "\" recorded by focusflow run --record; secure values are stand-ins."

    /// The comment line a script starts with: what it is, and the id of the flow it walks.
    static func header(flow id: String) -> String { headerStart + id + headerEnd }

    /// The id of the flow a script's first line says it walks, or `nil` for a line that is not
    /// a recording's header (a script written by hand).
    public static func recordedFlow(inHeader line: String) -> String? {
        guard line.hasPrefix(headerStart), line.hasSuffix(headerEnd), line.count >= headerStart.count + headerEnd.count else { return nil }
        return String(line.dropFirst(headerStart.count).dropLast(headerEnd.count))
    }

    /// Writes the pending secure field's value, from `state`, as one `text` request.
    private mutating func flush(state: FlowReducer.State) {
        guard let field = recording.pending else { return }
        recording.pending = nil
        guard state.focus == field else { return }
        let standIn = standIn(for: field, in: state, typed: true)
        recording.lines.append(FlowRequest.text(standIn).json)
        // A tick after it is a line of its own: the last line is no longer a tick to add to.
        recording.ticked = nil
    }

    /// The stand-in for what `field` holds in `walk`, which becomes what it holds in the replay:
    /// chosen by what the rules say of the secret there (`SecureStandIn`), never by the secret.
    /// One the rules judge otherwise (no candidate was judged alike) is said in a comment line.
    private mutating func standIn(for field: FieldID, in walk: FlowReducer.State, typed: Bool) -> String {
        let secret = walk.text(of: field)
        let before = recording.held[field] ?? ("", "")
        // The walk as its recording replays it: every secure field holding its stand-in.
        var replay = walk
        for id in secure { replay.fields[id] = .init(text: recording.held[id]?.standIn ?? "") }
        guard let target = standIns.outcome(of: secret, in: field, world: walk, before: before.secret) else { return "" }
        let (standIn, exact) = standIns.standIn(for: field, target: target, replay: replay, before: before.standIn, typed: typed)
        if !exact {
            if !recording.approximated.contains(field) { recording.approximated.append(field) }
            recording.lines.append(Self.approximationNote(field))
        }
        recording.held[field] = secret.isEmpty ? nil : (secret, standIn)
        return standIn
    }

    /// The comment line before a stand-in the rules judge otherwise than the secret.
    static func approximationNote(_ field: FieldID) -> String {
        "# \(JSONText.quote(field.rawValue)): no stand-in made from the field's rules alone is judged by them as the typed value was; the replay differs from the walk here."
    }
}
