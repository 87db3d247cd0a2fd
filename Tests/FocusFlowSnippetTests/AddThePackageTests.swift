import Foundation
import Testing

/// docs/embedding.md's "Add FocusFlow to your package" and the README's two lines stay the
/// package's: the same lines, every library product in the table, the README's link arriving.
@Suite("Adding the package, as the docs say")
struct AddThePackageTests {
    static func text(_ document: String) throws -> String {
        try String(contentsOf: DocumentSnippets.root.appendingPathComponent(document), encoding: .utf8)
    }

    static func manifest(of document: String) throws -> [String] {
        let fences = DocumentSnippets.fences(in: try text(document)).filter { $0.info == "swift-manifest" }
        try #require(fences.count == 1, "\(document) has \(fences.count) manifest snippets")
        return fences[0].lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("The README's two lines are lines of docs/embedding.md's manifest, and its link reaches that section")
    func readmeLines() throws {
        let readme = try Self.manifest(of: "README.md")
        #expect(readme.count == 2)
        #expect(Set(readme).isSubset(of: try Self.manifest(of: "docs/embedding.md")))
        #expect(try Self.text("README.md").contains("](docs/embedding.md#add-focusflow-to-your-package)"))
        #expect(try Self.text("docs/embedding.md").contains("\n## Add FocusFlow to your package\n"))
    }

    @Test("The table of products names every library product of Package.swift, and no other")
    func productTable() throws {
        let package = try Self.text("Package.swift")
        let products = package.matches(of: #/\.library\(name: "([A-Za-z]+)"/#).map { String($0.output.1) }
        let page = try Self.text("docs/embedding.md")
        let section = try #require(page.split(separator: "\n## ").first { $0.hasPrefix("Add FocusFlow to your package") })
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "`")[1] }.map(String.init)
        #expect(!products.isEmpty)
        #expect(rows == products)
    }
}
