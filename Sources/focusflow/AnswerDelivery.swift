import FocusFlow
import FocusFlowConsole

/// The answers of a completed walk written where they go from inside the walk (``RunOptions/deliver``),
/// so that the walk's last words say whether they were written: `Sign in: done, 2 answers.` only
/// once they are, `Sign in: answers not saved.` when stdout's reader has gone. A walk that says
/// nothing at its end (piped input) leaves the writing to ``finish(_:)``.
final class AnswerDelivery: @unchecked Sendable {
    private let target: AnswerTarget
    private let text: @Sendable (FlowResult) -> String?
    private let waiting: String?
    private var written = false
    private var failure: AnswerTarget.Failure?

    /// - Parameters:
    ///   - text: what the result writes, or `nil` for nothing.
    ///   - waiting: said on stderr before a write that waits for a FIFO's reader.
    init(to target: AnswerTarget, waiting: String?, text: @escaping @Sendable (FlowResult) -> String?) {
        self.target = target
        self.waiting = waiting
        self.text = text
    }

    /// Writes `result` once; whether it was written.
    func deliver(_ result: FlowResult) -> Bool {
        if written { return failure == nil }
        written = true
        guard let text = text(result) else { return true }
        if let waiting { Output.error("focusflow: " + waiting) }
        do {
            try target.write(text)
        } catch {
            failure = error
        }
        return failure == nil
    }

    /// Writes `result` unless the walk did.
    ///
    /// - Throws: why it could not be written, by the walk or now.
    func finish(_ result: FlowResult) throws(AnswerTarget.Failure) {
        _ = deliver(result)
        if let failure { throw failure }
    }
}
