/// What one input line of the protocol holds: the rule `focusflow serve`, `focusflow replay`
/// and embedders share for reading a request script.
///
/// Spaces, tabs and a carriage return around a line are ignored; a blank line, or one whose
/// first other byte is `#` (a comment), holds no request and gets no response.
public enum RequestLine {
    /// The request in `line`, without the blanks around it, or `nil` for a blank line or a
    /// comment.
    ///
    /// - Complexity: O(*n*) in the line's length.
    public static func request<Line: BidirectionalCollection<UInt8>>(in line: Line) -> Line.SubSequence? {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let first = line.firstIndex(where: { !blank($0) }), line[first] != UInt8(ascii: "#"),
            let last = line.lastIndex(where: { !blank($0) })
        else { return nil }
        return line[first...last]
    }
}

extension ProtocolSession {
    /// Answers one line of a request script as `focusflow serve` does; see ``RequestLine``.
    ///
    /// - Parameter line: one line of input, without its line feed.
    /// - Returns: the response, or `nil` for a blank line or a comment, which get none.
    public mutating func respond<Line: BidirectionalCollection<UInt8>>(toScriptLine line: Line) -> String? {
        RequestLine.request(in: line).map { respond(toLine: $0) }
    }
}
