import Foundation
import Testing

/// Piped input and the accessible line mode on confirm, select and multi-select fields.
@Suite("Choice fields in line mode")
struct ScriptedChoiceTests {
    @Test("A select line answers with the number, the value or the label", arguments: ["2", "pickup", "Pick up in store", " 2 "])
    func select(line: String) throws {
        let result = try Command.run(["run", "Flows/delivery.json"], input: "Ada\n\(line)\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"name":"Ada","method":"pickup","referral":""}"# + "\n")
    }

    @Test(
        "A multi-select line is a comma-separated list of numbers, values or labels; confirm takes y/yes/n/no",
        arguments: [
            ("yes\n1 , sms\n+82 10\n\n", #"{"newsletter":true,"channels":["email","sms"],"phone":"+82 10","language":"ko"}"#),
            ("y\nPost,1\n3\n", #"{"newsletter":true,"channels":["email","post"],"language":"ja"}"#),
            ("yes\ntext, push\n+82 10\nkorean\n", #"{"newsletter":true,"channels":["sms","push"],"phone":"+82 10","language":"ko"}"#),
            ("yes\nEMAIL\n日本\n", #"{"newsletter":true,"channels":["email"],"language":"ja"}"#),
        ])
    func multiSelect(input: String, json: String) throws {
        let result = try Command.run(["run", "Flows/preferences.json"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == json + "\n")
    }

    @Test(
        "An invalid choice line names the field and the options allowed, or the ones it could be",
        arguments: [
            ("Ada\n9\n", "focusflow: line 2: Delivery (method): \"9\" is not one of the options; answer with a number from 1 to 2, a value or a label: 1 Post (post), 2 Pick up in store (pickup)\n"),
            ("Ada\np\n", "focusflow: line 2: Delivery (method): \"p\" could be Post or Pick up in store; type more of it.\n"),
        ])
    func invalidSelect(input: String, message: String) throws {
        let result = try Command.run(["run", "Flows/delivery.json"], input: input)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    @Test("An invalid confirm line says y, yes, n or no")
    func invalidConfirm() throws {
        let result = try Command.run(["run", "Flows/preferences.json"], input: "maybe\n")
        #expect(result.status == 1)
        #expect(result.stderr == "focusflow: line 1: Send me news (newsletter): \"maybe\" is not an answer here; answer y, yes, n or no\n")
    }
}
