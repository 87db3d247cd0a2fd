import Foundation
import Testing

/// `--record` on the interactive screen with prefilled answers and at the review: the script
/// starts where the walk did and ends as it did, so its replay reaches the same end.
@Suite("Recording an interactive walk from prefilled answers", .serialized)
struct RecordingStartTerminalTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "focusflow-record-start-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(RecordingFlow.json.utf8).write(to: URL(fileURLWithPath: folder + "/flow.json"))
        return folder
    }

    @Test("A prefilled walk through a pty, --skip-filled: the recording starts with start, no secret in it, and replays to the same answers")
    func prefilled() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"password":"Hunter-2024","confirm":"Hunter-2024"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/answers.json"))
        let terminal = try PseudoTerminal([
            "run", folder + "/flow.json", "--set", "user=ada", "--answers", folder + "/answers.json",
            "--skip-filled", "--record", folder + "/walk.script",
        ])
        #expect(terminal.waitFor("Word"))
        terminal.send("비밀번호🙂\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText.hasPrefix(#"{"user":"ada","password":"Hunter-2024""#))
        let recording = try String(contentsOfFile: folder + "/walk.script", encoding: .utf8)
        for secret in ["Hunter-2024", "비밀번호🙂"] { #expect(!recording.contains(secret), "a secret's bytes are in the recording") }
        #expect(recording.contains(#"{"action":"start","answers":{"user":"ada","password":"#))
        let replay = try RecordingFlow.replay(flow: folder + "/flow.json", script: folder + "/walk.script")
        #expect(replay.contains(#""phase":"completed""#), "\(replay.suffix(200))")
        #expect(replay.contains(#""user":"ada""#))
    }

    static let reviewFlow = #"{"id":"rr","title":"Record review","review":true,"fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true,"keyboard":"numberPad"}]}"#

    @Test("Ctrl-C on the review screen: the recording ends with cancel, and replays to cancelled")
    func cancelledAtReview() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.reviewFlow.utf8).write(to: URL(fileURLWithPath: folder + "/review.json"))
        let terminal = try PseudoTerminal(["run", folder + "/review.json", "--record", folder + "/walk.script"])
        #expect(terminal.waitFor("Name"))
        terminal.send("Ada\r")
        #expect(terminal.waitFor("PIN"))
        terminal.send("2468\r")
        #expect(terminal.waitFor("Check your answers"))
        terminal.send("\u{03}")
        #expect(terminal.finish() == .signalled(SIGINT))
        let recording = try String(contentsOfFile: folder + "/walk.script", encoding: .utf8)
        #expect(!recording.contains("2468"))
        #expect(recording.hasSuffix(#"{"action":"cancel"}"# + "\n"), "\(recording.suffix(60).debugDescription)")
        let replay = try RecordingFlow.replay(flow: folder + "/review.json", script: folder + "/walk.script")
        #expect(replay.split(separator: "\n").last?.contains(#""phase":"cancelled""#) == true, "\(replay.suffix(200))")
    }
}
