import Foundation
import Testing

/// `focusflow run --record FILE` on the interactive screen: the keystrokes of a real walk
/// become a replay script whose secrets are stand-ins.
@Suite("Recording an interactive walk", .serialized)
struct RecordingTerminalTests {
    @Test(
        "A walk through a pty is recorded, on the interactive screen and in the accessible line mode; replaying it completes; no secret is in it",
        arguments: ["xterm-256color", "dumb"])
    func interactiveWalk(term: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-record-pty-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json"
        try Data(RecordingFlow.json.utf8).write(to: URL(fileURLWithPath: flow))
        let script = folder + "/walk.script"
        let terminal = try PseudoTerminal(["run", flow, "--record", script], environment: ["TERM": term])
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

    @Test("Ctrl-C in the middle of a password: the recording ends with cancel, the half-typed password a stand-in")
    func cancelled() throws {
        let folder = NSTemporaryDirectory() + "focusflow-record-pty-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/flow.json"
        try Data(RecordingFlow.json.utf8).write(to: URL(fileURLWithPath: flow))
        let script = folder + "/walk.script"
        let terminal = try PseudoTerminal(["run", flow, "--record", script])
        #expect(terminal.waitFor("User"))
        terminal.send("ada\r")
        #expect(terminal.waitFor("Password"))
        terminal.send("Hunter-20")
        #expect(terminal.waitFor("•••••••••"))
        terminal.send("\u{3}")
        #expect(terminal.finish() == .signalled(SIGINT))
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(!recording.contains("Hunter"), "a secret's bytes are in the recording")
        let lines = recording.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.last == #"{"action":"cancel"}"#, "\(lines)")
        let typed = try #require(lines.dropLast().last)
        #expect(typed.hasPrefix(#"{"action":"text","value":""#), "the half-typed password is one text request: \(typed)")
        let replay = try RecordingFlow.replay(flow: flow, script: script)
        #expect(replay.split(separator: "\n").last?.contains(#""phase":"cancelled""#) == true)
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
