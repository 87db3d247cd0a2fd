#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A walk's state as a host or a draft keeps it: the flow's fingerprint, the focused field and
/// every non-secure answer. Secure text is never in it, so it can be stored anywhere; restored,
/// secure fields come back empty and are asked again.
///
/// As JSON: `{"version":1,"flow":"signup","fingerprint":"fnv1a64:…","focus":"nickname",
/// "answers":{"email":"ada@example.com","newsletter":true}}`, the answers written as
/// `focusflow run` writes them.
public struct FlowSnapshot: Sendable, Hashable, Codable {
    /// The snapshot format's version.
    public static let version = 1

    /// The flow's id, for messages.
    public var flow: String
    /// ``FlowSpec/fingerprint`` of the flow it was taken of.
    public var fingerprint: String
    /// The focused field; `nil` once the walk had ended.
    public var focus: FieldID?
    /// Every non-secure field that holds an answer, hidden fields included.
    public var answers: [FieldID: FieldAnswer]
    /// The lists the service gave the fields whose options come from it (`"optionLists"`, left
    /// out when there are none): a resumed walk holds them again.
    public var optionLists: [FieldID: [FieldOption]]

    public init(flow: String, fingerprint: String, focus: FieldID?, answers: [FieldID: FieldAnswer], optionLists: [FieldID: [FieldOption]] = [:]) {
        self.flow = flow
        self.fingerprint = fingerprint
        self.focus = focus
        self.answers = answers
        self.optionLists = optionLists
    }

    private enum Key: String, CodingKey { case version, flow, fingerprint, focus, answers, optionLists }

    private struct AnswerKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c, debugDescription: "snapshot version \(version); this focusflow reads version \(Self.version)")
        }
        flow = try c.decode(String.self, forKey: .flow)
        fingerprint = try c.decode(String.self, forKey: .fingerprint)
        focus = try c.decodeIfPresent(FieldID.self, forKey: .focus)
        let loose = try c.decode([String: LooseAnswer].self, forKey: .answers)
        answers = Dictionary(uniqueKeysWithValues: loose.map { (FieldID($0.key), $0.value.answer) })
        let lists = try c.decodeIfPresent([String: [FieldOption]].self, forKey: .optionLists) ?? [:]
        optionLists = Dictionary(uniqueKeysWithValues: lists.map { (FieldID($0.key), $0.value) })
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(Self.version, forKey: .version)
        try c.encode(flow, forKey: .flow)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(focus, forKey: .focus)
        var answers = c.nestedContainer(keyedBy: AnswerKey.self, forKey: .answers)
        for id in self.answers.keys.sorted() {
            try self.answers[id]!.encode(orNullTo: &answers, forKey: AnswerKey(stringValue: id.rawValue))
        }
        if !optionLists.isEmpty {
            var lists = c.nestedContainer(keyedBy: AnswerKey.self, forKey: .optionLists)
            for id in optionLists.keys.sorted() { try lists.encode(optionLists[id]!, forKey: AnswerKey(stringValue: id.rawValue)) }
        }
    }

    /// The snapshot as one line of JSON, keys in a fixed order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads a snapshot from its JSON.
    ///
    /// - Throws: ``PrefillError`` (``PrefillError/Reason/malformed``) when the text is not one.
    public init(json bytes: some Collection<UInt8>) throws(PrefillError) {
        do {
            self = try JSONDecoder().decode(FlowSnapshot.self, from: Data(bytes))
        } catch {
            throw PrefillError(.malformed, field: nil, detail: .notSnapshot(version: Self.version))
        }
    }
}

extension FlowReducer {
    /// The snapshot of `state`: the focused field (or `focus`, for a walk that has just been
    /// cancelled and has none) and every non-secure answer that is not empty.
    public func snapshot(of state: State, focus: FieldID? = nil) -> FlowSnapshot {
        snapshot(of: state, focus: focus, fingerprint: spec.fingerprint)
    }

    /// ``snapshot(of:focus:)`` with the flow's ``FlowSpec/fingerprint`` computed once by the
    /// caller (it encodes the whole flow): the explorer takes one at every state it reaches.
    package func snapshot(of state: State, focus: FieldID? = nil, fingerprint: String) -> FlowSnapshot {
        var answers: [FieldID: FieldAnswer] = [:]
        for (index, id) in spec.layout.ids.enumerated() where !spec.layout.secure[index] && spec.fields[index].prefill {
            let answer = state.fields[position: index].answer
            if !answer.isEmpty { answers[id] = answer }
        }
        return FlowSnapshot(
            flow: spec.id, fingerprint: fingerprint, focus: state.focus.map { place(from: $0, in: state) } ?? focus, answers: answers,
            optionLists: state.optionLists.isEmpty ? [:] : state.optionLists.compactMapValues(\.options))
    }

    /// Where a walk stands, for a snapshot: the focused field, or, while answers after it wait to
    /// be passed over (a resumed walk asking its secure fields again), the field past them that
    /// the walk goes on to, so that a walk cut off again there keeps the place it had reached.
    private func place(from focus: FieldID, in state: State) -> FieldID {
        guard !state.skipping.isEmpty, let at = spec.index(of: focus) else { return focus }
        guard let last = state.skipping.compactMap({ spec.index(of: $0) }).filter({ $0 > at }).max() else { return focus }
        return spec.fields.indices.first { $0 > last && isVisible($0, in: state) }.map { spec.layout.ids[$0] } ?? focus
    }

    /// The state `snapshot` was taken of, secure fields empty: focus on its field, or on the
    /// first field before it that is secure (asked again: a snapshot holds no secure text) or whose rules fail now. An answer
    /// that breaks its rules now is kept with its error, to be asked.
    ///
    /// - Throws: ``PrefillError`` (``PrefillError/Reason/otherFlow``) for a snapshot of another
    ///   flow or of this flow before it changed, and as ``initialState(prefill:)`` does.
    public func restore(_ snapshot: FlowSnapshot) throws(PrefillError) -> State {
        try restore(snapshot, fingerprint: spec.fingerprint)
    }

    /// ``restore(_:)`` with the flow's ``FlowSpec/fingerprint`` computed once by the caller.
    package func restore(_ snapshot: FlowSnapshot, fingerprint: String) throws(PrefillError) -> State {
        guard snapshot.fingerprint == fingerprint else {
            throw PrefillError(.otherFlow, field: nil, detail: .otherFlow(snapshot.flow, changed: snapshot.flow == spec.id))
        }
        var prefill = FlowPrefill(answers: snapshot.answers, askInvalid: true, resumeAt: snapshot.focus)
        prefill.optionLists = snapshot.optionLists
        return try initialState(prefill: prefill)
    }
}
