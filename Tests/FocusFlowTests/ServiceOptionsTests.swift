import Foundation
import Testing
@testable import FocusFlow
import FocusFlowCheck
import FocusFlowProtocol

/// Options from the service: a select or multi-select whose `options` name a source
/// (`{"from": "cities"}`), asked with a ticket as a check is, answered by the host with a list.
@Suite("Options from the service")
struct ServiceOptionsTests {
    /// A flow with a name, then `city` (of `kind`) whose options come from `cities`, then a note.
    static func json(kind: String, search: Bool = false, extra: String = "") -> String {
        """
        {"id":"o","fields":[
          {"id":"name","label":"Name"},
          {"id":"city","kind":"\(kind)","label":"City","options":{"from":"cities"\(search ? #","search":true"# : "")}\(extra)},
          {"id":"note","label":"Note"}
        ]}
        """
    }

    static func spec(kind: String, search: Bool = false) throws -> FlowSpec {
        try FlowSpec(json: Data(json(kind: kind, search: search).utf8))
    }

    static let seoulBusan: [FieldOption] = [.init(value: "seoul", label: "Seoul"), .init(value: "busan", label: "Busan")]

    /// The chosen answer of `kind` for `values`.
    static func chosen(_ kind: String, _ values: [String]) -> FieldAnswer {
        kind == "select" ? .choice(values.first) : .choices(values)
    }

    /// The action that chooses `value` in a field of `kind`.
    static func choose(_ kind: String, _ value: String) -> FlowReducer.Action {
        kind == "select" ? .field(.select(value)) : .field(.toggle(value))
    }

    /// A reducer and a state on the city, its list asked for with ticket 1.
    static func onCity(kind: String, search: Bool = false) throws -> (FlowReducer, FlowReducer.State, [FlowEvent]) {
        let reducer = FlowReducer(spec: try spec(kind: kind, search: search))
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged("Ada")))
        let events = reducer.reduce(into: &state, action: .next)
        return (reducer, state, events)
    }

    // MARK: - Loading

    @Test(
        "Both loaders read an option source into the field, and write it back",
        arguments: [(#"{"from":"cities"}"#, OptionSource(name: "cities")), (#"{"from":"address","search":true}"#, OptionSource(name: "address", search: true))])
    func loaders(object: String, source: OptionSource) throws {
        let json = #"{"id":"o","fields":[{"id":"city","kind":"select","label":"City","options":\#(object)}]}"#
        let fast = try #require(Array(json.utf8).withUnsafeBufferPointer(FlowSpec.decodeDirectly), "the fast path reads it")
        let slow = try FlowSpec(json: Data(json.utf8), file: nil, directly: false)
        #expect(fast == slow)
        #expect(fast.fields[0].optionSource == source)
        #expect(fast.fields[0].options.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = String(decoding: try encoder.encode(slow.fields[0]), as: UTF8.self)
        #expect(encoded.contains(#""options":\#(object)"#), "\(encoded)")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var field: String
        var english: String
        var korean: String
        var testDescription: String { field }
    }

    @Test(
        "A misused source is refused with its place, in English and Korean, by both loaders",
        arguments: [
            Refusal(
                field: #"{"id":"city","label":"City","options":{"from":"cities"}}"#,
                english: "f.json: fields[0] (\"city\").options: a text field has no options; options belong to select and multiSelect fields",
                korean: "f.json: fields[0] (\"city\").options:"),
            Refusal(
                field: #"{"id":"city","kind":"select","label":"City","options":{"from":"a b"}}"#,
                english: "f.json: fields[0] (\"city\").options.from: \"a b\" cannot name a check or a send",
                korean: "f.json: fields[0] (\"city\").options.from: \"a b\"은(는) 검사나 전송의 이름이 될 수 없습니다"),
            Refusal(
                field: #"{"id":"city","kind":"select","label":"City","options":{"from":""}}"#,
                english: "f.json: fields[0] (\"city\").options.from: \"\" cannot name", korean: "f.json: fields[0] (\"city\").options.from: \"\""),
            Refusal(
                field: #"{"id":"city","kind":"select","label":"City","options":{"from":"cities","default":"seoul"}}"#,
                english: "f.json: fields[0] (\"city\").options.default: unknown key \"default\"; known keys: from, search",
                korean: "f.json: fields[0] (\"city\").options.default: 알 수 없는 키 \"default\"입니다"),
            Refusal(
                field: #"{"id":"city","kind":"select","label":"City","options":{"from":"cities"},"default":"seoul"}"#,
                english: "f.json: fields[0] (\"city\").default: the options come from the service \"cities\", so no option is known when the flow is loaded; remove \"default\"",
                korean: "f.json: fields[0] (\"city\").default: 선택지를 서비스 \"cities\"에서 받으므로"),
        ])
    func refusals(refusal: Refusal) throws {
        let json = #"{"id":"o","fields":[\#(refusal.field)]}"#
        for directly in [true, false] {
            do {
                _ = try FlowSpec(json: Data(json.utf8), file: "f.json", directly: directly)
                Issue.record("loaded \(refusal.field)")
            } catch let error as FlowSpecError {
                #expect(error.message(in: .en).hasPrefix(refusal.english), "\(error.message(in: .en))")
                #expect(error.message(in: .ko).hasPrefix(refusal.korean), "\(error.message(in: .ko))")
            }
        }
    }

    @Test("A `when` on a field whose options come from the service compares with any value: the loader cannot hold it to a list")
    func conditionOnServiceField() throws {
        let json = """
            {"id":"o","fields":[{"id":"city","kind":"select","label":"City","options":{"from":"cities"}},
              {"id":"gate","label":"Gate code","when":{"field":"city","in":["seoul","anywhere"]}}]}
            """
        let spec = try FlowSpec(json: Data(json.utf8))
        #expect(spec.fields[1].when != nil)
    }

    // MARK: - The engine

    @Test("Reaching the field asks for its options with a ticket; Next is refused with a sentence until they arrive", arguments: ["select", "multiSelect"])
    func asksOnReach(kind: String) throws {
        var (reducer, state, events) = try Self.onCity(kind: kind)
        #expect(events == [.focusMoved(from: "name", to: "city"), .loadingOptions(field: "city", source: "cities", ticket: 1, query: nil)])
        #expect(reducer.isLoadingOptions("city", in: state))
        #expect(
            reducer.pendingOptions(1, in: state)
                == OptionRequest(ticket: 1, field: "city", source: "cities", query: nil, answers: FlowResult(answers: [.init(field: "name", value: "Ada")])))
        #expect(reducer.reduce(into: &state, action: .next) == [.invalid(field: "city", message: "City: the options are still loading.")])
        #expect(state.focus == "city")
        #expect(state.optionLists["city"]?.ticket == 1, "Next while loading asks nothing more")
    }

    @Test("A list arrives: the field takes it, its answer is held to it, and the walk goes on", arguments: ["select", "multiSelect"])
    func listArrives(kind: String) throws {
        var (reducer, state, _) = try Self.onCity(kind: kind)
        #expect(reducer.reduce(into: &state, action: .options(ticket: 1, .list(Self.seoulBusan))) == [.optionsLoaded(field: "city", ticket: 1, ok: true)])
        #expect(reducer.field("city", in: state)?.options == Self.seoulBusan)
        #expect(reducer.reduce(into: &state, action: Self.choose(kind, "paris")) == [.rejected(field: "city")], "an option the list lacks is refused")
        _ = reducer.reduce(into: &state, action: Self.choose(kind, "busan"))
        #expect(state.answer(of: "city") == Self.chosen(kind, ["busan"]))
        var lined = state
        for action in reducer.actions(answering: "Seoul", in: state) { _ = reducer.reduce(into: &lined, action: action) }
        #expect(lined.answer(of: "city") == Self.chosen(kind, ["seoul"]), "a line names an option of the list by its label")
        _ = reducer.reduce(into: &state, action: .next)
        #expect(state.focus == "note")
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(!reducer.isLoadingOptions("city", in: state), "a list held is not asked again")
    }

    @Test("A stale ticket changes nothing; a newer filter makes the older request stale", arguments: ["select", "multiSelect"])
    func staleTickets(kind: String) throws {
        var (reducer, state, _) = try Self.onCity(kind: kind, search: true)
        #expect(state.optionLists["city"]?.query == "")
        let typed = reducer.reduce(into: &state, action: .field(.textChanged("se")))
        #expect(typed.last == .loadingOptions(field: "city", source: "cities", ticket: 2, query: "se"))
        let before = state
        #expect(reducer.reduce(into: &state, action: .options(ticket: 1, .list(Self.seoulBusan))).isEmpty)
        #expect(reducer.reduce(into: &state, action: .options(ticket: 99, .list(Self.seoulBusan))).isEmpty)
        #expect(state == before)
        #expect(reducer.pendingOptions(in: state).map(\.ticket) == [2])
        #expect(reducer.pendingOptions(2, in: state)?.query == "se")
    }

    @Test("Options that arrive while the person types keep the filter; a chosen option the new list lacks is let go with a note", arguments: ["select", "multiSelect"])
    func keepsFilterDropsChoice(kind: String) throws {
        var (reducer, state, _) = try Self.onCity(kind: kind, search: true)
        _ = reducer.reduce(into: &state, action: .options(ticket: 1, .list(Self.seoulBusan)))
        _ = reducer.reduce(into: &state, action: Self.choose(kind, "seoul"))
        _ = reducer.reduce(into: &state, action: .field(.textChanged("bu")))
        let events = reducer.reduce(into: &state, action: .options(ticket: 2, .list([.init(value: "busan", label: "Busan")])))
        let letGo: FlowEvent = kind == "select" ? .chosen(field: "city", old: "seoul", new: nil) : .toggled(field: "city", value: "seoul", selected: false)
        #expect(events == [.optionsLoaded(field: "city", ticket: 2, ok: true), .optionDropped(field: "city", value: "seoul"), letGo])
        #expect(state.text(of: "city") == "bu", "the filter is kept")
        #expect(state.answer(of: "city") == Self.chosen(kind, []))
        // The service matched the list to the filter: the filter hides none of it.
        #expect(reducer.field("city", in: state)?.visibleOptions(query: "bu") == [0])
        _ = reducer.reduce(into: &state, action: .field(.textChanged("bus")))
        _ = reducer.reduce(into: &state, action: .options(ticket: 3, .list([.init(value: "busan", label: "Busan (부산)")])))
        #expect(reducer.field("city", in: state)?.options.map(\.label) == ["Busan (부산)"])
    }

    @Test(
        "A refusal shows its message; a list that could not be had says so; Next asks again",
        arguments: [("select", OptionsAnswer.refused("The city service is down for maintenance")), ("multiSelect", OptionsAnswer.unavailable)])
    func refusedAndRetried(kind: String, answer: OptionsAnswer) throws {
        var (reducer, state, _) = try Self.onCity(kind: kind)
        let message = if case .refused(let text) = answer { text } else { "City: the options could not be loaded; press Enter to try again, or go back." }
        #expect(
            reducer.reduce(into: &state, action: .options(ticket: 1, answer))
                == [.optionsLoaded(field: "city", ticket: 1, ok: false), .invalid(field: "city", message: message)])
        #expect(state.error == message)
        #expect(!reducer.isLoadingOptions("city", in: state))
        let retried = reducer.reduce(into: &state, action: .next)
        #expect(
            retried == [
                .loadingOptions(field: "city", source: "cities", ticket: 2, query: nil), .invalid(field: "city", message: "City: the options are still loading."),
            ])
        _ = reducer.reduce(into: &state, action: .options(ticket: 2, .list(Self.seoulBusan)))
        #expect(state.error == nil, "the list clears the error")
    }

    @Test("A host's labels are shown as plain words, a value given twice is kept once")
    func listCleaned() throws {
        var (reducer, state, _) = try Self.onCity(kind: "select")
        let hostile: [FieldOption] = [.init(value: "seoul", label: "Seo\u{1B}[31mul"), .init(value: "seoul", label: "Again"), .init(value: "", label: "Empty")]
        _ = reducer.reduce(into: &state, action: .options(ticket: 1, .list(hostile)))
        #expect(reducer.field("city", in: state)?.options.map(\.value) == ["seoul"])
        #expect(reducer.field("city", in: state)?.options.first?.label.contains("\u{1B}") == false)
    }

    @Test("A walk that starts on the field asks at its start, and says so")
    func firstField() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"o","fields":[{"id":"city","kind":"select","label":"City","options":{"from":"cities"}}]}"#.utf8))
        let reducer = FlowReducer(spec: spec)
        let state = reducer.initialState()
        #expect(reducer.startEvents(of: state) == [.focusMoved(from: nil, to: "city"), .loadingOptions(field: "city", source: "cities", ticket: 1, query: nil)])
    }

    // MARK: - serve

    @Test("serve: loadingOptions with the answers (and the query, for a search), options answered, state and describe say the source", arguments: [false, true])
    func serveRoundTrip(search: Bool) throws {
        var session = ProtocolSession(spec: try Self.spec(kind: "select", search: search))
        _ = session.respond(toLine: Array(#"{"action":"text","value":"Ada"}"#.utf8))
        let moved = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        let query = search ? #","query":"""# : ""
        #expect(moved.contains(#"{"event":"loadingOptions","field":"city","source":"cities","ticket":1\#(query),"answers":{"name":"Ada"}}"#), "\(moved)")
        #expect(moved.contains(#""optionSource":"cities","loadingOptions":true"#), "\(moved)")
        let refused = session.respond(toLine: Array(#"{"action":"options","ticket":1,"ok":false,"message":"Try later"}"#.utf8))
        #expect(refused.contains(#"{"event":"invalid","field":"city","message":"Try later"}"#), "\(refused)")
        let retried = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        #expect(retried.contains(#""event":"loadingOptions","field":"city","source":"cities","ticket":2"#), "\(retried)")
        let given = session.respond(toLine: Array(#"{"action":"options","ticket":2,"options":["seoul",{"value":"busan","label":"Busan"}]}"#.utf8))
        #expect(given.contains(#"{"event":"optionsLoaded","field":"city","ticket":2,"ok":true}"#), "\(given)")
        #expect(given.contains(#""loadingOptions":false"#))
        let described = session.respond(toLine: Array(#"{"action":"describe"}"#.utf8))
        #expect(described.contains(#""options":[{"value":"seoul","label":"seoul"},{"value":"busan","label":"Busan"}]"#), "\(described)")
        #expect(described.contains(#""optionSource":{"from":"cities","search":\#(search)}"#), "\(described)")
        #expect(session.respond(toLine: Array(#"{"action":"select","value":"paris"}"#.utf8)).contains(#""error":"#))
        #expect(session.respond(toLine: Array(#"{"action":"select","value":"busan"}"#.utf8)).contains(#""event":"chosen""#))
    }

    @Test(
        "serve: a malformed options answer is refused and changes nothing",
        arguments: [
            #"{"action":"options","ticket":1}"#, #"{"action":"options","ticket":1,"options":"seoul"}"#,
            #"{"action":"options","ticket":1,"options":[1,2]}"#, #"{"action":"options","ticket":1,"ok":false,"options":[]}"#,
        ])
    func serveMalformed(line: String) throws {
        var session = ProtocolSession(spec: try Self.spec(kind: "select"))
        _ = session.respond(toLine: Array(#"{"action":"next"}"#.utf8))
        let before = session.state
        #expect(ProtocolSession.errorMessage(of: session.respond(toLine: Array(line.utf8))) != nil)
        #expect(session.state == before)
    }

    @Test(
        "The request's JSON and text forms round-trip",
        arguments: [
            FlowRequest.options(ticket: 3, .list([.init(value: "seoul", label: "Seoul")])), .options(ticket: 4, .refused("No cities today")), .options(ticket: 5, .unavailable),
        ])
    func requestForms(request: FlowRequest) throws {
        #expect(try FlowRequest(line: Array(request.json.utf8)) == request)
        #expect(try FlowRequest(line: Array(request.text.utf8)) == request)
    }

    // MARK: - Swift

    @Test("FlowStore: an async provider gives the list; a stale request is cancelled and its answer dropped")
    @MainActor
    func storeProvider() async throws {
        let store = FlowStore(spec: try Self.spec(kind: "select", search: true))
        let asked = AsyncStream.makeStream(of: OptionRequest.self)
        let services = FlowServices(optionsProvider: { request in
            asked.continuation.yield(request)
            // The first request (an empty filter) never answers before it is cancelled.
            if request.query == "" { try await Task.sleep(for: .seconds(60)) }
            return Self.seoulBusan.filter { $0.value.hasPrefix(request.query ?? "") }
        })
        let runner = Task { await store.run(services) }
        store.send(.next)
        var requests = asked.stream.makeAsyncIterator()
        #expect(await requests.next()?.query == "")
        store.send(.field(.textChanged("bu")))
        #expect(await requests.next()?.query == "bu")
        for _ in 0..<500 where store.state.optionLists["city"]?.options == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(store.state.optionLists["city"]?.options == [.init(value: "busan", label: "Busan")])
        #expect(store.state.text(of: "city") == "bu")
        runner.cancel()
        await runner.value
    }

    @Test("FlowStore: a provider's OptionsRefusal is the field's error")
    @MainActor
    func storeRefusal() async throws {
        let store = FlowStore(spec: try Self.spec(kind: "multiSelect"))
        let runner = Task { await store.run(FlowServices(optionsProvider: { _ in throw OptionsRefusal("No cities today") })) }
        store.send(.next)
        for _ in 0..<500 where store.state.error == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(store.state.error == "No cities today")
        runner.cancel()
        await runner.value
    }
}

/// `focusflow run --options NAME=COMMAND` with piped input: a real program gives the lists, as
/// `--check` programs answer checks.
@Suite("Options from the service: programs on the command line")
struct ServiceOptionsRunTests {
    /// A folder for one test's files, removed after it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-options-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes the flow of ``ServiceOptionsTests/json(kind:search:extra:)`` into `folder`.
    static func flow(in folder: URL, kind: String = "select", search: Bool = false) throws -> String {
        let path = folder.appendingPathComponent("flow.json").path
        try ServiceOptionsTests.json(kind: kind, search: search).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("The shipped source gives the list; the program reads one JSON line, with nothing on its command line or in its environment", arguments: ["select", "multiSelect"])
    func shippedSource(kind: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log").path
        let record = "tee -a '\(log)' | Flows/cities.sh; { echo; echo \"args: $0 $*\"; env; } >> '\(log)'"
        let result = try Command.run(["run", try Self.flow(in: folder, kind: kind), "--options", "cities=\(record)"], input: "Ada\nBusan\nhi\n")
        #expect(result.status == 0, "\(result.stderr)")
        let city = kind == "select" ? #""busan""# : #"["busan"]"#
        #expect(result.stdout == #"{"name":"Ada","city":\#(city),"note":"hi"}"# + "\n")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("{") } == [#"{"field":"city","source":"cities","answers":{"name":"Ada"}}"#])
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("args:") } == ["args: /bin/sh "], "nothing on the command line")
        for line in text.split(separator: "\n") where !line.hasPrefix("{") { #expect(!line.contains("Ada"), "\(line)") }
    }

    @Test("A search: a line that names no option is the filter the program is asked with, and the line answers from its list")
    func searchLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log").path
        // A search that answers nothing for an empty filter, as a long list's service does.
        let search = #"cities=tee -a '\#(log)' | { read -r request; case $request in *'"query":""'*) echo '[]' ;; *) echo "$request" | Flows/cities.sh ;; esac; }"#
        let result = try Command.run(["run", try Self.flow(in: folder, search: true), "--options", search], input: "Ada\nBusan\nhi\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"name":"Ada","city":"busan","note":"hi"}"# + "\n")
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(
            requests == [
                #"{"field":"city","source":"cities","query":"","answers":{"name":"Ada"}}"#,
                #"{"field":"city","source":"cities","query":"Busan","answers":{"name":"Ada"}}"#,
            ])
    }

    @Test(
        "A refusal, or a program that cannot answer, ends a piped walk naming the field",
        arguments: [
            (#"cities=echo '{"ok":false,"message":"No cities today"}'"#, "City (city): No cities today"),
            ("cities=exit 3", "City (city): City: the options could not be loaded; press Enter to try again, or go back."),
            ("cities=echo not-json", "City (city): City: the options could not be loaded; press Enter to try again, or go back."),
        ])
    func refused(program: String, message: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Command.run(["run", try Self.flow(in: folder), "--options", program], input: "Ada\nBusan\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("\(message)\n"), "\(result.stderr)")
    }

    @Test(
        "A source no --options gives, or an --options no field names, is refused before the first field",
        arguments: [
            (
                [String](),
                "focusflow: \"city\" takes its options from \"cities\", and no program gives them: give one with --options cities=COMMAND (or walk the flow with serve, or the Swift API's optionsProvider). Nothing was asked\n"
            ),
            (["--options", "cities=Flows/cities.sh", "--options", "towns=exit 0"], "focusflow: no field of the flow takes its options from \"towns\"; it names \"cities\"\n"),
            (["--options", "cities"], "focusflow: --options takes NAME=COMMAND, like --options cities=Flows/cities.sh; \"cities\" has no =\n"),
        ])
    func refusedBeforeTheWalk(arguments: [String], message: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Command.run(["run", try Self.flow(in: folder)] + arguments, input: "Ada\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}

/// Drafts, snapshots and recordings keep the lists the service gave, so that a resumed walk and
/// a replay need no program.
@Suite("Options from the service: drafts and recordings")
struct ServiceOptionsKeptTests {
    @Test("A recording keeps the lists; replayed without any program, it walks to the same answers", arguments: [false, true])
    func recordingReplays(search: Bool) throws {
        let folder = try ServiceOptionsRunTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = try ServiceOptionsRunTests.flow(in: folder, search: search)
        let script = folder.appendingPathComponent("walk.script").path
        let run = try Command.run(["run", flow, "--record", script, "--options", "cities=Flows/cities.sh"], input: "Ada\nBusan\nhi\n")
        #expect(run.status == 0, "\(run.stderr)")
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(recording.contains(#"{"action":"options","ticket":1,"options":[{"value":"seoul","label":"Seoul"},"#), "\(recording)")
        let replay = try Command.run(["replay", flow, script])
        #expect(replay.status == 0, "\(replay.stderr)")
        let last = try #require(replay.stdout.split(separator: "\n").last)
        #expect(last.contains(#"{"event":"completed","values":{"name":"Ada","city":"busan","note":"hi"}}"#), "\(last)")
    }

    @Test("A refusal is recorded as the field showed it, and replays the same")
    func refusalRecorded() throws {
        let folder = try ServiceOptionsRunTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = try ServiceOptionsRunTests.flow(in: folder)
        let script = folder.appendingPathComponent("walk.script").path
        let program = #"cities=printf '{"ok":false,"message":"Closed \\u001b[31mtoday"}\n'"#
        let run = try Command.run(["run", flow, "--record", script, "--options", program], input: "Ada\nBusan\n")
        #expect(run.status == 1)
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(recording.contains(#"{"action":"options","ticket":1,"ok":false,"message":"Closed today"}"#), "\(recording)")
    }

    @Test("A snapshot (a draft) keeps the lists: restored, the walk holds them and asks nothing", arguments: ["select", "multiSelect"])
    func snapshotKeepsLists(kind: String) throws {
        let reducer = FlowReducer(spec: try ServiceOptionsTests.spec(kind: kind))
        var (state, _) = Fixtures.run(reducer, [.field(.textChanged("Ada")), .next, .options(ticket: 1, .list(ServiceOptionsTests.seoulBusan))])
        _ = reducer.reduce(into: &state, action: ServiceOptionsTests.choose(kind, "busan"))
        let snapshot = reducer.snapshot(of: state)
        #expect(snapshot.json.contains(#""optionLists":{"city":[{"label":"Seoul","value":"seoul"},{"label":"Busan","value":"busan"}]}"#), "\(snapshot.json)")
        let restored = try reducer.restore(try FlowSnapshot(json: Array(snapshot.json.utf8)))
        #expect(restored.focus == "city")
        #expect(!reducer.isLoadingOptions("city", in: restored), "a kept list is not asked again")
        #expect(restored.answer(of: "city") == ServiceOptionsTests.chosen(kind, ["busan"]))
        #expect(reducer.startEvents(of: restored) == [.focusMoved(from: nil, to: "city")])
    }

    @Test("A prefilled answer for a field without its list waits for the list; one the list lacks is let go")
    func prefilledWaits() throws {
        let reducer = FlowReducer(spec: try ServiceOptionsTests.spec(kind: "select"))
        var state = try reducer.initialState(prefill: FlowPrefill(answers: ["name": .text("Ada"), "city": .choice("paris")], skipFilled: true))
        #expect(state.focus == "city")
        #expect(state.answer(of: "city") == .choice("paris"))
        #expect(state.error == nil)
        let events = reducer.reduce(into: &state, action: .options(ticket: 1, .list(ServiceOptionsTests.seoulBusan)))
        #expect(events.contains(.optionDropped(field: "city", value: "paris")))
        #expect(state.answer(of: "city") == .choice(nil))
    }
}

/// `check` treats a list as an input: it answers every request for options with each list a
/// test gives, a refusal and no answer, and holds the walk to invariant 9: no answer outside the
/// list the service gave.
@Suite("Options from the service: check")
struct ServiceOptionsCheckTests {
    @Test("The explorer walks a field with the lists a test gives, and every invariant holds", arguments: ["select", "multiSelect"])
    func explores(kind: String) throws {
        let explorer = FlowExplorer(
            spec: try ServiceOptionsTests.spec(kind: kind, search: true),
            optionLists: ["cities": [ServiceOptionsTests.seoulBusan, [.init(value: "busan", label: "Busan")]]])
        #expect(explorer.options["city"] == ["seoul", "busan"])
        let report = explorer.run()
        #expect(report.counterexample == nil, "\(String(describing: report.counterexample))")
        #expect(report.exhaustive && report.completed)
        #expect(report.eventsSeen.isSuperset(of: ["loadingOptions", "optionsLoaded", "optionDropped"]))
    }

    @Test("A machine that keeps a choice the new list lacks is caught: an answer outside the list the service gave")
    func keptChoiceCaught() throws {
        let spec = try ServiceOptionsTests.spec(kind: "select", search: true)
        let reducer = FlowReducer(spec: spec)
        // Broken: a list's arrival leaves every field's answer as it was.
        let explorer = FlowExplorer(
            spec: spec,
            transition: { state, action in
                let fields = state.fields
                let events = reducer.reduce(into: &state, action: action)
                guard case .options = action else { return events }
                state.fields = fields
                return events.filter { if case .optionDropped = $0 { false } else if case .chosen = $0 { false } else { true } }
            })
        let counterexample = try #require(explorer.run().counterexample)
        #expect(counterexample.violation.breach.invariant == 9, "\(counterexample.violation)")
        #expect(counterexample.script.contains { if case .options = $0 { true } else { false } })
    }

    @Test("focusflow check --options NAME=FILE explores the lists the file gives; a file that is no list is refused")
    func checkCommand() throws {
        let folder = try ServiceOptionsRunTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = try ServiceOptionsRunTests.flow(in: folder, kind: "multiSelect")
        let lists = folder.appendingPathComponent("lists.json").path
        try #"[["seoul",{"value":"busan","label":"Busan"}],["busan"]]"#.write(toFile: lists, atomically: true, encoding: .utf8)
        let result = try Command.run(["check", flow, "--options", "cities=\(lists)"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("optionDropped"), "\(result.stdout)")
        let bad = folder.appendingPathComponent("bad.json").path
        try #"{"seoul":1}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try Command.run(["check", flow, "--options", "cities=\(bad)"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not a list of options"), "\(refused.stderr)")
    }
}
