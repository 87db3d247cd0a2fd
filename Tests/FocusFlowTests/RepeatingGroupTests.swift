import Foundation
import PseudoTerminalSupport
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck

/// Repeating groups: read alike by both loaders, refused with their place in English and
/// Korean, walked item by item with the question whether to add another between the bounds,
/// back and forward across items, the answer an array of objects in JSON and in a host's type,
/// and the same walk through `serve` and piped input.
@Suite("Repeating groups")
struct RepeatingGroupTests {
    /// A name, then phone numbers (type, number, an extension only for work), then a note.
    static func json(minItems: Int = 1, maxItems: Int = 3) -> String {
        #"{"id":"contact","title":"Contact","fields":[{"id":"name","label":"Name","rules":{"required":true}},"#
            + #"{"id":"phones","kind":"group","label":{"en":"Phone numbers","ko":"전화번호"},"rules":{"minItems":\#(minItems),"maxItems":\#(maxItems)},"fields":["#
            + #"{"id":"type","kind":"select","label":"Type","options":["mobile","home","work"]},"#
            + #"{"id":"number","label":"Number","keyboard":"phonePad","rules":{"required":true}},"#
            + #"{"id":"ext","label":"Extension","keyboard":"numberPad","when":{"field":"type","equals":"work"}}]},"#
            + #"{"id":"note","label":"Note"}]}"#
    }

    static func flow(minItems: Int = 1, maxItems: Int = 3) throws -> FlowSpec {
        try FlowSpec(json: Data(json(minItems: minItems, maxItems: maxItems).utf8))
    }

    /// The state after answering `answers` in turn, each followed by Next.
    static func walked(_ reducer: FlowReducer, _ answers: [String], from start: FlowReducer.State? = nil) -> FlowReducer.State {
        var state = start ?? reducer.initialState()
        for answer in answers {
            for action in reducer.actions(answering: answer, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        return state
    }

    @Test("Both loaders read a group into its items' fields, each named by its path, with a question before each optional item")
    func loading() throws {
        for directly in [true, false] {
            let spec = try FlowSpec(json: Data(Self.json().utf8), file: nil, directly: directly)
            #expect(
                spec.fields.map(\.id.rawValue) == [
                    "name", "phones[0].type", "phones[0].number", "phones[0].ext", "phones[1]", "phones[1].type", "phones[1].number",
                    "phones[1].ext", "phones[2]", "phones[2].type", "phones[2].number", "phones[2].ext", "note",
                ], "directly: \(directly)")
            #expect(spec.groups.map(\.id) == ["phones"])
            #expect(spec.writtenFieldCount == 3, "name, phones and note, as the file writes them")
            #expect(spec.groups.first?.minItems == 1 && spec.groups.first?.maxItems == 3)
            #expect(spec["phones[1]"]?.kind == .confirm)
            #expect(spec["phones[1]"]?.label == "Add another to Phone numbers?")
            #expect(spec.localized(to: .ko)["phones[1]"]?.label == "전화번호에 하나 더 추가할까요?")
            #expect(spec["phones[2].ext"]?.when == .all([.leaf(field: "phones[2]", test: .equals(true)), .leaf(field: "phones[2].type", test: .equals("work"))]))
            #expect(spec["phones[0].number"]?.section == "Phone numbers 1")
            #expect(spec.localized(to: .ko)["phones[1].number"]?.section == "전화번호 2")
        }
        let unbounded = try FlowSpec(
            json: Data(#"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"a"}]}]}"#.utf8))
        #expect(unbounded.groups.first?.minItems == 0)
        #expect(unbounded.groups.first?.maxItems == FieldGroup.defaultMaxItems)
        #expect(unbounded.fields.first?.id == "g[0]", "with no minimum the first item is asked about too")
    }

    @Test(
        "A misused group is refused with its place, in English and Korean",
        arguments: [
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"h","kind":"group","fields":[{"id":"a"}]}]}]}"#,
                #"fields[0] ("g").fields[0]"#, "a group cannot hold a group", "그룹 안에 그룹을 둘 수 없습니다"
            ),
            (#"{"id":"x","fields":[{"id":"g","kind":"group","fields":[]}]}"#, #"fields[0] ("g").fields"#, "at least one field", "필드가 하나 이상"),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","rules":{"minItems":3,"maxItems":2},"fields":[{"id":"a"}]}]}"#,
                #"fields[0] ("g").rules"#, "minItems 3 is more than maxItems 2", "minItems 3이 maxItems 2보다 큽니다"
            ),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","rules":{"maxItems":51},"fields":[{"id":"a"}]}]}"#,
                #"fields[0] ("g").rules.maxItems"#, "more than 50", "최대 50개"
            ),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","rules":{"maxItems":0},"fields":[{"id":"a"}]}]}"#,
                #"fields[0] ("g").rules.maxItems"#, "must be 1 or more", "1 이상"
            ),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"a","rules":{"matches":"b"}},{"id":"b"}]}]}"#,
                #"fields[0].fields[0] ("a").rules.matches"#, "g[0].b", "g[0].b"
            ),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"a"}]},{"id":"b","when":{"field":"g[0].a","notEmpty":true}}]}"#,
                #"fields[1] ("b").when.field"#, "names a field inside a group", "그룹 안의 필드입니다"
            ),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"a"}]},{"id":"b","when":{"field":"a","notEmpty":true}}]}"#,
                #"fields[1] ("b").when.field"#, "no earlier field", "앞선 필드가 없습니다"
            ),
            (#"{"id":"x","fields":[{"id":"a[1]"}]}"#, "fields[0].id", "holds a bracket", "대괄호"),
            (
                #"{"id":"x","fields":[{"id":"g","kind":"group","fields":[{"id":"a","section":"S"}]}]}"#,
                #"fields[0] ("g").fields[0] ("a").section"#, "no section of its own", "구역을 줄 수 없습니다"
            ),
            (#"{"id":"x","fields":[{"id":"g","kind":"group","size":2,"fields":[{"id":"a"}]}]}"#, #"fields[0] ("g").size"#, "unknown key", "알 수 없는 키"),
        ])
    func refusals(json: String, place: String, english: String, korean: String) throws {
        for directly in [true, false] {
            do {
                _ = try FlowSpec(json: Data(json.utf8), file: "bad.json", directly: directly)
                Issue.record("loaded: \(json)")
            } catch let error as FlowSpecError {
                #expect(error.place.contains(place), "\(error.place)")
                #expect(error.message(in: .en).contains(english), "\(error.message(in: .en))")
                #expect(error.message(in: .ko).contains(korean), "\(error.message(in: .ko))")
            }
        }
        #expect(FlowSpec.problems(in: Array(json.utf8), file: "bad.json").first?.place.contains(place) == true, "validate says the same place")
    }

    @Test(
        "The walk asks for at least minItems items without asking, then whether to add another until maxItems",
        arguments: [(0, 1), (0, 3), (1, 1), (1, 3), (2, 4), (3, 3)], [0, 1, 2, 3, 4])
    func bounds(bounds: (Int, Int), wanted: Int) throws {
        let (minItems, maxItems) = bounds
        let reducer = FlowReducer(spec: try Self.flow(minItems: minItems, maxItems: maxItems))
        var state = Self.walked(reducer, ["Ada"])
        var asked: [Int] = []
        var items = 0
        while state.focus != "note" {
            let focus = try #require(state.focus)
            if reducer.spec.groupQuestion(focus) != nil {
                asked.append(items)
                state = Self.walked(reducer, [items < wanted ? "y" : "n"], from: state)
            } else {
                #expect(focus.rawValue == "phones[\(items)].type", "item \(items) starts with its first field")
                state = Self.walked(reducer, ["home", "0\(items)"], from: state)
                items += 1
            }
        }
        let expected = min(max(wanted, minItems), maxItems)
        #expect(items == expected)
        #expect(asked == (minItems..<maxItems).filter { $0 <= expected }, "asked before items \(asked)")
        state = Self.walked(reducer, [""], from: state)
        guard state.phase == .completed else {
            Issue.record("not completed: \(state.phase)")
            return
        }
        let result = reducer.result(of: state)
        let numbers = (0..<expected).map { #"{"type":"home","number":"0\#($0)"}"# }.joined(separator: ",")
        #expect(result.json == #"{"name":"Ada","phones":[\#(numbers)],"note":""}"#)
        #expect(result.groups.first?.items.count == expected)
        #expect(result.writtenCount == 3, "the keys json writes: name, phones, note")
    }

    @Test("Previous and Next move across items as across fields, and a no keeps the item's answers for a later yes")
    func backAndForth() throws {
        let reducer = FlowReducer(spec: try Self.flow())
        var state = Self.walked(reducer, ["Ada", "mobile", "010", "y", "work"])
        #expect(state.focus == "phones[1].number")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "phones[1].type")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "phones[1]", "back to the question")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "phones[0].number")
        #expect(state.fields["phones[0].number"]?.text == "010", "no text lost")
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "phones[1]")
        state = Self.walked(reducer, ["n"], from: state)
        #expect(state.focus == "note", "a no skips the item's fields")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "phones[1]")
        state = Self.walked(reducer, ["y"], from: state)
        #expect(state.focus == "phones[1].type")
        #expect(state.fields[field: "phones[1].type"]?.answer == .choice("work"), "the item's answer came back")
        state = Self.walked(reducer, ["work", "02", "7", "n", "hi", ""], from: state)
        guard state.phase == .completed else {
            Issue.record("not completed: \(state.phase)")
            return
        }
        let result = reducer.result(of: state)
        #expect(
            result.json
                == #"{"name":"Ada","phones":[{"type":"mobile","number":"010"},{"type":"work","number":"02","ext":"7"}],"note":"hi"}"#)
        #expect(result["phones[1].ext"] == "7")
    }

    struct Contact: Decodable, Equatable {
        struct Phone: Decodable, Equatable {
            var type: String
            var number: String
            var ext: String?
        }
        var name: String
        var phones: [Phone]
        var note: String?
    }

    @Test("A host decodes the group as an array of its own type, a hidden field of an item as nil")
    func typedDecoding() throws {
        let reducer = FlowReducer(spec: try Self.flow())
        let state = Self.walked(reducer, ["Ada", "mobile", "010", "y", "work", "02", "7", "n", "", ""])
        guard state.phase == .completed else {
            Issue.record("not completed: \(state.phase)")
            return
        }
        let result = reducer.result(of: state)
        let contact: Contact = try result.decode()
        #expect(
            contact
                == Contact(name: "Ada", phones: [.init(type: "mobile", number: "010", ext: nil), .init(type: "work", number: "02", ext: "7")], note: nil))
    }

    @Test("A group whose condition hides it is left out of the result, and one with no items is an empty array")
    func hiddenAndEmpty() throws {
        let json =
            #"{"id":"x","fields":[{"id":"more","kind":"confirm"},{"id":"g","kind":"group","when":{"field":"more","equals":true},"fields":[{"id":"a"}]},{"id":"z"}]}"#
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)))
        for (answers, expected) in [(["n", "z"], #"{"more":false,"z":"z"}"#), (["y", "n", "z"], #"{"more":true,"g":[],"z":"z"}"#)] {
            let state = Self.walked(reducer, answers)
            guard state.phase == .completed else {
                Issue.record("not completed: \(state.phase)")
                continue
            }
            let result = reducer.result(of: state)
            #expect(result.json == expected)
        }
    }

    static func file(_ json: String) throws -> URL {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("group-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: path)
        return path
    }

    @Test("serve names an item's field by its path in focus and events, answers the question as a confirm, and completes with the array")
    func serve() throws {
        let path = try Self.file(Self.json())
        defer { try? FileManager.default.removeItem(at: path) }
        let input = ["text Ada", "next", "text mobile", "next", "text 010", "next", "set true", "next", "focus phones[0].number", "text 011", "next", "next"]
        let result = try Command.run(["serve", path.path], input: input.joined(separator: "\n") + "\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#"{"event":"focusMoved","from":"phones[0].number","to":"phones[1]"}"#) }, "\(result.stdout)")
        #expect(lines.contains { $0.contains(#""focus":"phones[1].type""#) }, "\(result.stdout)")
        #expect(lines.contains { $0.contains(#"{"event":"changed","field":"phones[0].number","old":"010","new":"011"}"#) }, "\(result.stdout)")
        let described = try Command.run(["serve", path.path], input: "describe\n")
        #expect(described.stdout.contains(#""groups":[{"id":"phones","label":"Phone numbers","minItems":1,"maxItems":3,"fields":["type","number","ext"]}]"#), "\(described.stdout)")
    }

    @Test(
        "Piped input answers each item's fields and each question with a line, and prints the group as an array",
        arguments: [
            ("Ada\nmobile\n010\nn\nhi\n", #"{"name":"Ada","phones":[{"type":"mobile","number":"010"}],"note":"hi"}"#),
            (
                "Ada\nmobile\n010\ny\nwork\n02\n7\ny\nhome\n03\nhi\n",
                #"{"name":"Ada","phones":[{"type":"mobile","number":"010"},{"type":"work","number":"02","ext":"7"},{"type":"home","number":"03"}],"note":"hi"}"#
            ),
        ])
    func piped(input: String, output: String) throws {
        let path = try Self.file(Self.json())
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Command.run(["run", path.path], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == output + "\n")
    }

    @Test("Piped input that leaves a required field of an item empty names the field by its path")
    func pipedRefusal() throws {
        let path = try Self.file(Self.json())
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Command.run(["run", path.path], input: "Ada\nmobile\n\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("phones[0].number"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
    /// The contact flow with a review, walked to it with three phone numbers.
    static func reviewed() throws -> (FlowReducer, FlowReducer.State) {
        var spec = try Self.flow()
        spec = try FlowSpec(id: spec.id, title: spec.title, entries: spec.entries, review: true)
        let reducer = FlowReducer(spec: spec)
        let state = Self.walked(reducer, ["Ada", "mobile", "010", "y", "home", "020", "y", "work", "030", "9", "note"])
        return (reducer, state)
    }

    @Test(
        "The review removes an item by any path into it, later items move up, and never below minItems",
        arguments: [
            (["phones[1]"], #"[{"type":"mobile","number":"010"},{"type":"work","number":"030","ext":"9"}]"#),
            (["phones[1].number"], #"[{"type":"mobile","number":"010"},{"type":"work","number":"030","ext":"9"}]"#),
            (["phones[0]"], #"[{"type":"home","number":"020"},{"type":"work","number":"030","ext":"9"}]"#),
            (["phones[2].ext"], #"[{"type":"mobile","number":"010"},{"type":"home","number":"020"}]"#),
            (["phones[0]", "phones[0]", "phones[0]"], #"[{"type":"work","number":"030","ext":"9"}]"#),
            (["phones[3]", "note", "phones"], #"[{"type":"mobile","number":"010"},{"type":"home","number":"020"},{"type":"work","number":"030","ext":"9"}]"#),
        ])
    func reviewRemoves(paths: [String], phones: String) throws {
        let (reducer, walked) = try Self.reviewed()
        var state = walked
        #expect(state.phase == .review)
        for path in paths { _ = reducer.reduce(into: &state, action: .removeItem(FieldID(path))) }
        #expect(state.phase == .review, "removing stays in review")
        #expect(state.reviewed == reducer.spec.fields.map(\.id).filter { reducer.isVisible($0, in: state) }, "the review lists what shows")
        _ = reducer.reduce(into: &state, action: .submit)
        #expect(reducer.result(of: state).json == #"{"name":"Ada","phones":\#(phones),"note":"note"}"#)
    }

    @Test("The review amends a field inside an item and returns to the review; removing is refused outside review")
    func reviewAmends() throws {
        let (reducer, walked) = try Self.reviewed()
        var state = walked
        _ = reducer.reduce(into: &state, action: .focus("phones[1].number"))
        #expect(state.phase == .editing && state.focus == "phones[1].number")
        let before = state
        _ = reducer.reduce(into: &state, action: .removeItem("phones[1]"))
        #expect(state == before, "remove changes nothing while editing")
        for action in reducer.actions(answering: "021", in: state) { _ = reducer.reduce(into: &state, action: action) }
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.phase == .review)
        _ = reducer.reduce(into: &state, action: .submit)
        #expect(reducer.result(of: state)["phones[1].number"] == "021")
    }

    @Test("serve removes an item in review with a remove request, and says why it cannot below minItems or outside review")
    func serveRemove() throws {
        let path = try Self.file(Self.json().replacingOccurrences(of: #""title":"Contact","#, with: #""title":"Contact","review":true,"#))
        defer { try? FileManager.default.removeItem(at: path) }
        let walk =
            ["text Ada", "next", "text mobile", "next", "text 010", "next", "remove phones[0]", "set true", "next", "text home", "next"]
            + ["text 020", "next", "set false", "next", "next", "remove phones[0]", "remove phones[0]", "remove phones[5]", "submit"]
        let result = try Command.run(["serve", path.path], input: walk.joined(separator: "\n") + "\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[7] == #"{"error":"remove applies only in review; answer no to the question whether to add an item instead"}"#, "\(result.stdout)")
        #expect(lines[17].hasPrefix(#"{"events":[],"state":{"phase":"review""#), "the first item goes: \(result.stdout)")
        #expect(lines[18] == #"{"error":"\"phones\" holds its fewest items (minItems 1)"}"#, "\(result.stdout)")
        #expect(lines[19] == #"{"error":"\"phones[5]\" names no item of a repeating group (phones[1])"}"#, "\(result.stdout)")
        #expect(lines[20].contains(#""values":{"name":"Ada","phones":[{"type":"home","number":"020"}],"note":""}"#), "\(result.stdout)")
    }
    @Test("check explores the contact flow's items, adds and removes, and holds every invariant")
    func check() throws {
        let result = try Command.run(["check", "Flows/contact.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("invariants hold"), "\(result.stdout)")
    }

    @Test("The invariant holds a completion to each group's bounds: a result with too many items or too few is a breach", arguments: [0, 1, 3, 4])
    func boundsInvariant(items: Int) throws {
        let reducer = FlowReducer(spec: try Self.flow())
        let invariants = FlowInvariants(reducer: reducer)
        var result = FlowResult(answers: [])
        result.groups = [ResultGroup(id: "phones", position: 0, items: Array(repeating: [], count: items))]
        let breach = invariants.groupBreach([.completed(result)])
        #expect((breach == nil) == (1...3).contains(items), "\(String(describing: breach))")
        #expect(breach.map { $0.message(in: .en).contains("outside its bounds 1 to 3") } ?? true)
    }
    @Test("--answers takes a group as an array of objects and --set names an item's field by its path")
    func prefill() throws {
        let answers = FileManager.default.temporaryDirectory.appendingPathComponent("group-answers-\(UUID().uuidString).json")
        try Data(#"{"name":"Ada","phones":[{"type":"home","number":"020"},{"type":"work","number":"030","extension":"7"}],"best":"evening"}"#.utf8)
            .write(to: answers)
        defer { try? FileManager.default.removeItem(at: answers) }
        let filled = try Command.run(["run", "Flows/contact.json", "--answers", answers.path, "--skip-filled"], input: "\n\n")
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(
            filled.stdout
                == #"{"name":"Ada","phones":[{"type":"home","number":"020"},{"type":"work","number":"030","extension":"7"}],"best":"evening"}"# + "\n")
        let set = try Command.run(["run", "Flows/contact.json", "--set", "phones[0].number=010-9999"], input: "Ada\nmobile\n\nn\nevening\n\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == #"{"name":"Ada","phones":[{"type":"mobile","number":"010-9999"}],"best":"evening"}"# + "\n")
        let tooMany = try Command.run(["run", "Flows/contact.json", "--set", "phones[3].number=1"], input: "")
        #expect(tooMany.status == 2 && tooMany.stderr.contains("phones[3].number"), "\(tooMany.stderr)")
    }

    @Test("An answer given to a later item's field says the item is there: its question and those before it say yes unless given", arguments: [1, 2])
    func laterItemGiven(item: Int) throws {
        let reducer = FlowReducer(spec: try Self.flow())
        let state = try reducer.initialState(prefill: FlowPrefill(answers: [FieldID("phones[\(item)].number"): .text("0170")]))
        for question in 1...item { #expect(state.answer(of: FieldID("phones[\(question)]")) == .bool(true), "phones[\(question)]") }
        if item < 2 { #expect(state.answer(of: "phones[2]") != .bool(true), "the question after it is the walk's to ask") }
        // A no given with it stays a no: the person said the item is not there.
        let said = try reducer.initialState(prefill: FlowPrefill(answers: ["phones[1]": .bool(false), FieldID("phones[\(item)].number"): .text("0170")]))
        #expect(said.answer(of: "phones[1]") == .bool(false))
        // From the command line, walked through: nothing given is dropped.
        let set = try Command.run(
            ["run", "Flows/contact.json", "--set", "phones[1].type=mobile", "--set", "phones[1].number=0170", "--skip-filled"],
            input: "Ada\nhome\n020\nn\nevening\n\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == #"{"name":"Ada","phones":[{"type":"home","number":"020"},{"type":"mobile","number":"0170"}],"best":"evening"}"# + "\n")
    }

    @Test("An item's text names a field of its own item by its id, and an earlier field outside the group by its own")
    func itemText() throws {
        let spec = try FlowSpec(
            json: Data(
                #"""
                {"id":"g","title":"G","fields":[{"id":"name","label":"Name"},{"id":"phones","kind":"group","label":"Phones","rules":{"maxItems":2},
                 "fields":[{"id":"type","kind":"select","label":"Type for {name}","options":["mobile","work"]},
                           {"id":"number","label":{"en":"{type} number","ko":"{type} 번호"},"hint":"{{type}} is {type}"}]}]}
                """#.utf8))
        let store = FlowStore(spec: spec)
        store.send(.field(.textChanged("Ada")))
        store.send(.next)
        store.send(.field(.set(true)))
        store.send(.next)
        #expect(store.state.focus == "phones[0].type")
        #expect(store.text(.label, of: "phones[0].type") == "Type for Ada")
        store.send(.field(.select("work")))
        store.send(.next)
        #expect(store.text(.label, of: "phones[0].number") == "work number")
        #expect(store.text(.hint, of: "phones[0].number") == "{type} is work")
        #expect(store.text(.label, of: "phones[1].number") == " number", "item 1's type is not answered")
        let korean = FlowStore(spec: spec.localized(to: .ko))
        #expect(korean.reducer.spec["phones[0].number"]?.namedAnswers == ["phones[0].type"])
    }

    @Test("--answers reads [] as no items for a group with no fewest items, and as an empty multi-select beside it")
    func emptyArray() throws {
        let flow = try ScratchFolder.write(
            #"{"id":"e","title":"E","fields":[{"id":"langs","kind":"multiSelect","label":"Languages","options":["a","b"]},{"id":"phones","kind":"group","label":"Phones","fields":[{"id":"number","label":"Number"}]}]}"#,
            named: "empty-group", ".json")
        let answers = try ScratchFolder.write(#"{"langs":[],"phones":[]}"#, named: "empty-answers", ".json")
        // The question whether to add an item is the walk's to ask: its default, no, takes the empty line.
        let filled = try Command.run(["run", flow, "--answers", answers, "--skip-filled"], input: "\n")
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(filled.stdout == #"{"langs":[],"phones":[]}"# + "\n", "\(filled.stderr)")
    }

    @Test("serve's snapshot keeps each item's answers under their paths, and a restore goes on in the same item")
    func snapshot() throws {
        let walk = ["text Ada", "next", "text mobile", "next", "text 010", "next", "set true", "next", "snapshot"]
        let taken = try Command.run(["serve", "Flows/contact.json"], input: walk.joined(separator: "\n") + "\n")
        let last = try #require(taken.stdout.split(separator: "\n").last.map(String.init))
        #expect(last.contains(#""answers":{"name":"Ada","phones[0].number":"010","phones[0].type":"mobile","phones[1]":true,"phones[2]":false}"#), "\(last)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let snapshot = try JSONSerialization.data(withJSONObject: try #require(object["snapshot"]))
        let restore = #"{"action":"restore","snapshot":"# + String(decoding: snapshot, as: UTF8.self) + "}"
        let restored = try Command.run(["serve", "Flows/contact.json"], input: restore + "\ntext home\nnext\ntext 020\nnext\nnext\n")
        #expect(restored.stdout.contains(#""focus":"phones[1].type""#), "\(restored.stdout)")
        #expect(restored.stdout.contains(#"{"event":"changed","field":"phones[1].number","old":"","new":"020"}"#), "\(restored.stdout)")
    }
    @Test("Line mode's review removes the item an answer is in with -N, and refuses it at minItems")
    func lineModeRemove() throws {
        let removed = try Command.run(["run", "Flows/contact.json"], input: "Ada\nmobile\n010\ny\nhome\n020\nn\nevening\n-2\n\n")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == #"{"name":"Ada","phones":[{"type":"home","number":"020"}],"best":"evening"}"# + "\n")
        let refused = try Command.run(["run", "Flows/contact.json"], input: "Ada\nmobile\n010\nn\nevening\n-2\n\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 6: at the review, -N removes the item of a repeating group"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }
}
