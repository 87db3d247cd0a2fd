import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol

/// ``WalkRecorder`` on a store, as a Swift host uses it: the script replays the walk, and no
/// secret is in it.
@Suite("WalkRecorder")
struct WalkRecorderTests {
    /// Walks `actions` on a recorded store of `spec`; returns the script and the last response of replaying it.
    static func recordAndReplay(_ spec: FlowSpec, _ actions: [FlowReducer.Action]) throws -> (script: String, last: String, store: FlowStore) {
        var recorder = try WalkRecorder(spec: spec)
        let store = FlowStore(spec: spec)
        store.actionObserver = { recorder.record($0, in: $1) }
        for action in actions { store.send(action) }
        let script = recorder.script()
        var session = ProtocolSession(spec: spec)
        var last = session.initialResponse()
        for line in script.split(separator: "\n") {
            if let response = session.respond(toScriptLine: Array(line.utf8)) { last = response }
        }
        return (script, last, store)
    }

    @Test("Ticks between other requests are one line, and a secure value typed between two ticks keeps its stand-in")
    func ticksAroundSecret() throws {
        let spec = try FlowSpec(json: Data(#"{"id":"t","fields":[{"id":"code","label":"Code","send":"sms","resendAfter":30},{"id":"pin","label":"PIN","secure":true,"rules":{"minLength":4}}]}"#.utf8))
        let actions: [FlowReducer.Action] = [
            .sent(ticket: 1, .ok), .tick(seconds: 1), .tick(seconds: 1), .field(.textChanged("1")), .next,
            .tick(seconds: 1), .field(.textChanged("2468")), .tick(seconds: 1), .tick(seconds: 1), .next,
        ]
        let (script, last, store) = try Self.recordAndReplay(spec, actions)
        #expect(store.state.phase == .completed)
        #expect(!script.contains("2468"))
        let lines = script.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 8, "\(lines)")
        #expect(lines.filter { $0.contains(#""action":"tick""#) } == [#"{"action":"tick","seconds":2}"#, #"{"action":"tick","seconds":1}"#, #"{"action":"tick","seconds":2}"#], "\(lines)")
        #expect(lines.filter { $0.contains(#""action":"text""#) }.count == 2, "the PIN's stand-in is kept: \(lines)")
        #expect(last.contains(#""phase":"completed""#), "\(last)")
    }

    @Test("Typing a password key by key is one stand-in; the replay completes as the walk did")
    func signup() throws {
        var actions: [FlowReducer.Action] = []
        for (_, value) in Fixtures.signupAnswers {
            // Key by key, as the terminal sends it.
            actions += value.indices.map { .field(.textChanged(String(value[...$0]))) } + [.field(.submit)]
        }
        let (script, last, store) = try Self.recordAndReplay(try FlowSpec.signup(), actions)
        #expect(store.state.phase == .completed)
        #expect(!script.contains("correct horse"))
        #expect(!script.contains("correct"), "no prefix of the secret either")
        #expect(last.contains(#""phase":"completed""#))
        let texts = script.split(separator: "\n").filter { $0.contains(#""action":"text""#) }
        // email, nickname, phone and code key by key; password and confirm once each.
        let typed = Fixtures.signupAnswers.filter { !["password", "confirm"].contains($0.0.rawValue) }.map(\.1.count).reduce(0, +)
        #expect(texts.count == typed + 2)
    }

    @Test("A password too short is recorded as one too short: the replay fails where the walk failed")
    func failingSecret() throws {
        let spec = try FlowSpec.signup()
        let actions: [FlowReducer.Action] = Fixtures.answer("ada@example.com") + [.field(.textChanged("short")), .next]
        let (script, last, store) = try Self.recordAndReplay(spec, actions)
        #expect(store.state.focus == "password")
        #expect(!script.contains("short"))
        #expect(last.contains(#""event":"invalid","field":"password""#))
        #expect(last.contains("at least 8 characters"))
    }

    @Test("Going back and retyping the same password gives the same stand-in; a confirmation typed before still matches")
    func sameSecretSameStandIn() throws {
        let spec = try FlowSpec.signup()
        let actions: [FlowReducer.Action] =
            Fixtures.answer("ada@example.com") + Fixtures.answer("correct horse")
            + [.field(.textChanged("correct horse")), .previous, .field(.textChanged("correct horsf")), .field(.textChanged("correct horse")), .next, .next]
        let (script, last, _) = try Self.recordAndReplay(spec, actions)
        let values = script.split(separator: "\n").filter { $0.contains(#""action":"text""#) }.dropFirst()
        #expect(Set(values).count == 1, "one stand-in for one secret")
        #expect(last.contains(#""to":"nickname""#))
    }
}
