/// The text kind's live requirements (``FieldSpec/requirements``): only a field with text to type
/// has them.
/// One live requirement of a text field, shown met or not as the person types (`8 or more
/// characters ✓`); every one must be met for the field to pass.
public struct FieldRequirement: Sendable, Equatable {
    /// The test: at least this many characters, or a pattern found anywhere in the text.
    public enum Test: Sendable, Equatable {
        case minLength(Int)
        /// A regular expression (a rule's `pattern` syntax) found anywhere in the text (`[0-9]`: a digit).
        case pattern(String)
    }

    public var test: Test
    /// What the person reads (`a digit`).
    public var message: String
    /// The message in every language the flow gives it.
    var localizedMessage: LocalizedText?
    /// The compiled pattern, set once the flow is checked.
    var compiled: CompiledPattern?

    public init(_ test: Test, message: String) {
        self.test = test
        self.message = message
    }

    /// The fewest characters the requirement asks for, or `nil` for one that asks for a pattern.
    package var leastLength: Int? {
        if case .minLength(let least) = test { least } else { nil }
    }

    /// Whether `text` meets the requirement.
    ///
    /// - Complexity: O(*n*) in the text's length.
    public func isMet(by text: String) -> Bool {
        switch test {
        case .minLength(let least): text.count >= least
        case .pattern: compiled?.matches(text) ?? false
        }
    }

    public static func == (lhs: FieldRequirement, rhs: FieldRequirement) -> Bool {
        lhs.test == rhs.test && lhs.message == rhs.message && lhs.localizedMessage == rhs.localizedMessage
    }
}

extension FieldRequirement: Codable {
    /// The keys of a requirement's tests, one of which it gives.
    static let tests = ["minLength", "pattern"]
    private static let keys = tests + ["message"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        let least = try c.decodeIfPresent(Int.self, forKey: "minLength")
        let pattern = try c.decodeIfPresent(String.self, forKey: "pattern")
        let test: Test
        switch (least, pattern) {
        case (let least?, nil): test = .minLength(least)
        case (nil, let pattern?): test = .pattern(pattern)
        default: throw DecodingError.flow(.requirementNeedsOneTest(keys: Self.tests), at: c.codingPath)
        }
        guard let message = try c.decodeTextIfPresent(forKey: "message") else {
            throw DecodingError.flow(.missingKey("message"), at: c.codingPath)
        }
        self.init(test, message: message.text)
        localizedMessage = message.languages
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        switch test {
        case .minLength(let least): try c.encode(least, forKey: "minLength")
        case .pattern(let pattern): try c.encode(pattern, forKey: "pattern")
        }
        try c.encodeText(message, languages: localizedMessage, forKey: "message")
    }
}

extension FieldRequirement {
    /// Checks a text field's requirements and compiles their patterns (a secure field's remember
    /// no value).
    static func check(_ field: UnsafeMutablePointer<FieldSpec>, path: @autoclosure () -> String, problems: ProblemSink) throws {
        let kind = field.pointee.kind
        guard kind.typesFreeText else {
            return try problems.each { throw FlowSpecError(path: "\(path()).requirements", reason: .requirementsNotForKind(kind)) }
        }
        let secure = field.pointee.secure
        for number in field.pointee.requirements.indices {
            func at() -> String { "\(path()).requirements[\(number)]" }
            let requirement = field.pointee.requirements[number]
            try problems.each { try DisplayText.check(requirement.message, path: "\(at()).message") }
            for variant in requirement.localizedMessage?.variants ?? [] {
                try problems.each { try DisplayText.check(variant.text, path: "\(at()).message.\(variant.code)") }
            }
            switch requirement.test {
            case .minLength(let least):
                try problems.each { try FieldRules.checkCount("minLength", least, least: 1, most: FieldRules.largestLength, path: at()) }
            case .pattern(let pattern):
                do throws(CompiledPattern.PatternError) {
                    field.pointee.requirements[number].compiled = try CompiledPattern(pattern, remembersLastValue: !secure, whole: false)
                } catch {
                    try problems.each {
                        throw FlowSpecError(path: "\(at()).pattern", reason: .badPattern(pattern, error.problem, column: error.column))
                    }
                }
            }
        }
    }

    /// The requirement as `describe` writes it: `{"message", "minLength"}` or `{"message", "pattern"}`.
    package func write(into out: inout JSONWriter) {
        out.raw(#"{"message":"#); out.string(message)
        switch test {
        case .minLength(let least): out.raw(#","minLength":"#); out.int(least)
        case .pattern(let pattern): out.raw(#","pattern":"#); out.string(pattern)
        }
        out.raw("}")
    }
}

extension FieldRequirement {
    /// The flow loader's fast path (`FlowSpec+DirectDecoding.swift`) for one requirement:
    /// `{"minLength": 8, "message": …}` or `{"pattern": "[0-9]", "message": …}`; anything else
    /// (both tests, neither, no message) is left to the `Codable` path, which names it.
    static func decodeDirectly(_ c: inout JSONCursor) -> FieldRequirement? {
        var seen = JSONKeySet()
        var least: Int?, pattern: String?
        var message: FlowFileText?
        let read = c.object { c, key in
            if key.spells("minLength") { return seen.insert(0) && c.optionalInt(&least) }
            if key.spells("pattern") { return seen.insert(1) && c.optionalString(&pattern) }
            if key.spells("message") { return seen.insert(2) && c.optionalText(&message) }
            return false
        }
        guard read, let message else { return nil }
        let test: Test
        switch (least, pattern) {
        case (let least?, nil): test = .minLength(least)
        case (nil, let pattern?): test = .pattern(pattern)
        default: return nil
        }
        var requirement = FieldRequirement(test, message: message.text)
        requirement.localizedMessage = message.languages
        return requirement
    }
}
