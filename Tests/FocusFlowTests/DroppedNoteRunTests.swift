import Foundation
import PseudoTerminalSupport
import Testing

/// Piped input says which answers an amendment dropped, in the flow's language: one line on
/// stderr, labels only.
@Suite("Scripted runs: dropped answers")
struct DroppedNoteRunTests {
    static let flow = #"""
        {"id":"d","title":"D","review":true,"fields":[
         {"id":"plan","label":"Plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
         {"id":"company","label":"Company","when":{"field":"plan","equals":"team"}},
         {"id":"vat","label":"VAT number","when":{"field":"company","notEmpty":true}},
         {"id":"pin","label":"PIN","secure":true,"when":{"field":"plan","equals":"team"}},
         {"id":"note","label":"Note","when":{"field":"plan","equals":"team"}},
         {"id":"email","label":"Email"}]}
        """#

    @Test(
        "Amending the plan at the review says the answers it dropped, by label, never the secret",
        arguments: [
            ("en", "Dropped: Company, VAT number, PIN — hidden by Plan\n"),
            ("ko", "빠진 답: Company, VAT number, PIN — Plan 때문에 숨겨짐\n"),
        ])
    func amendDrops(language: String, note: String) throws {
        let path = ScratchFolder.name("dropped", ".json")
        try Data(Self.flow.utf8).write(to: URL(fileURLWithPath: path))
        let input = "team\nAcme\nDE1\n8642\n\nada@example.com\n1\npersonal\n\n"
        let result = try Command.run(["run", "--lang", language, path], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"plan":"personal","email":"ada@example.com"}"# + "\n")
        #expect(result.stderr.components(separatedBy: note).count == 2, "\(result.stderr)")
        #expect(!result.stderr.contains("8642"))
        // The note comes before the summary that no longer lists them.
        let after = result.stderr.components(separatedBy: note).last ?? ""
        #expect(!after.contains("Company"), "\(after)")
    }

    @Test("Nothing is said when the amendment hides no answer")
    func nothingDropped() throws {
        let path = ScratchFolder.name("dropped", ".json")
        try Data(Self.flow.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Command.run(["run", path], input: "team\nAcme\nDE1\n8642\n\nada@example.com\n1\nteam\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("Dropped"), "\(result.stderr)")
    }

    @Test("The note names a dropped field by its label as shown: a label that names an earlier answer shows it")
    func labelAsShown() throws {
        let path = ScratchFolder.name("dropped", ".json")
        let flow = #"""
            {"id":"d","title":"D","review":true,"fields":[
             {"id":"name","label":"Name"},
             {"id":"plan","label":"{name}'s plan","kind":"select","options":[{"value":"personal","label":"Personal"},{"value":"team","label":"Team"}]},
             {"id":"company","label":"{name}'s company","when":{"field":"plan","equals":"team"}}]}
            """#
        try Data(flow.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Command.run(["run", path], input: "Ada\nteam\nAcme\n2\npersonal\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Dropped: Ada's company — hidden by Ada's plan\n"), "\(result.stderr)")
    }
}
