import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
@testable import FocusFlowConsole
@testable import FocusFlowProtocol

/// Answers in text: a label, placeholder, hint or rule message that names an earlier answer
/// (`"Welcome, {name}"`) is refused at load when it cannot be shown, shows the answer as the
/// review does, changes when an amendment changes the answer, and `check` says when it would show
/// nothing.
@Suite("Answers in text")
struct AnswersInTextTests {
    /// A flow whose field `b` gives `member` (a JSON member of the field object) after `a` and
    /// before `c`, with a secure `pin` first.
    static func flow(_ member: String) -> String {
        #"{"id":"t","title":"T","fields":[{"id":"pin","secure":true},{"id":"a"},{"id":"b",\#(member)},{"id":"c"}]}"#
    }

    static let refusals: [(member: String, path: String, english: String, korean: String)] = [
        (#""label":"Hi {a""#, #"fields[2] ("b").label"#, #"a lone "{" at character 4"#, #"4번째 문자에 짝 없는 "{""#),
        (#""hint":"a} b""#, #"fields[2] ("b").hint"#, #"a lone "}" at character 2"#, #"2번째 문자에 짝 없는 "}""#),
        (#""placeholder":"x {} y""#, #"fields[2] ("b").placeholder"#, "{} at character 3 names no field", "3번째 문자의 {}는 어떤 필드도"),
        (#""rules":{"message":"{zz}"}"#, #"fields[2] ("b").rules.message"#, #""zz" names no earlier field"#, #""zz"라는 앞선 필드가 없습니다"#),
        (#""label":"{c} first""#, #"fields[2] ("b").label"#, #""c" names no earlier field"#, #""c"라는 앞선 필드가 없습니다"#),
        (#""label":"Again {b}""#, #"fields[2] ("b").label"#, "{b} names this field itself", "{b}은(는) 이 필드 자신을"),
        (#""hint":"PIN {pin}""#, #"fields[2] ("b").hint"#, #""pin" is secure: a text never shows its answer"#, #""pin"은(는) 보안 필드라"#),
        (#""label":{"en":"Hi {a}","ko":"{a"}"#, #"fields[2] ("b").label.ko"#, #"a lone "{" at character 1"#, #"1번째 문자에 짝 없는 "{""#),
        (#""rules":{"message":{"en":"ok","ko":"{pin}"}}"#, #"fields[2] ("b").rules.message.ko"#, #""pin" is secure"#, #""pin"은(는) 보안 필드라"#),
        (#""label":"{a{b}""#, #"fields[2] ("b").label"#, #"a lone "{" at character 1"#, #"1번째 문자에 짝 없는 "{""#),
    ]

    @Test("A text that cannot show its answer is refused at load with its place, the same by both loaders, in English and Korean", arguments: refusals)
    func refusedAtLoad(member: String, path: String, english: String, korean: String) throws {
        let bytes = Array(Self.flow(member).utf8)
        #expect(FlowDecodingTests.outcome(bytes, directly: true) == FlowDecodingTests.outcome(bytes, directly: false))
        #expect(FlowDecodingTests.direct(bytes) == nil, "the fast path hands a refused text to the slow one")
        let error = try #require(throws: FlowSpecError.self) { try FlowSpec(json: Data(bytes), file: "t.json") }
        #expect(error.path == path)
        #expect(error.message(in: .en).contains(english), "\(error.message(in: .en))")
        #expect(error.message(in: .ko).contains(korean), "\(error.message(in: .ko))")
        let problems = FlowSpec.problems(in: bytes, file: "t.json")
        #expect(problems.map(\.path) == [path], "validate says it once, at its place")
    }

    @Test("The Swift API refuses what the loaders refuse")
    func swiftRefuses() {
        #expect(throws: FlowSpecError.self) { try FlowSpec(id: "t", title: "T", fields: [.text("a"), .text("b", label: "{b}")]) }
        #expect(throws: FlowSpecError.self) { try FlowSpec(id: "t", title: "T", fields: [.text("a", secure: true), .text("b", label: "{a}")]) }
        #expect(throws: Never.self) { try FlowSpec(id: "t", title: "T", fields: [.text("a"), .text("b", label: "{a}")]) }
    }

    /// The state after answering `lines` in turn, as line mode reads each, each followed by Next.
    static func walked(_ reducer: FlowReducer, _ lines: [String], from start: FlowReducer.State? = nil) -> FlowReducer.State {
        var state = start ?? reducer.initialState()
        for line in lines {
            for action in reducer.actions(answering: line, in: state) { _ = reducer.reduce(into: &state, action: action) }
            _ = reducer.reduce(into: &state, action: .next)
        }
        return state
    }

    static let kinds: [(source: String, line: String, english: String, korean: String)] = [
        (#""kind":"text""#, "Ada", "Ada", "Ada"),
        (#""kind":"select","options":[{"value":"team","label":{"en":"Team plan","ko":"팀 요금제"}},"solo"]"#, "team", "Team plan", "팀 요금제"),
        (#""kind":"multiSelect","options":[{"value":"sms","label":"SMS"},"email",{"value":"post","label":"Post"}]"#, "3,1", "SMS, Post", "SMS, Post"),
        (#""kind":"confirm""#, "y", "yes", "예"),
        (#""kind":"confirm""#, "n", "no", "아니요"),
        (#""kind":"number","decimals":1"#, "2.5", "2.5", "2.5"),
        (#""kind":"date""#, "1990-04-23", "1990-04-23", "1990-04-23"),
    ]

    @Test("A text shows the answer as the review shows it, for every kind and in both languages", arguments: kinds)
    func resolvedPerKind(source: String, line: String, english: String, korean: String) throws {
        let json =
            #"{"id":"k","title":"K","fields":[{"id":"s","label":"Source",\#(source)},"#
            + #"{"id":"t","label":{"en":"Got {s}.","ko":"{s} 받음."},"hint":"[{s}]","placeholder":"<{s}>","rules":{"required":true,"message":"Need {s}"}}]}"#
        for (language, expected, label) in [(Language.en, english, "Got \(english)."), (.ko, korean, "\(korean) 받음.")] {
            let reducer = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)).localized(to: language))
            let state = Self.walked(reducer, [line])
            #expect(state.focus == "t")
            #expect(reducer.text(.label, of: "t", in: state) == label)
            #expect(reducer.text(.hint, of: "t", in: state) == "[\(expected)]")
            #expect(reducer.text(.placeholder, of: "t", in: state) == "<\(expected)>")
            #expect(reducer.field("t", in: state)?.rules.message == "Need \(expected)")
            let row = ReviewAnswers.shown(reducer.spec.fields[0], state.answer(of: "s"), mask: "•", words: language == .en ? .english : .korean)
            #expect(row == expected, "the review and the text show one answer alike")
        }
    }

    @Test(
        "Doubled braces are literal braces",
        arguments: [("{{a}} is {a}", "{a} is Ada"), ("{{}}", "{}"), ("}}{{", "}{"), ("{{{a}}}", "{Ada}"), ("no braces", "no braces")])
    func literalBraces(label: String, shown: String) throws {
        let reducer = FlowReducer(spec: try FlowSpec(id: "t", title: "T", fields: [.text("a"), .text("b", label: label)]))
        #expect(reducer.text(.label, of: "b", in: Self.walked(reducer, ["Ada"])) == shown)
    }

    @Test("An unanswered, empty or hidden answer shows as nothing")
    func nothing() throws {
        let spec = try FlowSpec(
            id: "t", title: "T",
            fields: [
                .text("a"), .text("b", when: FieldCondition(field: "a", test: .equals("show"))), .text("c", label: "[{a}|{b}]"),
            ])
        let reducer = FlowReducer(spec: spec)
        #expect(reducer.text(.label, of: "c", in: reducer.initialState()) == "[|]")
        #expect(reducer.text(.label, of: "c", in: Self.walked(reducer, [""])) == "[|]")
        #expect(reducer.text(.label, of: "c", in: Self.walked(reducer, ["show", "B"])) == "[show|B]")
        // Amending `a` hides `b`: its answer is kept, but the text shows it no more.
        var state = Self.walked(reducer, ["show", "B"])
        _ = reducer.reduce(into: &state, action: .previous)
        _ = reducer.reduce(into: &state, action: .previous)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("hide")))
        #expect(state.answer(of: "b") == .text("B"))
        #expect(reducer.text(.label, of: "c", in: state) == "[hide|]")
    }

    /// Name, then a nickname whose texts name it; review.
    static let welcome = try! FlowSpec(
        id: "w", title: "W",
        fields: [
            .text("name", label: "Name", required: true),
            .text("nick", label: "Welcome, {name}: choose a nickname", hint: "{name}'s nickname", required: true, message: "{name}, pick one"),
        ], review: true)

    @Test("An amendment from the review changes every text that names the answer, and the messages that say them")
    func amendment() throws {
        let store = FlowStore(spec: Self.welcome)
        store.send(.field(.textChanged("Ada")))
        store.send(.next)
        #expect(store.text(.label, of: "nick") == "Welcome, Ada: choose a nickname")
        #expect(store.send(.next).contains(.invalid(field: "nick", message: "Ada, pick one")), "the rule's message is shown resolved")
        store.send(.field(.textChanged("ace")))
        store.send(.next)
        #expect(store.state.phase == .review)
        store.send(.focus("name"))
        store.send(.field(.textChanged("Grace")))
        store.send(.next)
        #expect(store.state.phase == .review)
        #expect(store.text(.label, of: "nick") == "Welcome, Grace: choose a nickname")
        #expect(store.field("nick")?.hint == "Grace's nickname")
        let rows = ReviewAnswers(reducer: store.reducer, state: store.state, mask: "•").rows
        #expect(rows.map(\.label) == ["Name", "Welcome, Grace: choose a nickname"])
        // The flow as written keeps the template.
        #expect(store.reducer.spec["nick"]?.label == "Welcome, {name}: choose a nickname")
        #expect(store.reducer.spec["nick"]?.namedAnswers == ["name"])
    }

    @Test("A field without a named answer reads its text as written; an unknown field or a missing text reads nil")
    func testStoreReads() throws {
        let reducer = FlowReducer(spec: Self.welcome)
        let state = Self.walked(reducer, ["Ada"])
        #expect(reducer.text(.label, of: "nick", in: state) == "Welcome, Ada: choose a nickname")
        #expect(reducer.text(.label, of: "name", in: state) == "Name")
        #expect(reducer.text(.placeholder, of: "name", in: state) == nil)
        #expect(reducer.text(.label, of: "nobody", in: state) == nil)
    }

    @Test("A built-in message names the field by its label as shown")
    func builtInMessage() throws {
        let spec = try FlowSpec(id: "t", title: "T", fields: [.text("a"), .text("b", label: "{a}'s code", required: true)])
        let reducer = FlowReducer(spec: spec)
        var state = Self.walked(reducer, ["Ada"])
        #expect(reducer.reduce(into: &state, action: .next).contains(.invalid(field: "b", message: "Ada's code is required.")))
    }

    @Test("Each language's text names answers: the Korean one shows them when the flow is in Korean")
    func perLanguage() throws {
        let json =
            #"{"id":"l","title":"L","fields":[{"id":"name"},{"id":"agree","kind":"confirm"},"#
            + #"{"id":"nick","label":{"en":"Nickname","ko":"{name}님의 별명 ({agree})"}}]}"#
        let english = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)))
        #expect(english.text(.label, of: "nick", in: Self.walked(english, ["Ada", "y"])) == "Nickname")
        let korean = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)).localized(to: .ko))
        #expect(korean.text(.label, of: "nick", in: Self.walked(korean, ["Ada", "y"])) == "Ada님의 별명 (예)")
    }

    @Test("A secure value never appears in a text, the review's labels or describe, though its field's neighbours are named")
    func secretNeverShown() throws {
        let secret = "hunter2-secret"
        let spec = try FlowSpec(
            id: "s", title: "S",
            fields: [.text("name"), .text("pin", secure: true), .text("note", label: "{name}, a note", hint: "after {name}")], review: true)
        var session = ProtocolSession(spec: spec)
        var responses = [session.initialResponse()]
        for request in ["text Ada", "next", "text \(secret)", "next", "text x", "next", "describe"] {
            responses.append(session.respond(toLine: Array(request.utf8)))
        }
        let reducer = session.reducer
        let texts = spec.fields.flatMap { field in FieldSpec.Text.allCases.compactMap { reducer.text($0, of: field.id, in: session.state) } }
        #expect(texts.contains("Ada, a note"))
        #expect(!texts.contains { $0.contains(secret) })
        #expect(!ReviewAnswers(reducer: reducer, state: session.state, mask: "•").rows.contains { $0.label.contains(secret) || $0.shown.contains(secret) })
        #expect(!responses.contains { $0.contains(secret) })
    }

    @Test("describe carries each text as shown now, and the templates a field's texts are written with")
    func describe() throws {
        var session = ProtocolSession(spec: Self.welcome)
        _ = session.respond(toLine: Array(#"{"action":"text","value":"Ada"}"#.utf8))
        _ = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        let described = session.respond(toLine: Array(#"{"action":"describe"}"#.utf8))
        #expect(described.contains(#""label":"Welcome, Ada: choose a nickname","hint":"Ada's nickname""#), "\(described)")
        #expect(described.contains(#""message":"Ada, pick one""#), "\(described)")
        #expect(described.contains(#""templates":{"label":"Welcome, {name}: choose a nickname","hint":"{name}'s nickname","message":"{name}, pick one"}"#), "\(described)")
        #expect(described.components(separatedBy: #""templates""#).count == 2, "only the field that names answers says its templates")
    }

    @Test("serve: describe after an amendment says the new answer in the texts that name it")
    func serveAmendment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answers-in-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("welcome.json")
        try JSONEncoder().encode(Self.welcome).write(to: path)
        let requests = ["text Ada", "next", "text ace", "next", "focus name", "text Grace", "next", "describe"]
        let result = try Command.run(["serve", path.path], input: requests.joined(separator: "\n") + "\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == requests.count + 1, "\(result.stdout)\(result.stderr)")
        #expect(lines.last?.contains(#""label":"Welcome, Grace: choose a nickname""#) == true, "\(lines.last ?? "")")
        #expect(lines.last?.contains("Ada") == false)
    }

    @Test("Piped input: the review's summary names the answer, and the amended one after the review changes it")
    func piped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answers-in-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("welcome.json")
        try JSONEncoder().encode(Self.welcome).write(to: path)
        let result = try Command.run(["run", path.path], input: "Ada\nace\n1\nGrace\n\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"name":"Grace","nick":"ace"}"# + "\n")
        let before = try #require(result.stderr.range(of: "  2. Welcome, Ada: choose a nickname: ace"), "\(result.stderr)")
        let after = try #require(result.stderr.range(of: "  2. Welcome, Grace: choose a nickname: ace"), "\(result.stderr)")
        #expect(before.upperBound <= after.lowerBound)
    }

    @Test("ask: a question has no earlier answer to name, so its label's, hint's and message's braces are braces")
    func askBraces() throws {
        let result = try Command.run(
            ["ask", "text", "Your {key}", "--hint", "a } b", "--placeholder", "{}", "--min-length", "3", "--message", "{key} needs three"],
            input: "ab\n")
        #expect(result.status == 2, "a refused answer, not a refused question: \(result.stderr)")
        #expect(result.stderr == "focusflow: line 1: Your {key}: {key} needs three\n", "\(result.stderr)")
        let answered = try Command.run(["ask", "text", "Your {key}", "--hint", "a } b"], input: "abc\n")
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout == "abc\n")
    }

    /// A text naming an answer that can be hidden while the text shows: `nick`'s label names
    /// `company`, which only a plan of `team` shows.
    static func plantedHiddenName() throws -> FlowSpec {
        try FlowSpec(
            id: "p", title: "P",
            fields: [
                .select("plan", options: ["solo", "team"], required: true),
                .text("company", when: FieldCondition(field: "plan", test: .equals("team"))),
                .text("nick", label: "Nickname at {company}"),
            ])
    }

    @Test("check: a text naming an answer that can be hidden while the text shows is a violation of invariant 17")
    func checkFindsHiddenName() throws {
        let planted = try Self.plantedHiddenName()
        let report = FlowExplorer(spec: planted).run(.init(decompose: true))
        let found = try #require(report.counterexample, "the planted text is found")
        #expect(found.violation.invariant == 17)
        #expect(found.violation.breach == .textNamesHidden("nick", named: "company"))
        #expect(found.violation.message(in: .ko).contains("\"company\""))
    }

    @Test("check: a text whose named field shows whenever it does holds invariant 17")
    func checkNoFalseAlarm() throws {
        let fine = try FlowSpec(
            id: "f", title: "F",
            fields: [
                .select("plan", options: ["solo", "team"], required: true),
                .text("company", when: FieldCondition(field: "plan", test: .equals("team"))),
                .text("nick", label: "Nickname at {company} ({plan})", when: FieldCondition(field: "plan", test: .equals("team"))),
            ], review: true)
        let report = FlowExplorer(spec: fine).run(.init(decompose: true))
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.fieldsFocused.contains("nick"))
    }

    @Test("check finds no text naming a hidden answer in the shipped flows", arguments: FlowSpecTests.shipped)
    func shippedFlows(name: String) throws {
        let spec = try Fixtures.flow(name)
        let invariants = FlowInvariants(reducer: FlowReducer(spec: spec))
        let report = FlowExplorer(spec: spec).run(.init(decompose: true))
        #expect(report.exhaustive && report.notDecomposed == nil, "\(name): \(report.states) states, \(String(describing: report.notDecomposed))")
        #expect(report.counterexample?.violation.invariant != 17, "\(String(describing: report.counterexample))")
        if ["account", "team"].contains(name) { #expect(!invariants.naming.isEmpty, "the \(name) flow names an answer in a text") }
    }
}
