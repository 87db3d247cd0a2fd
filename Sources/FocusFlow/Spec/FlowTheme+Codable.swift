/// A flow's `"theme"`: an object from part names to style words, as
/// `{"title": "bold cyan", "error": "bright-red"}`.
extension FlowTheme: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Part.allCases.map(\.rawValue))
        self.init()
        for part in Part.allCases {
            guard let words = try c.decodeIfPresent(String.self, forKey: AnyKey(part.rawValue)) else { continue }
            do {
                self[part] = try TextStyle(words: words)
            } catch {
                throw DecodingError.flow(error.reason, at: c.codingPath + [AnyKey(part.rawValue)])
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        for (part, style) in parts {
            if let style { try c.encode(style.description, forKey: AnyKey(part.rawValue)) }
        }
    }
}
