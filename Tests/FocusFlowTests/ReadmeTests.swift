import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol

/// The documentation's examples are run, so that they stay true: the README and the manual in
/// `docs/`, read as one text.
@Suite("README and docs")
struct ReadmeTests {
    static let pages = [
        "README.md", "docs/cli.md", "docs/terminal.md", "docs/flows.md", "docs/embedding.md", "docs/testing.md",
        "docs/architecture.md", "docs/performance.md",
    ]

    static func readme() throws -> String {
        try pages.map { try String(contentsOf: Fixtures.root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    @Test("The README stays a newcomer's page and links every page of the manual")
    func shortReadme() throws {
        let readme = try String(contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
        for page in Self.pages.dropFirst() { #expect(readme.contains("](\(page))"), "the README does not link \(page)") }
    }

    @Test("The README's test command is the one .ci/run runs, and the Makefile's runs the tests with both matchers")
    func testCommand() throws {
        let readme = try String(contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasSuffix("# run the tests") })
        let command = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
        let ci = try String(contentsOf: Fixtures.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains { $0.hasPrefix(command + " 2>&1 | tee") }, "`\(command)` is not what .ci/run runs")
        let makefile = try String(contentsOf: Fixtures.root.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(command != "make test" || makefile.contains("\ntest:\n\tFOCUSFLOW_TEST_MATCHER=both $(SWIFT) test $(TEST_FLAGS)"))
    }

    @Test("The README's flow file is a valid flow")
    func readmeFlow() throws {
        let readme = try String(contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        let open = try #require(readme.range(of: "```json\n"))
        let close = try #require(readme.range(of: "```", range: open.upperBound..<readme.endIndex))
        let spec = try FlowSpec(json: Data(readme[open.upperBound..<close.lowerBound].utf8))
        #expect(spec.fields.map(\.kind) == [.text, .multiSelect, .number])
    }

    /// Words that tell the project's history rather than what it is.
    static let history = [#"this round"#, #"[Ii]ssue #?[0-9]+"#, #"the seed('s)?\b"#, #"[Aa]n earlier round"#, #"[Cc]ut since"#, #"[Bb]efore and after these cuts"#]

    @Test("The README, the manual and the sources speak of the product as it is, never of its history")
    func noHistory() throws {
        let words = try Self.history.map { try Regex($0) }
        var files = Self.pages
        for folder in ["Sources", "Tests"] {
            let root = Fixtures.root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            files += paths.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") || $0.hasSuffix(".md") }
                .map { "\(folder)/\($0)" }
        }
        for file in files where file != "Tests/FocusFlowTests/ReadmeTests.swift" {
            let text = try String(contentsOf: Fixtures.root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in words where line.contains(word) {
                    Issue.record("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    /// The code block after `<!-- name -->`.
    static func block(after marker: String) throws -> String {
        let text = try readme()
        let start = try #require(text.range(of: "<!-- \(marker) -->"))
        let open = try #require(text.range(of: "```python\n", range: start.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test("The Python snippet walks a flow through focusflow serve using only the README")
    func pythonDrivesServe() throws {
        // The snippet starts the server with `swift run`; the test starts the binary it built.
        let script = try Self.block(after: "python-serve")
            .replacingOccurrences(of: #"["swift", "run", "-q", "focusflow","#, with: #"["\#(Command.executable.path)","#)
        #expect(script.contains(Command.executable.path), "the snippet no longer starts focusflow the way the test expects")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.currentDirectoryURL = Fixtures.root
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed == "{'email': 'ada@example.com', 'password': 'hunter2'}\n")
    }

    /// The README's request table, made from ``FlowRequest/table``.
    static func requestTable() -> String {
        var lines = ["| request | applies to | does |", "|---|---|---|"]
        for row in FlowRequest.table {
            let sample: FlowRequest.Value? =
                switch row.argument {
                case .none: nil
                case .string(let key): .string(key == "field" ? "id" : "…")
                case .bool: .bool(true)
                case .int: .int(1)
                case .answer: .answer(ticket: 7, .ok)
                case .object: .string("{…}")
                case .optionList: .options(ticket: 7, .list(["seoul"]))
                }
            let kinds = row.kinds.map { kinds in FieldKind.allCases.filter(kinds.contains).map { "`\($0)`" }.joined(separator: ", ") } ?? "any field"
            lines.append("| `\(row.request(sample).json)` | \(kinds) | \(row.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("The README's request table is the request table, row for row")
    func requestTableMatches() throws {
        #expect(try Self.readme().contains(Self.requestTable()), "replace the README's request table with:\n\(Self.requestTable())")
    }

    @Test("The README names every event the protocol writes", arguments: FlowEvent.Name.allCases)
    func eventsNamed(name: FlowEvent.Name) throws {
        #expect(try Self.readme().contains("`\(name.rawValue)"))
    }
}
