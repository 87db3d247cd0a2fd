import Foundation
import Testing

/// "A kind is one seam" for what a kind says, not only for its name: the words of one kind's
/// flow file, rules and messages (`minSelected`, `decimals`, `today`) are written in its own files
/// (its reducer, its `FieldBehavior` conformance, its screen) and in the tables every kind adds a
/// row to. ``KindSeamTests`` finds a kind's *name* elsewhere; this finds its *vocabulary*.
///
/// The shared files that still spell a kind's vocabulary are listed in ``shared``, each with the
/// words it names: they are what a kind's own spec payload (its keys, rules and their decoding on
/// both loader paths) will take over. The list can only shrink: a file not in it that names a
/// kind's word fails, and so does a listed file that no longer names it (take it off the list).
@Suite("A field kind's vocabulary stays in its own files")
struct KindVocabularyTests {
    /// A kind's words, as code spells them.
    struct Vocabulary: CustomStringConvertible, Sendable {
        var kind: String
        var pattern: String
        var description: String { kind }
    }

    static let vocabularies: [Vocabulary] = [
        Vocabulary(kind: "multiSelect", pattern: #"\b(minSelected|maxSelected|chooseAtLeast|chooseAtMost)\b"#),
        Vocabulary(kind: "number", pattern: #"\b(decimals|atMostDecimals|moreDecimalsThanField|decimalsOutOfRange)\b"#),
        Vocabulary(kind: "date", pattern: #"\b(today|Today|needsToday|impossibleDate|notADate)\b"#),
        Vocabulary(kind: "confirm", pattern: #"\brules\.equals\b|\bequals: Bool\b|\b(mustBeYes|yesNoKeys)\b"#),
        Vocabulary(kind: "text", pattern: #"\b(minLength|maxLength|oneOf)\b"#),
    ]

    /// The targets whose sources ship (the bench and the C references do not).
    static let targets = ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTesting", "FocusFlowSearch",
                          "FocusFlowConsole", "FocusFlowTerminal", "focusflow"]

    /// The tables every kind adds a row to, wherever they are.
    static let tables: Set<String> = ["FieldKind.swift", "FieldState.swift", "FieldAction.swift", "FlowRequest.swift", "FlowEvent.swift", "FieldBehavior.swift"]

    /// The shared files that still spell a kind's words, by kind: what its spec payload (and its
    /// messages in each language) will take over.
    static let shared: [String: Set<String>] = [
        "multiSelect": [
            "FocusFlow/Spec/FieldRules.swift", "FocusFlow/Spec/FlowSpec+Codable.swift", "FocusFlow/Spec/FlowSpec+DirectDecoding.swift",
            "FocusFlow/Spec/FlowSpecError+English.swift", "FocusFlow/Spec/FlowSpecError+Korean.swift", "FocusFlow/Language/RuleMessages.swift",
        ],
        "number": [
            "FocusFlow/Spec/FieldSpec.swift", "FocusFlow/Spec/FlowSpec.swift", "FocusFlow/Spec/FlowSpec+Codable.swift",
            "FocusFlow/Spec/FlowSpec+DirectDecoding.swift", "FocusFlow/Spec/FlowSpecError+Reason.swift",
            "FocusFlow/Spec/FlowSpecError+English.swift", "FocusFlow/Spec/FlowSpecError+Korean.swift",
            "FocusFlow/Language/RuleMessages.swift", "FocusFlowProtocol/ProtocolSession.swift",
        ],
        "date": [
            "FocusFlow/Spec/FieldSpec.swift", "FocusFlow/Spec/FlowSpec.swift", "FocusFlow/Spec/FieldLayout.swift", "FocusFlow/Spec/Today.swift",
            "FocusFlow/Spec/FlowSpecError+English.swift", "FocusFlow/Spec/FlowSpecError+Korean.swift", "FocusFlow/Language/RuleMessages.swift",
        ],
        "confirm": ["FocusFlow/Spec/FieldRules.swift", "FocusFlow/Spec/FlowSpec+DirectDecoding.swift", "FocusFlowConsole/Language/TerminalWords.swift"],
        "text": [
            "FocusFlow/Spec/FieldRules.swift", "FocusFlow/Spec/FlowSpec.swift", "FocusFlow/Spec/FlowSpec+Codable.swift",
            "FocusFlow/Spec/FlowSpec+DirectDecoding.swift",
            "FocusFlow/Spec/FlowSpecError+English.swift", "FocusFlow/Spec/FlowSpecError+Korean.swift",
            "FocusFlow/Language/RuleMessages.swift", "FocusFlowCheck/FlowExplorer.swift", "FocusFlowCheck/FlowInvariants.swift",
        ],
    ]

    /// Whether `file` (a path from `Sources/`) is one of `kind`'s own: its reducer, its
    /// conformance, its screen.
    static func isOwn(_ file: String, kind: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        let type = kind.prefix(1).uppercased() + kind.dropFirst()
        // The text kind's screen serves the secure one too; the multi-select's shares the option screen.
        let screens: [String: [String]] = ["multiSelect": ["OptionScreen", "OptionPicker"], "select": ["OptionScreen", "OptionPicker"],
                                           "number": ["SteppedScreen"], "date": ["SteppedScreen"]]
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

    @Test("No shared file beyond the listed ones names a kind's words, and each listed one still does", arguments: vocabularies)
    func vocabularyStaysHome(vocabulary: Vocabulary) throws {
        let found = try Self.files(naming: vocabulary)
        let listed = Self.shared[vocabulary.kind] ?? []
        for file in found.subtracting(listed).sorted() {
            Issue.record("""
                Sources/\(file) names the \(vocabulary.kind) kind's words (\(vocabulary.pattern)): a shared file must ask \
                the kind (its FieldBehavior conformance) rather than spell what only one kind means.
                """)
        }
        for file in listed.subtracting(found).sorted() {
            Issue.record("Sources/\(file) no longer names the \(vocabulary.kind) kind's words: take it off KindVocabularyTests.shared.")
        }
    }

    @Test("The rule finds a word in code and not in a comment")
    func ruleCanFail() throws {
        let expression = try NSRegularExpression(pattern: Self.vocabularies[0].pattern)
        #expect(Self.code(of: "if rules.minSelected != nil {").contains(expression))
        #expect(!Self.code(of: "/// at least `minSelected` options").contains(expression))
        #expect(!Self.code(of: "let x = 1 // minSelected").contains(expression))
        #expect(Self.isOwn("FocusFlow/Fields/MultiSelectFieldReducer+Field.swift", kind: "multiSelect"))
        #expect(!Self.isOwn("FocusFlow/Spec/FieldRules.swift", kind: "multiSelect"))
    }
}

extension Substring {
    fileprivate func contains(_ expression: NSRegularExpression) -> Bool {
        let text = String(self)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
