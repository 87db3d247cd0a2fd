/// Why a flow could not be loaded: the place in the file and a ``Reason``, rendered as one
/// sentence in a language.
///
/// ```text
/// Flows/bad.json:3:17: expected a value (a string, number, object, list, true, false or null)
/// Flows/bad.json: fields[1] ("password").keyboard: unknown keyboard "numPad"; did you mean "numberPad"?
/// ```
///
/// The error is data: ``description`` is the English sentence, ``message(in:)`` the sentence in
/// any language (the place — file, line, column, field path — is the same in every language).
/// The engine reads no locale; the caller says which language it wants.
public struct FlowSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when the flow came from one.
    public var file: String?
    /// The 1-based line and column of a JSON syntax error.
    public var line: Int?
    public var column: Int?
    /// Where in the flow the problem is, as `fields[2] ("confirm").rules.matches`.
    public var path: String?
    /// What is wrong.
    public var reason: Reason

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.reason = reason
    }

    /// What is wrong, in English words, without the place.
    public var message: String { reason.message(in: .en) }

    /// Where the problem is: `bad.json:3:27` or `bad.json: fields[0] ("a").label`, the same in
    /// every language.
    public var place: String {
        var place = file ?? "flow"
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        if let path { place += ": \(path)" }
        return DisplayText.escaped(place)
    }

    /// The sentence in `language`, with any control character quoted from the flow written as
    /// an escape (`\u{1B}`), so that printing the error cannot drive the terminal.
    public func message(in language: Language) -> String {
        place + ": " + DisplayText.escaped(reason.message(in: language))
    }

    /// The English sentence.
    public var description: String { message(in: .en) }
}
