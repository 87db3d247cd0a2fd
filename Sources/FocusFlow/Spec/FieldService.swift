// What a field asks of the service behind the walk, and what it shows as it is typed: a check of
// its answer (``FieldSpec/check``), something sent when the walk reaches it (``FieldSend``), live
// requirements (``FieldRequirement``), and whether anything but the person may answer it
// (``FieldSpec/prefill``).
//
// A flow names a check or a send; it never says how either is made. The host that walks the flow
// performs them: a Swift service (`FlowServices`), a `serve` host's answer, or a program the
// command line names (`focusflow run --check NAME=COMMAND`).

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

extension FieldSpec {
    /// Whether `name` can name a check or a send: letters, digits, `-`, `_` and `.`, as a
    /// command line writes `--check NAME=COMMAND`.
    static func isServiceName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
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
        if !field.pointee.requirements.isEmpty { try FieldRequirement.check(field, path: path(), problems: problems) }
    }

    /// The field's requirements, each with whether `text` meets it, in order.
    public func requirementsMet(by text: String) -> [(requirement: FieldRequirement, met: Bool)] {
        requirements.map { ($0, $0.isMet(by: text)) }
    }
}
