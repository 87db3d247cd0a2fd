import FocusFlowTerminal

/// Where the commands write: stdout for what they produce, stderr for what they say.
enum Output {
    /// Writes `text` and a line end to stderr; a terminal that is gone cannot be told more.
    static func error(_ text: String) { try? Descriptor.writeAll(2, Array((text + "\n").utf8)) }

    /// Writes `text` to stdout, whole.
    ///
    /// - Throws: an output ``CommandError`` when stdout does not take it (closed, full, a pipe
    ///   whose reader has gone).
    static func standard(_ text: String) throws(CommandError) {
        do {
            try Descriptor.writeAll(1, Array(text.utf8))
        } catch {
            throw CommandError(.stdoutNotWritten(SystemError(code: error.code)), kind: .output)
        }
    }
}
