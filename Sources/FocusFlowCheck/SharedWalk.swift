import FocusFlow
import FocusFlowProtocol

/// The walk to a background that no group changes (``FlowExplorer/walkToBackground(of:sources:stoppingAtChoice:shared:options:into:recording:)``
/// for no group and no source), recorded once, so that each group's walk takes its requests,
/// already checked, up to the first field where it acts otherwise.
///
/// Every group's walk goes forward over every field, typing and choosing the same passing
/// values, and differs only on its own fields and its sources': in a flow of hundreds of
/// fields each group walked the whole flow again, checking every invariant on every step. A
/// group's walk now runs its own requests only from the first iteration that acts on one of
/// its fields or sources, and goes back to taking the shared requests as soon as it has done
/// on it what the shared walk did (the same requests from the same state reach the same
/// state). What it takes counts in its report as if walked: the edges, the events and the
/// fields focused.
final class SharedWalk: Sendable {
    /// An iteration of the forward walk: the field focused at its start (`-1` when none), and
    /// how many requests were made before it.
    struct Iteration: Sendable {
        let index: Int
        let step: Int
    }

    let iterations: [Iteration]
    /// Every request of the forward walk, with the names of the events each said and the field
    /// focused after it.
    private let steps: [(request: FlowRequest, events: [String], focus: FieldID?)]
    /// The state at the start of every ``checkpointEvery``th iteration.
    private let checkpoints: [FlowReducer.State]
    /// Where the forward walk ended: after how many requests, and in what state.
    private let end: (step: Int, state: FlowReducer.State)
    private let transition: @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]
    /// A state kept for every this many iterations; those between are walked again from it.
    static let checkpointEvery = 16

    /// What the walk records as it goes.
    final class Recorder {
        fileprivate var iterations: [Iteration] = []
        fileprivate var steps: [(request: FlowRequest, events: [String], focus: FieldID?)] = []
        fileprivate var checkpoints: [FlowReducer.State] = []
        fileprivate var end: (step: Int, state: FlowReducer.State)?
        private let spec: FlowSpec

        init(spec: FlowSpec) { self.spec = spec }

        func iteration(state: FlowReducer.State) {
            if iterations.count % SharedWalk.checkpointEvery == 0 { checkpoints.append(state) }
            iterations.append(Iteration(index: state.focus.flatMap { spec.index(of: $0) } ?? -1, step: steps.count))
        }

        func step(_ request: FlowRequest, events: [FlowEvent], focus: FieldID?) {
            steps.append((request, events.map(\.name), focus))
        }

        func end(state: FlowReducer.State) { end = (steps.count, state) }
    }

    init?(_ recorder: Recorder, transition: @escaping @Sendable (inout FlowReducer.State, FlowReducer.Action) -> [FlowEvent]) {
        guard let end = recorder.end else { return nil }
        iterations = recorder.iterations
        steps = recorder.steps
        checkpoints = recorder.checkpoints
        self.end = end
        self.transition = transition
    }

    /// The requests of the iteration `at`.
    func requests(of at: Int) -> ArraySlice<FlowRequest> {
        let from = iterations[at].step, to = at + 1 < iterations.count ? iterations[at + 1].step : end.step
        return ArraySlice(steps[from..<to].map(\.request))
    }

    /// Takes the walk from the start of iteration `from` (where `state` and `script` stand) to
    /// the start of iteration `to`, or to the forward walk's end: its state, its requests, and
    /// what they count in `report`.
    func adopt(from: Int, to: Int?, state: inout FlowReducer.State, script: inout [FlowRequest], into report: inout FlowExplorer.Report) {
        guard to != from else { return }
        let first = iterations[from].step, last = to.map { iterations[$0].step } ?? end.step
        for step in steps[first..<last] {
            script.append(step.request)
            report.edges += 1
            report.eventsSeen.formUnion(step.events)
            if let focus = step.focus { report.fieldsFocused.insert(focus) }
        }
        guard let to else {
            state = end.state
            return
        }
        // The state of iteration `to`: from the checkpoint before it, the requests walked again.
        let checkpoint = to / Self.checkpointEvery
        state = checkpoints[checkpoint]
        for step in steps[iterations[checkpoint * Self.checkpointEvery].step..<iterations[to].step] {
            _ = transition(&state, step.request.action!)
        }
    }
}
