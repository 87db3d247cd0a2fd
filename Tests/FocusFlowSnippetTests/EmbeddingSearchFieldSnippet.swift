import FocusFlowSearch
import Testing

/// docs/embedding.md's `SearchField` snippet, run as a reader runs it.
func embeddingSearchFieldSnippet(_ transcript: Transcript) {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet docs/embedding.md 2
    var search = SearchField.State(options: ["Café Noir", "Zürich", "서울"])
    _ = SearchField().reduce(into: &search, action: .textChanged("cafe"))
    print(search.results)  // ["Café Noir"]: case- and diacritic-insensitive; the query stays verbatim
    // end snippet
}

@Test("docs/embedding.md's SearchField snippet prints the results its comment says")
func embeddingSearchFieldPrints() {
    let transcript = Transcript()
    embeddingSearchFieldSnippet(transcript)
    #expect(transcript.lines == [#"["Café Noir"]"#])
}
