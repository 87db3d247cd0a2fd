import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol
import FocusFlowTesting

/// Checks, sends, live requirements and answers only a person gives: the engine asks, a host
/// answers with the ticket, and every rule is the engine's.
@Suite("Checks, sends, requirements and prefill: false")
struct ServiceTests {
    static let json = """
        {"id":"service","fields":[
          {"id":"phone","label":"Phone"},
          {"id":"nickname","label":"Nickname","check":"nickname-free","rules":{"required":true}},
          {"id":"code","label":"Code","send":"sms-code","resendAfter":30,"expiresAfter":300,"check":"code-valid"},
          {"id":"password","label":"Password","secure":true,"check":"password-ok","requirements":[
            {"minLength":8,"message":"8 or more characters"},{"pattern":"[0-9]","message":"a digit"}]},
          {"id":"terms","kind":"confirm","label":"Terms","prefill":false}
        ]}
        """

    static func spec() throws -> FlowSpec { try FlowSpec(json: Data(json.utf8)) }

    /// A reducer and a state on the nickname, typed `ada`.
    static func onNickname() throws -> (FlowReducer, FlowReducer.State) {
        let reducer = FlowReducer(spec: try spec())
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("ada")))
        return (reducer, state)
    }

    @Test("Next on a field with a check asks with a ticket; focus stays; Next again only says it waits")
    func checkAsks() throws {
        var (reducer, state) = try Self.onNickname()
        let events = reducer.reduce(into: &state, action: .next)
        #expect(events == [.checking(field: "nickname", check: "nickname-free", ticket: 1)])
        #expect(state.focus == "nickname")
        #expect(state.checking == .init(ticket: 1, field: "nickname", check: "nickname-free"))
        #expect(reducer.reduce(into: &state, action: .next) == [.waiting(field: "nickname", ticket: 1)])
        #expect(
            reducer.pendingCheck(in: state)
                == CheckRequest(
                    ticket: 1, field: "nickname", name: "nickname-free", value: .text("ada"), answers: FlowResult(answers: [.init(field: "phone", value: "")])))
    }

    @Test("A passed check moves on as Next would, and the same answer is not checked again")
    func checkPasses() throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        let events = reducer.reduce(into: &state, action: .checked(ticket: 1, .ok))
        #expect(
            events == [
                .checked(field: "nickname", ticket: 1, passed: true), .focusMoved(from: "nickname", to: "code"),
                .sending(field: "code", send: "sms-code", ticket: 2),
            ])
        #expect(state.checked == ["nickname"])
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(reducer.reduce(into: &state, action: .next) == [.focusMoved(from: "nickname", to: "code")])
    }

    @Test("A refusal is the field's error; unavailable says the check could not be made")
    func checkRefused() throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        #expect(
            reducer.reduce(into: &state, action: .checked(ticket: 1, .refused("That nickname is taken"))) == [
                .checked(field: "nickname", ticket: 1, passed: false), .invalid(field: "nickname", message: "That nickname is taken"),
            ])
        #expect(state.error == "That nickname is taken")
        #expect(state.checking == nil)
        // Trying again asks again, with a new ticket.
        #expect(reducer.reduce(into: &state, action: .next) == [.checking(field: "nickname", check: "nickname-free", ticket: 2)])
        _ = reducer.reduce(into: &state, action: .checked(ticket: 2, .unavailable))
        #expect(state.error == "Nickname could not be checked; try again, or go back.")
    }

    @Test(
        "A host's refusal shows its first line as plain words, without escape sequences, control or invisible characters; one that says nothing, or shows a secure value, shows the field's own words",
        arguments: [
            ("Taken\nsecond line", "Taken"), ("\u{1B}[31mTaken\u{1B}[0m", "Taken"), ("  \t ", "Nickname was not accepted."),
            ("", "Nickname was not accepted."), ("\u{9B}2JTaken\u{07}", "Taken"), (String(repeating: "x", count: 300), String(repeating: "x", count: 199) + "…"),
            ("\u{1B}[2J\u{1B}[31mTAKEN\u{1B}]0;pwned-title\u{07}", "TAKEN"), ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ text", "link text"),
            ("\u{1B}(BTaken\u{1B}7\u{1B}c", "Taken"), ("\u{9D}0;title\u{9C}Taken\u{90}q\u{9C}", "Taken"), ("\u{1B}[?1049hTaken\u{1B}[", "Taken"),
            ("\u{1B}]0;never ended", "Nickname was not accepted."), ("Taken \u{202E}olleh\u{202C} \u{2066}x\u{2069}", "Taken olleh x"),
            ("Ta\u{200B}ken\u{FEFF}\u{00AD}", "Taken"), ("Taken\u{2028}second line", "Taken"), ("Taken\u{85}second", "Taken"),
            ("Taken\tagain", "Taken again"), ("이미 있는 닉네임입니다 👩‍💻", "이미 있는 닉네임입니다 👩‍💻"),
        ])
    func refusalShown(message: String, shown: String) throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .refused(message)))
        #expect(state.error == shown)
    }

    @Test("A refusal that repeats a secure field's value shows the field's own words instead")
    func refusalHidesSecret() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"s","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"}]}"#.utf8))
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("hunter22")))
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .refused("hunter22 is too common")))
        #expect(state.error == "Password was not accepted.")
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 2, .refused("Too common")))
        #expect(state.error == "Too common")
    }

    @Test(
        "An edit or leaving the field makes the ticket stale; a stale or unknown ticket changes nothing",
        arguments: [FlowReducer.Action.field(.textChanged("bob")), .previous, .field(.clear)])
    func staleTickets(leave: FlowReducer.Action) throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: leave)
        #expect(state.checking == nil)
        let before = state
        for answer in [ServiceAnswer.ok, .refused("no"), .unavailable] {
            #expect(reducer.reduce(into: &state, action: .checked(ticket: 1, answer)).isEmpty)
            #expect(reducer.reduce(into: &state, action: .checked(ticket: 99, answer)).isEmpty)
            #expect(reducer.reduce(into: &state, action: .sent(ticket: 1, answer)).isEmpty)
        }
        #expect(state == before)
    }

    @Test("A snapshot (a draft) keeps no ticket and no passed check: a resumed walk checks again")
    func resumedChecksAgain() throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .ok))
        #expect(state.focus == "code" && state.checked == ["nickname"] && !state.sends.isEmpty)
        let snapshot = reducer.snapshot(of: state)
        #expect(!snapshot.json.contains("ticket") && !snapshot.json.contains("checked"))
        var restored = try reducer.restore(snapshot)
        #expect(restored.checking == nil && restored.checked.isEmpty)
        // Resumed on the code, the walk reaches it afresh: a new code is asked for, ticket 1.
        #expect(restored.sends == ["code": .init(ticket: 1)] && restored.lastTicket == 1)
        _ = reducer.reduce(into: &restored, action: .previous)
        let asked = reducer.reduce(into: &restored, action: .next)
        #expect(asked.contains { if case .checking(field: "nickname", _, _) = $0 { true } else { false } }, "\(asked)")
    }

    @Test("An edit after a passed check checks again")
    func editedAnswerIsCheckedAgain() throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .ok))
        _ = reducer.reduce(into: &state, action: .previous)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("adb")))
        #expect(state.checked.isEmpty)
        #expect(reducer.reduce(into: &state, action: .next).last == .checking(field: "nickname", check: "nickname-free", ticket: 3))
    }

    @Test("A forward jump stops at a field whose check has not passed, and asks it")
    func jumpAsks() throws {
        var (reducer, state) = try Self.onNickname()
        _ = reducer.reduce(into: &state, action: .previous)
        let events = reducer.reduce(into: &state, action: .focus("password"))
        #expect(events == [.focusMoved(from: "phone", to: "nickname"), .checking(field: "nickname", check: "nickname-free", ticket: 1)])
    }

    /// A state on the code field, its code sent at clock 0.
    static func onCode() throws -> (FlowReducer, FlowReducer.State) {
        var (reducer, state) = try onNickname()
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .ok))
        return (reducer, state)
    }

    @Test("A send's cooldown and expiry run on the clock's ticks, with no sleep")
    func sendCooldown() throws {
        var (reducer, state) = try Self.onCode()
        #expect(reducer.resendIn(state) == nil)
        #expect(reducer.pendingSend(2, in: state)?.answers == FlowResult(answers: [.init(field: "phone", value: ""), .init(field: "nickname", value: "ada")]))
        #expect(reducer.reduce(into: &state, action: .sent(ticket: 2, .ok)) == [.sent(field: "code", ticket: 2, ok: true)])
        #expect(reducer.resendIn(state) == 30)
        _ = reducer.reduce(into: &state, action: .tick(seconds: 12))
        #expect(reducer.resendIn(state) == 18)
        #expect(reducer.reduce(into: &state, action: .resend).isEmpty)
        _ = reducer.reduce(into: &state, action: .tick(seconds: 18))
        #expect(reducer.resendIn(state) == 0)
        #expect(reducer.reduce(into: &state, action: .resend) == [.sending(field: "code", send: "sms-code", ticket: 3)])
        #expect(reducer.reduce(into: &state, action: .sent(ticket: 3, .ok)) == [.sent(field: "code", ticket: 3, ok: true)])
        #expect(reducer.reduce(into: &state, action: .tick(seconds: 299)).isEmpty)
        #expect(reducer.reduce(into: &state, action: .tick(seconds: 1)) == [.expired(field: "code")])
        #expect(reducer.reduce(into: &state, action: .tick(seconds: 100)).isEmpty)
        _ = reducer.reduce(into: &state, action: .field(.textChanged("123456")))
        #expect(reducer.reduce(into: &state, action: .next).last == .invalid(field: "code", message: "Code has expired; send a new one."))
        _ = reducer.reduce(into: &state, action: .resend)
        _ = reducer.reduce(into: &state, action: .sent(ticket: 4, .ok))
        #expect(state.error == nil)
        #expect(reducer.reduce(into: &state, action: .next).last == .checking(field: "code", check: "code-valid", ticket: 5))
    }

    @Test("A walk that starts on a field that sends asks for it at once: the first state, a prefilled start and a restore")
    func firstFieldSends() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"c","fields":[{"id":"phone","label":"Phone"},{"id":"code","label":"Code","send":"sms","resendAfter":30}]}"#.utf8))
        let reducer = FlowReducer(spec: spec)
        let first = try FlowSpec(json: Data(#"{"id":"c","fields":[{"id":"code","label":"Code","send":"sms","resendAfter":30}]}"#.utf8))
        let starting = FlowReducer(spec: first)
        let state = starting.initialState()
        #expect(state.sends["code"]?.ticket == 1 && starting.resendIn(state) == nil)
        #expect(starting.startEvents(of: state) == [.focusMoved(from: nil, to: "code"), .sending(field: "code", send: "sms", ticket: 1)])
        // Prefilled past the phone, the walk starts on the code: its send is the first ticket.
        let skipped = try reducer.initialState(prefill: FlowPrefill(answers: ["phone": .text("555")], skipFilled: true))
        #expect(skipped.focus == "code" && skipped.sends["code"]?.ticket == 1 && skipped.lastTicket == 1)
        #expect(reducer.pendingSend(1, in: skipped)?.answers == FlowResult(answers: [.init(field: "phone", value: "555")]))
        #expect(reducer.initialState().sends.isEmpty, "a walk that starts elsewhere sends nothing yet")
        let session = ProtocolSession(spec: first)
        #expect(session.initialResponse().contains(#"{"event":"sending","field":"code","send":"sms","ticket":1,"answers":{}}"#), "\(session.initialResponse())")
    }

    @Test("A failed send is the field's error and may be sent again at once")
    func sendFails() throws {
        var (reducer, state) = try Self.onCode()
        _ = reducer.reduce(into: &state, action: .sent(ticket: 2, .refused("That number cannot take texts")))
        #expect(state.error == "That number cannot take texts")
        #expect(reducer.resendIn(state) == 0)
        _ = reducer.reduce(into: &state, action: .resend)
        _ = reducer.reduce(into: &state, action: .sent(ticket: 3, .unavailable))
        #expect(state.error == "The code could not be sent; send it again.")
    }

    @Test(
        "Requirements are met or not as typed, and all must be met to pass",
        arguments: [("short", [false, false]), ("longer-one", [true, false]), ("short1", [false, true]), ("longer-1", [true, true])])
    func requirements(text: String, met: [Bool]) throws {
        let spec = try Self.spec()
        let field = try #require(spec["password"])
        #expect(field.requirementsMet(by: text).map(\.met) == met)
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        state.fields[position: 3] = .text(.init(text: text))
        let failure = reducer.failure(of: "password", in: state)
        let expected: String? =
            switch (met[0], met[1]) {
            case (false, _): "Password needs 8 or more characters."
            case (true, false): "Password needs a digit."
            case (true, true): nil
            }
        #expect(failure == expected)
    }

    @Test("A field only the person answers takes no default, no prefilled answer, and no draft's")
    func personOnly() throws {
        let reducer = FlowReducer(spec: try Self.spec())
        #expect(throws: PrefillError.self) { try reducer.initialState(prefill: FlowPrefill(answers: ["terms": .bool(true)])) }
        do {
            _ = try reducer.initialState(prefill: FlowPrefill(answers: ["terms": .bool(true)]))
        } catch {
            #expect(error.message.contains("\"terms\" (Terms) is answered only by the person"))
        }
        let resumed = try reducer.initialState(prefill: FlowPrefill(answers: ["terms": .bool(true), "phone": .text("1")], resumeAt: "terms"))
        #expect(resumed.answer(of: "terms") == .bool(nil))
        var state = resumed
        state.fields[position: 4] = .confirm(.init(value: true))
        #expect(reducer.snapshot(of: state).answers["terms"] == nil)
        let withDefault = Self.json.replacingOccurrences(of: #""prefill":false"#, with: #""prefill":false,"default":true"#)
        #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(withDefault.utf8)) }
    }

    @Test(
        "A flow file's check, send and requirements are checked when it loads",
        arguments: [
            (#""check":"has space""#, "cannot name a check or a send"),
            (#""resendAfter":3"#, "belongs to a field that sends something"),
            (#""send":"sms","resendAfter":0"#, "resendAfter"),
            (#""kind":"confirm","requirements":[{"minLength":2,"message":"m"}]"#, "no text to show requirements for"),
            (#""requirements":[{"message":"m"}]"#, "needs one test"),
            (#""requirements":[{"pattern":"(","message":"m"}]"#, "pattern"),
        ])
    func badServiceKeys(keys: String, says: String) throws {
        let json = #"{"id":"f","fields":[{"id":"a",\#(keys)}]}"#
        do {
            _ = try FlowSpec(json: Data(json.utf8))
            Issue.record("loaded \(json)")
        } catch {
            #expect("\(error)".contains(says), "\(error)")
        }
    }

    @Test("The test store receives a check request and sends the answer, as any effect")
    func testStore() throws {
        let store = FlowTestStore(spec: try Self.spec(), exhaustivity: .off)
        store.send(.next)
        store.send(.field(.textChanged("ada")))
        store.receive(.changed(field: "nickname", old: "", new: "ada"))
        store.exhaustivity = .on
        store.send(.next) {
            $0.checking = .init(ticket: 1, field: "nickname", check: "nickname-free"); $0.lastTicket = 1
        }
        store.receive(.checking(field: "nickname", check: "nickname-free", ticket: 1))
        store.send(.checked(ticket: 1, .ok)) {
            $0.checking = nil
            $0.checked = ["nickname"]
            $0.focus = "code"
            $0.lastTicket = 2
            $0.sends["code"] = .init(ticket: 2)
        }
        store.receive(.checked(field: "nickname", ticket: 1, passed: true))
        store.receive(.focusMoved(from: "nickname", to: "code"))
        store.receive(.sending(field: "code", send: "sms-code", ticket: 2))
        store.finish()
    }

    @Test("The store performs a check with its service and feeds the answer back; a stale one is cancelled")
    @MainActor
    func storeRunsServices() async throws {
        let store = FlowStore(spec: try Self.spec())
        let services = FlowServices(
            checks: ["nickname-free": { request in request.value == .text("taken") ? .refused("That nickname is taken") : .ok }],
            sends: ["sms-code": { _ in .ok }])
        let runner = Task { await store.run(services) }
        store.send(.next)
        store.send(.field(.textChanged("taken")))
        store.send(.next)
        while store.state.checking != nil { await Task.yield() }
        #expect(store.state.error == "That nickname is taken")
        store.send(.field(.textChanged("ada")))
        store.send(.next)
        while store.state.focus == "nickname" || store.state.sends["code"]?.sentAt == nil { await Task.yield() }
        #expect(store.state.focus == "code")
        #expect(store.state.sends["code"]?.sentAt == 0)
        store.send(.cancel)
        await runner.value
    }

    @Test("serve asks with the value and the answers before, answers tickets, and says checking, resendIn and requirements")
    func serve() throws {
        var session = ProtocolSession(spec: try Self.spec())
        _ = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        _ = session.respond(toLine: Array(#"{"action":"text","value":"ada"}"#.utf8))
        let asked = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        #expect(asked.hasPrefix(#"{"events":[{"event":"checking","field":"nickname","check":"nickname-free","ticket":1,"value":"ada","answers":{"phone":""}}]"#), "\(asked)")
        #expect(asked.contains(#""checking":true,"resendIn":null,"requirements":[]"#))
        let stale = session.respond(toLine: Array(#"{"action":"checked","ticket":9,"ok":true}"#.utf8))
        #expect(stale.hasPrefix(#"{"events":[],"#))
        let passed = session.respond(toLine: Array(#"{"action":"checked","ticket":1,"ok":true}"#.utf8))
        #expect(passed.contains(#"{"event":"sending","field":"code","send":"sms-code","ticket":2,"answers":{"phone":"","nickname":"ada"}}"#), "\(passed)")
        #expect(ProtocolSession.errorMessage(of: session.respond(toLine: Array("resend".utf8))) == #"the send is waiting for its answer ("sent")"#)
        #expect(session.respond(toLine: Array("sent 2 ok".utf8)).contains(#""resendIn":30"#))
        #expect(ProtocolSession.errorMessage(of: session.respond(toLine: Array("resend".utf8))) == "the code can be sent again in 30 s")
        #expect(session.respond(toLine: Array(#"{"action":"tick","seconds":30}"#.utf8)).contains(#""resendIn":0"#))
        _ = session.respond(toLine: Array("text 123456".utf8))
        _ = session.respond(toLine: Array("next".utf8))
        _ = session.respond(toLine: Array("checked 3 ok".utf8))
        let typed = session.respond(toLine: Array("text abcdefgh".utf8))
        // Responses on a secure field are not printed on failure: one that leaked would show the secret.
        #expect(typed.contains(#""requirements":[{"message":"8 or more characters","met":true},{"message":"a digit","met":false}]"#))
        #expect(!typed.contains("abcdefgh"))
        _ = session.respond(toLine: Array("text abcdefg1".utf8))
        let check = session.respond(toLine: Array("next".utf8))
        // The host checking a secure value is given it: it receives `completed` anyway.
        #expect(check.contains(#""check":"password-ok","ticket":4,"value":"abcdefg1","answers":{"phone":"","nickname":"ada","code":"123456"}"#))
        let described = session.respond(toLine: Array("describe".utf8))
        #expect(described.contains(#""check":"code-valid""#) || described.contains(#""send":{"name":"sms-code","resendAfter":30,"expiresAfter":300}"#))
        #expect(described.contains(#""prefill":false"#))
    }

    @Test(
        "checked and sent read in both forms",
        arguments: [
            ("checked 7 ok", FlowRequest.checked(ticket: 7, .ok), #"{"action":"checked","ticket":7,"ok":true}"#),
            (
                "checked 7 refused That nickname is taken", .checked(ticket: 7, .refused("That nickname is taken")),
                #"{"action":"checked","ticket":7,"ok":false,"message":"That nickname is taken"}"#
            ),
            ("sent 3 unavailable", .sent(ticket: 3, .unavailable), #"{"action":"sent","ticket":3,"ok":false}"#),
            ("tick 5", .tick(5), #"{"action":"tick","seconds":5}"#),
            ("resend", .resend, #"{"action":"resend"}"#),
        ])
    func requestForms(text: String, request: FlowRequest, json: String) throws {
        #expect(try FlowRequest(text: text) == request)
        #expect(try FlowRequest(json: Array(json.utf8)) == request)
        #expect(request.json == json)
        #expect(request.text == text)
    }

    @Test(
        "A check answer that is not one is refused, naming what it needs",
        arguments: [
            #"{"action":"checked","ok":true}"#, #"{"action":"checked","ticket":1}"#, #"{"action":"checked","ticket":1,"ok":true,"message":"x"}"#,
            #"{"action":"checked","ticket":"1","ok":true}"#, "checked one ok", "checked 1 maybe",
        ])
    func badAnswers(line: String) {
        #expect(throws: FlowRequestError.self) { try FlowRequest(line: Array(line.utf8)) }
    }
}

@Suite("Checks and sends on the command line")
struct ServiceCommandTests {
    @Test(
        "run refuses a flow with a check or a send no program performs before the first field, naming it; serve walks it",
        arguments: [
            (#""check":"nickname-free""#, #""nickname" names the check "nickname-free", and no program performs it: give one with --check nickname-free=COMMAND"#, "checking"),
            // The walk starts on the field: a send is made when the walk moves to it, or on `resend`.
            (#""send":"sms-code","resendAfter":30"#, #""nickname" names the send "sms-code", and no program performs it: give one with --send sms-code=COMMAND"#, "completed"),
        ])
    func runRefuses(keys: String, says: String, event: String) throws {
        let folder = try PrefillCommandTests.temporaryFolder()
        let file = folder + "/service.json"
        try Data(#"{"id":"s","fields":[{"id":"nickname",\#(keys)}]}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try Command.run(["run", file], input: "ada\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let served = try Command.run(["serve", file], input: "text ada\nnext\n")
        #expect(served.status == 0)
        #expect(served.stdout.contains(#""event":"\#(event)""#), "\(served.stdout)")
    }
}

@Suite("Checks and sends in review")
struct ServiceReviewTests {
    @Test("In review the clock still moves and a send's answer still lands; a stale check answer changes nothing")
    func review() throws {
        let json = #"{"id":"r","review":true,"fields":[{"id":"phone"},{"id":"code","send":"sms-code","resendAfter":30,"expiresAfter":60}]}"#
        var session = ProtocolSession(spec: try FlowSpec(json: Data(json.utf8)))
        _ = session.respond(toLine: Array("next".utf8))
        _ = session.respond(toLine: Array("next".utf8))
        #expect(session.state.phase == .review)
        let sent = session.respond(toLine: Array("sent 1 ok".utf8))
        #expect(ProtocolSession.errorMessage(of: sent) == nil, "\(sent)")
        #expect(sent.contains(#"{"event":"sent","field":"code","ticket":1,"ok":true}"#))
        let ticked = session.respond(toLine: Array("tick 60".utf8))
        #expect(ticked.contains(#"{"event":"expired","field":"code"}"#), "\(ticked)")
        #expect(session.respond(toLine: Array("checked 9 ok".utf8)).hasPrefix(#"{"events":[],"#))
    }
}
