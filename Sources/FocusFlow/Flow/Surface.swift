/// How the focused field presents its text: in clear, or masked.
public enum Surface: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case plain
    case secure

    public var description: String { rawValue }
}
