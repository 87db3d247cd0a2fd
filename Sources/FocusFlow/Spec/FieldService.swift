import CICU

/// What a field asks of the service behind the walk, and what it shows as it is typed: a check of
/// its answer (``FieldSpec/check``), something sent when the walk reaches it (``FieldSend``), live
/// requirements (``FieldRequirement``), and whether anything but the person may answer it
/// (``FieldSpec/prefill``).
///
/// A flow names a check or a send; it never says how either is made. The host that walks the flow
/// performs them: a Swift checker, a `serve` host's answer, or a program named on the command line.

/// Something a field sends when the walk first reaches it (a code by SMS to the phone number
/// given before), which the person may ask to be sent again once ``resendAfter`` has passed.
public struct FieldSend: Sendable, Hashable {
    /// The name the host performs it by (`"sms-code"`).
    public var name: String
    /// Seconds after a send before the person may ask for another.
    public var resendAfter: Int
    /// Seconds after a send after which what was sent no longer counts, if it expires.
    public var expiresAfter: Int?

    public init(name: String, resendAfter: Int, expiresAfter: Int? = nil) {
        self.name = name
        self.resendAfter = resendAfter
        self.expiresAfter = expiresAfter
    }
}

/// One live requirement of a text field, shown met or not as the person types (`8 or more
/// characters ✓`); every one must be met for the field to pass.
public struct FieldRequirement: Sendable, Equatable {
    /// The test: at least this many characters, or a pattern found anywhere in the text.
    public enum Test: Sendable, Equatable {
        case minLength(Int)
        /// An ICU regular expression found anywhere in the text (`[0-9]`: a digit).
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
    private static let keys = ["minLength", "pattern", "message"]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try c.rejectUnknownKeys(allowed: Self.keys)
        let least = try c.decodeIfPresent(Int.self, forKey: "minLength")
        let pattern = try c.decodeIfPresent(String.self, forKey: "pattern")
        let test: Test
        switch (least, pattern) {
        case (let least?, nil): test = .minLength(least)
        case (nil, let pattern?): test = .pattern(pattern)
        default: throw DecodingError.flow(.requirementNeedsOneTest, at: c.codingPath)
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

extension FieldSpec {
    /// Whether `name` can name a check or a send: letters, digits, `-`, `_` and `.`, as a
    /// command line writes `--check NAME=COMMAND`.
    static func isServiceName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
    }

    /// Checks the field's check, send, requirements and `prefill`, and compiles the requirements'
    /// patterns.
    static func checkService(_ field: UnsafeMutablePointer<FieldSpec>, path: @autoclosure () -> String, problems: ProblemSink) throws {
        if let check = field.pointee.check, !isServiceName(check) {
            try problems.each { throw FlowSpecError(path: "\(path()).check", reason: .badServiceName(check)) }
        }
        if let send = field.pointee.send {
            if !isServiceName(send.name) {
                try problems.each { throw FlowSpecError(path: "\(path()).send", reason: .badServiceName(send.name)) }
            }
            try problems.each { try FieldRules.checkCount("resendAfter", send.resendAfter, least: 1, most: 86_400, path: path()) }
            try problems.each { try FieldRules.checkCount("expiresAfter", send.expiresAfter, least: 1, most: 86_400, path: path()) }
        }
        if !field.pointee.prefill, field.pointee.default != nil {
            try problems.each { throw FlowSpecError(path: "\(path()).default", reason: .defaultNotPrefilled) }
        }
        guard !field.pointee.requirements.isEmpty else { return }
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
                        guard ff_regex_available() != 0 else {
                            throw FlowSpecError(path: "\(at()).pattern", reason: .patternsUnavailable(library: "libicui18n", package: "libicu72"))
                        }
                        throw FlowSpecError(path: "\(at()).pattern", reason: .badPattern(pattern, error.problem, column: error.column))
                    }
                }
            }
        }
    }

    /// The field's requirements, each with whether `text` meets it, in order.
    public func requirementsMet(by text: String) -> [(requirement: FieldRequirement, met: Bool)] {
        requirements.map { ($0, $0.isMet(by: text)) }
    }
}
