import FocusFlow
import FocusFlowProtocol
import Foundation
import Testing

/// FocusFlowProtocol's DocC catalog's snippet, docs/embedding.md's, run as a reader runs it.
func catalogProtocolSessionSnippet(_ transcript: Transcript) throws {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet Sources/FocusFlowProtocol/FocusFlowProtocol.docc/FocusFlowProtocol.md 1
    var session = ProtocolSession(spec: try FlowSpec(contentsOf: URL(fileURLWithPath: "Flows/login.json")))
    print(session.initialResponse())  // {"protocol":2,"events":[{"event":"focusMoved","from":null,"to":"email"}],"state":{…}}
    print(session.respond(to: .text("ada@example.com")))  // {"events":[{"event":"changed","field":"email","old":"","new":"ada@example.com"}],"state":{…}}
    print(session.respond(toLine: Array(#"{"action":"next"}"#.utf8)))  // {"events":[{"event":"focusMoved","from":"email","to":"password"},…],"state":{…}}
    // end snippet
}

@Test("FocusFlowProtocol's catalog's snippet prints what docs/embedding.md's does")
func catalogProtocolSessionPrints() throws {
    try #require(FileManager.default.fileExists(atPath: "Flows/login.json"), "the snippet's path is the package's: run the tests from its top folder")
    let (catalog, embedding) = (Transcript(), Transcript())
    try catalogProtocolSessionSnippet(catalog)
    try embeddingProtocolSessionSnippet(embedding)
    #expect(catalog.text == embedding.text)
}
