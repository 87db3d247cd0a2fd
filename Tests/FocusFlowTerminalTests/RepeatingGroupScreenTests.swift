import Foundation
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// Repeating groups on the screen: each item's fields under a header that names the item
/// (`Phone numbers 2 · 1/4`), the question whether to add another answered with a key as any
/// confirm is, Shift-Tab back across items, and the review heading each item; in the accessible
/// line mode the same question answered with a line.
@Suite("Repeating groups on the screen and in line mode", .serialized)
struct RepeatingGroupScreenTests {
    static let contact = "Flows/contact.json"

    @Test("A person adds a second phone number with y, goes back across items with Shift-Tab, and gets an array of two")
    func addTwo() throws {
        let tmux = try Tmux(["run", PseudoTerminal.packageRoot.appendingPathComponent(Self.contact).path])
        #expect(tmux.waitFor { $0.first == "Contact details  1/6" }, "counts no item not added: \(tmux.text)")
        tmux.paste("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Contact details  2/6  Phone numbers 1 · 1/3" }, "the question is in no item's section: \(tmux.text)")
        tmux.type("mob")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Number") }, "\(tmux.text)")
        tmux.type("010-1234")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Contact details  4/5  Phone numbers · 1/1" }, "the question, in the group's own section: \(tmux.text)")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Add another to Phone numbers?") && $0.joined(separator: "\n").contains("› Yes / [No]") }, "\(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("› [Yes] / No") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Contact details  5/9  Phone numbers 2 · 1/3" }, "the second item: \(tmux.text)")
        tmux.press("BTab")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Add another to Phone numbers?") }, "back to the question: \(tmux.text)")
        tmux.press("BTab")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Number") && $0.joined(separator: "\n").contains("010-1234") }, "back into the first item, text kept: \(tmux.text)")
        tmux.press("Enter")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first == "Contact details  5/9  Phone numbers 2 · 1/3" }, "\(tmux.text)")
        tmux.type("work")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Number") }, "\(tmux.text)")
        tmux.type("02-555")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Extension") }, "a work number asks for its extension: \(tmux.text)")
        tmux.type("12")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Add another to Phone numbers?") }, "\(tmux.text)")
        tmux.press("n")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Best time to call") }, "\(tmux.text)")
        tmux.type("even")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Check your answers") }, "\(tmux.text)")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("  Phone numbers 1") && $0.joined(separator: "\n").contains("  Phone numbers 2") }, "the review heads each item: \(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(
            tmux.answers
                == #"{"name":"Ada","phones":[{"type":"mobile","number":"010-1234"},{"type":"work","number":"02-555","extension":"12"}],"best":"evening"}"#
                + "\n")
    }

    @Test("The last words count the answers as printed: a group is one answer, whatever its items hold", arguments: ["en", "ko"])
    func lastWordsCountTheGroupOnce(language: String) throws {
        let tmux = try Tmux([], columns: 100, shell: true)
        #expect(tmux.waitFor("$"), "\(tmux.text)")
        let answers = #"{"name":"Ada","phones":[{"type":"mobile","number":"010-1234"},{"type":"work","number":"02-555","extension":"12"}],"best":"evening"}"#
        try Data(answers.utf8).write(to: URL(fileURLWithPath: tmux.folder + "/answers.json"))
        let flow = PseudoTerminal.packageRoot.appendingPathComponent(Self.contact).path
        tmux.type("cd '\(tmux.folder)'; clear; \"$FOCUSFLOW\" run '\(flow)' --lang \(language) --answers answers.json --skip-filled > out.json; echo \"status=$?\"")
        tmux.press("Enter")
        // Every field is filled: the last takes the focus, and its Enter opens the review.
        #expect(tmux.waitFor(language == "en" ? "Best time to call" : "통화"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor(language == "en" ? "Check your answers" : "답을 확인하세요"), "the review: \(tmux.text)")
        tmux.press(language == "en" ? "s" : "ㄴ")
        #expect(tmux.waitFor("status=0"), "\(tmux.text)")
        #expect(tmux.text.contains(language == "en" ? "Contact details: done, 3 answers." : "완료, 답 3개."), "\(tmux.text)")
    }

    /// Walks Flows/contact.json to its review with two phone numbers: mobile 010-1234, home 02-555.
    static func reviewWithTwoPhones() throws -> Tmux {
        let tmux = try Tmux(["run", PseudoTerminal.packageRoot.appendingPathComponent(Self.contact).path])
        #expect(tmux.waitFor { $0.first?.hasPrefix("Contact details  1/") == true }, "\(tmux.text)")
        tmux.paste("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first?.hasPrefix("Contact details  2/") == true }, "\(tmux.text)")
        for (typed, shows) in [("mob", "Number"), ("010-1234", "Add another to Phone numbers?")] {
            tmux.type(typed)
            tmux.press("Enter")
            #expect(tmux.waitFor { $0.joined(separator: "\n").contains(shows) }, "\(tmux.text)")
        }
        tmux.press("y")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first?.contains("Phone numbers 2 · 1/") == true }, "\(tmux.text)")
        for (typed, shows) in [("home", "Number"), ("02-555", "Add another to Phone numbers?")] {
            tmux.type(typed)
            tmux.press("Enter")
            #expect(tmux.waitFor { $0.joined(separator: "\n").contains(shows) }, "\(tmux.text)")
        }
        tmux.press("n")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Best time to call") }, "\(tmux.text)")
        tmux.type("even")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Check your answers") }, "\(tmux.text)")
        return tmux
    }

    @Test("At the review, d on a row of the first phone number removes it, the second moves up, and the fewest items refuse another")
    func removeAtReview() throws {
        let tmux = try Self.reviewWithTwoPhones()
        #expect(!tmux.text.contains("d remove item"), "the hint shows only on a row in an item: \(tmux.text)")
        tmux.press("Down")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("d remove item") }, "on the first item's type: \(tmux.text)")
        tmux.press("d")
        #expect(
            tmux.waitFor { !$0.joined(separator: "\n").contains("010-1234") && $0.joined(separator: "\n").contains("Number: 02-555") },
            "the second item moved up: \(tmux.text)")
        #expect(!tmux.text.contains("Phone numbers 2"), "\(tmux.text)")
        #expect(!tmux.text.contains("d remove item"), "the fewest items: d would remove nothing: \(tmux.text)")
        tmux.press("DC")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Phone numbers keeps at least 1 item.") }, "\(tmux.text)")
        tmux.press("s")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Ada","phones":[{"type":"home","number":"02-555"}],"best":"evening"}"# + "\n")
    }

    @Test("Amending the question to yes from the review: the key line says Enter goes on to the new item, and review only on its last field")
    func amendToAnotherItem() throws {
        let tmux = try Self.reviewWithTwoPhones()
        // Name, two items of two answers each, then the question: five rows down.
        for _ in 0..<5 { tmux.press("Down") }
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix("› Add another to Phone numbers?") } }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Enter review") }, "answered no, Enter goes back: \(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("› [Yes] / No") && $0.joined(separator: "\n").contains("Enter next") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.first?.contains("Phone numbers 3 · 1/") == true }, "\(tmux.text)")
        #expect(tmux.text.contains("Enter next") && !tmux.text.contains("Enter review"), "the item's number is still to ask: \(tmux.text)")
        tmux.type("work")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Number") && $0.joined(separator: "\n").contains("Enter next") }, "\(tmux.text)")
        tmux.type("030")
        tmux.press("Enter")
        // A work number asks its extension: the last new field, whose Enter opens the review.
        #expect(tmux.waitFor { $0.joined(separator: "\n").contains("Extension") && $0.joined(separator: "\n").contains("Enter review") }, "\(tmux.text)")
    }

    @Test(
        "The accessible line mode asks the question in words, in English and Korean, and takes y or n on a line",
        arguments: [
            ([String](), "Add another to Phone numbers?"), (["--lang", "ko"], "전화번호에 하나 더 추가할까요?"),
        ])
    func accessible(options: [String], question: String) throws {
        let terminal = try PseudoTerminal(["run", "--accessible"] + options + [PseudoTerminal.packageRoot.appendingPathComponent(Self.contact).path])
        for answer in ["Ada", "1", "010-1234"] {
            terminal.send(answer + "\n")
        }
        #expect(terminal.waitFor(question), "\(terminal.output)")
        for answer in ["n", "3", ""] { terminal.send(answer + "\n") }
        #expect(terminal.finish() == 0, "\(terminal.output)")
        #expect(terminal.stdoutText == #"{"name":"Ada","phones":[{"type":"mobile","number":"010-1234"}],"best":"evening"}"# + "\n")
    }
    /// A name, then one or two phone numbers.
    static let twoPhones =
        #"{"id":"g","title":"Group","fields":[{"id":"name","label":"Name"},{"id":"phones","kind":"group","label":"Phones","rules":{"minItems":1,"maxItems":2},"fields":["#
        + #"{"id":"type","kind":"select","label":"Type","options":["mobile","home"]},{"id":"number","label":"Number","keyboard":"phonePad"}]}]}"#

    @Test(
        "The same keys add the same items in the terminal and in serve",
        arguments: [
            ([DifferentialKey.paste("Ada"), .enter, .enter, .paste("010"), .enter, .enter], 1),
            ([DifferentialKey.paste("Ada"), .enter, .enter, .paste("010"), .enter, .type("y"), .enter, .down, .enter, .paste("020"), .enter], 2),
        ] as [([DifferentialKey], Int)])
    func sameFronts(keys: [DifferentialKey], items: Int) throws {
        let walk = try DifferentialWalk(flow: Self.twoPhones, keys: keys)
        try walk.expectSameFronts()
        let phones = walk.answers["phones"] as? [[String: String]]
        #expect(phones?.count == items, "\(walk.answers)")
        #expect(phones?.first == ["type": "mobile", "number": "010"], "\(walk.answers)")
        if items == 2 { #expect(phones?.last == ["type": "home", "number": "020"], "\(walk.answers)") }
    }
}
