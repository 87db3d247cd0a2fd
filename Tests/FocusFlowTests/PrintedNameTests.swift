import Foundation
import Testing

/// A file name is whatever bytes the person (or whoever named the file) chose: ESC, BEL, a
/// line break, a right-to-left override. Every command that prints one, on stdout or stderr,
/// writes those characters as escapes (`\u{1B}`), as a flow file's errors do, so that naming a
/// file cannot set the terminal's title, clear the screen or reorder the line it is on.
@Suite("Names the commands print cannot drive the terminal")
struct PrintedNameTests {
    /// A name that would set the terminal's title to `pwned`, then reverse the rest of the line.
    static let hostile = "t\u{1B}]0;pwned\u{07}\u{202E}x"
    /// How every command writes it.
    static let shown = #"t\u{1B}]0;pwned\u{7}\u{202E}x"#
    static let flow = #"{"id":"f","title":"F","fields":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}"#

    /// Each command that names a file, and how the file is given.
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case validateValid, validateMissing, validateFolder, validateSchema, validateManyProblems
        case check, runFlowMissing, serveFolder
        case replayRefusedRequest, replayScriptMissing, replayScriptFolder, replayFlowAlone, replayExpectMissing, replayExpectDiffers
        case outputFolderMissing, outputFolder, recordFolderMissing, draftFolderMissing, draftNotADraft, draftResumed, draftWithSet
        case answersMissing, answersSyntax

        var testDescription: String { rawValue }

        /// The arguments and the input of the command, with what it needs made in `folder`.
        func setUp(in folder: String) throws -> (arguments: [String], input: String?) {
            let name = folder + "/" + PrintedNameTests.hostile
            let flow = folder + "/flow.json"
            try PrintedNameTests.flow.write(toFile: flow, atomically: true, encoding: .utf8)
            func write(_ text: String, _ path: String = name) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
            func makeFolder() throws { try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: true) }
            switch self {
            case .validateValid:
                try write(PrintedNameTests.flow)
                return (["validate", name], nil)
            case .validateMissing: return (["validate", name], nil)
            case .validateFolder:
                try makeFolder()
                return (["validate", name], nil)
            case .validateSchema:
                try write(#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}"#)
                return (["validate", name], nil)
            case .validateManyProblems:
                let fields = (0..<25).map { #"{"id":"f\#($0)","keyboard":"nope"}"# }.joined(separator: ",")
                try write(#"{"id":"x","title":"X","fields":[\#(fields)]}"#)
                return (["validate", name], nil)
            case .check:
                try write(PrintedNameTests.flow)
                return (["check", name, "--depth", "2"], nil)
            case .runFlowMissing: return (["run", name], "")
            case .serveFolder:
                try makeFolder()
                return (["serve", name], "")
            case .replayRefusedRequest:
                try write(#"{"action":"bogus"}"# + "\n")
                return (["replay", flow, name], nil)
            case .replayScriptMissing: return (["replay", flow, name], nil)
            case .replayScriptFolder:
                try makeFolder()
                return (["replay", flow, name], nil)
            case .replayFlowAlone:
                try write(PrintedNameTests.flow)
                return (["replay", name], nil)
            case .replayExpectMissing:
                try write("", folder + "/empty.script")
                return (["replay", "--expect", name, flow, folder + "/empty.script"], nil)
            case .replayExpectDiffers:
                try write("", folder + "/empty.script")
                try write("{}\n")
                return (["replay", "--expect", name, flow, folder + "/empty.script"], nil)
            case .outputFolderMissing: return (["run", flow, "--output", name + "/answers.json"], "x\ny\n")
            case .outputFolder:
                try makeFolder()
                return (["run", flow, "--output", name], "x\ny\n")
            case .recordFolderMissing: return (["run", flow, "--record", name + "/walk.script"], "x\ny\n")
            case .draftFolderMissing: return (["run", flow, "--draft", name + "/draft.json"], "x\ny\n")
            case .draftNotADraft:
                try write("not a draft\n")
                return (["run", flow, "--draft", name], "x\ny\n")
            case .draftResumed, .draftWithSet:
                // Input that ends after the first field leaves a draft at the name.
                let first = try Command.run(["run", flow, "--draft", name], input: "x\n")
                try #require(first.status == 1 && FileManager.default.fileExists(atPath: name), "\(first.stderr)")
                return self == .draftResumed ? (["run", flow, "--draft", name], "y\n") : (["run", flow, "--draft", name, "--set", "b=y"], "")
            case .answersMissing: return (["run", flow, "--answers", name], "x\ny\n")
            case .answersSyntax:
                try write("{\"a\":")
                return (["run", flow, "--answers", name], "x\ny\n")
            }
        }
    }

    @Test("Every command writes a file name's control and format characters as escapes, on stdout and stderr", arguments: Case.allCases)
    func escaped(_ named: Case) throws {
        let folder = NSTemporaryDirectory() + "focusflow-names-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (arguments, input) = try named.setUp(in: folder)
        let result = try Command.run(arguments, input: input)
        let said = result.stdout + result.stderr
        for raw in ["\u{1B}", "\u{07}", "\u{202E}"] {
            #expect(!said.unicodeScalars.contains(raw.unicodeScalars.first!), "U+\(String(raw.unicodeScalars.first!.value, radix: 16)) printed raw: \(said.debugDescription)")
        }
        #expect(said.contains(Self.shown), "the name is not shown escaped: \(said.debugDescription)")
    }

    @Test("A name with a line break is one line of the message: the break is written as an escape")
    func lineBreak() throws {
        let folder = NSTemporaryDirectory() + "focusflow-names-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = folder + "/a\nfocusflow: b.json: ok (9 fields)"
        try Self.flow.write(toFile: name, atomically: true, encoding: .utf8)
        let valid = try Command.run(["validate", name])
        #expect(valid.status == 0)
        #expect(valid.stdout == "\(folder)/a\\u{A}focusflow: b.json: ok (9 fields): ok (2 fields)\n")
        try FileManager.default.removeItem(atPath: name)
        try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: true)
        let folderGiven = try Command.run(["run", name])
        #expect(folderGiven.status == 2)
        #expect(folderGiven.stderr.split(separator: "\n").count == 1, "\(folderGiven.stderr.debugDescription)")
    }
}
