import Foundation
import Testing

/// "A kind is one seam" for what a kind says, not only for its name: the words of one kind's
/// flow file, rules and messages (`minSelected`, `decimals`, `today`) are written in its own files
/// (its reducer, its `FieldBehavior` conformance, its screen) and in the tables every kind adds a
/// row to. ``KindSeamTests`` finds a kind's *name* elsewhere; this finds its *vocabulary*.
///
/// A shared file reads a kind's keys by their shapes (``KindValues``), words the kind's problems
/// through ``KindProblem`` and its messages through the methods the kind adds to `RuleMessages`,
/// so no shared file needs to name one.
@Suite("A field kind's vocabulary stays in its own files")
struct KindVocabularyTests {
    /// A kind's words, as code spells them.
    struct Vocabulary: CustomStringConvertible, Sendable {
        var kind: String
        var pattern: String
        var description: String { kind }
    }

    static let vocabularies: [Vocabulary] = [
        Vocabulary(kind: "multiSelect", pattern: #"\b(minSelected|maxSelected|chooseAny|chooseAtLeast|chooseAtMost)\b"#),
        Vocabulary(kind: "number", pattern: #"\b(decimals|atMostDecimals|moreDecimalsThanField|decimalsOutOfRange|stepKeys)\b"#),
        Vocabulary(kind: "date", pattern: #"\b(today|Today|needsToday|hostDay|dateShape|impossibleDate|notADate|notARealDate|outOfDates|dayKeys)\b"#),
        Vocabulary(kind: "confirm", pattern: #"\brules\.equals\b|\bequals: Bool\b|\b(mustBeYes|needsYesOrNo|yesNoKeys)\b"#),
        Vocabulary(kind: "text", pattern: #"\b(minLength|maxLength|oneOf|atLeastCharacters|atMostCharacters)\b"#),
    ]

    /// The targets whose sources ship (the bench and the C references do not).
    static let targets = [
        "FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTesting", "FocusFlowSearch",
        "FocusFlowConsole", "FocusFlowTerminal", "focusflow",
    ]

    /// The tables every kind adds a row to, wherever they are.
    static let tables: Set<String> = ["Kinds.swift", "FieldAction.swift", "FlowRequest.swift", "FlowEvent.swift", "FieldBehavior.swift"]

    /// Whether `file` (a path from `Sources/`) is one of `kind`'s own: its reducer, its
    /// conformance, its screen.
    static func isOwn(_ file: String, kind: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        let type = kind.prefix(1).uppercased() + kind.dropFirst()
        // The text kind's screen serves the secure one too; the multi-select's shares the option screen.
        let screens: [String: [String]] = [
            "multiSelect": ["OptionScreen", "OptionPicker"], "select": ["OptionScreen", "OptionPicker"],
            "number": ["SteppedScreen"], "date": ["SteppedScreen"],
        ]
        return name.hasPrefix("\(type)FieldReducer") || name == "\(type)Screen.swift"
            || (screens[kind] ?? []).contains { name == "\($0).swift" }
    }

    /// The files of the shipped targets that spell `vocabulary` in code (comments are prose).
    static func files(naming vocabulary: Vocabulary) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: vocabulary.pattern)
        var found: Set<String> = []
        for target in targets {
            let folder = Fixtures.root.appendingPathComponent("Sources/\(target)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            for file in files {
                let path = "\(target)/\(file)"
                guard !tables.contains((file as NSString).lastPathComponent), !isOwn(path, kind: vocabulary.kind) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                if text.split(separator: "\n").contains(where: { Self.code(of: $0).contains(expression) }) { found.insert(path) }
            }
        }
        return found
    }

    /// A line without its comment.
    static func code(of line: Substring) -> Substring {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return "" }
        return line.range(of: " // ").map { line[..<$0.lowerBound] } ?? line
    }

    @Test("No shared file names a kind's words", arguments: vocabularies)
    func vocabularyStaysHome(vocabulary: Vocabulary) throws {
        for file in try Self.files(naming: vocabulary).sorted() {
            Issue.record(
                """
                Sources/\(file) names the \(vocabulary.kind) kind's words (\(vocabulary.pattern)): a shared file must ask \
                the kind (its FieldBehavior conformance) rather than spell what only one kind means.
                """)
        }
    }

    @Test("The rule finds a word in code and not in a comment")
    func ruleCanFail() throws {
        let expression = try NSRegularExpression(pattern: Self.vocabularies[0].pattern)
        #expect(Self.code(of: "if rules.minSelected != nil {").contains(expression))
        #expect(!Self.code(of: "/// at least `minSelected` options").contains(expression))
        #expect(!Self.code(of: "let x = 1 // minSelected").contains(expression))
        #expect(Self.isOwn("FocusFlow/Fields/MultiSelectFieldReducer.swift", kind: "multiSelect"))
        #expect(!Self.isOwn("FocusFlow/Spec/FieldRules.swift", kind: "multiSelect"))
    }
}

extension Substring {
    fileprivate func contains(_ expression: NSRegularExpression) -> Bool {
        let text = String(self)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
