/// Why a flow could not be loaded, as one sentence naming the file and the place in it.
///
/// ```text
/// Flows/bad.json:3:17: expected a value (a string, number, object, list, true, false or null)
/// Flows/bad.json: fields[1] ("password").keyboard: unknown keyboard "numPad"; did you mean "numberPad"?
/// ```
public struct FlowSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when the flow came from one.
    public var file: String?
    /// The 1-based line and column of a JSON syntax error.
    public var line: Int?
    public var column: Int?
    /// Where in the flow the problem is, as `fields[2] ("confirm").rules.matches`.
    public var path: String?
    /// What is wrong, in words.
    public var message: String

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// The sentence, with any control character quoted from the flow written as an escape
    /// (`\u{1B}`), so that printing the error cannot drive the terminal.
    public var description: String {
        var place = file ?? "flow"
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        if let path { place += ": \(path)" }
        return DisplayText.escaped("\(place): \(message)")
    }
}
