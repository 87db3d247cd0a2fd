/// The identifier of a field in a flow, as written in the flow file's `"id"`.
///
/// Write one as a string literal: `store.send(.focus("password"))`.
public struct FieldID: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: FieldID, rhs: FieldID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
