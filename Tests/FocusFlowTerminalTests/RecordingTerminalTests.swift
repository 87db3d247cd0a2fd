import Foundation
import Testing

/// `focusflow run --record FILE` on the interactive screen: the keystrokes of a real walk
/// become a replay script whose secrets are stand-ins.
@Suite("Recording an interactive walk", .serialized)
struct RecordingTerminalTests {
    @Test("An interactive walk through a pty is recorded; replaying it completes; no secret is in it")
    func interactiveWalk() throws {
        let folder = NSTemporaryDirectory() + "focusflow-record-pty-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json"
        try Data(RecordingFlow.json.utf8).write(to: URL(fileURLWithPath: flow))
        let script = folder + "/walk.script"
        let terminal = try PseudoTerminal(["run", flow, "--record", script])
        for (label, answer) in [("User", "ada"), ("Password", "Hunter-2024"), ("Confirm", "Hunter-2024"), ("Word", "비밀번호🙂")] {
            #expect(terminal.waitFor(label))
            terminal.send(answer + "\r")
        }
        #expect(terminal.finish() == 0)
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        for secret in ["Hunter-2024", "비밀번호🙂", "Hunter", "비밀"] {
            #expect(!recording.contains(secret), "a secret's bytes are in the recording")
        }
        let replay = try RecordingFlow.replay(flow: flow, script: script)
        #expect(replay.contains(#""phase":"completed""#))
        #expect(replay.contains(#""user":"ada""#))
    }
}

enum RecordingFlow {
    static let json = """
        {"id":"r","title":"Record","fields":[
         {"id":"user","label":"User"},
         {"id":"password","label":"Password","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"minLength":8}},
         {"id":"confirm","label":"Confirm","secure":true,"keyboard":"asciiCapable","rules":{"required":true,"matches":"password"}},
         {"id":"word","label":"Word","secure":true,"rules":{"required":true}}]}
        """

    /// `focusflow replay FLOW SCRIPT`'s stdout.
    static func replay(flow: String, script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PseudoTerminal.executable)
        process.arguments = ["replay", flow, script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
