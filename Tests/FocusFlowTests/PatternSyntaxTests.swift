import Foundation
import Testing

@testable import FocusFlow
@testable import FocusFlowCheck

/// Patterns as flows write them (the syntax ICU, Java and JavaScript share), matched in linear
/// time by every matcher the build has (RE2 and the engine's own): `\d`, `\w` and `\s` are
/// Unicode's, and what no linear-time engine can match is refused at load, with the character
/// where it starts.
@Suite("Patterns in either matcher")
struct PatternSyntaxTests {
    static let matchers = CompiledPattern.Matcher.available

    static func matches(_ pattern: String, _ value: String, whole: Bool = true, _ matcher: CompiledPattern.Matcher) throws -> Bool {
        try CompiledPattern(pattern, remembersLastValue: false, whole: whole, matcher: matcher).matches(value)
    }

    @Test(
        "\\d, \\w and \\s are Unicode's, inside a set too, and their negations are too",
        arguments: matchers,
        [
            (#"^\d+$"#, "٣٤", true), (#"^\d+$"#, "３４", true), (#"^\d+$"#, "3a", false),
            (#"^\w+$"#, "한글", true), (#"^\w+$"#, "é_9", true), (#"^\w+$"#, "a-b", false),
            (#"^\s$"#, "\u{3000}", true), (#"^\s$"#, "\u{A0}", true), (#"^\s$"#, "x", false),
            (#"^[\w.-]+$"#, "김.철-수", true), (#"^[\d]+$"#, "١٢", true), (#"^[\s,]+$"#, ", \u{2003}", true),
            (#"^\D+$"#, "abc", true), (#"^\D+$"#, "a٣", false), (#"^\W+$"#, "-!", true), (#"^\W+$"#, "한", false),
            (#"^\S+$"#, "가나", true), (#"^\S+$"#, "가 나", false),
        ])
    func unicodeClasses(matcher: CompiledPattern.Matcher, example: (String, String, Bool)) throws {
        let (pattern, value, matches) = example
        #expect(try Self.matches(pattern, value, matcher) == matches)
    }

    @Test(
        "ICU's spellings RE2 writes otherwise are translated: \\uhhhh, \\Uhhhhhhhh, (?<name>…), Unicode's POSIX classes; the rest is RE2's own",
        arguments: matchers,
        [
            (#"^\u00e9$"#, "é", true), (#"^\U0001F44D$"#, "👍", true), (#"^(?<year>\d{4})$"#, "2026", true),
            (#"^\x{D55C}$"#, "한", true), (#"^\p{Hangul}+$"#, "한국어", true), (#"^\p{Hangul}+$"#, "abc", false),
            (#"^(?i)straße$"#, "STRASSE", false), (#"(?i)^é$"#, "É", true), (#"^\Q(a)\E$"#, "(a)", true),
            (#"^[]a]+$"#, "]a", true), (#"^[^]a]$"#, "b", true), (#"^[[:digit:]]+$"#, "42", true),
            ("^[[:digit:]]+$", "٣３", true), ("^[[:^digit:]]+$", "ab", true), ("^[[:^digit:]]+$", "a٣", false),
            ("^[[:alpha:]]+$", "한글é", true), ("^[[:space:]]$", "\u{3000}", true), ("^[[:ascii:]]+$", "ab", true), ("^[[:ascii:]]+$", "한", false),
            ("^[[:alpha:] ]+$", "दीपक कुमार", true), ("^[[:alpha:] ]+$", "সৌরভ", true), ("^[:alpha:]+$", "한글", true), ("^[:alpha:]+$", ":a", false), ("^[:a]+$", ":a", true),
            (#"^[\w-가]+$"#, "a-가", true), (#"^[\w-가]+$"#, "→", false), (#"^[\w-.]+$"#, "a.b-c", true), (#"^[\d-a]+$"#, "1-a", true),
            (#"^\uD83D\uDE00$"#, "😀", true), (#"^\0101$"#, "A", true), (#"^[\12]+$"#, "21", true), (#"^[\12]$"#, "\n", false),
            (#"^a\vb$"#, "a\u{2028}b", true), ("^a.b$", "a\u{2028}b", false), ("^a.b$", "a한b", true), ("(?s)^a.b$", "a\u{2028}b", true),
        ])
    func translated(matcher: CompiledPattern.Matcher, example: (String, String, Bool)) throws {
        let (pattern, value, matches) = example
        #expect(try Self.matches(pattern, value, matcher) == matches)
    }

    @Test("A rule's pattern matches the whole value; a requirement's is found anywhere in it", arguments: matchers)
    func wholeOrAnywhere(matcher: CompiledPattern.Matcher) throws {
        #expect(try !Self.matches("[0-9]", "pass1", matcher))
        #expect(try Self.matches("[0-9]", "pass1", whole: false, matcher))
        #expect(try Self.matches("a|ab", "ab", matcher), "the whole value, not the first alternative that matches")
        #expect(try !Self.matches("^a$", "a\n", matcher), "$ is the value's end, not before a final line break")
        #expect(try Self.matches(#"\bcat\b"#, "a cat!", whole: false, matcher), "\\b is RE2's, between ASCII word characters")
        #expect(try !Self.matches(#"\bcat\b"#, "concat", whole: false, matcher))
    }

    @Test(
        "What no linear-time engine can match, or RE2 would read otherwise, is refused with the character where it starts",
        arguments: matchers,
        [
            (#"(\w)\1"#, PatternProblem.backReference, 5), (#"(?<x>a)\k<x>"#, .backReference, 8),
            ("^(?=.*[0-9]).{8,}$", .lookaround, 2), ("(?!a)b", .lookaround, 1), ("x(?<=a)b", .lookaround, 2),
            ("(?<!a)b", .lookaround, 1), ("(?>a+)b", .atomicGroup, 1), (#"[\W_]"#, .negatedClassInSet, 2),
            (#"[^\S]"#, .negatedClassInSet, 3), ("[[a-z][0-9]]", .setInSet, 2), ("[a-z&&[^aeiou]]", .setInSet, 5),
            ("한국(", .parenthesis, 3), ("aa)bc", .parenthesis, 3), ("👍🏽)", .parenthesis, 2), ("(a(b)", .parenthesis, 1),
            (#"\p{Nope}"#, .property, 1), ("[[:nope:]]", .posixClass, 2), ("[a[:graph:]]", .posixClass, 3), ("[:nope:]+", .posixClass, 1), ("[[:alpha]", .setInSet, 2),
            ("[[:^alpha:]]", .negatedClassInSet, 2), ("a{3,1}", .maxBelowMin, 2),
            ("a{1001}", .interval, 2),
            ("[z-a]", .range, 2), ("a**", .repeatedRepetition, 3), ("*a", .nothingToRepeat, 1), ("(?x)a", .group, 1),
            (#"\y"#, .escape, 1), (#"ab\"#, .escape, 3), ("[a-", .bracket, 1),
            ("[0-9]{6", .interval, 6), ("^[가-힣]{2,5$", .interval, 7), (#"^\d{,4}$"#, .interval, 4), ("^a{x}$", .interval, 3),
            ("b-a[b-a]", .range, 5), (#"\**|a**"#, .repeatedRepetition, 7), ("a*+", .repeatedRepetition, 3), ("a{2}{3}", .repeatedRepetition, 5),
            ("{3}a", .nothingToRepeat, 1), (#"\uD800"#, .escape, 1), (#"[\W-a]"#, .negatedClassInSet, 2),
            (String(repeating: #"\w"#, count: 50_000), .tooLarge, 201),
        ])
    func refused(matcher: CompiledPattern.Matcher, example: (String, PatternProblem, Int)) {
        let (pattern, problem, column) = example
        #expect(throws: CompiledPattern.PatternError.self) { try Self.matches(pattern, "", matcher) }
        do {
            _ = try CompiledPattern(pattern, remembersLastValue: false, matcher: matcher)
        } catch {
            #expect(error.problem == problem)
            #expect(error.column == column)
        }
    }

    @Test("Escapes, sets and quotes are read as RE2 reads them: what looks like a refused construct inside one is text", arguments: matchers)
    func notConstructs(matcher: CompiledPattern.Matcher) throws {
        #expect(try Self.matches(#"^\(\?=a\)$"#, "(?=a)", matcher))
        #expect(try Self.matches(#"^[(?=)]+$"#, "(?=)", matcher))
        #expect(try Self.matches(#"^\Q(?=\1\E$"#, #"(?=\1"#, matcher))
        #expect(try Self.matches(#"^[\\1]+$"#, #"\1"#, matcher))
    }

    /// The pattern a backtracking engine takes for ever on: both matchers answer in time linear
    /// in the value, so a long one is refused (or taken) at once, with no limit to give up at.
    @Test(
        "^(a+)+$ on a long run of a's and a '!' is refused, and without the '!' taken: no time limit decides",
        arguments: matchers, [30, 100_000])
    func linearTime(matcher: CompiledPattern.Matcher, count: Int) throws {
        let run = String(repeating: "a", count: count)
        #expect(try !Self.matches("^(a+)+$", run + "!", matcher))
        #expect(try Self.matches("^(a+)+$", run, matcher))
        #expect(try Self.matches("^(a|aa)*$", run, matcher))
    }

    @Test("Either matcher remembers a plain field's last value and its answer, and a secure field's nothing", arguments: matchers)
    func memo(matcher: CompiledPattern.Matcher) throws {
        let plain = try CompiledPattern("[0-9]+", remembersLastValue: true, matcher: matcher)
        #expect(plain.matches("123") && plain.rememberedValue == "123")
        #expect(!plain.matches("12a") && plain.rememberedValue == "12a", "a remembered answer is for that value only")
        let secure = try CompiledPattern("[0-9]{4}", remembersLastValue: false, matcher: matcher)
        #expect(secure.matches("9876") && secure.rememberedValue == nil, "the spec outlives the flow; a secret must not")
    }

    /// Hostile patterns: every piece of syntax the translation reads, in any order. Each compiles
    /// or is refused with a column inside the pattern (or none), and nothing crashes.
    @Test("Random soups of escapes, groups, sets and counts compile or are refused at a character of the pattern", arguments: matchers)
    func soup(matcher: CompiledPattern.Matcher) {
        var random = FlowGenerator.Random(seed: 2026)
        let pieces = [
            "\\", "(", ")", "[", "]", "^", ":", "?", "<", "=", "!", ">", "{", "}", ",", "*", "+", "|", "&", "-", "k", "Q", "E", "u", "U",
            "p", "P", "x", "d", "w", "s", "W", "S", "1", "0", "F", "a", "한", "👍🏽", "e\u{301}", "[:", ":]", "digit", "^alpha",
        ]
        var refused = 0
        for _ in 0..<4000 {
            let pattern = (0..<(1 + random.below(12))).map { _ in random.pick(pieces) }.joined()
            do {
                _ = try CompiledPattern(pattern, remembersLastValue: false, matcher: matcher).matches("a1한")
            } catch {
                refused += 1
                if let column = error.column { #expect((1...pattern.count + 1).contains(column), "\(String(reflecting: pattern)): \(column)") }
            }
        }
        #expect(refused > 0 && refused < 4000)
    }
}
