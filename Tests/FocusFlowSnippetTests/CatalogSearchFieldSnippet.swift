import FocusFlow
import FocusFlowSearch
import Testing

/// FocusFlowSearch's DocC catalog's snippet, run as a reader runs it.
func catalogSearchFieldSnippet(_ transcript: Transcript) {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet Sources/FocusFlowSearch/FocusFlowSearch.docc/FocusFlowSearch.md 1
    var search = SearchField.State(options: ["Café Noir", "Zürich", "서울"])
    _ = SearchField().reduce(into: &search, action: .textChanged("cafe"))
    print(search.results)  // ["Café Noir"]
    // end snippet
}

@Test("FocusFlowSearch's catalog's snippet prints the results its comment says")
func catalogSearchFieldPrints() {
    let transcript = Transcript()
    catalogSearchFieldSnippet(transcript)
    #expect(transcript.lines == [#"["Café Noir"]"#])
}
