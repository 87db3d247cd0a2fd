import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import PseudoTerminalSupport

/// `FlowSpec.mistakes`, `focusflow validate --strict` and `focusflow check`: an author's mistakes
/// in a flow that loads, each found, at its place in the file, in the flow's language; none on a
/// shipped flow.
@Suite("The author's mistakes")
struct FlowMistakesTests {
    /// A flow with one of each mistake planted, and fields beside them that are fine.
    static let planted = #"""
        {"id":"planted","title":"Planted","fields":[
          {"id":"plan","kind":"select","label":"Plan","rules":{"required":true},"options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]},
          {"id":"n","kind":"number","label":"Count","rules":{"min":1,"max":5}},
          {"id":"big","label":"Big","when":{"field":"n","min":10}},
          {"id":"small","label":"Small","when":{"field":"n","max":2}},
          {"id":"none","label":"None","when":{"field":"plan","notEmpty":false}},
          {"id":"code","label":"Code","keyboard":"numberPad","rules":{"oneOf":["12","ab"]}},
          {"id":"pw","label":"Password","secure":true,"when":{"field":"plan","equals":"a"}},
          {"id":"again","label":"Again","secure":true,"rules":{"matches":"pw"}},
          {"id":"both","kind":"confirm","label":"Both","when":{"all":[{"field":"plan","equals":"a"},{"field":"plan","equals":"b"}]}},
          {"id":"terms","kind":"confirm","label":"Terms","rules":{"equals":true}},
          {"id":"refused","label":"Refused","when":{"field":"terms","equals":false}},
          {"id":"kids","kind":"group","label":"Kids","when":{"field":"n","equals":9},"fields":[{"id":"name","label":"Name"}]},
          {"id":"share","label":"Share","keyboard":"numberPad","rules":{"required":true,"oneOf":["all"]}},
          {"id":"pets","kind":"group","label":"Pets","rules":{"minItems":1},"fields":[
            {"id":"kind","kind":"select","label":"Kind","options":[{"value":"cat","label":"Cat"},{"value":"dog","label":"Dog"}],"rules":{"required":true}},
            {"id":"age","kind":"number","label":"Age","rules":{"max":30},"when":{"field":"kind","equals":"dog"}},
            {"id":"old","label":"Old","when":{"field":"age","min":40}},
            {"id":"color","label":"Color","rules":{"required":true,"oneOf":["red"],"maxLength":2}}]},
          {"id":"sent","label":"Sent code","when":{"field":"n","min":10}},
          {"id":"repeat","label":"Repeat","rules":{"required":true,"matches":"sent"}},
          {"id":"optional","label":"Optional","rules":{"matches":"sent"}}
        ]}
        """#

    static let expected: [(FlowMistake.Kind, String)] = [
        (.impossibleTest, #"fields[2] ("big").when.min"#),
        (.neverShown, #"fields[2] ("big")"#),
        (.impossibleTest, #"fields[4] ("none").when.notEmpty"#),
        (.neverShown, #"fields[4] ("none")"#),
        (.unchoosableValue, #"fields[5] ("code").rules.oneOf[1]"#),
        (.matchesHidden, #"fields[7] ("again").rules.matches"#),
        (.neverShown, #"fields[8] ("both")"#),
        (.impossibleTest, #"fields[10] ("refused").when.equals"#),
        (.neverShown, #"fields[10] ("refused")"#),
        (.impossibleTest, #"fields[11] ("kids").when.equals"#),
        (.neverShown, #"fields[11] ("kids")"#),
        (.cannotComplete, #"fields[12] ("share")"#),
        (.unchoosableValue, #"fields[12] ("share").rules.oneOf[0]"#),
        (.impossibleTest, #"fields[13] ("pets").fields[2] ("old").when.min"#),
        (.neverShown, #"fields[13] ("pets").fields[2] ("old")"#),
        (.cannotComplete, #"fields[13] ("pets").fields[3] ("color")"#),
        (.unchoosableValue, #"fields[13] ("pets").fields[3] ("color").rules.oneOf[0]"#),
        (.impossibleTest, #"fields[14] ("sent").when.min"#),
        (.neverShown, #"fields[14] ("sent")"#),
        (.cannotComplete, #"fields[15] ("repeat").rules.matches"#),
        (.matchesHidden, #"fields[16] ("optional").rules.matches"#),
    ]

    @Test("Each planted mistake is found, at its place, and nothing else")
    func planted() throws {
        let spec = try FlowSpec(json: Data(Self.planted.utf8))
        let found = spec.mistakes
        #expect(found.map(\.kind) == Self.expected.map(\.0), "\(found)")
        #expect(found.map(\.place) == Self.expected.map(\.1), "\(found)")
    }

    @Test("Each is said in the flow's language, naming the fields", arguments: [Language.en, .ko])
    func worded(language: Language) throws {
        let spec = try FlowSpec(json: Data(Self.planted.utf8)).localized(to: language)
        let messages = Dictionary(spec.mistakes.map { ($0.place, $0.message) }, uniquingKeysWith: { first, _ in first })
        let said = try #require(messages[#"fields[7] ("again").rules.matches"#])
        #expect(said.contains("\"Again\"") && said.contains("\"Password\""))
        #expect(messages[#"fields[2] ("big").when.min"#]?.contains("\"Count\"") == true)
        #expect(messages[#"fields[5] ("code").rules.oneOf[1]"#]?.contains(#""ab""#) == true)
        let stopped = try #require(messages[#"fields[15] ("repeat").rules.matches"#])
        #expect(stopped.contains("\"Repeat\"") && stopped.contains("\"Sent code\""))
        if language == .ko {
            #expect(messages.values.allSatisfy { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
            #expect(!messages.values.contains { $0.contains(" never ") || $0.contains(" must ") })
        }
    }

    @Test("A test for a number no one can type (more than 15 digits) never holds")
    func untypable() throws {
        let spec = try FlowSpec(
            json: Data(#"{"id":"h","title":"H","fields":[{"id":"n","kind":"number","label":"N"},{"id":"h","label":"H","when":{"field":"n","max":-1e15}}]}"#.utf8))
        #expect(spec.mistakes.map(\.place) == [#"fields[1] ("h").when.max"#, #"fields[1] ("h")"#])
    }

    @Test("No shipped flow has one", arguments: FlowSpecTests.shipped)
    func shipped(name: String) throws {
        #expect(try Fixtures.flow(name).mistakes.isEmpty)
    }

    @Test("A field said never shown is reached by no random walk of a generated flow; one reached with its matches partner hidden is said")
    func neverShownHolds() throws {
        var said = 0
        for seed in UInt64(1)...32 {
            let spec = try FlowSpec(json: Data(FlowGenerator.flow(seed: seed, fields: 12).utf8))
            let never = spec.mistakes.filter { $0.kind == .neverShown }.compactMap { mistake in
                spec.fields.first { mistake.place.hasSuffix("(\"\($0.id)\")") }?.id
            }
            said += never.count
            // And a field reached while the field its `matches` names is hidden is said so.
            let hiddenPartners = Set(spec.mistakes.filter { $0.kind == .matchesHidden }.map(\.place))
            let explorer = FlowExplorer(spec: spec)
            for walk in UInt64(1)...20 {
                _ = VerifyTests.randomWalk(explorer, seed: walk) { state in
                    guard let focus = state.focus else { return }
                    if never.contains(focus) { Issue.record("seed \(seed), walk \(walk): \(focus) reached") }
                    if let partner = spec.fields.first(where: { $0.id == focus })?.rules.matches, !explorer.reducer.isVisible(partner, in: state),
                        !hiddenPartners.contains(where: { $0.contains("(\"\(focus)\")") })
                    {
                        Issue.record("seed \(seed), walk \(walk): \(focus) reached with \(partner) hidden, and not said")
                    }
                }
            }
        }
        #expect(said > 0, "no generated flow has a field never shown: the test holds nothing")
    }

    @Test("validate --strict says each and exits 2; without it the flow is valid; check says them beside its proof")
    func commands() throws {
        let file = try ScratchFolder.write(Self.planted, named: "planted", ".json")
        let plain = try Command.run(["validate", file])
        #expect(plain.status == 0 && plain.stdout.hasSuffix(": ok (17 fields)\n"), "\(plain.stdout)")
        let strict = try Command.run(["validate", "--strict", file])
        #expect(strict.status == 2 && strict.stdout.isEmpty)
        let lines = strict.stderr.split(separator: "\n")
        #expect(lines.count == Self.expected.count, "\(strict.stderr)")
        #expect(lines.first == "\(file): fields[2] (\"big\").when.min: \"Count\" takes no answer that passes this test, so the test never holds.")
        // check explores too: a small flow with one mistake, whose invariants hold.
        let small = try ScratchFolder.write(
            #"{"id":"s","title":"S","fields":[{"id":"show","kind":"confirm","label":"Show?"},{"id":"pw","label":"Password","secure":true,"when":{"field":"show","equals":true}},{"id":"again","label":"Again","secure":true,"rules":{"matches":"pw"}}]}"#,
            named: "mistake", ".json")
        let check = try Command.run(["check", small])
        // Said, and the proof's exit status kept: validate --strict is the gate.
        #expect(check.status == 0)
        // Said before what the exploration proved, which stays the last line.
        let mistake = "\(small): fields[2] (\"again\").rules.matches: \"Again\" must match \"Password\", which some answers hide while \"Again\" is shown."
        #expect(check.stdout.hasSuffix("\n\(mistake)\nall 17 invariants hold on every edge explored\n"), "\(check.stdout)")
        let shipped = try Command.run(["validate", "--strict", "Flows/team.json", "Flows/signup.json"])
        #expect(shipped.status == 0 && shipped.stderr.isEmpty, "\(shipped.stderr)")
    }
}
