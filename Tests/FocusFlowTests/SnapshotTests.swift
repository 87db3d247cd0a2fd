import Foundation
import Testing
@testable import FocusFlow

@Suite("Snapshots: a walk's state without secure text")
struct SnapshotTests {
    /// The sign-up walked to the nickname field.
    static func walkedToNickname() throws -> (FlowReducer, FlowReducer.State) {
        let reducer = FlowReducer(spec: try FlowSpec.signup())
        let actions = Fixtures.signupAnswers.prefix(3).flatMap { Fixtures.answer($0.1) } + [.field(.textChanged("에이다"))]
        let (state, _) = Fixtures.run(reducer, actions)
        return (reducer, state)
    }

    @Test("A snapshot holds the focus and every non-secure answer, and no secure one")
    func snapshotLeavesSecretsOut() throws {
        let (reducer, state) = try Self.walkedToNickname()
        let snapshot = reducer.snapshot(of: state)
        #expect(snapshot.focus == "nickname")
        #expect(snapshot.answers == ["email": .text("ada@example.com"), "nickname": .text("에이다")])
        #expect(snapshot.fingerprint == reducer.spec.fingerprint)
        let json = Array(snapshot.json.utf8)
        let secret = Array("correct horse".utf8)
        #expect(!json.indices.contains { json[$0...].starts(with: secret) }, "the secure value's bytes are in the snapshot")
    }

    @Test("A snapshot survives JSON and restores the answers; secure fields come back empty and are asked first")
    func restore() throws {
        let (reducer, state) = try Self.walkedToNickname()
        let decoded = try FlowSnapshot(json: Array(reducer.snapshot(of: state).json.utf8))
        #expect(decoded == reducer.snapshot(of: state))
        var restored = try reducer.restore(decoded)
        #expect(restored.text(of: "email") == "ada@example.com")
        #expect(restored.text(of: "nickname") == "에이다")
        #expect(restored.text(of: "password").isEmpty && restored.text(of: "confirm").isEmpty)
        #expect(restored.focus == "password")
        #expect(restored.surface == .secure && restored.keyboard == .asciiCapable)
        for action in Fixtures.answer("correct horse") + Fixtures.answer("correct horse") { _ = reducer.reduce(into: &restored, action: action) }
        #expect(restored.focus == "nickname", "the walk goes on where it stopped")
    }

    @Test("A snapshot without secure fields before its focus resumes on its focus")
    func resumesAtFocus() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("preferences"))
        var state = reducer.initialState()
        for action: FlowReducer.Action in [.next, .field(.toggle("email")), .next] { _ = reducer.reduce(into: &state, action: action) }
        #expect(state.focus == "language")
        let restored = try reducer.restore(reducer.snapshot(of: state))
        #expect(restored.focus == "language")
        #expect(restored.answer(of: "channels") == .choices(["email"]))
    }

    /// A flow whose secure field is optional: `required` or not, a secret typed before the
    /// draft was saved is not in it, so resuming must ask for it again rather than pass it by.
    @Test("A secure field before the focus is asked again on restore, required or not", arguments: [true, false])
    func optionalSecureAskedAgain(required: Bool) throws {
        let json =
            #"{"id":"opt","title":"Opt","fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true,"rules":{"required":\#(required)}},{"id":"city","label":"City"},{"id":"note","label":"Note"}]}"#
        let reducer = FlowReducer(spec: try FlowSpec(json: Data(json.utf8)))
        let actions = ["Ada", "1234", "Seoul"].flatMap { Fixtures.answer($0) }
        let (state, _) = Fixtures.run(reducer, actions)
        #expect(state.focus == "note")
        var restored = try reducer.restore(reducer.snapshot(of: state))
        #expect(restored.focus == "pin", "the secure field typed before the draft is asked again")
        #expect(restored.surface == .secure)
        for action in Fixtures.answer("1234") { _ = reducer.reduce(into: &restored, action: action) }
        #expect(restored.focus == "note", "then on from where it stopped, past the city answered before")
    }

    @Test("A cancelled walk's snapshot keeps the field it was on, when told")
    func cancelledFocus() throws {
        let (reducer, walked) = try Self.walkedToNickname()
        var state = walked
        _ = reducer.reduce(into: &state, action: .cancel)
        #expect(reducer.snapshot(of: state, focus: "nickname").focus == "nickname")
    }

    @Test("The fingerprint is stable and changes with the flow; a snapshot of a changed flow is refused")
    func fingerprint() throws {
        let spec = try FlowSpec.signup()
        #expect(spec.fingerprint == (try FlowSpec.signup()).fingerprint)
        #expect(spec.fingerprint.hasPrefix("fnv1a64:") && spec.fingerprint.count == 24)
        var fields = spec.fields
        fields[3].rules.maxLength = 30
        let changed = try FlowSpec(id: spec.id, title: spec.title, fields: fields)
        #expect(changed.fingerprint != spec.fingerprint)
        let (reducer, state) = try SnapshotTests.walkedToNickname()
        #expect(throws: PrefillError(.otherFlow, field: nil, message: "the saved answers are of the flow \"signup\" as it was before it changed; they cannot be resumed with this one")) {
            try FlowReducer(spec: changed).restore(reducer.snapshot(of: state))
        }
    }

    @Test("FNV-1a matches its published test vectors")
    func fnvVectors() {
        #expect(FNV1a64.hash([]) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }
}
