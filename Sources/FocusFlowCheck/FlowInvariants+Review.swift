import FocusFlow
import FocusFlowProtocol

extension FlowInvariants {
    /// Invariants 13 and 14: review and amend.
    func reviewViolation(
        before: FlowReducer.State, action: FlowReducer.Action, after: FlowReducer.State, events: [FlowEvent]
    ) -> Violation? {
        let spec = reducer.spec
        func fail(_ breach: Breach) -> Violation { Violation(breach) }
        let visible = { (state: FlowReducer.State) in spec.fields.map(\.id).filter { reducer.isVisible($0, in: state) } }

        if after.phase == .review {
            if !spec.review { return fail(.reviewWithoutReview) }
            if after.reviewed != visible(after) {
                return fail(.reviewListsWrong(listed: "\(after.reviewed ?? [])", visible: "\(visible(after))"))
            }
        }
        if before.phase == .review, case .focus(let id) = action, reducer.isVisible(id, in: before) {
            guard after.phase == .editing, after.focus == id, after.isAmending else {
                return fail(.amendLeft(id, phase: "\(after.phase)", focus: after.focus))
            }
        }
        let enter: Bool = { if case .next = action { true } else { action == .field(.submit) } }()
        if before.isAmending, enter, let from = before.focus, after.focus != from || after.phase != .editing,
            after.phase != .cancelled, reducer.failure(of: from, in: after) == nil
        {
            let listed = Set(before.reviewed ?? []).union([from])
            let target = visible(after).first { $0 != from && (!listed.contains($0) || reducer.failure(of: $0, in: after) != nil) }
            if let target {
                if after.focus != target {
                    return fail(.amendSkippedNeeded(from: from, went: after.focus, phase: "\(after.phase)", target: target))
                }
            } else if after.phase != .review {
                return fail(.amendNotBackToReview(from: from, went: after.focus, phase: "\(after.phase)"))
            }
        }
        if before.phase == .review {
            switch action {
            case .submit, .focus, .previous, .cancel: break
            case .removeItem:
                // Removing an item stays in review, saying nothing, and lists what shows then.
                if after.phase != .review || !events.isEmpty {
                    return fail(.editInReview(request: FlowRequest(action).map(\.text) ?? "remove", phase: "\(after.phase)"))
                }
            default:
                if after != before || !events.isEmpty {
                    return fail(.editInReview(request: FlowRequest(action).map(\.text) ?? "text", phase: "\(after.phase)"))
                }
            }
        }
        if before.phase == .review, case .submit = action {
            let failing = visible(before).first { reducer.failure(of: $0, in: before) != nil }
            if let failing {
                if after.focus != failing { return fail(.submitFocusedOther(failing: failing, focused: after.focus)) }
            } else {
                let completions = events.compactMap { if case .completed(let result) = $0 { result } else { nil } }
                guard after.phase == .completed, completions == [reducer.result(of: before)] else {
                    return fail(.submitNotCompleted(phase: "\(after.phase)", completions: completions.count))
                }
            }
        }
        return nil
    }
}
