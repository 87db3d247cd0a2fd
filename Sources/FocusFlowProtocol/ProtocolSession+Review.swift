import FocusFlow

extension ProtocolSession {
    /// The requests that apply in review; the others get an error that says so.
    static let reviewRequests: Set<String> = ["submit", "focus", "previous", "cancel", "describe", "checked", "sent", "tick", "remove"]

    /// Why `request` cannot apply to the flow's phase (a `submit` outside review, an edit in
    /// review), or `nil` when it can.
    static func reviewRefusal(_ request: FlowRequest, in state: FlowReducer.State) -> String? {
        let name = request.parts.row.name
        if case .submit = request, state.phase == .editing {
            return "submit applies only in review; send next to validate this field and move on"
        }
        if case .remove = request, state.phase == .editing {
            return "remove applies only in review; answer no to the question whether to add an item instead"
        }
        guard state.phase == .review, !reviewRequests.contains(name) else { return nil }
        return "the flow is in review; \(name) does not apply: send submit to finish, or focus FIELD (or previous) to amend an answer"
    }

    /// A flow with review adds `"review"` to the state: `"reviewing"` while the answers are
    /// shown, `"amending"` while a field is edited from the review, `null` before the review.
    static func writeReview(of state: FlowReducer.State, into out: inout JSONWriter) {
        out.raw(#","review":"#)
        if state.phase == .review { out.string("reviewing") } else if state.isAmending { out.string("amending") } else { out.raw("null") }
    }
}
