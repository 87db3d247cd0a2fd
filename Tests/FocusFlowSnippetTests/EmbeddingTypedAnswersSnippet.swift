import FocusFlow
import Foundation
import Testing

/// docs/embedding.md's typed answers, run as a reader runs it, then walked to the end.
func embeddingTypedAnswersSnippet(_ transcript: Transcript) throws -> FlowStore {
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        transcript.print(items, separator: separator, terminator: terminator)
    }
    // snippet docs/embedding.md 4
    struct Profile: Decodable {
        var name: String
        var age: Int8  // a whole number that fits, or an error
        var guardian: String?  // nil: hidden for an adult
        var weight: Double?  // nil when left unanswered
    }

    let profile = try FlowSpec(contentsOf: URL(fileURLWithPath: "Flows/profile.json"))
    let store = FlowStore(spec: profile) { event in
        guard case .completed(let result) = event else { return }
        do {
            let answers = try result.decode(Profile.self)
            print(answers.name, answers.age, answers.guardian ?? "no guardian")
        } catch {
            print(error)  // "age": the host asks for Int8, the answer is a number (300) out of its range
        }
    }
    store.send(.field(.textChanged("Ada")))
    // end snippet
    return store
}

@MainActor
@Test("docs/embedding.md's typed answers snippet prints the profile the walk completes with")
func embeddingTypedAnswersPrints() throws {
    let transcript = Transcript()
    let store = try embeddingTypedAnswersSnippet(transcript)
    #expect(transcript.lines.isEmpty)
    store.send(.next)
    store.send(.field(.textChanged("36")))
    store.send(.next)
    store.send(.next)
    #expect(transcript.lines == ["Ada 36 no guardian"])
}
