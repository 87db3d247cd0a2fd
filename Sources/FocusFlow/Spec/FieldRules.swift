import CICU
import Synchronization

/// The rules a field's value must pass before focus moves forward. Every rule is optional.
///
/// The rules here mean the same for every kind that takes them; a kind's own rules (a text's
/// `minLength`, a multi-select's `minSelected`) are properties its own file adds, held in
/// `kindRules`.
public struct FieldRules: Sendable, Equatable {
    public var required: Bool
    /// An ICU regular expression (Perl-like syntax, matching code points) the whole value must
    /// match; a match that runs past its time limit counts as no match (see `CompiledPattern`).
    public var pattern: String? {
        didSet { compiled = nil }
    }
    /// The id of an earlier field whose value this one must equal (a password confirmation).
    public var matches: FieldID?
    /// The smallest answer allowed (inclusive), of the kind's type, for a kind whose answers are
    /// ordered (`FieldBehavior.ordersAnswers`).
    public var min: FieldCondition.Value?
    /// The largest answer allowed (inclusive), of the kind's type.
    public var max: FieldCondition.Value?
    /// Said instead of the default message when any rule fails.
    public var message: String?
    /// The message in every language the flow gives it, as the loader read it; the field
    /// keeps it in ``FieldSpec/localizedText``.
    var localizedMessage: LocalizedText?
    /// The kind's own rules (``FieldBehavior/ownRules``), by the keys the flow file gives them.
    var kindRules: KindValues

    /// The compiled ``pattern``, set once the rules are checked.
    private(set) var compiled: CompiledPattern?

    /// Rules as the loader's fast path reads them, every part moved in.
    ///
    /// Built with the memberwise initialiser (private, as ``compiled`` is): an initialiser written
    /// out, such as the public one (in an extension, so that the memberwise one exists), fills a
    /// value and then copies it once more, which the loader would do for every field.
    static func decoded(
        required: Bool = false, pattern: String? = nil, matches: FieldID? = nil, min: FieldCondition.Value? = nil,
        max: FieldCondition.Value? = nil, message: String? = nil, localizedMessage: LocalizedText? = nil,
        kindRules: KindValues = KindValues()
    ) -> FieldRules {
        FieldRules(
            required: required, pattern: pattern, matches: matches, min: min, max: max, message: message,
            localizedMessage: localizedMessage, kindRules: kindRules, compiled: nil)
    }

    public static func == (lhs: FieldRules, rhs: FieldRules) -> Bool {
        lhs.required == rhs.required && lhs.pattern == rhs.pattern && lhs.matches == rhs.matches
            && lhs.message == rhs.message && lhs.min == rhs.min && lhs.max == rhs.max && lhs.kindRules == rhs.kindRules
    }

    /// The largest length rule a flow may give: 65,536 characters, far beyond a form's answer,
    /// and small enough that every value of that length fits in one piped line or `serve`
    /// request (see `LineReader.lineLimit`).
    public static let largestLength = 65_536

    /// Each kind's ``FieldBehavior/ruleKeys``, built once rather than for every field; a few
    /// kinds are found by comparing, sooner than by hashing.
    private static let ruleKeys = FieldKind.allCases.map { (kind: $0, keys: $0.behavior.ruleKeys) }

    /// The rules given, by the names the flow file writes.
    private var given: [String] {
        var names: [String] = []
        if pattern != nil { names.append("pattern") }
        if matches != nil { names.append("matches") }
        if min != nil { names.append("min") }
        if max != nil { names.append("max") }
        return names + kindRules.entries.map(\.key)
    }

    /// Checks that the rules of `field` make sense together (with its kind's own checks,
    /// ``FieldBehavior/checkRules(of:path:problems:)``) and compiles the pattern into them.
    ///
    /// - Parameter field: the field, read where it lies (a field handed over as a value is copied).
    /// - Parameter patterns: the patterns compiled so far for this flow, by text and secrecy: a
    ///   pattern many fields share (an email's) is compiled once; a secure field's pattern
    ///   remembers no value.
    static func check(
        _ field: UnsafeMutablePointer<FieldSpec>, path: @autoclosure () -> String, patterns: inout [PatternKey: CompiledPattern],
        problems: ProblemSink
    ) throws {
        if field.pointee.rules.kindRules.isEmpty, field.pointee.rules.pattern == nil, field.pointee.rules.matches == nil,
            field.pointee.rules.min == nil, field.pointee.rules.max == nil
        {
            return
        }
        let kind = field.pointee.kind
        let allowed = Self.ruleKeys.first { $0.kind == kind }?.keys ?? []
        var foreign = false
        for name in field.pointee.rules.given where !allowed.contains(name) {
            let owners = FieldKind.allCases.filter { $0.behavior.ruleKeys.contains(name) }
            foreign = true
            try problems.each { throw FlowSpecError(path: "\(path()).\(name)", reason: .ruleNotForKind(name, owners: owners, kind: kind)) }
        }
        // Handing a field over copies it: only one with rules of its kind's own is. A rule of
        // another kind's is not the kind's to read.
        if !field.pointee.rules.kindRules.isEmpty, !foreign { try kind.behavior.checkRules(of: field.pointee, path: path(), problems: problems) }
        guard let pattern = field.pointee.rules.pattern else { return }
        let secure = field.pointee.secure
        let key = PatternKey(pattern: pattern, secure: secure)
        if let known = patterns[key] {
            field.pointee.rules.compiled = known
            return
        }
        do throws(CompiledPattern.PatternError) {
            let compiled = try CompiledPattern(pattern, remembersLastValue: !secure)
            field.pointee.rules.compiled = compiled
            patterns[key] = compiled
        } catch {
            try problems.each {
                guard ff_regex_available() != 0 else {
                    throw FlowSpecError(path: "\(path()).pattern", reason: .patternsUnavailable(library: "libicui18n", package: "libicu72"))
                }
                throw FlowSpecError(path: "\(path()).pattern", reason: .badPattern(pattern, error.problem, column: error.column))
            }
        }
    }

    /// Checks a count rule a kind owns (`minLength`): at least `least`, at most `most`, and not
    /// above the rule `upper` names.
    static func checkCount(
        _ key: String, _ value: Int?, least: Int, most: Int? = nil, notAbove upper: (key: String, value: Int?)? = nil, path: String
    ) throws {
        guard let value else { return }
        if value < least { throw FlowSpecError(path: "\(path).\(key)", reason: .tooSmall(value, least: least)) }
        if let most, value > most { throw FlowSpecError(path: "\(path).\(key)", reason: .tooLarge(value, limit: most, key: key)) }
        if let upper, let high = upper.value, value > high {
            throw FlowSpecError(path: "\(path).\(key)", reason: .minAboveMax(String(value), String(high), minKey: key, maxKey: upper.key))
        }
    }
}

extension FieldRules {
    /// Rules every kind that takes them reads the same way; a kind's own initialiser (as
    /// `init(required:minLength:maxLength:pattern:matches:oneOf:message:)`) takes its rules too.
    public init(
        required: Bool = false, pattern: String? = nil, matches: FieldID? = nil, min: FieldCondition.Value? = nil,
        max: FieldCondition.Value? = nil, message: String? = nil
    ) {
        self.required = required
        self.pattern = pattern
        self.matches = matches
        self.min = min
        self.max = max
        self.message = message
        self.kindRules = KindValues()
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
    /// Whether the pattern must match the whole value (a rule's `pattern`) or be found anywhere
    /// in it (a requirement's: `[0-9]` is "a digit").
    private let whole: Bool

    init(_ pattern: String, remembersLastValue: Bool, whole: Bool = true) throws(PatternError) {
        self.remembersLastValue = remembersLastValue
        self.whole = whole
        let units = Array(pattern.utf16)
        var status: Int32 = 0, offset: Int32 = -1
        guard
            let compiled = units.withUnsafeBufferPointer({
                ff_regex_open($0.baseAddress, Int32($0.count), &status, &offset)
            })
        else {
            // ICU's offset counts code points, and stops just after the one it could not take:
            // that one's place in characters as the pattern reads (1 for the first).
            let scalars = pattern.unicodeScalars
            let column =
                offset < 0
                ? nil
                : scalars.index(scalars.startIndex, offsetBy: Int(offset), limitedBy: scalars.endIndex)
                    .map { Swift.max(1, pattern[..<$0].count) }
            throw PatternError(problem: PatternProblem(code: ff_regex_problem(status)), column: column)
        }
        regex = Mutex(compiled)
    }

    deinit {
        regex.withLock { ff_regex_close($0) }
    }

    /// Why a pattern does not compile, and where (in characters, from 1) ICU stopped.
    struct PatternError: Error {
        let problem: PatternProblem
        let column: Int?
    }

    /// Whether ICU's regular expressions could be loaded.
    static var available: Bool { ff_regex_available() != 0 }

    /// The value remembered with its answer, for tests.
    var rememberedValue: String? { last.withLock { $0?.value } }

    /// Whether `value` matches (the whole of it, or anywhere for a pattern that is not `whole`); a match that gives up counts as no match.
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
                ff_regex_match(regex, $0.baseAddress, Int32(clamping: $0.count), Self.stepLimit, whole ? 1 : 0) == 1
            }
        }
    }
}

extension PatternProblem {
    /// The problem `ff_regex_problem` names.
    init(code: Int32) {
        switch Int(code) {
        case Int(FF_REGEX_SYNTAX): self = .syntax
        case Int(FF_REGEX_PAREN): self = .parenthesis
        case Int(FF_REGEX_BRACKET): self = .bracket
        case Int(FF_REGEX_ESCAPE): self = .escape
        case Int(FF_REGEX_PROPERTY): self = .property
        case Int(FF_REGEX_INTERVAL): self = .interval
        case Int(FF_REGEX_MAX_BELOW_MIN): self = .maxBelowMin
        case Int(FF_REGEX_BACK_REFERENCE): self = .backReference
        case Int(FF_REGEX_LOOK_BEHIND): self = .lookBehind
        case Int(FF_REGEX_RANGE): self = .range
        default: self = .other
        }
    }
}
