extension FlowReducer {
    /// Where a flow is: still being filled in, showing its answers for review (a flow with
    /// ``FlowSpec/review``), or finished one way or the other.
    public enum Phase: String, Sendable, Codable, CustomStringConvertible {
        case editing, review, completed, cancelled

        public var description: String { rawValue }
    }

    /// A flow's whole state: plain values, asserted in tests like any other.
    public struct State: Sendable, Hashable, Codable {
        public var phase: Phase
        /// The field being edited; `nil` in review and once the flow completed or was cancelled.
        public var focus: FieldID?
        /// How the one text field presents its text right now.
        public var surface: Surface
        /// The keyboard up right now: always the focused field's.
        public var keyboard: KeyboardType
        /// Whether the focused secure field is shown in clear. Leaving the field hides it again.
        public var revealed: Bool
        /// Every field's state, of its kind, hidden fields included, so that nothing typed or
        /// chosen is lost.
        public var fields: FieldStates
        /// The message of the rule each field failed last, until it passes.
        public var errors: [FieldID: String]
        /// The fields visible when the review was shown last, in field order (and those passed
        /// since while amending); `nil` until the flow first reaches its review. While editing
        /// it says the person is amending (see ``isAmending``). The review's rows are
        /// ``FlowReducer/sectionGroups(in:)``: these but a repeating group's questions answered yes.
        public var reviewed: [FieldID]?
        /// The prefilled fields a move forward passes over while their answers pass their rules
        /// (``FlowPrefill/skipFilled``; a resumed walk's answers between the secure fields it
        /// asks again and the field it stopped at, ``FlowPrefill/resumeAt``), wherever the walk
        /// meets them, running a check one of them has first; a field leaves the set when it
        /// gets focus (going back to it, jumping there, or its check running).
        public var skipping: Set<FieldID> = []
        /// The check asked of the host and not answered yet, always the focused field's; `nil`
        /// when none is (see ``FlowReducer`` (Checks)).
        public var checking: PendingCheck?
        /// The fields whose check passed for the answer they hold: an edit takes a field out.
        public var checked: Set<FieldID> = []
        /// Each sending field's send, once the walk has reached it (see ``FlowReducer`` (Sends)).
        public var sends: [FieldID: SendState] = [:]
        /// Seconds since the walk started, as the clock's ticks (``Action/tick(seconds:)``) said.
        public var clock: Int = 0
        /// The last ticket given to a check, a send or a request for options; the next is one more.
        public var lastTicket: Int = 0
        /// The options the service gave each field whose options come from it, and the request
        /// pending for it (see ``FlowReducer`` (Options from the service)).
        public var optionLists: [FieldID: GivenOptions] = [:]

        public init(
            phase: Phase = .editing, focus: FieldID?, surface: Surface, keyboard: KeyboardType,
            revealed: Bool = false, fields: FieldStates, errors: [FieldID: String] = [:], reviewed: [FieldID]? = nil
        ) {
            self.phase = phase
            self.focus = focus
            self.surface = surface
            self.keyboard = keyboard
            self.revealed = revealed
            self.fields = fields
            self.errors = errors
            self.reviewed = reviewed
        }

        /// Whether a field is being amended from the review: editing, after the review was shown.
        public var isAmending: Bool { phase == .editing && reviewed != nil }

        /// The text of `field` (a choice field's filter query), empty when it has none.
        public func text(of field: FieldID) -> String { fields[field]?.text ?? "" }

        /// The answer `field` holds now, of its kind; `nil` for an id the flow does not have.
        public func answer(of field: FieldID) -> FieldAnswer? { fields[field: field]?.answer }

        /// The text of the field at `position`.
        package func text(at position: Int) -> String { fields[textAt: position].text }

        /// The focused field's error message, if its last check failed.
        public var error: String? { focus.flatMap { errors[$0] } }
    }

    /// A check asked of the host: the ticket its answer must carry, the field and check, and
    /// where the walk goes once it passes.
    public struct PendingCheck: Sendable, Hashable, Codable {
        public var ticket: Int
        public var field: FieldID
        public var check: String
        /// Why the walk asked: the person submitted the field, or the walk is passing over it.
        public var onward: Onward

        public init(ticket: Int, field: FieldID, check: String, onward: Onward = .submitted) {
            self.ticket = ticket
            self.field = field
            self.check = check
            self.onward = onward
        }

        /// Whether the person did not submit the field: the walk checks an answer it is passing
        /// over (a resumed walk, `skipFilled`, completion), so what is typed meanwhile is meant
        /// for the field the walk goes to, and a front holds it until the check answers.
        public var isPassing: Bool { onward != .submitted }

        /// Where the walk goes once the check passes.
        public enum Onward: Sendable, Hashable, Codable {
            /// The person submitted the field (Next, the review's submit): on as Next from it.
            case submitted
            /// The walk passes over the field (a resumed walk, `skipFilled`): on as Next from
            /// it, over the other fields it passes, to the field it was going to.
            case passing
            /// The walk was finishing and checks the fields before the last: it finishes
            /// (completes, or shows the review) instead of walking them again.
            case finishing
            /// The person jumped forward to this field (``FlowReducer/Action/focus(_:)``) past
            /// the checked one (or from it): on to it, checking the fields between as the
            /// jump does.
            case jump(FieldID)
        }
    }

    /// Where a field's send stands.
    public struct SendState: Sendable, Hashable, Codable {
        /// The ticket of a send asked of the host and not answered yet.
        public var ticket: Int?
        /// The clock (``State/clock``) when the host last said it sent; `nil` before the first.
        public var sentAt: Int?
        /// Whether what was sent last has expired (``FieldSend/expiresAfter``).
        public var expired: Bool

        public init(ticket: Int? = nil, sentAt: Int? = nil, expired: Bool = false) {
            self.ticket = ticket
            self.sentAt = sentAt
            self.expired = expired
        }
    }
}

extension FlowReducer.State: CustomStringConvertible {
    /// A readable form with every secure value masked, safe for logs and test failures.
    public var description: String {
        descriptionHead + fields.ids.indices.map { fields.description(at: $0) }.joined(separator: ", ") + descriptionTail
    }

    /// What ``description`` says before the fields' parts (``FieldStates/description(at:)``, each
    /// position's, joined with `", "`): it ends with `[`.
    var descriptionHead: String {
        "State(phase: .\(phase), focus: \(focus.map { "\"\($0)\"" } ?? "nil"), surface: .\(surface), keyboard: .\(keyboard), revealed: \(revealed), fields: ["
    }

    /// What ``description`` says after the fields' parts: it begins with `]`.
    var descriptionTail: String {
        let errorList = errors.keys.sorted().map { "\($0): \(errors[$0]!.debugDescription)" }
        return """
            ], errors: [\(errorList.joined(separator: ", "))]\(checking.map { ", checking: \($0.ticket) \"\($0.field)\"" } ?? "")\(skipping.isEmpty ? "" : ", skipping: [" + skipping.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]")\(reviewed.map { ", reviewed: [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? ""))
            """
    }
}
