import FocusFlow

/// Chooses what a recording writes for a secure value: a stand-in that is a function of the
/// field's spec and of what the rules said of the value — never of the secret itself.
///
/// What the rules say of a value is its ``Outcome``: whether it is empty, the rule it fails
/// (told apart even where the field's own `message` says the same for all), which live
/// requirements it meets, whether it equals the fields a `matches` rule compares it with, and
/// whether it equals what the field held before. Which fields it shows is said by whether it
/// is empty: a condition may ask no more of a secure field (the loader refuses any other test). The stand-in is the first of the field's ``StandInCandidates`` (and,
/// before them, the stand-ins its partners and the field itself hold) whose outcome in the
/// replayed walk is the secret's in the real one. A candidate equal to the secret is not
/// skipped: skipping it would say what the secret is not.
struct SecureStandIn: Sendable {
    /// What the rules say of a value in its field: all a recording keeps of a secret.
    struct Outcome: Equatable {
        var empty: Bool
        /// The built-in message of the rule it fails (``FlowReducer/ruleFailure(of:in:)``).
        var failure: String?
        /// Whether it meets each live requirement.
        var met: [Bool]
        /// Whether it equals each field a `matches` rule compares it with.
        var partners: [Bool]
        /// Whether it equals what the field held before.
        var unchanged: Bool

        /// How much of `other` agrees: 4 all of it; 3 all but ``unchanged``; 2 the rules and the
        /// requirements; 1 passing or failing, and empty or not (so every field a condition
        /// shows); 0 only empty or not.
        func agreement(with other: Outcome) -> Int {
            guard empty == other.empty else { return -1 }
            guard (failure == nil) == (other.failure == nil) else { return 0 }
            guard failure == other.failure, met == other.met else { return 1 }
            guard partners == other.partners else { return 2 }
            return unchanged == other.unchanged ? 4 : 3
        }

        static let full = 4
    }

    /// A secure field (only text is secure): where it is, its partners, and its candidates.
    private struct Field: Sendable {
        var index: Int
        var spec: FieldSpec
        /// The fields a `matches` rule compares with this one, either way.
        var partners: [Int]
        var candidates: StandInCandidates
    }

    let reducer: FlowReducer
    private let fields: [FieldID: Field]

    /// The stand-in maker for the secure fields of `reducer`'s flow.
    ///
    /// - Throws: ``WalkRecorder/Failure`` naming the first secure field for which no value made
    ///   from the spec alone passes its rules (with every earlier secure field passing too):
    ///   a recording of a walk through it could not be made without the secret.
    init(reducer: FlowReducer) throws(WalkRecorder.Failure) {
        self.reducer = reducer
        let spec = reducer.spec
        var fields: [FieldID: Field] = [:]
        for (index, field) in spec.fields.enumerated() where field.secure {
            var partners = spec.fields.indices.filter { spec.fields[$0].rules.matches == field.id }
            if let other = field.rules.matches.flatMap(spec.index(of:)) { partners.insert(other, at: 0) }
            fields[field.id] = Field(index: index, spec: field, partners: partners, candidates: StandInCandidates(field: field))
        }
        self.fields = fields
        // A walk that completes passes every secure field: there must be a stand-in that
        // passes each, in a replay where the earlier ones hold theirs.
        var world = reducer.initialState()
        for field in spec.fields where fields[field.id] != nil {
            // One that must match a plain field stands in as that field's text, recorded as typed.
            if let other = field.rules.matches, spec[other]?.secure == false { continue }
            var found: String?
            each(of: field.id, in: world, before: "") { candidate, trial in
                guard !candidate.isEmpty, reducer.ruleFailure(of: field.id, in: trial) == nil,
                    field.requirements.allSatisfy({ $0.isMet(by: candidate) })
                else { return false }
                found = candidate
                return true
            }
            guard let found else { throw WalkRecorder.Failure(field: field.id) }
            world.fields[field.id] = .init(text: found)
        }
    }

    /// What the rules say of `value` in `field`, in `world` (where the field holds `value`).
    func outcome(of value: String, in field: FieldID, world: FlowReducer.State, before: String) -> Outcome? {
        guard let entry = fields[field] else { return nil }
        return Outcome(
            empty: value.isEmpty,
            failure: reducer.ruleFailure(of: field, in: world),
            met: entry.spec.requirements.map { $0.isMet(by: value) },
            partners: entry.partners.map { value.isIdentical(to: world.text(at: $0)) },
            unchanged: value.isIdentical(to: before))
    }

    /// The stand-in for a value whose outcome is `target`, in `replay` — the walk as its
    /// recording replays it so far (the other secure fields holding their stand-ins, this one
    /// `before`) — and whether its outcome is all of `target`'s.
    ///
    /// - Parameters:
    ///   - typed: whether the stand-in is typed (a `text` request, which the keyboard and
    ///     `maxLength` filter) rather than set (a `start` answer).
    func standIn(for field: FieldID, target: Outcome, replay: FlowReducer.State, before: String, typed: Bool) -> (value: String, exact: Bool) {
        var best: (value: String, agreement: Int)?
        each(of: field, in: replay, before: before, typed: typed) { candidate, trial in
            guard let outcome = outcome(of: candidate, in: field, world: trial, before: before) else { return true }
            let agreement = outcome.agreement(with: target)
            if agreement > best?.agreement ?? -1 { best = (candidate, agreement) }
            return agreement == Outcome.full
        }
        guard let best, best.agreement >= 0 else { return ("", target.empty) }
        return (best.value, best.agreement == Outcome.full)
    }

    /// Calls `body` with each candidate for `field` and the state with the field holding it,
    /// until it returns `true`: first what the field's partners hold in `world` and what the
    /// field held (`before`), then the field's own candidates. A candidate the keyboard (or,
    /// typed, `maxLength`) would refuse is passed over.
    private func each(
        of field: FieldID, in world: FlowReducer.State, before: String, typed: Bool = false, _ body: (String, FlowReducer.State) -> Bool
    ) {
        guard let entry = fields[field] else { return }
        let partners = entry.partners.map { world.text(at: $0) }.filter { !$0.isEmpty }
        var base = world
        base.focus = field
        base.keyboard = entry.spec.keyboard
        base.fields[field] = .init(text: before)
        func attempt(_ candidate: String) -> Bool {
            guard entry.spec.keyboard.accepts(candidate) else { return false }
            var trial = base
            if typed {
                _ = reducer.reduce(into: &trial, action: .field(.textChanged(candidate)))
                guard trial.text(of: field).isIdentical(to: candidate) else { return false }
            } else {
                trial.fields[field] = .init(text: candidate)
            }
            return body(candidate, trial)
        }
        for value in partners + [before] where attempt(value) { return }
        entry.candidates.forEach(attempt)
    }
}
