#if RE2
import CRE2
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

/// A compiled pattern, safe to share: either matcher matches from several threads at once, and
/// the memo is behind a mutex.
///
/// Matching takes time linear in the value, whatever the pattern: neither matcher backtracks, so
/// `^(a+)+$` on thirty `a`s and a `!` is refused as fast as `^a+$`, with no time limit to choose.
/// What a linear-time engine cannot match (back references, look-around) is refused when the flow
/// loads (``PatternSyntax``). The two matchers, behind this one wall:
///
/// - RE2 (libre2-dev), with the package trait `RE2`: what the command-line tool is built with.
///   A C++ library on the host, a DFA that runs at memory speed, and a compile that builds every
///   Unicode class as UTF-8 byte ranges.
/// - ``LinearPattern``, the engine's own, in Swift, in every build and the only one without the
///   trait: the toolchain alone builds it. It reads the same translated text as RE2 and matches
///   as RE2 does, scalar by scalar with every live state at once; what it cannot match as RE2 does
///   (a script it has no table for, `\C`) is refused at load as ``PatternProblem/needsRE2``.
///
/// Package-visible for the bench, which measures both matchers in process.
package final class CompiledPattern: @unchecked Sendable {
    /// Which matcher compiles and runs a pattern: ``default`` in the engine, either in tests.
    package enum Matcher: Sendable, CustomStringConvertible {
        #if RE2
        case re2
        #endif
        case linear

        /// RE2 where the build has it, the engine's own otherwise.
        package static var `default`: Matcher {
            #if RE2
            .re2
            #else
            .linear
            #endif
        }

        /// Every matcher this build has.
        package static var available: [Matcher] {
            #if RE2
            [.re2, .linear]
            #else
            [.linear]
            #endif
        }

        package var description: String {
            switch self {
            #if RE2
            case .re2: "RE2"
            #endif
            case .linear: "the engine's matcher"
            }
        }
    }

    private enum Compiled {
        #if RE2
        case re2(OpaquePointer)
        #endif
        case linear(LinearPattern)
    }

    private let compiled: Compiled
    #if RE2 && DEBUG
    /// In a debug build with the trait, `FOCUSFLOW_TEST_MATCHER=both` (which `make test` sets)
    /// has every pattern RE2 compiles compiled by the engine's own matcher too, and every value
    /// matched by both: where the two answer differently, the process stops, naming the pattern
    /// and never the value. The whole suite — the engine's tests, the protocol's, the terminal's
    /// and every `focusflow` they start — so holds the build without the trait to RE2's answers
    /// on every pattern and value it meets, in one build. (What the engine's matcher refuses at
    /// load, a script it has no table for, a program too large, it has no answer for.)
    private static let shadowsRE2 = ProcessInfo.processInfo.environment["FOCUSFLOW_TEST_MATCHER"] == "both"
    private var shadow: (pattern: LinearPattern, text: String)?
    #endif
    /// The last value matched and the answer. A field's value is checked again and again while
    /// it does not change (Next on an invalid field, jumps and completion re-checking what they
    /// pass), and a byte comparison costs far less than a match. A secure field's pattern keeps
    /// nothing: the spec outlives the flow, and a secret must not outlive it in here.
    private let last = Mutex<(value: String, matches: Bool)?>(nil)
    private let remembersLastValue: Bool
    /// Whether the pattern must match the whole value (a rule's `pattern`) or be found anywhere
    /// in it (a requirement's: `[0-9]` is "a digit").
    private let whole: Bool

    /// Compiles `pattern` (a flow's, as ``PatternSyntax`` translates it) with `matcher`.
    /// - Throws: ``PatternError``, with the column of the part the matcher names.
    package init(_ pattern: String, remembersLastValue: Bool, whole: Bool = true, matcher: Matcher = .default) throws(PatternError) {
        self.remembersLastValue = remembersLastValue
        self.whole = whole
        var translation = try PatternSyntax.translate(pattern)
        /// The error for `refusal` naming the part of the translation at byte `offset` (RE2's
        /// way: the first place the part it names occurs).
        func error(_ refusal: PatternRefusal, offset: Int?) -> PatternError {
            PatternError(
                problem: PatternProblem(refusal: refusal, part: offset.map { Substring(translation.text.utf8.dropFirst($0)) }),
                column: offset.map { PatternSyntax.column(ofScalar: translation.scalar(atByte: $0), in: pattern) })
        }
        switch matcher {
        #if RE2
        case .re2:
            var problem: Int32 = 0, offset = -1
            guard let regex = translation.text.withUTF8({ ff_regex_open($0.baseAddress, $0.count, &problem, &offset) }) else {
                let refusal = PatternRefusal(re2Code: problem)
                #if DEBUG
                if Self.shadowsRE2, refusal != .tooLarge, (try? LinearPattern(translation.text)) != nil {
                    fatalError("RE2 refuses a pattern the engine's matcher takes: \(translation.text) (FOCUSFLOW_TEST_MATCHER=both)")
                }
                #endif
                throw error(refusal, offset: offset < 0 ? nil : offset)
            }
            compiled = .re2(regex)
            #if DEBUG
            if Self.shadowsRE2, let linear = try? LinearPattern(translation.text) { shadow = (linear, translation.text) }
            #endif
        #endif
        case .linear:
            do throws(PatternParser.Failure) {
                compiled = .linear(try LinearPattern(translation.text))
            } catch let failure {
                throw error(failure.refusal, offset: failure.part.isEmpty ? nil : Self.firstOffset(of: failure.part, in: translation.text))
            }
        }
    }

    deinit {
        #if RE2
        if case .re2(let regex) = compiled { ff_regex_close(regex) }
        #endif
    }

    /// The byte offset of the first `part` in `text`, as `std::string::find` gives it.
    private static func firstOffset(of part: String, in text: String) -> Int? {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Why a pattern does not compile, and where (in characters, from 1) the part the matcher
    /// names, or the construct the translation refuses, starts.
    package struct PatternError: Error {
        let problem: PatternProblem
        let column: Int?
    }

    /// The value remembered with its answer, for tests.
    var rememberedValue: String? { last.withLock { $0?.value } }

    /// The engine's matcher, for tests that count its work.
    var linear: LinearPattern? {
        if case .linear(let pattern) = compiled { return pattern }
        return nil
    }

    /// Whether `value` matches (the whole of it, or anywhere for a pattern that is not `whole`).
    package func matches(_ value: String) -> Bool {
        guard remembersLastValue else { return match(value) }
        if let known = last.withLock({ $0 }), known.value.isIdentical(to: value) { return known.matches }
        let matches = match(value)
        last.withLock { $0 = (value, matches) }
        return matches
    }

    /// Either matcher reads the value's own UTF-8 or scalars where they lie and keeps nothing of it.
    private func match(_ value: String) -> Bool {
        switch compiled {
        #if RE2
        case .re2(let regex):
            var value = value
            let matches = value.withUTF8 { ff_regex_match(regex, $0.baseAddress, $0.count, whole ? 1 : 0) == 1 }
            #if DEBUG
            if let shadow, shadow.pattern.matches(value, whole: whole) != matches {
                fatalError(
                    "RE2 and the engine's matcher answer a value of \(value.unicodeScalars.count) scalars differently: \(shadow.text) (FOCUSFLOW_TEST_MATCHER=both)")
            }
            #endif
            return matches
        #endif
        case .linear(let pattern): return pattern.matches(value, whole: whole)
        }
    }
}

#if RE2
extension PatternRefusal {
    /// The refusal `ff_regex_open` names by RE2's code.
    init(re2Code code: Int32) {
        self =
            switch Int(code) {
            case Int(FF_REGEX_ESCAPE): .escape
            case Int(FF_REGEX_TRAILING_BACKSLASH): .trailingBackslash
            case Int(FF_REGEX_RANGE): .characterRange
            case Int(FF_REGEX_BRACKET): .missingBracket
            case Int(FF_REGEX_PAREN): .missingParenthesis
            case Int(FF_REGEX_UNEXPECTED_PAREN): .unexpectedParenthesis
            case Int(FF_REGEX_REPEAT_ARGUMENT): .repeatArgument
            case Int(FF_REGEX_REPEAT_SIZE): .repeatSize
            case Int(FF_REGEX_REPEAT_OP): .repeatOperator
            case Int(FF_REGEX_PERL_OP): .perlOperator
            case Int(FF_REGEX_NAMED_GROUP): .namedCapture
            case Int(FF_REGEX_TOO_LARGE): .tooLarge
            default: .other
            }
    }
}
#endif

extension PatternProblem {
    /// The problem a matcher names (by RE2's codes), told apart further by the part of the
    /// pattern it names (`part`, the pattern from there on): a range RE2 does not know that is a
    /// `\p{…}` is an unknown property, one that is a `[:…:]` an unknown class, and a bad count
    /// whose maximum is below its minimum says so.
    init(refusal: PatternRefusal, part: Substring?) {
        switch refusal {
        case .escape, .trailingBackslash: self = .escape
        case .characterRange:
            self =
                if part.map({ $0.hasPrefix("\\p") || $0.hasPrefix("\\P") }) == true { .property } else if part?.hasPrefix("[:") == true { .posixClass } else { .range }
        case .missingBracket: self = .bracket
        case .missingParenthesis, .unexpectedParenthesis: self = .parenthesis
        case .repeatArgument: self = .nothingToRepeat
        case .repeatSize: self = Self.countBelowMinimum(part) ? .maxBelowMin : .interval
        case .repeatOperator: self = .repeatedRepetition
        case .perlOperator: self = .group
        case .tooLarge: self = .tooLarge
        case .needsRE2: self = .needsRE2
        case .namedCapture, .other: self = .other
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
