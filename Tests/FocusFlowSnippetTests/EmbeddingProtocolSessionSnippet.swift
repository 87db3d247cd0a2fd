import FocusFlow
import FocusFlowProtocol
import Foundation
import Testing

/// docs/embedding.md's `ProtocolSession` snippet, run as a reader runs it, from the package's
/// top folder (its flow's path is relative).
func embeddingProtocolSessionSnippet(_ transcript: Transcript) throws {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet docs/embedding.md 3
    var session = ProtocolSession(spec: try FlowSpec(contentsOf: URL(fileURLWithPath: "Flows/login.json")))
    print(session.initialResponse())  // {"protocol":2,"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{…}}
    print(session.respond(to: .text("ada@example.com")))  // {"events":[{"event":"changed","field":"email","old":"","new":"ada@example.com"}],"state":{…}}
    print(session.respond(toLine: Array(#"{"action":"next"}"#.utf8)))  // {"events":[{"event":"focusMoved","from":"email","to":"password"},…],"state":{…}}
    // end snippet
}

@Test("docs/embedding.md's ProtocolSession snippet prints the responses its comments show")
func embeddingProtocolSessionPrints() throws {
    try #require(FileManager.default.fileExists(atPath: "Flows/login.json"), "the snippet's path is the package's: run the tests from its top folder")
    let transcript = Transcript()
    try embeddingProtocolSessionSnippet(transcript)
    let shown = try DocumentSnippets.snippets(of: "docs/embedding.md")[2].lines.compactMap(Transcript.printedComment)
    #expect(shown.count == 3)
    #expect(transcript.lines.count == shown.count)
    for (line, comment) in zip(transcript.lines, shown) {
        #expect(Transcript.line(line, isShownBy: comment), "printed \(line)")
    }
}
