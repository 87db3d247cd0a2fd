import Testing
@testable import FocusFlow
import FocusFlowSearch

@Suite("Text field reducer")
struct TextFieldReducerTests {
    let reducer = TextFieldReducer()

    @Test("A text change says old and new, and sets the text")
    func textChanged() {
        var state = TextFieldReducer.State(text: "ab")
        let effects = reducer.reduce(into: &state, action: .textChanged("abc"))
        #expect(effects == [.notify(.changed(old: "ab", new: "abc"))])
        #expect(state.text == "abc")
        #expect(state.hasText)
    }

    @Test("The same text again says nothing")
    func sameText() {
        var state = TextFieldReducer.State(text: "same")
        #expect(reducer.reduce(into: &state, action: .textChanged("same")).isEmpty)
    }

    @Test("Hangul typed as conjoining jamo stays jamo: no normalisation either way")
    func hangulVerbatim() {
        let jamo = "\u{1100}\u{1161}"  // ᄀ + ᅡ, shown as 가
        let precomposed = "\u{AC00}"  // 가
        #expect(jamo == precomposed, "Swift's == calls them equal; the reducer must not")
        var state = TextFieldReducer.State(text: precomposed)
        let effects = reducer.reduce(into: &state, action: .textChanged(jamo))
        #expect(effects == [.notify(.changed(old: precomposed, new: jamo))])
        #expect(Array(state.text.unicodeScalars) == Array(jamo.unicodeScalars))
        #expect(state != TextFieldReducer.State(text: precomposed))
    }

    @Test("Hangul composed jamo by jamo keeps every intermediate value exactly")
    func hangulSteps() {
        var state = TextFieldReducer.State()
        var seen: [String] = []
        for step in ["ㅎ", "하", "한", "한ㄱ", "한그", "한글"] {
            for case .notify(.changed(_, let new)) in reducer.reduce(into: &state, action: .textChanged(step)) {
                seen.append(new)
            }
        }
        #expect(seen.map { Array($0.utf8) } == ["ㅎ", "하", "한", "한ㄱ", "한그", "한글"].map { Array($0.utf8) })
    }

    @Test("Submit says submitted and keeps the text")
    func submit() {
        var state = TextFieldReducer.State(text: "query")
        #expect(reducer.reduce(into: &state, action: .submit) == [.notify(.submitted)])
        #expect(state.text == "query")
    }

    @Test("Clear empties the field and says exactly one cleared, with text or without (the search-field reducer's contract)")
    func clear() {
        var state = TextFieldReducer.State(text: "x")
        #expect(reducer.reduce(into: &state, action: .clear) == [.notify(.cleared)])
        #expect(!state.hasText)
        #expect(reducer.reduce(into: &state, action: .clear) == [.notify(.cleared)])
    }
}

@Suite("Search field")
struct SearchFieldTests {
    let options = ["Café Noir", "cafeteria", "Zürich", "ZURICH airport", "서울", "한국", "Tokyo"]

    @Test("An empty query shows every option in order")
    func emptyQuery() {
        #expect(SearchField.State(options: options).results == options)
    }

    @Test(
        "Filtering ignores case and diacritics",
        arguments: [
            ("cafe", ["Café Noir", "cafeteria"]),
            ("CAFÉ", ["Café Noir", "cafeteria"]),
            ("zurich", ["Zürich", "ZURICH airport"]),
            ("서울", ["서울"]),
            ("nowhere", []),
            // A syllable still being composed finds the syllables it starts.
            ("하", ["한국"]),
            ("ＴＯＫＹＯ", ["Tokyo"]),
        ])
    func filtering(query: String, expected: [String]) {
        var state = SearchField.State(options: options)
        _ = SearchField().reduce(into: &state, action: .textChanged(query))
        #expect(state.results == expected)
        #expect(state.field.text == query, "the query itself stays verbatim")
    }

    @Test(
        "A search field finds what a choice field's filter finds: one fold",
        arguments: [
            "", "cafe", "ZÜR", "하", "서", "ㅎ", " tok", "tok ", "ＴＯＫＹＯ", "e\u{301}", "air port", "a",
        ])
    func sameFoldAsTheFilter(query: String) {
        var state = SearchField.State(options: options)
        _ = SearchField().reduce(into: &state, action: .textChanged(query))
        let field = FieldSpec(id: "country", kind: .select, options: options.map { FieldOption(value: $0) })
        #expect(state.results == field.visibleOptions(query: query).map { options[$0] })
    }

    @Test("Setting the options filters the new ones")
    func newOptions() {
        var state = SearchField.State(query: "tok", options: options)
        state.options = ["Tokio Hotel", "Kyoto"]
        #expect(state.results == ["Tokio Hotel"])
    }

    @Test("Clearing the query shows everything again")
    func clearing() {
        var state = SearchField.State(query: "tok", options: options)
        #expect(state.results == ["Tokyo"])
        #expect(SearchField().reduce(into: &state, action: .clear) == [.notify(.cleared)])
        #expect(state.results == options)
    }
}

@Suite("Text field reducer, both forms")
struct TextFieldReducerFormsTests {
    @Test(
        "The array and the sink say the same effects for every action",
        arguments: [
            ("", TextFieldReducer.Action.textChanged("a")), ("a", .textChanged("a")), ("a", .textChanged("b")),
            ("\u{AC00}", .textChanged("\u{1100}\u{1161}")), ("x", .submit), ("x", .clear), ("", .clear),
        ])
    func sameEffects(text: String, action: TextFieldReducer.Action) {
        var arrayState = TextFieldReducer.State(text: text), sinkState = arrayState
        let array = TextFieldReducer().reduce(into: &arrayState, action: action)
        var sink: [TextFieldReducer.Effect] = []
        TextFieldReducer().reduce(into: &sinkState, action: action) { sink.append($0) }
        #expect(array == sink)
        #expect(arrayState == sinkState)
    }
}
