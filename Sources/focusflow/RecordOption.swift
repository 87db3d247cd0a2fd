import FocusFlow
import FocusFlowProtocol
import FocusFlowTerminal
import Synchronization

/// `--record FILE`: the walk written to FILE as a replay script (``WalkRecorder``), with
/// stand-ins for secrets. FILE is opened and checked before the first field shows (what
/// another user planted or owns there is refused, as ``PathOwnership`` decides), and
/// replaced atomically (mode 0600) once the walk ends, however it ends.
struct RecordOption {
    private let target: AnswerTarget
    /// The walk's store calls the observer from the walk's one thread; the lock makes that checked.
    private let recorder: Recorder

    private final class Recorder: Sendable {
        let state: Mutex<WalkRecorder>
        init(_ recorder: WalkRecorder) { state = Mutex(recorder) }
    }

    /// Opens `path` for the recording of a walk through `spec`.
    ///
    /// - Throws: a flow ``CommandError`` (exit 2) when a secure field of `spec` has no stand-in
    ///   made from its rules alone; an output one (exit 74) when `path` cannot be written.
    init(path: String, spec: FlowSpec) throws(CommandError) {
        let walk: WalkRecorder
        do throws(WalkRecorder.Failure) {
            walk = try WalkRecorder(spec: spec)
        } catch {
            throw CommandError(.recordingNoStandIn(error), kind: .flow)
        }
        do throws(AnswerTarget.Failure) {
            target = try AnswerTarget.file(path)
        } catch {
            throw CommandError(.recordingNotOpened(error.about(.recording)), kind: .output)
        }
        recorder = Recorder(walk)
    }

    /// Starts the recording where the walk starts (prefilled answers, a resumed draft), so that
    /// its replay starts there too.
    func begin(at origin: RunStart.Origin) {
        recorder.state.withLock { recorder in
            switch origin {
            case .prefill(let prefill): recorder.begin(from: prefill)
            case .draft(let snapshot): recorder.begin(restoring: snapshot)
            }
        }
    }

    /// The secure fields whose stand-in the rules judged otherwise than the secret
    /// (``WalkRecorder/approximations``).
    var approximations: [FieldID] { recorder.state.withLock { $0.approximations } }

    /// What the walk's store calls with every action.
    var observer: @Sendable (FlowReducer.Action, FlowReducer.State) -> Void {
        { [recorder] action, state in recorder.state.withLock { $0.record(action, in: state) } }
    }

    /// Writes the recording of a walk that ended with `outcome`; the error to report when it
    /// could not be written.
    func save(after outcome: RunOutcome) -> CommandError? {
        switch outcome {
        case .cancelled, .signalled: recorder.state.withLock { $0.recordCancellation() }
        case .completed, .invalidInput: break
        }
        let script = recorder.state.withLock { $0.script() }
        do throws(AnswerTarget.Failure) {
            try target.write(script)
            return nil
        } catch {
            return CommandError(.recordingNotSaved(error.about(.recording)), kind: .output)
        }
    }
}
