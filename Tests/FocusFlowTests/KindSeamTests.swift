import Foundation
@testable import FocusFlow
import Testing

/// "A kind is one seam", read off the engine's sources: a field kind is named only in
/// its own file (its reducer and that reducer's `FieldBehavior` conformance), in the file that
/// lists the kinds (`Kinds.swift`: their names, their states with the one switch over them, and
/// their answers) and in the vocabularies a new kind may add rows to (`FieldAction.swift`,
/// `FlowRequest.swift`, `FlowEvent.swift`). The terminal has its own test.
@Suite("A field kind is one seam in the engine")
struct KindSeamTests {
    /// The engine's targets: the terminal (`FocusFlowTerminal`) is checked by its own test.
    static let targets = ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTesting"]

    /// Files that list the kinds or their vocabularies, whatever their folder.
    static let sharedFiles: Set<String> = ["Kinds.swift", "FieldAction.swift", "FlowRequest.swift", "FlowEvent.swift"]

    /// What names one kind in code: a kind's case (`.confirm`, `.select(…)`, `.multiSelect`, as a
    /// kind, a state, an action or a request), a kind's reducer type, a comparison with a kind,
    /// or a kind spelled out (`FieldKind.text`).
    static var kindNames: Regex<AnyRegexOutput> {
        try! Regex(
            #"\.(confirm|select|multiSelect)\b|\b(Confirm|Select|MultiSelect|Number|Date)FieldReducer\b|(^|[^A-Za-z0-9_])kind *(==|!=) *\.|FieldKind\.(text|confirm|select|multiSelect|number|date)\b"#)
    }

    /// A kind's own files: its reducer and whatever sits beside it under the same name
    /// (`ConfirmFieldReducer.swift`, `TextFieldReducer+Field.swift`).
    static func isOwnFile(_ name: String) -> Bool {
        FieldKind.allCases.contains { kind in
            name.hasPrefix(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() + "Field")
        }
    }

    /// The lines of `text` that name a kind, code only (comments are prose), as (line number, line).
    static func kindLines(in text: String) -> [(number: Int, line: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            var code = Substring(raw)
            if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return nil }
            if let comment = code.range(of: " // ") { code = code[..<comment.lowerBound] }
            return code.contains(kindNames) ? (index + 1, raw.trimmingCharacters(in: .whitespaces)) : nil
        }
    }

    @Test("Kinds are named only in their own files and in the kind, state, action, request and event tables", arguments: targets)
    func kindsStayInTheirFiles(target: String) throws {
        let folder = Fixtures.root.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "Sources/\(target) has no Swift files: the target is missing or moved")
        for file in files {
            let name = (file as NSString).lastPathComponent
            guard !Self.sharedFiles.contains(name), !Self.isOwnFile(name) else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in Self.kindLines(in: text) {
                Issue.record(
                    """
                    Sources/\(target)/\(file):\(number) names a field kind (`\(line)`), so adding a kind would have to \
                    touch this file too. Ask the field's kind instead: its `FieldBehavior` conformance (in the kind's \
                    own file), `FieldKind.typesAnswer`/`hasOptions`, or a `FieldState` property.
                    """)
            }
        }
    }

    @Test("The rule sees a kind in code and not in comments")
    func ruleCanFail() {
        let text = """
            /// A `.select` field in prose.
            if field.kind == .text { return }  // the fast path
            let state = FieldState.confirm(.init())
            let x = 1 // .multiSelect in a trailing comment
            """
        #expect(Self.kindLines(in: text).map(\.number) == [2, 3])
        #expect(Self.isOwnFile("TextFieldReducer+Field.swift") && Self.isOwnFile("TextFieldReducer.swift"))
        #expect(!Self.isOwnFile("FlowReducer.swift"))
    }

    @Test("Each kind's conformance speaks for that kind, and its initial state is of that kind", arguments: FieldKind.allCases)
    func conformanceMatchesKind(kind: FieldKind) throws {
        #expect(kind.behavior.kind == kind, "FieldKind.\(kind).behavior is the conformance of \(kind.behavior.kind); fix the switch in Kinds.swift")
        let options: [FieldOption] = kind.hasOptions ? [FieldOption(value: "a")] : []
        let field = FieldSpec(id: "f", kind: kind, options: options)
        #expect(FieldState(field).kind == kind, "a \(kind) field starts in a \(FieldState(field).kind) state; fix \(kind.behavior).wrap")
    }
}
