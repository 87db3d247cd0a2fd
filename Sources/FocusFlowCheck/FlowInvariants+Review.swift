import FocusFlow
import FocusFlowProtocol

extension FlowInvariants {
    /// Invariants 13 and 14: review and amend.
    func reviewViolation(
        before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent]
    ) -> Violation? {
        let spec = reducer.spec
        func fail(_ invariant: Int, _ message: String) -> Violation { Violation(invariant: invariant, message: message) }
        func name(_ id: FieldID?) -> String { id.map { "\"\($0)\"" } ?? "nothing" }
        let visible = { (state: FlowReducer.State) in spec.fields.map(\.id).filter { reducer.isVisible($0, in: state) } }

        if after.phase == .review {
            if !spec.review { return fail(13, "the flow has no review but its phase is review") }
            if after.reviewed != visible(after) {
                return fail(13, "the review lists \(after.reviewed ?? []) but the visible fields are \(visible(after))")
            }
        }
        if before.phase == .review, case .focus(let id) = action, reducer.isVisible(id, in: before) {
            guard after.phase == .editing, after.focus == id, after.isAmending else {
                return fail(13, "amending \(name(id)) from review left the flow \(after.phase) on \(name(after.focus)), not amending \(name(id))")
            }
        }
        let enter: Bool = { if case .next = action { true } else { action == .field(.submit) } }()
        if before.isAmending, enter, let from = before.focus, after.focus != from || after.phase != .editing,
           after.phase != .cancelled, reducer.failure(of: from, in: after) == nil {
            let listed = Set(before.reviewed ?? []).union([from])
            let target = visible(after).first { $0 != from && (!listed.contains($0) || reducer.failure(of: $0, in: after) != nil) }
            if let target {
                if after.focus != target {
                    return fail(13, "Next on amended \(name(from)) went to \(name(after.focus)) in phase \(after.phase); the first field that needs an answer is \(name(target))")
                }
            } else if after.phase != .review {
                return fail(13, "Next on amended \(name(from)) went to \(name(after.focus)) in phase \(after.phase), not back to review; no field needs an answer")
            }
        }
        if before.phase == .review {
            switch action {
            case .submit, .focus, .previous, .cancel: break
            default:
                if after != before || !events.isEmpty {
                    return fail(14, "\(FlowRequest(action).map(\.text) ?? "an edit") in review changed the walk (phase \(after.phase)); only submit, an amend or cancel act there")
                }
            }
        }
        if before.phase == .review, case .submit = action {
            let failing = visible(before).first { reducer.failure(of: $0, in: before) != nil }
            if let failing {
                if after.focus != failing { return fail(14, "submit from review with \(name(failing)) failing focused \(name(after.focus))") }
            } else {
                let completions = events.compactMap { if case .completed(let result) = $0 { result } else { nil } }
                guard after.phase == .completed, completions == [reducer.result(of: before)] else {
                    return fail(14, "submit from review did not complete with exactly the visible answers (phase \(after.phase), \(completions.count) completed events)")
                }
            }
        }
        return nil
    }
}
