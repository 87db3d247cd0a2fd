import Foundation
import Testing

/// Every Swift snippet of the README and the manual is compiled by this target, verbatim, as a
/// host compiles it (the library products, no `@testable import`), so CI's zero-warning build holds
/// each one to compiling without a warning. `DocumentSnippets` says how a copy is marked.
@Suite("Swift snippets in the docs")
struct DocumentationSnippetTests {
    @Test("The documents read are the README, every page of docs/ and the catalogs of this target's products")
    func documentsRead() throws {
        let documents = DocumentSnippets.documents
        #expect(documents.first == "README.md")
        #expect(documents.contains("docs/embedding.md"))
        for product in ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowSearch", "FocusFlowTesting"] {
            #expect(documents.contains("Sources/\(product)/\(product).docc/\(product).md"))
        }
        for (catalog, reason) in DocumentSnippets.uncompiledCatalogs {
            #expect(FileManager.default.fileExists(atPath: DocumentSnippets.root.appendingPathComponent(catalog).path), "\(catalog), not compiled because \(reason), is gone")
        }
    }

    @Test("Every Swift snippet of a document is compiled, verbatim, by this target", arguments: DocumentSnippets.documents)
    func snippetsCompiled(document: String) throws {
        let (copies, _) = try DocumentSnippets.copies()
        for (index, snippet) in try DocumentSnippets.snippets(of: document).enumerated() {
            let ordinal = index + 1
            let marked = copies.filter { $0.document == document && $0.ordinal == ordinal }
            guard let copy = marked.first else {
                Issue.record(
                    """
                    \(document):\(snippet.line): its Swift snippet \(ordinal) is compiled by no test; copy it into a file of \
                    Tests/FocusFlowSnippetTests between `// snippet \(document) \(ordinal)` and `// end snippet`:
                    \(snippet.lines.joined(separator: "\n"))
                    """)
                continue
            }
            #expect(marked.count == 1, "\(document) \(ordinal) is marked \(marked.count) times: \(marked.map { "\($0.file):\($0.line)" })")
            let (imports, body) = DocumentSnippets.body(snippet.lines)
            #expect(
                DocumentSnippets.body(copy.lines).body == body,
                """
                \(copy.file):\(copy.line): the copy differs from \(document):\(snippet.line); the document's snippet is:
                \(snippet.lines.joined(separator: "\n"))
                """)
            // The snippet's imports are its file's: none missing (the copy would borrow it) and,
            // for a snippet that imports at all, none more than Swift Testing.
            let wanted = Set(imports)
            #expect(wanted.isSubset(of: copy.fileImports), "\(copy.file) does not import \(wanted.subtracting(copy.fileImports).sorted())")
            if !wanted.isEmpty {
                let more = copy.fileImports.subtracting(wanted).subtracting(["import Testing"])
                #expect(more.isEmpty, "\(copy.file) imports \(more.sorted()), which \(document)'s snippet \(ordinal) does not: it would compile only here")
            }
        }
    }

    @Test("Every marked copy is still a snippet of its document, and every marker is well formed")
    func noStaleCopies() throws {
        let (copies, problems) = try DocumentSnippets.copies()
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
        #expect(!copies.isEmpty)
        for copy in copies {
            guard DocumentSnippets.documents.contains(copy.document) else {
                Issue.record("\(copy.file):\(copy.line): no document \(copy.document) (README.md or docs/PAGE.md)")
                continue
            }
            let count = try DocumentSnippets.snippets(of: copy.document).count
            #expect(
                copy.ordinal >= 1 && copy.ordinal <= count,
                "\(copy.file):\(copy.line): \(copy.document) has \(count) Swift snippets, none numbered \(copy.ordinal): remove the copy")
        }
    }

    @Test("No file of this target reaches past what a host sees: no @testable or @_spi import")
    func hostImports() throws {
        for (file, lines) in try DocumentSnippets.files() {
            for line in DocumentSnippets.imports(of: lines) where line.hasPrefix("@") { Issue.record("\(file): \(line)") }
        }
    }

    @Test("A fence that looks like Swift is a snippet or one of the excluded kinds, as written", arguments: DocumentSnippets.documents)
    func swiftFences(document: String) throws {
        let text = try String(contentsOf: DocumentSnippets.root.appendingPathComponent(document), encoding: .utf8)
        for fence in DocumentSnippets.fences(in: text) where fence.info.lowercased().hasPrefix("swift") {
            #expect(
                fence.info == "swift" || DocumentSnippets.excludedFences.contains(fence.info),
                "\(document):\(fence.line): ```\(fence.info) is neither ```swift (compiled) nor one of \(DocumentSnippets.excludedFences.sorted())")
        }
    }
}
