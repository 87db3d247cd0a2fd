import FocusFlowTerminal
import Glibc

/// `replay --expect GOLDEN`: the responses a replay must give, line by line, from a file
/// written by an earlier `focusflow replay` (or `serve`). The first response that differs —
/// or a missing or extra line — ends the replay with exit 1, naming GOLDEN's line.
struct GoldenResponses {
    private let path: String
    private var lines: [[UInt8]] = []
    private var checked = 0

    /// Reads GOLDEN whole.
    ///
    /// - Throws: a ``CommandError`` (exit 2) when it is a folder or cannot be read.
    init(path: String) throws(CommandError) {
        self.path = path
        if FlowFile.isFolder(path) { throw CommandError(.folderNotResponses(path), kind: .flow) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CommandError(.goldenUnreadable(path, missing: errno == ENOENT), kind: .flow)
        }
        defer { close(fd) }
        // GOLDEN is lines of text: a line past the limit or holding a NUL byte is refused, rather
        // than read for ever (`--expect /dev/zero`).
        var reader = LineReader(fd: fd, endsPastLimit: true)
        while true {
            switch reader.next() {
            case .line(let line) where !line.contains(0): lines.append(line)
            case .line: throw CommandError(.notLinesOfText(path, line: lines.count + 1, longerThan: nil), kind: .flow)
            case .tooLong: throw CommandError(.notLinesOfText(path, line: lines.count + 1, longerThan: LineReader.lineLimit), kind: .flow)
            case .end, .signal: return
            }
        }
    }

    /// Checks the next response against the next golden line.
    ///
    /// - Throws: an input ``CommandError`` (exit 1) naming the line, with both texts.
    mutating func check(_ response: String) throws(CommandError) {
        checked += 1
        guard checked <= lines.count else {
            throw difference(line: checked, nil, got: response)
        }
        let expected = String(decoding: lines[checked - 1].trimmingCarriageReturn, as: UTF8.self)
        guard expected == response else { throw difference(line: checked, expected, got: response) }
    }

    /// Checks that no golden line is left over once the replay has ended.
    func finish() throws(CommandError) {
        guard checked < lines.count else { return }
        throw difference(line: checked + 1, String(decoding: lines[checked].trimmingCarriageReturn, as: UTF8.self), got: nil)
    }

    /// `nil` on either side: the end of that file.
    private func difference(line: Int, _ expected: String?, got: String?) -> CommandError {
        CommandError(.responseDiffers(file: path, line: line, expected: expected, got: got), kind: .input)
    }
}

private extension Array where Element == UInt8 {
    var trimmingCarriageReturn: ArraySlice<UInt8> { last == 0x0D ? dropLast() : self[...] }
}
