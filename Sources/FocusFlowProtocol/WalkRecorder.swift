import FocusFlow

/// Turns a walk — every action a store applies, in any front — into a replay script: the
/// request lines `focusflow serve` and `focusflow replay` read, one a line.
///
/// Plain text is kept as typed. A secure field's typing is recorded as one `text` request when
/// the field is left (or the walk ends), holding a `SecureStandIn` for the value: the same
/// number of characters, accepted by the same keyboard, passing or failing the same rules. The
/// same secret always gets the same stand-in, so a confirmation that matched its password
/// still matches it in the recording, and one that did not still does not.
///
/// ```swift
/// var recorder = WalkRecorder(spec: spec)
/// store.actionObserver = { recorder.record($0, in: $1) }
/// // … the walk …
/// let script = try recorder.script()
/// ```
public struct WalkRecorder: Sendable {
    /// No stand-in passing the rules as the secret did could be made for a field.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var field: FieldID
        public var description: String { message(in: .en) }

        /// The sentence in `language`, naming the field (never its value).
        public func message(in language: Language) -> String {
            switch language {
            case .en: "no stand-in could be made for the secure field \"\(field)\" that passes its rules as the typed value did"
            case .ko: "보안 필드 \"\(field)\"에 입력한 값처럼 규칙을 통과하는 대역 값을 만들 수 없습니다"
            }
        }
    }

    private struct Recording {
        var lines: [String] = []
        /// The secure field whose typing is not written yet.
        var pending: FieldID?
        /// The state after the last action: where a pending secure value is read at the end.
        var last: FlowReducer.State?
        /// Each secret, by value, and its stand-in.
        var standIns: [String: String] = [:]
        var failure: Failure?
        /// The seconds of the ticks recorded since the last other request: one `tick` line says them all.
        var ticked: Int?
    }

    private let reducer: FlowReducer
    private var recording = Recording()

    public init(spec: FlowSpec) { reducer = FlowReducer(spec: spec) }

    /// Records where a walk from prefilled answers starts, as the script's first request: a
    /// `start` with the answers (a secure one as its stand-in) and the prefill's options, so the
    /// replay starts where the walk did. Call it before the first action.
    public mutating func begin(from prefill: FlowPrefill) {
        guard let state = try? reducer.initialState(prefill: prefill) else { return }
        var out = JSONWriter()
        out.raw("{")
        var first = true
        for field in reducer.spec.fields {
            guard var answer = prefill.answers[field.id] else { continue }
            if field.secure, case .text(let value) = answer, !value.isEmpty {
                var focused = state
                // The field as if focused: its stand-in is typed there, through its keyboard.
                focused.focus = field.id
                focused.keyboard = field.keyboard
                guard let standIn = standIn(for: field.id, value: value, in: focused) else { continue }
                answer = .text(standIn)
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
    ///
    /// - Throws: ``Failure`` when a secret got no stand-in (nothing secret is in the error).
    public mutating func script() throws(Failure) -> String {
        if let last = recording.last { flush(state: last) }
        if let failure = recording.failure { throw failure }
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
        guard let standIn = standIn(for: field, value: state.text(of: field), in: state) else { return }
        recording.lines.append(FlowRequest.text(standIn).json)
        // A tick after it is a line of its own: the last line is no longer a tick to add to.
        recording.ticked = nil
    }

    /// The stand-in for the secret `value` of `field`, focused in `state`: the one already made
    /// for the same secret where it fits, else a new one; `nil` (and the failure kept) when none
    /// could be made.
    private mutating func standIn(for field: FieldID, value: String, in state: FlowReducer.State) -> String? {
        if let known = recording.standIns[value], reuses(known, for: field, in: state) { return known }
        let avoiding = Set(recording.standIns.keys).union(recording.standIns.values)
        guard let made = SecureStandIn.make(for: state, reducer: reducer, avoiding: avoiding) else {
            recording.failure = recording.failure ?? Failure(field: field)
            return nil
        }
        recording.standIns[value] = made
        return made
    }

    /// Whether the stand-in already made for the same secret fits this field too: always when
    /// the field must match another (the two must stay equal), else when it fails its rules alike.
    private func reuses(_ standIn: String, for field: FieldID, in state: FlowReducer.State) -> Bool {
        if reducer.spec[field]?.rules.matches != nil { return true }
        return SecureStandIn.passes(standIn, like: reducer.failure(of: field, in: state), in: state, reducer: reducer)
    }
}
