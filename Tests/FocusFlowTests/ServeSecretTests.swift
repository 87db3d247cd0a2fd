import Foundation
import Testing
@testable import FocusFlow
import FocusFlowProtocol

/// What leaves `focusflow serve`: a secure value only in `completed` and in the `checking` event
/// that hands it to the host, each marked `"secret":true`, so that a host that logs events
/// drops them by that one key and logs nothing secret.
@Suite("serve: every event that carries a secret says so")
struct ServeSecretTests {
    static let flow = """
        {"id":"s","title":"S","fields":[
         {"id":"email","label":"Email","check":"mail"},
         {"id":"password","label":"Password","secure":true,"check":"pw"},
         {"id":"nickname","label":"Nickname"}]}
        """
    static let secret = "hunter2-secret"
    static let requests = [
        #"{"action":"text","value":"ada@example.com"}"#, #"{"action":"next"}"#, #"{"action":"checked","ticket":1,"ok":true}"#,
        #"{"action":"text","value":"\#(secret)"}"#, #"{"action":"next"}"#, #"{"action":"checked","ticket":2,"ok":true}"#,
        #"{"action":"text","value":"ada"}"#, #"{"action":"next"}"#,
    ]

    /// Every event of every response, each with the response it came in.
    static func events(_ output: String) throws -> [(event: [String: Any], response: [String: Any])] {
        try output.split(separator: "\n").flatMap { line -> [([String: Any], [String: Any])] in
            let response = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return ((response["events"] as? [[String: Any]]) ?? []).map { ($0, response) }
        }
    }

    @Test("checking for a secure field and completed with a secure answer say \"secret\":true; no other event does", arguments: [false, true])
    func marked(sessions: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-secret-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.flow.utf8).write(to: folder.appendingPathComponent("flow.json"))
        let lines = sessions ? [#"{"action":"open","session":"a"}"#] + Self.requests.map { #"{"session":"a","# + $0.dropFirst() } : Self.requests
        let result = try Command.run(["serve", "flow.json"] + (sessions ? ["--sessions"] : []), input: lines.map { $0 + "\n" }.joined(), directory: folder)
        #expect(result.status == 0)
        let events = try Self.events(result.stdout)
        let marked = events.filter { $0.event["secret"] as? Bool == true }.map { "\($0.event["event"] ?? "") \($0.event["field"] ?? "")" }
        #expect(marked == ["checking password", "completed "], "\(marked)")
        for (event, _) in events {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
            let carries = text.contains(Self.secret)
            #expect(carries == (event["secret"] as? Bool == true), "an event carries the secret without saying so, or says so without it")
            #expect(event["secret"] == nil || event["secret"] as? Bool == true, "\"secret\" is true or absent")
        }
        // A host that logs every response without the events marked secret logs nothing secret.
        var logged = ""
        for line in result.stdout.split(separator: "\n") {
            var response = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let list = response["events"] as? [[String: Any]] { response["events"] = list.filter { $0["secret"] as? Bool != true } }
            logged += String(decoding: try JSONSerialization.data(withJSONObject: response), as: UTF8.self) + "\n"
        }
        let leaked = logged.contains(Self.secret)
        #expect(!leaked, "the log holds the secret")
    }

    @Test("A walk whose answers hold no secure value completes without \"secret\": a hidden secure field is no answer")
    func plainCompleted() throws {
        let flow = #"{"id":"p","title":"P","fields":[{"id":"name","label":"Name"},{"id":"pin","label":"PIN","secure":true,"when":{"field":"name","equals":"x"}}]}"#
        var walk = ProtocolSession(spec: try FlowSpec(json: Data(flow.utf8)))
        _ = walk.respond(to: .text("ada"))
        let completed = walk.respond(to: .next)
        #expect(completed.contains(#""event":"completed""#) && !completed.contains(#""secret""#), "\(completed)")
    }

    /// The one sentence on where a secure value leaves, which every document repeats as it is.
    static let contract =
        #"A secure value leaves FocusFlow only in `completed`'s values and in the check that hands it to the host (the protocol's `checking` event, `pendingCheck(in:)` in Swift), and every protocol event that carries one says `"secret":true`."#

    @Test("The README, the manual and the protocol's documentation say where a secure value leaves in one sentence, the same in each")
    func contractSentence() throws {
        for file in [
            "README.md", "docs/embedding.md", "docs/terminal.md", "Sources/FocusFlowProtocol/FocusFlowProtocol.docc/FocusFlowProtocol.md",
            "Sources/FocusFlowProtocol/ProtocolSession.swift",
        ] {
            let text = try String(contentsOf: Fixtures.root.appendingPathComponent(file), encoding: .utf8)
            // Lines joined as a reader reads them: a doc comment's slashes and the line breaks go.
            let read = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .map { $0.hasPrefix("/// ") ? String($0.dropFirst(4)) : $0 }.joined(separator: " ")
            #expect(read.contains(Self.contract), "\(file) does not say the contract as it is")
            #expect(!read.contains("secure text appears only in"), "\(file) still says secure text appears only in completed")
        }
        // The help and the manual say it too, in plain text.
        let help = try Command.run(["help", "serve"]).stdout.split(separator: "\n").joined(separator: " ")
        #expect(help.contains(Self.contract.replacingOccurrences(of: "`", with: "")), "focusflow help serve does not say the contract as it is")
    }
}
