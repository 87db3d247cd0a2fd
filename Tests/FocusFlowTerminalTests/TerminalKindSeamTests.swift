import FocusFlow
import FocusFlowConsole
import Foundation
import Testing

/// A field kind is one seam in the terminal: what a kind shows and how its keys act lives in its
/// screen's file under `Sources/FocusFlowConsole/Screens/`, found by the finder's switch
/// (`FieldScreens.swift`, exhaustive, so the compiler asks for a new kind's screen there).
/// Everything else (the session, the renderer, line mode, the theme, the other screens) asks the
/// screen and names no kind, so a new kind's terminal is one file and a case in the finder.
@Suite("Terminal: a field kind is one seam")
struct TerminalKindSeamTests {
    /// What names a kind in code: a pattern, and what it is in a failure's sentence.
    struct KindName: CustomStringConvertible, Sendable {
        var pattern: String
        var what: String
        var description: String { what }
    }

    static let kindNames: [KindName] = [
        KindName(pattern: #"\.kind\b"#, what: "a field's kind (`.kind`)"),
        KindName(pattern: #"\bFieldKind\b"#, what: "the `FieldKind` type"),
        // `.number` is not here: a colour is a `.number` too; `NumberFieldReducer` and `typesFreeText` are.
        KindName(pattern: #"\.(confirm|select|multiSelect)\b"#, what: "a kind's case (`.confirm`, `.select`, `.multiSelect`)"),
        KindName(pattern: #"\b(hasOptions|typesAnswer|typesFreeText)\b"#, what: "a kind's predicate (`hasOptions`, `typesAnswer`, `typesFreeText`)"),
        KindName(pattern: #"\b(Confirm|Select|MultiSelect|Number|Date)FieldReducer\b"#, what: "a kind's reducer"),
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The terminal front's targets: the one with readline and the one without.
    static let targets = ["FocusFlowConsole", "FocusFlowTerminal"]

    /// Every Swift file of the terminal's targets, as a path from `Sources/`.
    static func files() -> [String] {
        var files: [String] = []
        for target in targets {
            let enumerator = FileManager.default.enumerator(atPath: sources.appendingPathComponent(target).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append("\(target)/\(path)") }
            }
        }
        return files.sorted()
    }

    /// Each line of `text` that names a kind, as `file:line`, outside comments.
    static func offences(of name: KindName, in text: String, file: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: name.pattern)
        var found: [String] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            let range = NSRange(code.startIndex..., in: code)
            if expression.firstMatch(in: code, range: range) != nil {
                found.append("Sources/\(file):\(number + 1)")
            }
        }
        return found
    }

    @Test("The terminal's sources are found, and its screens folder has one screen a kind and the finder")
    func screensFolder() throws {
        let files = Self.files()
        for target in Self.targets {
            #expect(files.filter { $0.hasPrefix(target + "/") }.count > 3, "Sources/\(target) was not found under \(Self.sources.path); the test reads the sources from there.")
        }
        for screen in FieldKind.allCases.map(Self.screenName) + ["FieldScreens"] {
            let exists = files.contains("FocusFlowConsole/Screens/\(screen).swift")
            #expect(
                exists,
                "Sources/FocusFlowConsole/Screens/\(screen).swift does not exist: each kind's screen, and what finds one, live in the Screens folder.")
        }
    }

    /// The screen type of `kind`, as its file is named: `MultiSelectScreen`.
    static func screenName(_ kind: FieldKind) -> String { kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() + "Screen" }

    @Test("Each kind is shown by its own screen, which shows a field of that kind", arguments: FieldKind.allCases)
    func everyKindHasItsScreen(kind: FieldKind) throws {
        let options: [FieldOption] = kind.hasOptions ? [FieldOption(value: "a")] : []
        let screen = FieldScreens.screen(for: FieldSpec(id: "f", kind: kind, options: options), words: .korean)
        #expect("\(type(of: screen))" == Self.screenName(kind), "a \(kind) field is shown by \(type(of: screen))")
        #expect(screen.field.kind == kind && screen.words.rules.language == .ko, "the screen shows another field, or not in the words it was given")
    }

    @Test("No file outside Screens/ names a field kind", arguments: kindNames)
    func kindsOnlyInScreens(name: KindName) throws {
        var offences: [String] = []
        for file in Self.files() where !file.hasPrefix("FocusFlowConsole/Screens/") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            offences += try Self.offences(of: name, in: text, file: file)
        }
        let clean = offences.isEmpty
        #expect(
            clean,
            """
            \(offences.joined(separator: ", ")) \(offences.count == 1 ? "names" : "name") \(name.what) outside \
            Sources/FocusFlowConsole/Screens/: what a kind shows and how its keys act belong in its screen \
            (ask the focused FieldScreen instead of branching on the kind there).
            """)
    }

    @Test("Inside Screens/, a kind's case and reducer are named only in that kind's screen and the finder", arguments: FieldKind.allCases)
    func kindOnlyInItsScreen(kind: FieldKind) throws {
        let reducer = "\(kind.reducerType)"
        // A text's, a number's and a date's case reads as other things too (`.text` is a style);
        // their reducers are what names them.
        let caseName = [FieldKind.confirm, .select, .multiSelect].contains(kind) ? "|\\.\(kind.rawValue)\\b" : ""
        let name = KindName(pattern: "\\b\(reducer)\\b" + caseName, what: "the \(kind) kind (`\(reducer)`)")
        let own = "FocusFlowConsole/Screens/\(Self.screenName(kind)).swift"
        var offences: [String] = []
        let finder = "FocusFlowConsole/Screens/FieldScreens.swift"
        for file in Self.files() where file.hasPrefix("FocusFlowConsole/Screens/") && file != own && file != finder {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            offences += try Self.offences(of: name, in: text, file: file)
        }
        #expect(try !Self.offences(of: name, in: "let kind = \(reducer).self", file: own).isEmpty, "the rule does not find \(reducer) named in code: the pattern is wrong")
        #expect(offences.isEmpty, "\(offences.joined(separator: ", ")) \(offences.count == 1 ? "names" : "name") \(name.what), which belongs in Sources/\(own) alone")
    }
}
