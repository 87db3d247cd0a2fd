import FocusFlow
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import Testing

/// A screen's context with no terminal: the store, the words and a cursor, and a record of what
/// the screen asked of the session. Screens are drawn and their keys run in process.
final class RecordingContext: ScreenContext {
    let store: FlowStore
    let theme: Theme
    let mask: Character = "•"
    var point = 0
    var historySearch: ScreenBody?
    private(set) var refusals: [String] = []
    private(set) var renders = 0
    private(set) var dings = 0

    init(_ spec: FlowSpec) {
        store = FlowStore(spec: spec)
        theme = Theme(options: RunOptions(spec: spec, color: false))
    }

    func refuse(_ message: String) { refusals.append(message) }
    func ding() { dings += 1 }
    func clearNote() {}
    func handle(_ events: [FlowEvent]) {}
    func render() { renders += 1 }
    func showInput(_ text: String) {}

    /// Types `text` at the end of the focused field's text, as readline's buffer would hand it over.
    func insert(_ text: String) {
        guard let focus = store.state.focus else { return }
        store.send(.field(.textChanged(store.state.text(of: focus) + text)))
    }

    /// Runs the focused screen's key `sequence` as the session does.
    func press(_ sequence: String, on screen: any FieldScreen) {
        screen.bindings.binding(for: Array(sequence.utf8))?.act(self)
    }
}

@Suite("Screens in process: drawn from states, keys run from their tables")
struct ScreenInProcessTests {
    static let spec = try! FlowSpec(
        id: "s", title: "S",
        fields: [
            FieldSpec(
                id: "places", kind: .multiSelect, label: "Places",
                options: [
                    .init(value: "nz", label: "New Zealand"),
                    .init(value: "no", label: "Norway"), .init(value: "nl", label: "Netherlands"),
                ]),
            FieldSpec(id: "ok", kind: .confirm, label: "Agree"),
            FieldSpec(id: "country", kind: .select, label: "Country", options: ["kr", "jp", "fr"]),
        ])

    static func screen(_ id: FieldID) -> any FieldScreen {
        FieldScreens.screen(for: spec[id]!, words: .english)
    }

    @Test("A multi-select marks the first option before any move, and its table says Space choose")
    func multiSelectBody() {
        let context = RecordingContext(Self.spec)
        let screen = Self.screen("places")
        let body = screen.body(context) { _ in 10 }
        #expect(body.rows == ["› [ ] New Zealand", "  [ ] Norway", "  [ ] Netherlands"], "\(body.rows)")
        #expect(screen.keys == ["↑/↓ move", "Space choose"])
    }

    @Test("Space toggles the highlighted option, or is typed where a label goes on with a space; Down and End move")
    func multiSelectKeys() {
        let context = RecordingContext(Self.spec)
        let screen = Self.screen("places")
        context.press(" ", on: screen)
        #expect(context.store.state.answer(of: "places") == .choices(["nz"]))
        context.press("\u{1B}[F", on: screen)
        context.press(" ", on: screen)
        #expect(context.store.state.answer(of: "places") == .choices(["nz", "nl"]))
        context.insert("new")
        context.press(" ", on: screen)
        #expect(context.store.state.text(of: "places") == "new ")
        #expect(context.store.state.answer(of: "places") == .choices(["nz", "nl"]))
        let body = screen.body(context) { _ in 10 }
        #expect(body.rows == ["› [x] New Zealand"], "\(body.rows)")
    }

    @Test("A confirm answers y and n, flips on Left and Right, and refuses other characters with a note")
    func confirmKeys() {
        let context = RecordingContext(Self.spec)
        context.store.send(.next)
        let screen = Self.screen("ok")
        #expect(screen.body(context) { _ in 10 }.content == .plain("Yes / No"))
        context.press("y", on: screen)
        #expect(screen.body(context) { _ in 10 }.content == .plain("[Yes] / No"))
        context.press("\u{1B}[C", on: screen)
        #expect(context.store.state.answer(of: "ok") == .bool(false))
        context.press("x", on: screen)
        context.press("\u{1B}[A", on: screen)
        #expect(context.refusals == ["Type y or n; Left and Right change the answer."])
        #expect(screen.keys == ["y/n answer", "←/→ change"])
    }

    @Test("An empty list says so once: its row, and no note for Space; a refused Enter's message takes the row's place")
    func emptyListSaidOnce() {
        let context = RecordingContext(Self.spec)
        let places = Self.screen("places")
        context.insert("zz")
        context.press(" ", on: places)
        #expect(context.refusals.isEmpty && context.dings == 1)
        #expect(places.body(context) { _ in 10 }.rows == ["No option matches; Backspace widens the filter."])
        context.store.send(.field(.textChanged("")))
        context.store.send(.next)
        context.store.send(.next)
        let country = Self.screen("country")
        context.insert("zz")
        #expect(country.body(context) { _ in 10 }.rows == ["No option matches; Backspace widens the filter."])
        context.store.send(.next)
        #expect(context.store.state.error == "Country: the filter shows no option to choose.")
        #expect(country.body(context) { _ in 10 }.rows == [], "the message under the input says it; the list adds no second line")
    }

    @Test("An empty list says so under another message: a required choice's, once the filter is typed again")
    func emptyListUnderAnotherMessage() throws {
        let spec = try FlowSpec(
            id: "f", title: "F",
            fields: [FieldSpec(id: "country", kind: .select, label: "Country", options: ["kr", "jp"], rules: .init(required: true))])
        let context = RecordingContext(spec)
        let country = FieldScreens.screen(for: try #require(spec["country"]), words: .english)
        context.insert("zz")
        context.store.send(.next)
        context.insert("z")
        let error = context.store.state.error
        #expect(error != nil && error != "Country: the filter shows no option to choose.", "\(String(describing: error))")
        #expect(country.body(context) { _ in 10 }.rows == ["No option matches; Backspace widens the filter."], "under \(String(describing: error))")
    }

    @Test(
        "A confirm answers to the Korean keyboard's jamo on y and n and to the words Korean speakers type",
        arguments: [
            ("ㅛ", true), ("ㅜ", false), ("예", true), ("네", true), ("응", true), ("아니요", false), ("아니오", false), ("아뇨", false),
        ])
    func confirmKorean(key: String, answer: Bool) {
        let context = RecordingContext(Self.spec)
        context.store.send(.next)
        let screen = Self.screen("ok")
        context.press(key, on: screen)
        #expect(context.store.state.answer(of: "ok") == .bool(answer))
        #expect(context.refusals.isEmpty)
    }

    @Test(
        "Every single-letter key of every table answers to its Korean 2-set jamo, with and without Shift",
        arguments: [
            ("y", "ㅛ"), ("Y", "ㅛ"), ("n", "ㅜ"), ("s", "ㄴ"), ("S", "ㄴ"), ("q", "ㅂ"), ("Q", "ㅃ"), ("r", "ㄱ"), ("R", "ㄲ"), ("m", "ㅡ"),
        ])
    func koreanTwoSet(letter: String, jamo: String) {
        #expect(KeyNames.korean2Set[letter] == jamo)
        let binding = KeyBinding([letter]) { _ in }
        #expect(binding.sequences == [letter, jamo])
        #expect(KeyBinding([letter, jamo]) { _ in }.sequences == [letter, jamo], "a jamo given already is not named twice")
        #expect(KeyBinding(["\u{1B}[A"]) { _ in }.sequences == ["\u{1B}[A"], "a key that is no letter gains nothing")
    }

    @Test("A select's filter hides options, and a highlight it hides goes to the first match")
    func selectBody() {
        let context = RecordingContext(Self.spec)
        context.store.send(.field(.set(true)))
        context.store.send(.next)
        context.store.send(.next)
        #expect(context.store.state.focus == "country")
        let screen = Self.screen("country")
        context.press("\u{1B}[B", on: screen)
        context.store.send(.field(.textChanged("r")))
        let body = screen.body(context) { _ in 10 }
        #expect(body.rows == ["› kr", "  fr"], "\(body.rows)")
    }

    @Test("PgDn and PgUp move the highlight as many options as the window shows on a short terminal")
    func pageIsWhatShows() throws {
        let options = (1...20).map { FieldOption(value: "o\($0)", label: "Option \($0)") }
        let spec = try FlowSpec(id: "p", title: "P", fields: [FieldSpec(id: "pick", kind: .select, label: "Pick", options: options)])
        let context = RecordingContext(spec)
        let screen = FieldScreens.screen(for: spec["pick"]!, words: .english)
        let body = screen.body(context) { _ in 4 }
        #expect(body.rows == ["› Option 1", "  Option 2", "  Option 3", "↓ 17 more"], "\(body.rows)")
        context.press("\u{1B}[6~", on: screen)
        guard case .select(let select)? = context.store.state.fields[field: "pick"] else {
            Issue.record("the field holds no select state")
            return
        }
        #expect(select.highlight == "o4")
    }
}
