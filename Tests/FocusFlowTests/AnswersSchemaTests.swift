import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import PseudoTerminalSupport

/// `FlowSpec.answersSchema` and `focusflow schema`: Python's `jsonschema` and `verify` judge the
/// same answer sets alike wherever the schema can say the rule at stake, and the schema never
/// refuses what `verify` takes.
@Suite("The answers' JSON Schema")
struct AnswersSchemaTests {
    /// An answers object as parts: each top-level key with its value as JSON text, or a group's
    /// items, each its keys and values.
    struct Answers {
        enum Value {
            case raw(String)
            case items([[(key: String, value: String)]])
        }
        var members: [(key: String, value: Value)] = []

        init(_ result: FlowResult) {
            var inGroup = Set<Int>()
            var groups: [Int: [(String, Value)]] = [:]
            for group in result.groups {
                let items = group.items.map { item in
                    item.map { index in
                        inGroup.insert(index)
                        return (key: group.localID(of: result.answers[index].field), value: Self.text(result.answers[index].answer))
                    }
                }
                groups[group.position, default: []].append((group.id.rawValue, .items(items)))
            }
            for (index, answer) in result.answers.enumerated() {
                members += (groups[index] ?? []).map { (key: $0.0, value: $0.1) }
                if !inGroup.contains(index) { members.append((answer.field.rawValue, .raw(Self.text(answer.answer)))) }
            }
            members += (groups[result.answers.count] ?? []).map { (key: $0.0, value: $0.1) }
        }

        static func text(_ answer: FieldAnswer) -> String {
            var out = JSONWriter()
            answer.write(into: &out)
            return out.text
        }

        var json: String {
            "{"
                + members.map { member in
                    let value: String
                    switch member.value {
                    case .raw(let text): value = text
                    case .items(let items):
                        value = "[" + items.map { "{" + $0.map { JSONText.quote($0.key) + ":" + $0.value }.joined(separator: ",") + "}" }.joined(separator: ",") + "]"
                    }
                    return JSONText.quote(member.key) + ":" + value
                }.joined(separator: ",") + "}"
        }

        /// These answers with `key` (in item `item` of a group) set to `value`, or removed for `nil`.
        func setting(_ key: String, item: (group: String, index: Int)? = nil, to value: String?) -> Answers {
            var copy = self
            if let item {
                guard let at = copy.members.firstIndex(where: { $0.key == item.group }), case .items(var items) = copy.members[at].value,
                    items.indices.contains(item.index)
                else { return copy }
                items[item.index].removeAll { $0.key == key }
                if let value { items[item.index].append((key, value)) }
                copy.members[at].value = .items(items)
                return copy
            }
            copy.members.removeAll { $0.key == key }
            if let value { copy.members.append((key, .raw(value))) }
            return copy
        }
    }

    /// JSON values every field is tried with: of each type, at the edges of lengths and ranges,
    /// days real and not, white space, text a keyboard refuses, and text whose characters are
    /// several code points.
    static let probes: [String] = [
        #""""#, "null", "true", "false", "0", "5", "-1", "2.5", "1e-7", "100000", "[]", #"["o0"]"#, #"["o0","o0"]"#, #""x""#, #""Ada""#,
        #""0101234""#, #""not-an-option""#, #"" ""#, #""\u3000""#, #""a\nb""#, #""2024-02-29""#, #""2023-02-29""#, #""2000-01-01""#,
        #""today""#, #""e\u0301""#, #""a\u2028c""#, "1e300", "-1000000000000000", #""👨‍👩‍👧""#, #""한글""#, #""a@b.co""#, #""Secret1!""#, JSONText.quote(String(repeating: "a", count: 70)), "{}",
    ]

    /// The values the explorer types into or chooses for `field`, as JSON.
    static func values(of field: FieldSpec, explorer: FlowExplorer) -> [String] {
        var values = (explorer.values[field.id] ?? []).map { text -> String in
            if field.kind == .number, let number = Double(text) { return JSONText.number(number) }
            return JSONText.quote(text)
        }
        values += (explorer.options[field.id] ?? []).flatMap { [JSONText.quote($0), "[\(JSONText.quote($0))]"] }
        return values
    }

    /// Python's `jsonschema` on each of `answers`: whether it finds them valid.
    static func judged(_ schema: String, _ answers: [String]) throws -> [Bool] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answers-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("schema.json"), answersFile = folder.appendingPathComponent("answers.jsonl")
        try Data(schema.utf8).write(to: schemaFile)
        try Data(answers.joined(separator: "\n").utf8).write(to: answersFile)
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            for line in open(sys.argv[2], encoding="utf-8"):
                print("valid" if validator.is_valid(json.loads(line)) else "invalid")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schemaFile.path, answersFile.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let verdicts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema must run (see .ci/run): \(said.suffix(600))")
        let lines = verdicts.split(separator: "\n")
        try #require(lines.count == answers.count)
        return lines.map { $0 == "valid" }
    }

    /// Answer sets of `spec`: what completed random walks print, and each of those with one key
    /// (an item's too) removed or set to each probe and each value the explorer tries.
    static func answerSets(_ spec: FlowSpec, walks: Int) -> [String] {
        let explorer = FlowExplorer(spec: spec)
        var sets: [String] = []
        var completed = 0
        for seed in UInt64(1)...40 where completed < walks {
            let state = VerifyTests.randomWalk(explorer, seed: seed)
            guard state.phase == .completed else { continue }
            completed += 1
            let answers = Answers(explorer.reducer.result(of: state))
            sets.append(answers.json)
            var topLevel = Set<String>()
            for field in spec.fields {
                let probes = [nil] + (Self.probes + values(of: field, explorer: explorer)).map(Optional.some)
                if let (group, item, local) = spec.groupItem(of: field.id) {
                    for probe in probes { sets.append(answers.setting(local.rawValue, item: (group.id.rawValue, item), to: probe).json) }
                } else if spec.groupQuestion(field.id) == nil {
                    topLevel.insert(field.id.rawValue)
                    for probe in probes { sets.append(answers.setting(field.id.rawValue, to: probe).json) }
                }
            }
            for group in spec.groups {
                for probe in [nil, "[]", "[{}]", "null", #""x""#] { sets.append(answers.setting(group.id.rawValue, to: probe).json) }
            }
            sets.append(answers.setting("no-such-field", to: #""x""#).json)
        }
        return Array(Set(sets)).sorted()
    }

    /// The field a problem or an unsaid sentence is about, the same for every item of a group.
    static func place(_ field: FieldID) -> String {
        var out = "", skipping = false
        for character in field.rawValue {
            if character == "[" {
                skipping = true
                out += "[]"
            } else if character == "]" {
                skipping = false
            } else if !skipping {
                out.append(character)
            }
        }
        return out
    }

    static let generated: [UInt64] = Array(1...8)

    /// Flows with what the shipped ones lack: a group its condition hides, conditions on an
    /// item's own fields and on numbers by range, `in` and `notEmpty`, keyboards of every kind.
    static let written: [String: String] = [
        "written-empty-text": #"""
        {"id":"empty","title":"Empty","fields":[
          {"id":"code","label":"Code"},
          {"id":"why","label":"Why not?","when":{"field":"code","equals":""}},
          {"id":"pin","label":"PIN","keyboard":"numberPad","when":{"field":"code","in":["0000",""]},"rules":{"pattern":"a.c|[0-9]+"}}
        ]}
        """#,
        "written-group": #"""
        {"id":"kids","title":"Kids","fields":[
          {"id":"more","kind":"confirm","label":"More?","rules":{"required":true}},
          {"id":"kids","kind":"group","label":"Kids","when":{"field":"more","equals":true},"rules":{"minItems":1,"maxItems":2},
           "fields":[{"id":"name","label":"Name","keyboard":"asciiCapable","rules":{"required":true,"maxLength":5}},
                     {"id":"age","kind":"number","label":"Age","rules":{"min":0,"max":17}},
                     {"id":"school","label":"School","keyboard":"asciiCapable","when":{"field":"age","min":6},"rules":{"required":true}}]},
          {"id":"note","label":"Note","keyboard":"numbersAndPunctuation","rules":{"pattern":"[0-9]+(-[0-9]+)?"}}
        ]}
        """#,
        "written-conditions": #"""
        {"id":"conditions","title":"Conditions","fields":[
          {"id":"count","kind":"number","label":"Count","rules":{"min":0,"max":9}},
          {"id":"tags","kind":"multiSelect","label":"Tags","options":[{"value":"a","label":"A"},{"value":"b","label":"B"}],"rules":{"maxSelected":1}},
          {"id":"phone","label":"Phone","keyboard":"phonePad","when":{"field":"count","in":[1,2]},"rules":{"required":true,"minLength":3}},
          {"id":"mail","label":"Mail","keyboard":"emailAddress","when":{"any":[{"field":"tags","equals":"b"},{"not":{"field":"count","max":4}}]},"rules":{"oneOf":["a@b.co","x@y.z"]}},
          {"id":"pin","label":"PIN","keyboard":"numberPad","secure":true,"when":{"field":"phone","notEmpty":true},"rules":{"pattern":"\\d{4}"}},
          {"id":"code","label":"Code","keyboard":"decimalPad","when":{"field":"mail","notEmpty":false},"rules":{"maxLength":3}}
        ]}
        """#,
    ]

    @Test(
        "jsonschema and verify judge alike where the schema says the rule; the schema never refuses what verify takes",
        arguments: FlowSpecTests.shipped + generated.map { "generated-\($0)" } + written.keys.sorted())
    func agreesWithVerify(name: String) throws {
        let spec: FlowSpec
        if let json = Self.written[name] {
            spec = try FlowSpec(json: Data(json.utf8))
        } else if name.hasPrefix("generated-"), let seed = UInt64(name.dropFirst("generated-".count)) {
            spec = try FlowSpec(json: Data(FlowGenerator.flow(seed: seed, fields: 12).utf8))
        } else {
            spec = try Fixtures.flow(name)
        }
        let schema = spec.answersSchema
        let unsaid = Set(schema.unsaid.map { Self.place($0.field) })
        let sets = Self.answerSets(spec, walks: 3)
        let verdicts = try Self.judged(schema.json, sets)
        var judged = (accepted: 0, refused: 0)
        for (answers, schemaTakes) in zip(sets, verdicts) {
            // Answers verify cannot read (an object where a value goes) are no answers at all.
            guard let read = try? VerifyTests.answers(answers) else {
                #expect(!schemaTakes, "\(name): verify cannot read \(answers), the schema takes it")
                continue
            }
            let problems = spec.verify(read)
            if problems.isEmpty {
                #expect(schemaTakes, "\(name): verify takes \(answers), the schema refuses it")
                judged.accepted += 1
                continue
            }
            // A problem on a field of which the schema leaves something unsaid: it may not see it.
            guard problems.allSatisfy({ !unsaid.contains(Self.place($0.field)) }) else { continue }
            #expect(!schemaTakes, "\(name): verify refuses \(answers) (\(problems)), the schema takes it")
            judged.refused += 1
        }
        #expect(judged.accepted >= 3 && judged.refused >= 10, "\(name): too few answer sets judged: \(judged)")
    }

    @Test("Every shipped flow's schema is a valid 2020-12 schema, and the sign-up and team flows say what they leave unsaid")
    func unsaid() throws {
        let signup = try Fixtures.flow("signup").answersSchema
        #expect(signup.unsaid.contains { $0.field == "confirm" && $0.sentence.contains("\"password\"") })
        #expect(!signup.isExact)
        #expect(signup.json.contains(#""description": "Equals the answer to \"password\".""#))
        let team = try Fixtures.flow("team").answersSchema
        #expect(team.isExact, "\(team.unsaid)")
        let korean = try Fixtures.flow("signup").localized(to: .ko).answersSchema
        #expect(korean.unsaid.contains { $0.field == "confirm" && $0.sentence.contains("항목의 답과 같아야") })
    }

    @Test(
        "A flow's pattern is written as ECMA-262 and Python read it alike, or left to the description",
        arguments: [
            (#"[0-9]{6}"#, true, #"^(?:[0-9]{6})(?![\s\S])"#),
            (#"^[^@ ]+@[^@ ]+\.[^@ ]+$"#, false, #"^(?:^[^@ ]+@[^@ ]+\.[^@ ]+(?![\s\S]))(?![\s\S])"#),
            (#"\d+"#, true, #"^(?:[0-9]+)(?![\s\S])"#),
            (#"a.b\-c{x}"#, true, #"^(?:a[^\n\u000B\f\r\u0085\u2028\u2029]b-c\{x\})(?![\s\S])"#),
            (#"(?<year>[0-9]{4})"#, true, #"^(?:(?:[0-9]{4}))(?![\s\S])"#),
        ] as [(String, Bool, String)])
    func portable(pattern: String, ascii: Bool, expected: String) {
        #expect(PortablePattern.translated(pattern, whole: true, asciiOnly: ascii) == expected)
    }

    @Test("What the two would read otherwise is not written", arguments: [#"\d+"#, #"\w"#, #"(?i)abc"#, #"\p{Hangul}"#, #"[[:alpha:]]"#, #"\bword"#])
    func notPortable(pattern: String) {
        #expect(PortablePattern.translated(pattern, whole: true, asciiOnly: false) == nil)
    }

    @Test("focusflow schema prints the schema, in the language asked; a bad flow is 2")
    func command() throws {
        let printed = try Command.run(["schema", "Flows/team.json", "--lang", "ko"])
        #expect(printed.status == 0)
        let team = try Fixtures.flow("team").localized(to: .ko)
        #expect(printed.stdout == team.answersSchema.json)
        #expect(printed.stdout.contains(#""title": "국가""#))
        let bad = try Command.run(["schema", "nowhere.json"])
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
    }
}
