import Foundation
import Testing

/// The layers of DESIGN.md, read off the sources: each library target imports only the layers
/// below it, so an arrow pointing up fails here before it reaches a review.
@Suite("Layers: arrows point down only")
struct LayerTests {
    /// A library target and the modules its files may import.
    struct Layer: CustomStringConvertible, Sendable {
        var target: String
        var mayImport: Set<String>
        var description: String { target }
    }

    /// `Foundation` counts as `FoundationEssentials` where it is the `#else` of
    /// `#if canImport(FoundationEssentials)` (a platform without the smaller module).
    static let essentials: Set<String> = ["FoundationEssentials"]

    static let layers: [Layer] = [
        Layer(target: "FocusFlow", mayImport: essentials),
        Layer(target: "FocusFlowProtocol", mayImport: essentials.union(["FocusFlow"])),
        // Dispatch and Synchronization: independent groups are explored side by side.
        Layer(target: "FocusFlowCheck", mayImport: essentials.union(["FocusFlow", "FocusFlowProtocol", "Dispatch", "Synchronization"])),
        Layer(target: "FocusFlowTesting", mayImport: ["FocusFlow", "Testing", "XCTest"]),
        Layer(target: "FocusFlowSearch", mayImport: ["FocusFlow"]),
        Layer(target: "FocusFlowConsole", mayImport: ["FocusFlow", "CConsole", "Glibc"]),
        Layer(target: "FocusFlowTerminal", mayImport: ["FocusFlow", "FocusFlowConsole", "CReadline", "CReadlineSession", "Glibc"]),
        Layer(target: "PseudoTerminalSupport", mayImport: ["Glibc"]),
    ]

    /// The engine's imports beyond Foundation(Essentials), each with its reason: Swift's own
    /// `Observation` and `Synchronization`, RE2 (`CRE2`, with the `RE2` trait) for patterns matched in linear time, and the C library for the `memchr`/`memcmp` speed-up
    /// wall of the option filter and verbatim text (FoundationEssentials does not re-export it).
    static let engineExceptions: [String: Set<String>] = [
        "Store/FlowStore.swift": ["Observation"],
        "Spec/FieldRules.swift": ["Synchronization", "CRE2"],
        "Fields/OptionList.swift": ["Glibc", "Darwin"],
        "Fields/String+Verbatim.swift": ["Glibc"],
    ]

    /// Every `import` in a file, with whether it is the `#else` fallback to FoundationEssentials.
    static func imports(in text: String) -> [(module: String, fallback: Bool)] {
        var found: [(String, Bool)] = []
        var previous = ""
        let guarded = text.contains("#if canImport(FoundationEssentials)")
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            if words.count >= 2, words[0] == "import" {
                found.append((String(words[1]), guarded && previous == "#else"))
            }
            if !line.isEmpty { previous = line }
        }
        return found
    }

    /// The Swift files of a target, as paths relative to its folder.
    static func files(of target: String) throws -> [String] {
        let folder = Fixtures.root.appendingPathComponent("Sources/\(target)")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test("Each library target imports only the layers below it", arguments: layers)
    func importsPointDown(layer: Layer) throws {
        let files = try Self.files(of: layer.target)
        #expect(!files.isEmpty, "Sources/\(layer.target) has no Swift files: the target is missing or moved")
        for file in files {
            let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Sources/\(layer.target)/\(file)"), encoding: .utf8)
            let allowed = layer.mayImport.union(layer.target == "FocusFlow" ? Self.engineExceptions[file] ?? [] : [])
            for (module, fallback) in Self.imports(in: text) where !allowed.contains(module) {
                let foundationFallback = module == "Foundation" && fallback && layer.mayImport.contains("FoundationEssentials")
                #expect(
                    foundationFallback,
                    "Sources/\(layer.target)/\(file) imports \(module), which \(layer.target) may not: it may import \(layer.mayImport.sorted().joined(separator: ", ")) (Foundation only as the #else of #if canImport(FoundationEssentials)). Move the code that needs \(module) to a layer above, or pass what it needs down."
                )
            }
        }
    }

    @Test("The pty helper is test support, not a shipped library")
    func supportIsNoProduct() throws {
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(#".library(name: "PseudoTerminalSupport""#), "PseudoTerminalSupport is a product; remove its .library line from Package.swift")
        for library in ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTesting", "FocusFlowConsole", "FocusFlowTerminal", "FocusFlowSearch"] {
            #expect(manifest.contains(#".library(name: "\#(library)", targets: ["\#(library)"])"#), "Package.swift has no library product \(library)")
        }
    }

    /// The `.target(name: "NAME", …)` entry of `manifest`, to the end of its line.
    static func targetEntry(_ name: String, in manifest: String) -> Substring? {
        guard let start = manifest.range(of: #".target(name: "\#(name)""#) else { return nil }
        return manifest[start.lowerBound...].prefix { $0 != "\n" }
    }

    @Test("Line mode, the answer targets, the screens and the renderer link no readline")
    func consoleLinksNoReadline() throws {
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in ["FocusFlowConsole", "CConsole"] {
            let entry = try #require(Self.targetEntry(target, in: manifest), "Package.swift has no target \(target)")
            for readline in ["CReadline", "\"readline\""] {
                #expect(!entry.contains(readline), "\(target) names \(readline) in Package.swift (`\(entry)`): it must not link readline")
            }
        }
        let folder = Fixtures.root.appendingPathComponent("Sources/CConsole")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }
        #expect(!files.isEmpty, "Sources/CConsole has no C files")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("#include <readline/"), "Sources/CConsole/\(file) includes a readline header")
        }
    }

    @Test("The manifest reader finds a target's entry and what it names")
    func targetEntryReads() {
        let manifest = """
            .target(name: "A", dependencies: ["CReadline"]),
            .target(name: "AB", linkerSettings: [.linkedLibrary("readline")]),
            """
        #expect(Self.targetEntry("A", in: manifest)?.contains("CReadline") == true)
        #expect(Self.targetEntry("AB", in: manifest)?.contains("\"readline\"") == true)
        #expect(Self.targetEntry("B", in: manifest) == nil)
    }

    @Test("RE2 is behind one wall: only CompiledPattern's file names the trait, and imports CRE2 only inside it")
    func re2Wall() throws {
        var naming: [String] = []
        for file in try Self.files(of: "FocusFlow") {
            let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Sources/FocusFlow/\(file)"), encoding: .utf8)
            if text.contains("#if RE2") || text.contains("CRE2") || text.contains("ff_regex") { naming.append(file) }
        }
        #expect(naming == ["Spec/FieldRules.swift"], "RE2 named outside Spec/FieldRules.swift: \(naming)")
        let rules = try String(contentsOf: Fixtures.root.appendingPathComponent("Sources/FocusFlow/Spec/FieldRules.swift"), encoding: .utf8)
        #expect(rules.contains("#if RE2\nimport CRE2\n#endif"), "import CRE2 outside #if RE2: the default build would need libre2-dev")
    }
}
