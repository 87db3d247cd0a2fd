import CRE2
import Synchronization

/// The rules a field's value must pass before focus moves forward. Every rule is optional.
///
/// The rules here mean the same for every kind that takes them; a kind's own rules (a text's
/// `minLength`, a multi-select's `minSelected`) are properties its own file adds, held in
/// `kindRules`.
public struct FieldRules: Sendable, Equatable {
    public var required: Bool
    /// A regular expression (Perl-like syntax, matching code points; `\d`, `\w` and `\s` are
    /// Unicode's) the whole value must match, in linear time (see `CompiledPattern`).
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

/// A compiled regular expression in RE2's engine (libre2-dev), safe to share: RE2 matches from
/// several threads at once, and the memo is behind a mutex.
///
/// Matching takes time linear in the value, whatever the pattern: RE2 runs an automaton and never
/// backtracks, so `^(a+)+$` on thirty `a`s and a `!` is refused as fast as `^a+$`, with no time
/// limit to choose. What a linear-time engine cannot match (back references, look-around) is
/// refused when the flow loads (``PatternSyntax``).
final class CompiledPattern: @unchecked Sendable {
    private let regex: OpaquePointer
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
        var translation = try PatternSyntax.translate(pattern)
        var problem: Int32 = 0, offset = -1
        guard let compiled = translation.text.withUTF8({ ff_regex_open($0.baseAddress, $0.count, &problem, &offset) }) else {
            let part = offset < 0 ? nil : Substring(translation.text.utf8.dropFirst(offset))
            throw PatternError(
                problem: PatternProblem(code: problem, part: part),
                column: offset < 0 ? nil : PatternSyntax.column(ofScalar: translation.scalar(atByte: offset), in: pattern))
        }
        regex = compiled
    }

    deinit { ff_regex_close(regex) }

    /// Why a pattern does not compile, and where (in characters, from 1) the part RE2 names, or
    /// the construct the translation refuses, starts.
    struct PatternError: Error {
        let problem: PatternProblem
        let column: Int?
    }

    /// The value remembered with its answer, for tests.
    var rememberedValue: String? { last.withLock { $0?.value } }

    /// Whether `value` matches (the whole of it, or anywhere for a pattern that is not `whole`).
    func matches(_ value: String) -> Bool {
        guard remembersLastValue else { return match(value) }
        if let known = last.withLock({ $0 }), known.value.isIdentical(to: value) { return known.matches }
        let matches = match(value)
        last.withLock { $0 = (value, matches) }
        return matches
    }

    /// RE2 reads the value's own UTF-8 where it lies and keeps nothing of it.
    private func match(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { ff_regex_match(regex, $0.baseAddress, $0.count, whole ? 1 : 0) == 1 }
    }
}

extension PatternProblem {
    /// The problem `ff_regex_open` names, told apart further by the part of the pattern it
    /// names (`part`, the pattern from there on): a range RE2 does not know that is a `\p{…}`
    /// is an unknown property, one that is a `[:…:]` an unknown class, and a bad count whose
    /// maximum is below its minimum says so.
    init(code: Int32, part: Substring?) {
        switch Int(code) {
        case Int(FF_REGEX_ESCAPE), Int(FF_REGEX_TRAILING_BACKSLASH): self = .escape
        case Int(FF_REGEX_RANGE):
            self =
                if part.map({ $0.hasPrefix("\\p") || $0.hasPrefix("\\P") }) == true { .property } else if part?.hasPrefix("[:") == true { .posixClass } else { .range }
        case Int(FF_REGEX_BRACKET): self = .bracket
        case Int(FF_REGEX_PAREN), Int(FF_REGEX_UNEXPECTED_PAREN): self = .parenthesis
        case Int(FF_REGEX_REPEAT_ARGUMENT): self = .nothingToRepeat
        case Int(FF_REGEX_REPEAT_SIZE): self = Self.countBelowMinimum(part) ? .maxBelowMin : .interval
        case Int(FF_REGEX_REPEAT_OP): self = .repeatedRepetition
        case Int(FF_REGEX_PERL_OP): self = .group
        case Int(FF_REGEX_TOO_LARGE): self = .tooLarge
        default: self = .other
        }
    }

    /// Whether `part` starts with a count `{m,n}` whose `n` is below its `m`.
    private static func countBelowMinimum(_ part: Substring?) -> Bool {
        guard let part, part.first == "{", let close = part.firstIndex(of: "}") else { return false }
        let bounds = part[part.index(after: part.startIndex)..<close].split(separator: ",", omittingEmptySubsequences: false)
        guard bounds.count == 2, let least = Int(bounds[0]), let most = Int(bounds[1]) else { return false }
        return most < least
    }
}
