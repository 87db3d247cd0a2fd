import Foundation
import Testing
@testable import FocusFlow
@testable import FocusFlowCheck
import FocusFlowProtocol
import PseudoTerminalSupport

/// `FlowSpec.verify`, `focusflow verify` and `serve`'s `verify`: answers held to exactly what a
/// walk enforces, without a walk. The answers a completed walk prints always verify; an answer
/// the walk would have refused never does.
@Suite("Verifying answers with the flow")
struct VerifyTests {
    static let team = #"{"name":"Ada","plan":"team","country":"us","company":"Acme","city":"seoul","phones":[{"type":"mobile","number":"0101234"},{"type":"work","number":"0207"}],"terms":true}"#

    static func answers(_ json: String) throws -> [FieldID: FieldAnswer] { try FlowPrefill.answers(json: Array(json.utf8)) }

    /// Walks `spec` at random from its start (seeded), pressing Next more often than anything
    /// else and never cancelling, until it completes or `steps` requests were made: the state
    /// it ended in; `visit` sees each state on the way.
    static func randomWalk(
        _ explorer: FlowExplorer, seed: UInt64, steps: Int = 1_000, visiting visit: (FlowReducer.State) -> Void = { _ in }
    ) -> FlowReducer.State {
        var random = FlowGenerator.Random(seed: seed)
        let reducer = explorer.reducer
        var state = reducer.initialState()
        for _ in 0..<steps where state.phase == .editing || state.phase == .review {
            var requests = explorer.requests(from: state).filter { $0 != .cancel }
            if state.phase == .review { requests += Array(repeating: .submit, count: requests.count) }
            // On, and the host saying yes: what a person and a service mostly do.
            let onward = requests.filter { request in
                switch request {
                case .next, .options(_, .list), .checked(_, .ok), .sent(_, .ok): true
                default: false
                }
            }
            if random.chance(2, in: 5), !onward.isEmpty { requests = onward }
            guard let request = requests.isEmpty ? FlowRequest.next : Optional(random.pick(requests)), let action = request.action else { continue }
            _ = reducer.reduce(into: &state, action: action)
            visit(state)
        }
        return state
    }

    /// The lists the walk held, as a host gave them.
    static func lists(_ state: FlowReducer.State) -> [FieldID: [FieldOption]] { state.optionLists.compactMapValues(\.options) }

    @Test("The answers a completed walk prints always verify: random walks of every shipped flow", arguments: FlowSpecTests.shipped)
    func completedWalksVerify(name: String) throws {
        let spec = try Fixtures.flow(name)
        let explorer = FlowExplorer(spec: spec)
        var completed = 0
        for seed in UInt64(1)...40 {
            let state = Self.randomWalk(explorer, seed: seed)
            guard state.phase == .completed else { continue }
            completed += 1
            let printed = explorer.reducer.result(of: state).json
            let problems = spec.verify(try Self.answers(printed), optionLists: Self.lists(state))
            #expect(problems.isEmpty, "seed \(seed): \(printed) -> \(problems)")
        }
        #expect(completed >= 5, "\(name): only \(completed) of 40 walks completed")
    }

    @Test("An answer set changed in one field so that the walk refuses it never verifies", arguments: FlowSpecTests.shipped)
    func refusedChangesNeverVerify(name: String) throws {
        let spec = try Fixtures.flow(name)
        let explorer = FlowExplorer(spec: spec)
        let reducer = explorer.reducer
        var tried = 0
        for seed in UInt64(1)...12 {
            let state = Self.randomWalk(explorer, seed: seed)
            guard state.phase == .completed else { continue }
            let lists = Self.lists(state)
            let answers = try Self.answers(reducer.result(of: state).json)
            for field in spec.fields {
                // The values the explorer types or chooses, one the options lack, and none.
                var changes: [FieldAnswer?] = [nil]
                changes += (explorer.values[field.id] ?? []).compactMap { try? reducer.answer(parsing: $0, for: field.id) }
                changes += (explorer.options[field.id] ?? []).map { FieldAnswer.choice($0) } + [.choice("not-an-option"), .choices(["not-an-option"])]
                for change in changes {
                    var changed = answers
                    changed[field.id] = change
                    guard changed != answers else { continue }
                    // The walk's own judge: a walk prefilled with them refuses them (a value of the
                    // wrong type, one that breaks the rules of a field shown, an unknown id).
                    var prefill = FlowPrefill(answers: changed)
                    prefill.optionLists = lists
                    let walk = Result { try reducer.initialState(prefill: prefill) }
                    let problems = spec.verify(changed, optionLists: lists)
                    if case .failure(let refusal) = walk {
                        tried += 1
                        #expect(!problems.isEmpty, "\(field.id) = \(String(describing: change)): the walk refuses (\(refusal)), verify finds nothing")
                    }
                    // A required field shown and left without an answer: the walk would ask it.
                    if change == nil, field.rules.required, reducer.isVisible(field.id, in: state), spec.groupQuestion(field.id) == nil {
                        #expect(problems.contains { $0.field == field.id }, "\(field.id) removed: \(problems)")
                    }
                }
            }
        }
        #expect(tried > 0 || ["login"].contains(name), "\(name): no change the walk refuses was tried")
    }

    @Test("Every problem is said in one run, each with its path, in field order, and in Korean too", arguments: [Language.en, .ko])
    func everyProblem(language: Language) throws {
        let spec = try Fixtures.flow("team").localized(to: language)
        let bad = #"{"name":"","plan":"gold","country":"kr","company":"Acme","phones":[{"type":"fax","number":"01"},{"type":"work","number":"0207"}],"terms":false,"nickname":"x"}"#
        let problems = spec.verify(try Self.answers(bad))
        #expect(problems.map(\.field.rawValue) == ["name", "plan", "company", "city", "phones[0].type", "phones[0].number", "terms", "nickname"], "\(problems)")
        #expect(problems.map(\.reason) == [.breaksRule, .wrongType, .hidden, .breaksRule, .wrongType, .breaksRule, .breaksRule, .unknownField])
        let expected =
            language == .en
            ? ["Your name is required.", "Company is not asked with these answers, so it takes none.", "Office city is required."]
            : ["이름 항목은 필수입니다.", "이 답으로는 회사 항목을 묻지 않으므로 답을 받지 않습니다.", "사무실 도시 항목은 필수입니다."]
        #expect([problems[0], problems[2], problems[3]].map(\.message) == expected)
        #expect(spec.verify(try Self.answers(Self.team)).isEmpty)
    }

    @Test("A repeating group is held to its bounds, said once at the group")
    func itemCount() throws {
        let spec = try Fixtures.flow("team")
        let none = spec.verify(try Self.answers(Self.team.replacingOccurrences(of: #""phones":[{"type":"mobile","number":"0101234"},{"type":"work","number":"0207"}]"#, with: #""phones":[]"#)))
        #expect(none == [AnswerProblem(field: "phones", reason: .itemCount, message: "Phone numbers needs at least 1 item.")])
        let item = #"{"type":"mobile","number":"0101234"}"#
        let four = Self.team.replacingOccurrences(of: #""phones":[{"type":"mobile","number":"0101234"},{"type":"work","number":"0207"}]"#, with: "\"phones\":[\(item),\(item),\(item),\(item)]")
        #expect(spec.verify(try Self.answers(four)) == [AnswerProblem(field: "phones", reason: .itemCount, message: "Phone numbers takes at most 3 items.")])
    }

    @Test("Checks named are asked as a walk asks them, of fields shown whose answers passed, in field order; a refusal and an unavailable check are problems")
    func checks() throws {
        let spec = try Fixtures.flow("signup")
        let posted = try Self.answers(
            #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"admin","phone":"+82 10 1234 5678","code":"654321"}"#)
        var asked: [CheckRequest] = []
        let problems = spec.verify(posted, checking: ["nickname-free", "code-valid"]) { request in
            asked.append(request)
            return request.name == "nickname-free" ? .refused("taken") : .unavailable
        }
        #expect(asked.map(\.field) == ["nickname", "code"])
        #expect(asked.first?.value == .text("admin"))
        // The answers before the field, as a walk gives them: the secure ones left out.
        #expect(asked.first?.answers.answers.map(\.field) == ["email"])
        #expect(problems.map(\.reason) == [.refusedByCheck, .checkUnavailable])
        #expect(problems.first?.message == "taken")
        // No walk to try again in or go back from: the words say only that it was not made.
        #expect(problems.last?.message == "Verification code could not be checked.", "\(problems)")
        // A check not named is not asked; one of a field that breaks a rule is not either.
        var none = 0
        let broken = try Self.answers(#"{"email":"ada@example.com","password":"hunter2-secret","confirm":"x","nickname":"","phone":"+82 10 1234 5678","code":"1"}"#)
        _ = spec.verify(broken, checking: ["nickname-free", "code-valid"]) { _ in
            none += 1
            return .ok
        }
        #expect(none == 0)
        _ = spec.verify(posted, checking: ["code-valid"]) { request in
            #expect(request.name == "code-valid")
            return .ok
        }
    }

    @Test("focusflow verify --check runs the check's program as run does; a name no field checks is a usage mistake")
    func checkPrograms() throws {
        let posted = #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"admin","phone":"+82 10 1234 5678","code":"123456"}"#
        let refused = try Command.run(
            ["verify", "Flows/signup.json", "-", "--check", "nickname-free=Flows/signup-check.sh", "--check", "code-valid=Flows/signup-check.sh"], input: posted)
        #expect(refused.status == 1 && refused.stdout == "stdin: nickname: \"admin\" is taken; try another nickname\n", "\(refused.stdout)")
        let broken = try Command.run(["verify", "Flows/signup.json", "-", "--check", "code-valid=exit 3", "--format", "json"], input: posted)
        #expect(broken.stdout.contains(#""field":"code","reason":"checkUnavailable""#), "\(broken.stdout)")
        let unknown = try Command.run(["verify", "Flows/signup.json", "-", "--check", "nick=true"], input: posted)
        #expect(unknown.status == 2 && unknown.stderr.contains(#""nickname-free""#), "\(unknown.stderr)")
    }

    @Test("A signal that ends verify while a check's program runs ends the program too, then verify by that signal", arguments: ["TERM", "HUP"])
    func signalEndsCheckProgram(signal: String) throws {
        let posted = #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"ada","phone":"+82 10 1234 5678","code":"123456"}"#
        // The program says its process id, then waits far longer than the test: only an end
        // that reaches it stops it. (SIGINT a shell ignores for a command it runs in the
        // background, so the test sends the others; Ctrl-C takes the same way.)
        let result = try Command.shell(
            """
            dir=$(mktemp -d)
            printf '%s' "$POSTED" > "$dir/posted.json"
            "$FOCUSFLOW" verify Flows/signup.json "$dir/posted.json" --check "code-valid=echo \\$\\$ > $dir/pid; exec sleep 60" --check "nickname-free=echo ok" &
            verifying=$!
            for _ in $(seq 300); do [ -s "$dir/pid" ] && break; sleep 0.05; done
            kill -\(signal) "$verifying"
            wait "$verifying"
            echo "status $?"
            if kill -0 "$(cat "$dir/pid")" 2>/dev/null; then echo "left running"; kill -KILL "$(cat "$dir/pid")"; else echo "ended"; fi
            rm -rf "$dir"
            """, environment: ["POSTED": posted])
        let number = signal == "TERM" ? SIGTERM : SIGHUP
        #expect(result.stdout == "status \(128 + number)\nended\n", "\(result.stdout) \(result.stderr)")
    }

    @Test("A folder named as the answers is said to be one, by verify and by run --answers")
    func folderAsAnswers() throws {
        let verify = try Command.run(["verify", "Flows/login.json", "Flows"])
        #expect(verify.status == 2 && verify.stderr.contains("Flows: a folder, not a file of answers"), "\(verify.stderr)")
        let run = try Command.run(["run", "Flows/login.json", "--answers", "Flows"])
        #expect(run.status == 2 && run.stderr.contains("Flows: a folder, not a file of answers"), "\(run.stderr)")
    }

    @Test("verify takes the flow or the answers from stdin, not both: a usage error", arguments: [["-", "-"], ["/dev/stdin", "-"]])
    func bothFromStandardInput(operands: [String]) throws {
        let result = try Command.run(["verify"] + operands, input: Self.team)
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("verify reads the flow or the answers from stdin (-), not both: give the flow as a file"), "\(result.stderr)")
    }

    @Test("verify's messages escape what the answers and a check's program say: no control character reaches the terminal")
    func messagesEscaped() throws {
        let key = try Command.run(["verify", "Flows/login.json", "-"], input: #"{"\u001b]2;TITLE\u0007x":1}"#)
        #expect(key.status == 1 && !key.stdout.contains("\u{1B}") && key.stdout.contains(#"\u{1B}]2;TITLE\u{7}x"#), "\(key.stdout.debugDescription)")
        let posted = #"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter2-secret","nickname":"ada","phone":"+82 10 1234 5678","code":"123456"}"#
        let said = try Command.run(
            ["verify", "Flows/signup.json", "-", "--check", #"code-valid=printf '\033]2;X\007bad \342\200\256code\n'; exit 1"#, "--check", "nickname-free=echo ok"], input: posted)
        #expect(said.status == 1 && said.stdout.contains(#"\u{1B}]2;X\u{7}bad \u{202E}code"#), "\(said.stdout.debugDescription)")
        #expect(!said.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 || $0.value == 0x202E })
    }

    @Test("A group its condition hides is not counted: what a walk prints with it hidden verifies")
    func hiddenGroup() throws {
        let spec = try FlowSpec(
            json: Data(
                #"{"id":"g","title":"G","fields":[{"id":"more","kind":"confirm","label":"More?"},{"id":"kids","kind":"group","label":"Kids","when":{"field":"more","equals":true},"rules":{"minItems":1},"fields":[{"id":"name","label":"Name"}]}]}"#
                    .utf8))
        #expect(spec.verify(try Self.answers(#"{"more":false}"#)).isEmpty)
        #expect(spec.verify(try Self.answers(#"{"more":true}"#)).map(\.reason) == [.itemCount])
        let hidden = spec.verify(try Self.answers(#"{"more":false,"kids":[{"name":"A"}]}"#))
        #expect(hidden.map(\.reason) == [.hidden] && hidden.map(\.field) == ["kids"], "\(hidden)")
        #expect(spec.verify(try Self.answers(#"{"more":false,"kids":[{}]}"#)).map(\.field) == ["kids"])
    }

    @Test("An answer in exponent form is read as the number it is: 1e-7 has seven decimals, hidden or shown")
    func exponent() throws {
        let spec = try Fixtures.flow("plan")
        let shown = spec.verify(try Self.answers(#"{"plan":"team","country":"kr","seats":1e-7}"#))
        #expect(shown.map(\.field) == ["seats"] && shown[0].message.contains("whole number"), "\(shown)")
        #expect(spec.verify(try Self.answers(#"{"plan":"team","country":"kr","seats":1.2e1}"#)).isEmpty)
        #expect(spec.verify(try Self.answers(#"{"plan":"personal","country":"kr","seats":1e-7}"#)).map(\.reason) == [.hidden])
    }

    @Test("A group given whole and by its items' paths too is refused as answers that cannot be read")
    func givenTwice() throws {
        #expect(throws: PrefillError.self) { try Self.answers(#"{"name":"Ada","phones":[],"phones[0].number":"0100"}"#) }
        let twice = try Command.run(["verify", "Flows/contact.json", "-"], input: #"{"name":"Ada","phones":[{"type":"mobile","number":"010"}],"phones[1]":false}"#)
        #expect(twice.status == 2 && twice.stderr.contains(#""phones" is given whole and by the path "phones[1]" too"#), "\(twice.stderr)")
        // Paths alone, as --set writes them, are read as ever.
        #expect(try Self.answers(#"{"phones[0].number":"0100","phones[1]":false}"#).count == 2)
    }

    @Test("A number with more digits than anyone can type is refused, as typing refuses it")
    func digits() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"n","title":"N","fields":[{"id":"n","kind":"number","label":"N"}]}"#.utf8))
        for huge in ["1e300", "-1000000000000000", "12345678901234567890123"] {
            #expect(spec.verify(try Self.answers(#"{"n":\#(huge)}"#)).map(\.message) == ["N takes at most 15 digits."], "\(huge)")
        }
        #expect(spec.verify(try Self.answers(#"{"n":999999999999999}"#)).isEmpty)
    }

    @Test("A multi-select answer naming an option twice is not one a walk writes")
    func optionTwice() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"m","title":"M","fields":[{"id":"tags","kind":"multiSelect","label":"Tags","options":[{"value":"a","label":"A"}]}]}"#.utf8))
        let twice = spec.verify(try Self.answers(#"{"tags":["a","a"]}"#))
        #expect(twice.map(\.reason) == [.wrongType] && twice.first?.message == #""a" is chosen twice for "tags"; name each option once"#, "\(twice)")
        #expect(spec.verify(try Self.answers(#"{"tags":["a"]}"#)).isEmpty)
    }

    @Test("Answers naming an item's fields by path, as --set does, say the item is there, as a walk reads them")
    func itemsByPath() throws {
        var answers = try Self.answers(Self.team)
        answers = answers.filter { !$0.key.rawValue.hasPrefix("phones[") }
        answers["phones[0].type"] = .text("mobile")
        answers["phones[0].number"] = .text("0101234")
        answers["phones[1].type"] = .text("work")
        answers["phones[1].number"] = .text("0207")
        let spec = try Fixtures.flow("team")
        #expect(spec.verify(answers).isEmpty, "\(spec.verify(answers))")
        // A no given with them stays a no: the second item's answers are then to a hidden field.
        answers["phones[1]"] = .bool(false)
        #expect(spec.verify(answers).map(\.reason) == [.hidden, .hidden], "\(spec.verify(answers))")
    }

    @Test("Options from the service: any value without a list, the list's own with one")
    func serviceOptions() throws {
        let spec = try Fixtures.flow("team")
        let answers = try Self.answers(Self.team)
        #expect(spec.verify(answers).isEmpty)
        #expect(spec.verify(answers, optionLists: ["city": [.init(value: "seoul", label: "Seoul")]]).isEmpty)
        let busan = spec.verify(answers, optionLists: ["city": [.init(value: "busan", label: "Busan")]])
        #expect(busan.map(\.field) == ["city"] && busan.first?.reason == .wrongType, "\(busan)")
    }

    @Test("A secure value never appears in a problem's message", arguments: ["hunter2-secreX", "x", "🔑🔑🔑🔑🔑🔑🔑🔑"])
    func noSecret(confirm: String) throws {
        let spec = try FlowSpec.signup()
        let answers: [FieldID: FieldAnswer] = [
            "email": .text("ada@example.com"), "password": .text("hunter2-secret"), "confirm": .text(confirm), "nickname": .text("ada"),
            "phone": .text("+82 10 1234 5678"), "code": .text("123456"),
        ]
        let problems = spec.verify(answers)
        #expect(!problems.isEmpty)
        for problem in problems {
            #expect(!problem.message.contains("hunter2") && !problem.message.contains(confirm), "\(problem)")
        }
    }

    @Test("focusflow verify: ok and 0, each problem on stdout and 1, a bad flow or unreadable answers 2; - reads stdin; --format json")
    func command() throws {
        let good = try Command.run(["verify", "Flows/team.json", "-"], input: Self.team)
        #expect(good.status == 0 && good.stdout == "stdin: ok\n", "\(good.stderr)")
        let file = try ScratchFolder.write(#"{"name":"Ada","plan":"team","country":"us","phones":[],"terms":true}"#, named: "verify-answers", ".json")
        let bad = try Command.run(["verify", "Flows/team.json", file, "--lang", "ko"])
        #expect(bad.status == 1)
        let lines = bad.stdout.split(separator: "\n").map { String($0.dropFirst(file.count + 2)) }
        let expected = ["company: 회사 항목은 필수입니다.", "city: 사무실 도시 항목은 필수입니다.", "phones: 전화번호 항목은 1개 이상이어야 합니다."]
        #expect(lines == expected, "\(bad.stdout)")
        let json = try Command.run(
            ["verify", "Flows/team.json", "-", "--format", "json"], input: #"{"name":"Ada","plan":"team","country":"us","company":"A","city":"x","phones":[{"type":"work","number":"1"}],"terms":true}"#
        )
        #expect(json.status == 1)
        #expect(json.stdout == #"{"ok":false,"problems":[{"field":"phones[0].number","reason":"breaksRule","message":"Number must be at least 3 characters."}]}"# + "\n")
        let cities = try ScratchFolder.write(#"["busan"]"#, named: "verify-cities", ".json")
        let listed = try Command.run(["verify", "Flows/team.json", "-", "--options", "cities=\(cities)"], input: Self.team)
        #expect(listed.status == 1 && listed.stdout.contains("stdin: city: "), "\(listed.stdout)")
        let misnamed = try Command.run(["verify", "Flows/team.json", "-", "--options", "citys=\(cities)"], input: Self.team)
        #expect(misnamed.status == 2 && misnamed.stderr.contains("citys"), "\(misnamed.stderr)")
        let unreadable = try Command.run(["verify", "Flows/team.json", "-"], input: "{not json")
        #expect(unreadable.status == 2 && unreadable.stderr.hasPrefix("focusflow: stdin:1:2: "), "\(unreadable.stderr)")
        let missing = try Command.run(["verify", "Flows/team.json", "nowhere.json"])
        #expect(missing.status == 2 && missing.stderr == "focusflow: nowhere.json: no such file\n", "\(missing.stderr)")
        let usage = try Command.run(["verify", "Flows/team.json"])
        #expect(usage.status == 2 && usage.stderr.contains("verify needs a flow file and a file of answers"), "\(usage.stderr)")
    }

    @Test("serve: verify answers every problem and leaves the walk as it was")
    func serve() throws {
        var session = try ProtocolSession(spec: Fixtures.flow("team"))
        _ = session.respond(to: .text("Ada"))
        let before = session.state
        let response = session.respond(toLine: Array(#"{"action":"verify","answers":{"name":"Ada","plan":"team","country":"kr","phones":[{"type":"work","number":"0207"}],"terms":true}}"#.utf8))
        #expect(response == #"{"verified":false,"problems":[{"field":"city","reason":"breaksRule","message":"Office city is required."}]}"#)
        #expect(session.state == before)
        #expect(session.respond(to: .verify(Self.team)) == #"{"verified":true,"problems":[]}"#)
        #expect(ProtocolSession.errorMessage(of: session.respond(to: .verify("[1]"))) != nil)
    }
}
