import CICU
import Synchronization


/// The rules a field's value must pass before focus moves forward. Every rule is optional.
public struct FieldRules: Sendable, Equatable {
    public var required: Bool
    /// At least this many characters (grapheme clusters, as a person counts them).
    public var minLength: Int?
    /// At most this many characters.
    public var maxLength: Int?
    /// An ICU regular expression (Perl-like syntax, matching code points) the whole value must
    /// match; a match that runs past its time limit counts as no match (see `CompiledPattern`).
    public var pattern: String? {
        didSet { compiled = nil }
    }
    /// The id of an earlier field whose value this one must equal (a password confirmation).
    public var matches: FieldID?
    /// The values allowed.
    public var oneOf: [String]?
    /// A confirm field's answer must be this (`true` for "accept the terms").
    public var equals: Bool?
    /// A multi-select field needs at least this many options chosen.
    public var minSelected: Int?
    /// A multi-select field allows at most this many options chosen.
    public var maxSelected: Int?
    /// The smallest answer allowed (inclusive), of the kind's type: a number field's number.
    public var min: FieldCondition.Value?
    /// The largest answer allowed (inclusive), of the kind's type.
    public var max: FieldCondition.Value?
    /// Said instead of the default message when any rule fails.
    public var message: String?
    /// The message in every language the flow gives it, as the loader read it; the field
    /// keeps it in ``FieldSpec/localizedText``.
    var localizedMessage: LocalizedText?

    /// The compiled ``pattern``, set once the rules are checked.
    private(set) var compiled: CompiledPattern?

    /// Rules as the loader's fast path reads them, every part moved in.
    ///
    /// Built with the memberwise initialiser (private, as ``compiled`` is): an initialiser written
    /// out, such as the public one (in an extension, so that the memberwise one exists), fills a
    /// value and then copies it once more, which the loader would do for every field.
    static func decoded(
        required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        matches: FieldID? = nil, oneOf: [String]? = nil, equals: Bool? = nil, minSelected: Int? = nil,
        maxSelected: Int? = nil, min: FieldCondition.Value? = nil, max: FieldCondition.Value? = nil, message: String? = nil,
        localizedMessage: LocalizedText? = nil
    ) -> FieldRules {
        FieldRules(
            required: required, minLength: minLength, maxLength: maxLength, pattern: pattern, matches: matches,
            oneOf: oneOf, equals: equals, minSelected: minSelected, maxSelected: maxSelected, min: min, max: max,
            message: message, localizedMessage: localizedMessage, compiled: nil)
    }

    public static func == (lhs: FieldRules, rhs: FieldRules) -> Bool {
        lhs.required == rhs.required && lhs.minLength == rhs.minLength
            && lhs.maxLength == rhs.maxLength && lhs.pattern == rhs.pattern
            && lhs.matches == rhs.matches && lhs.oneOf == rhs.oneOf && lhs.message == rhs.message
            && lhs.equals == rhs.equals && lhs.minSelected == rhs.minSelected && lhs.maxSelected == rhs.maxSelected
            && lhs.min == rhs.min && lhs.max == rhs.max
    }

    /// The largest `minLength` or `maxLength` a flow may give: 65,536 characters, far beyond a
    /// form's answer, and small enough that every value of that length fits in one piped line or
    /// `serve` request (see `LineReader.lineLimit`).
    public static let largestLength = 65_536

    /// Each kind's ``FieldBehavior/ruleKeys``, built once rather than for every field; four
    /// kinds are found by comparing, sooner than by hashing.
    private static let ruleKeys = FieldKind.allCases.map { (kind: $0, keys: $0.behavior.ruleKeys) }

    /// Checks that the rules make sense together and compiles the pattern.
    ///
    /// - Parameter secure: whether the field is secure; its pattern then remembers no value.
    /// - Parameter patterns: the patterns compiled so far for this flow, by text and secrecy: a
    ///   pattern many fields share (an email's) is compiled once.
    mutating func check(
        path: @autoclosure () -> String, secure: Bool, kind: FieldKind = .text, options: Int = 0,
        patterns: inout [PatternKey: CompiledPattern]
    ) throws {
        if minLength == nil, maxLength == nil, pattern == nil, matches == nil, oneOf == nil, equals == nil,
           minSelected == nil, maxSelected == nil, min == nil, max == nil {
            return
        }
        let allowed = Self.ruleKeys.first { $0.kind == kind }?.keys ?? []
        func refuse(_ name: String, ifGiven present: Bool) throws {
            guard present, !allowed.contains(name) else { return }
            let owners = FieldKind.allCases.filter { $0.behavior.ruleKeys.contains(name) }
            throw FlowSpecError(path: "\(path()).\(name)", reason: .ruleNotForKind(name, owners: owners, kind: kind))
        }
        try refuse("minLength", ifGiven: minLength != nil)
        try refuse("maxLength", ifGiven: maxLength != nil)
        try refuse("pattern", ifGiven: pattern != nil)
        try refuse("matches", ifGiven: matches != nil)
        try refuse("oneOf", ifGiven: oneOf != nil)
        try refuse("equals", ifGiven: equals != nil)
        try refuse("minSelected", ifGiven: minSelected != nil)
        try refuse("maxSelected", ifGiven: maxSelected != nil)
        try refuse("min", ifGiven: min != nil)
        try refuse("max", ifGiven: max != nil)
        if let min = minSelected, min < 0 {
            throw FlowSpecError(path: "\(path()).minSelected", reason: .tooSmall(min, least: 0))
        }
        if let min = minSelected, min > options {
            throw FlowSpecError(path: "\(path()).minSelected", reason: .minSelectedAboveOptions(min, options: options))
        }
        if let max = maxSelected, max < 1 {
            throw FlowSpecError(path: "\(path()).maxSelected", reason: .tooSmall(max, least: 1))
        }
        if let min = minSelected, let max = maxSelected, min > max {
            throw FlowSpecError(path: "\(path()).minSelected", reason: .minSelectedAboveMax(min, max))
        }
        if let min = minLength, min < 0 {
            throw FlowSpecError(path: "\(path()).minLength", reason: .tooSmall(min, least: 0))
        }
        if let max = maxLength, max < 0 {
            throw FlowSpecError(path: "\(path()).maxLength", reason: .tooSmall(max, least: 0))
        }
        func refuseLength(_ name: String, _ length: Int?) throws {
            guard let length, length > Self.largestLength else { return }
            throw FlowSpecError(path: "\(path()).\(name)", reason: .lengthTooLarge(length, limit: Self.largestLength))
        }
        try refuseLength("minLength", minLength)
        try refuseLength("maxLength", maxLength)
        if let min = minLength, let max = maxLength, min > max {
            throw FlowSpecError(path: "\(path()).minLength", reason: .minLengthAboveMax(min, max))
        }
        if let oneOf, oneOf.isEmpty {
            throw FlowSpecError(path: "\(path()).oneOf", reason: .emptyOneOf)
        }
        if let pattern {
            let key = PatternKey(pattern: pattern, secure: secure)
            if let known = patterns[key] {
                compiled = known
                return
            }
            do {
                compiled = try CompiledPattern(pattern, remembersLastValue: !secure)
                patterns[key] = compiled
            } catch {
                guard ff_regex_available() != 0 else { throw FlowSpecError(path: "\(path()).pattern", reason: .patternsUnavailable(library: "libicui18n", package: "libicu72")) }
                throw FlowSpecError(path: "\(path()).pattern", reason: .badPattern(pattern))
            }
        }
    }
}

extension FieldRules {
    public init(
        required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: String? = nil, matches: FieldID? = nil, oneOf: [String]? = nil,
        equals: Bool? = nil, minSelected: Int? = nil, maxSelected: Int? = nil, min: FieldCondition.Value? = nil,
        max: FieldCondition.Value? = nil, message: String? = nil
    ) {
        self.min = min
        self.max = max
        self.equals = equals
        self.minSelected = minSelected
        self.maxSelected = maxSelected
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.matches = matches
        self.oneOf = oneOf
        self.message = message
    }
}

/// A pattern as a flow gives it, for sharing one compiled pattern between the fields that give it.
struct PatternKey: Hashable {
    var pattern: String
    var secure: Bool
}

/// A compiled, whole-value regular expression in ICU's engine (libicu-dev), safe to share: one
/// match runs at a time behind a mutex, and the memo is behind another.
///
/// Matching is bounded: ICU stops a match after ``stepLimit`` steps of its engine, so a pattern
/// that backtracks without end (`^(a+)+$` on thirty `a`s and a `!`) gives up in well under a
/// second instead of hanging the program, and the value counts as not matching. A time limit was
/// chosen over refusing "dangerous" patterns at load, because no syntactic rule catches every
/// slow pattern (nested quantifiers, overlapping alternations, `a*a*a*…` are all slow in
/// different ways), and over shortening the value a pattern sees, because thirty characters
/// already take for ever.
final class CompiledPattern: @unchecked Sendable {
    /// ICU's steps (on the order of a millisecond each) a match may take before it gives up.
    static let stepLimit: Int32 = 200

    private let regex: Mutex<OpaquePointer>
    /// The last value matched and the answer. A field's value is checked again and again while
    /// it does not change (Next on an invalid field, jumps and completion re-checking what they
    /// pass), and a byte comparison costs far less than a match. A secure field's pattern keeps
    /// nothing: the spec outlives the flow, and a secret must not outlive it in here.
    private let last = Mutex<(value: String, matches: Bool)?>(nil)
    private let remembersLastValue: Bool

    init(_ pattern: String, remembersLastValue: Bool) throws {
        self.remembersLastValue = remembersLastValue
        let units = Array(pattern.utf16)
        var status: Int32 = 0
        guard let compiled = units.withUnsafeBufferPointer({
            ff_regex_open($0.baseAddress, Int32($0.count), &status)
        }) else { throw PatternError() }
        regex = Mutex(compiled)
    }

    deinit {
        regex.withLock { ff_regex_close($0) }
    }

    private struct PatternError: Error {}

    /// The value remembered with its answer, for tests.
    var rememberedValue: String? { last.withLock { $0?.value } }

    /// Whether the whole of `value` matches; a match that gives up counts as no match.
    func matches(_ value: String) -> Bool {
        guard remembersLastValue else { return match(value) }
        if let known = last.withLock({ $0 }), known.value.isIdentical(to: value) { return known.matches }
        let matches = match(value)
        last.withLock { $0 = (value, matches) }
        return matches
    }

    private func match(_ value: String) -> Bool {
        var units = Array(value.utf16)
        defer {
            // The copy may hold a secret: wipe it before it is freed.
            units.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        return regex.withLock { regex in
            units.withUnsafeBufferPointer {
                ff_regex_whole_match(regex, $0.baseAddress, Int32(clamping: $0.count), Self.stepLimit) == 1
            }
        }
    }
}
