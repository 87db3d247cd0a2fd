import Foundation
import Testing
@testable import FocusFlow

/// `Flows/flow.schema.json` must accept exactly what the loader accepts. Python's `jsonschema`
/// (installed by `.ci/run`) is the independent judge.
@Suite("Flow JSON Schema")
struct SchemaTests {
    @Test("The schema and the loader agree on every shipped and every bad flow")
    func agreement() throws {
        var cases: [(name: String, json: String)] = try FlowSpecTests.shipped.map {
            ($0, try String(contentsOf: Fixtures.root.appendingPathComponent("Flows/\($0).json"), encoding: .utf8))
        }
        // Bad flows that are still JSON objects: the schema can judge those.
        cases += FlowSpecTests.badFlows.enumerated().compactMap { index, bad in
            JSONCursor.firstError(in: Array(bad.0.utf8)) == nil && bad.0.hasPrefix("{") ? ("bad\(index)", bad.0) : nil
        }
        // Text given per language, and bad per-language texts.
        cases += [("languages", LanguageTests.flow)] + LanguageTests.badTexts.enumerated().map { ("badText\($0.offset)", $0.element.0) }
        // A themed flow, and themes the loader refuses.
        cases += [("themed", ThemeSpecTests.themed)] + ThemeSpecTests.badThemes.enumerated().map { ("badTheme\($0.offset)", $0.element.0) }
        // Number fields the loader takes and refuses.
        cases += NumberFlowFileTests.schemaCases
        cases += DatePrefillTests.schemaCases
        cases += CompoundConditionTests.schemaCases
        // Semantic rules a JSON Schema cannot express: references to earlier fields, unique ids,
        // pattern syntax, min ≤ max. The loader refuses these; the schema documents them only.
        let beyondSchema = [
            "duplicate id", "names no earlier field", "does not compile", "no value could pass",
            "is not one of the options", "is not an option of", "so compare it with", "matches compares text",
            "two colours", "needs a colour after it", "two backgrounds", "whose answers have no order",
            "more decimal places than the field's decimals", "a condition may only ask whether it is empty",
            // Where a joiner joins an emoji or a script's letters.
            "only where it joins an emoji sequence",
        ]

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-schema-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, json) in cases { try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).json")) }

        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            v = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                print(path.rsplit('/', 1)[-1], "valid" if v.is_valid(json.load(open(path))) else "invalid")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-c", script, Fixtures.root.appendingPathComponent("Flows/flow.schema.json").path]
            + cases.map { folder.appendingPathComponent("\($0.name).json").path }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let verdicts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema must run (see .ci/run)")

        let schemaSays = Dictionary(
            uniqueKeysWithValues: verdicts.split(separator: "\n").map {
                let parts = $0.split(separator: " ")
                return (String(parts[0].dropLast(5)), parts[1] == "valid")
            })
        #expect(schemaSays.count == cases.count)
        for (name, json) in cases {
            var loaderError: String?
            do { _ = try FlowSpec(json: Data(json.utf8)) } catch { loaderError = "\(error)" }
            if let loaderError, beyondSchema.contains(where: loaderError.contains) { continue }
            #expect(schemaSays[name] == (loaderError == nil), "\(name): loader says \(loaderError ?? "valid"); schema says \(schemaSays[name].map { $0 ? "valid" : "invalid" } ?? "nothing")")
        }
    }
}
