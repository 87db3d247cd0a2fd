import FocusFlow
import Glibc

/// `--draft FILE`: the walk's non-secure answers and focused field (a ``/FocusFlow/FlowSnapshot``), kept
/// in a file so that a walk cut short resumes where it stopped.
///
/// Written after each accepted field (every focus move), and when the walk ends — cancelled,
/// hung up on, terminated or completed; removed once a completed walk's answers are written. Each write replaces the file atomically as
/// ``AnswerTarget`` replaces the answers (a `0600` temporary file in the same folder, `fsync`,
/// `rename`). A write that fails is remembered in ``failure``, so that the command says so
/// and exits non-zero: answers are never lost silently. No secure value is ever written.
///
/// A draft is a regular file of the person's (``PathOwnership`` decides): one another user
/// owns, or that others can write, is never resumed, since its answers would be theirs.
public final class DraftFile: @unchecked Sendable {
    /// The file, as given.
    public let path: String
    private let reducer: FlowReducer
    /// The walk's last state, and the last field it focused (a cancelled state has none).
    private var latest: FlowReducer.State?
    private var focus: FieldID?
    /// The first write or removal that failed; `nil` while all went well.
    public private(set) var failure: Problem?

    public init(path: String, spec: FlowSpec) {
        self.path = path
        self.reducer = FlowReducer(spec: spec)
    }

    /// The state the draft at `path` resumes, or `nil` when there is no draft yet.
    ///
    /// - Throws: ``Failure`` when the file cannot be read, is not the person's to resume
    ///   (another user's, or writable by others), is no draft, or is a draft of another flow
    ///   or of this flow before it changed.
    public func resume() throws(Failure) -> FlowReducer.State? {
        let read: [UInt8]?
        do throws(PathOwnership.Problem) {
            read = try PathOwnership.contents(of: path, for: .readDraft)
        } catch {
            switch error {
            case .refused(let refusal): throw Failure(path, .notYours(refusal))
            case .system(let error): throw Failure(path, .unreadable(error))
            case .tooManyLinks: throw Failure(path, .unreadable(.linkLoop))
            }
        }
        guard let bytes = read else { return nil }
        do throws(PrefillError) {
            let state = try reducer.restore(try FlowSnapshot(json: bytes))
            latest = state
            focus = state.focus
            return state
        } catch {
            throw Failure(path, error.reason == .malformed ? .notADraft : .refused(error))
        }
    }

    /// Follows the walk: keeps its state, and writes the draft when focus moves to a field.
    public func record(_ event: FlowEvent, in state: FlowReducer.State) {
        latest = state
        if let focus = state.focus { self.focus = focus }
        if case .focusMoved(_, _?) = event { save() }
    }

    /// The walk ended, however: the draft is written one last time. A completed walk's draft
    /// stays until its answers are written (``remove()``), so that they are not lost when
    /// they cannot be.
    public func finish(_ outcome: RunOutcome) { save() }

    /// Removes the draft: the walk completed and its answers are written.
    public func remove() {
        if let error = PathOwnership.removeDraft(path), failure == nil {
            failure = .notRemoved(path, error)
        }
    }

    /// Writes the latest state now.
    public func save() {
        guard let latest else { return }
        let text = reducer.snapshot(of: latest, focus: focus).json + "\n"
        do throws(AnswerTarget.Failure) {
            try AnswerTarget.file(path, holding: .draft).write(text)
        } catch {
            if failure == nil {
                failure = .notSaved(path, error.about(.draft))
            }
        }
    }
}
