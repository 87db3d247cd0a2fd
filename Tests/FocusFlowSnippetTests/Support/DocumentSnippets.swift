import Foundation

/// The Swift snippets of the README and the manual, and the copies of them this target compiles.
///
/// A document's snippet is a fenced block whose info string is `swift`, numbered from 1 in the
/// document's order. Its copy sits in a file of this target between two comments,
///
///     // snippet docs/embedding.md 2
///     …the snippet, verbatim…
///     // end snippet
///
/// indented as the opening comment is: at the top of the file (a snippet that declares, such as
/// a `@Test` function) or one level into the function that runs it (a snippet of statements).
/// A snippet's `import` lines cannot go into a function, so they are compared with the file's
/// instead: a file holding a snippet that imports imports exactly what the snippet does, and
/// Swift Testing. A snippet with no `import` line continues the page around it (a `store` from the
/// snippet before, a host's own `api`), and the function around it supplies those names.
enum DocumentSnippets {
    /// The package's top folder, found from this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// This target's folder, whose files hold the copies.
    static let folder = root.appendingPathComponent("Tests/FocusFlowSnippetTests")

    /// Fences whose info string starts with `swift` but whose block is no host code, so that no
    /// target compiles it: a package manifest's lines (`.package(url:…)` in a `dependencies:` list)
    /// only mean something inside a Package.swift, and the host fixture builds those.
    static let excludedFences: Set<String> = ["swift-manifest"]

    /// README.md, every page of docs/ and the libraries' DocC catalogs, as paths from the top
    /// folder, but those of ``uncompiledCatalogs``.
    static let documents: [String] = {
        func pages(_ folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.sorted().map { "\(folder)/\($0)" }
        }
        let catalogs = pages("Sources").flatMap(pages).filter { $0.hasSuffix(".docc") }.flatMap(pages)
        return ["README.md"] + (pages("docs") + catalogs).filter { $0.hasSuffix(".md") && !uncompiledCatalogs.keys.contains($0) }
    }()

    /// The catalogs whose snippets this target does not compile, and why.
    static let uncompiledCatalogs = [
        "Sources/FocusFlowTerminal/FocusFlowTerminal.docc/FocusFlowTerminal.md":
            "FocusFlowTerminal needs GNU readline; this target depends on the products that need the Swift toolchain alone",
        "Sources/FocusFlowConsole/FocusFlowConsole.docc/FocusFlowConsole.md": "FocusFlowConsole needs libtinfo, as above",
    ]

    /// A fenced block of a document.
    struct Fence: Equatable {
        /// The info string: `swift`, `sh`, `swift-manifest`.
        var info: String
        /// The block's lines, the fence's own indentation taken off.
        var lines: [String]
        /// The line of the opening fence, from 1.
        var line: Int
    }

    /// Every fenced block of `text`, in order.
    static func fences(in text: String) -> [Fence] {
        var fences: [Fence] = []
        var open: (info: String, indent: Int, line: Int)?
        var lines: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if let block = open {
                if trimmed.hasPrefix("```") && trimmed.allSatisfy({ $0 == "`" }) {
                    fences.append(Fence(info: block.info, lines: lines, line: block.line))
                    open = nil
                } else {
                    lines.append(String(line.dropFirst(min(block.indent, indent))))
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), indent, number + 1)
                lines = []
            }
        }
        return fences
    }

    /// The Swift snippets of `document` (a path from the top folder), numbered from 1.
    static func snippets(of document: String) throws -> [Fence] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        return fences(in: text).filter { $0.info == "swift" }
    }

    /// A snippet's copy in a file of this target.
    struct Copy {
        var document: String
        var ordinal: Int
        /// The lines between the two comments, the opening comment's indentation taken off.
        var lines: [String]
        /// The file that holds it, from the top folder, and the line of its opening comment.
        var file: String
        var line: Int
        /// The `import` lines of that file.
        var fileImports: Set<String>
    }

    static let opening = "// snippet "
    static let closing = "// end snippet"

    /// Every copy in this target's files, and the markers that open no well-formed copy.
    static func copies() throws -> (copies: [Copy], problems: [String]) {
        var copies: [Copy] = []
        var problems: [String] = []
        for (file, lines) in try files() {
            let imports = imports(of: lines)
            var open: (document: String, ordinal: Int, indent: Int, line: Int)?
            var body: [String] = []
            for (number, line) in lines.enumerated() {
                let indent = line.prefix { $0 == " " }.count
                let trimmed = String(line.dropFirst(indent))
                if let copy = open {
                    if trimmed == closing {
                        copies.append(Copy(document: copy.document, ordinal: copy.ordinal, lines: body, file: file, line: copy.line, fileImports: imports))
                        open = nil
                    } else if trimmed.hasPrefix(opening) {
                        problems.append("\(file):\(number + 1): a snippet opens before the one at line \(copy.line) ends (`\(closing)`)")
                    } else {
                        body.append(line.isEmpty ? line : String(line.dropFirst(min(indent, copy.indent))))
                        if !line.isEmpty && indent < copy.indent { problems.append("\(file):\(number + 1): indented less than its `\(opening)…` comment") }
                    }
                } else if trimmed.hasPrefix(opening) {
                    let words = trimmed.dropFirst(opening.count).split(separator: " ")
                    if words.count == 2, let ordinal = Int(words[1]) {
                        open = (String(words[0]), ordinal, indent, number + 1)
                        body = []
                    } else {
                        problems.append("\(file):\(number + 1): write `\(opening)DOCUMENT N`, as `// snippet docs/embedding.md 2`")
                    }
                } else if trimmed == closing {
                    problems.append("\(file):\(number + 1): `\(closing)` with no snippet open")
                }
            }
            if let copy = open { problems.append("\(file):\(copy.line): the snippet never ends (`\(closing)`)") }
        }
        return (copies, problems)
    }

    /// This target's Swift files, as paths from the top folder, and their lines.
    static func files() throws -> [(file: String, lines: [String])] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            return ("Tests/FocusFlowSnippetTests/\(path)", text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// A file's `import` lines, attributed ones (`@testable import`) too.
    static func imports(of lines: [String]) -> Set<String> {
        Set(lines.filter { $0.hasPrefix("import ") || ($0.hasPrefix("@") && $0.contains(" import ")) })
    }

    /// `lines` without the `import` lines they start with and the blank lines after them.
    static func body(_ lines: [String]) -> (imports: [String], body: [String]) {
        let imports = lines.prefix { $0.hasPrefix("import ") }
        let rest = lines.dropFirst(imports.count).drop { $0.isEmpty }
        return (Array(imports), Array(rest))
    }
}
