import Foundation
import PseudoTerminalSupport
import Testing

/// `focusflow replay`: a recording is replayed against the flow it records, and every refused
/// request is named by its place in the script.
@Suite("replay knows its script")
struct ReplayScriptTests {
    static let loginHeader = #"# A walk through "login" recorded by focusflow run --record; secure values are stand-ins."#

    @Test(
        "A recording of one flow replayed against another (the built-in sign-up too) is refused, exit 2, naming both",
        arguments: [
            [String](), ["Flows/signup.json"],
        ])
    func otherFlowRefused(flow: [String]) throws {
        let path = try ScratchFolder.write(Self.loginHeader + "\n" + #"{"action":"text","value":"ada@example.com"}"# + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Command.run(["replay"] + flow + [path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"\#(path):1: the script records a walk through "login", not "signup""#), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing is answered")
    }

    @Test("A recording replayed against its own flow, and a script with no header, play")
    func ownFlowPlays() throws {
        let recorded = try ScratchFolder.write(Self.loginHeader + "\ntext ada@example.com\nnext\n")
        let plain = try ScratchFolder.write("text ada@example.com\nnext\n")
        defer { try? FileManager.default.removeItem(atPath: recorded); try? FileManager.default.removeItem(atPath: plain) }
        for (flow, path) in [("Flows/login.json", recorded), ("Flows/signup.json", plain)] {
            let result = try Command.run(["replay", flow, path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 3)
        }
    }

    @Test("Each refused request is said on stderr with SCRIPT:LINE, and exits 1; stdout answers as serve does")
    func errorsArePlaced() throws {
        let requests = "# a comment\n\ntext ada@example.com\nfocus nowhere\nnext\n{\"action\":\"bogus\"}\n"
        let path = try ScratchFolder.write(requests)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replayed = try Command.run(["replay", "Flows/login.json", path])
        let served = try Command.run(["serve", "Flows/login.json"], input: requests)
        #expect(replayed.status == 1)
        #expect(replayed.stdout == served.stdout)
        let lines = replayed.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(replayed.stderr)")
        #expect(lines.first?.hasPrefix("focusflow: \(path):4: no field \"nowhere\"") == true, "\(replayed.stderr)")
        #expect(lines.last?.hasPrefix("focusflow: \(path):6: ") == true, "\(replayed.stderr)")
    }
}
