import Foundation
import Testing

/// A check program that repeats the secret it checks, changed — upper-cased, spaced out,
/// reversed, laced with separators, zero-width spaces or escape sequences — gets none of it onto
/// stderr, into a recording or out of `serve`: the field's own words are shown instead. And a
/// program's refusal reaches them as plain words.
@Suite("A checker that echoes the secret, changed, shows none of it")
struct SecretEchoRunTests {
    static let secret = "Hunter2-Secret"
    static let flow = #"{"id":"s","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"}]}"#

    /// How a checker changes the secret it repeats: a shell filter over the value.
    static let echoes: [(name: String, filter: String)] = [
        ("as it is", "cat"),
        ("upper-cased", "tr a-z A-Z"),
        ("lower-cased", "tr A-Z a-z"),
        ("spaced out", "sed 's/./& /g'"),
        ("reversed", "rev"),
        ("with separators", "sed 's/./&_/g'"),
        ("with zero-width spaces", #"sed 's/./&\xe2\x80\x8b/g'"#),
        ("with escape sequences between", #"sed 's/./&\x1b[1m/g'"#),
        ("reversed behind a right-to-left override", #"{ printf '\342\200\256'; rev; }"#),
        ("reversed, upper-cased and spaced out", "rev | tr a-z A-Z | sed 's/./& /g'"),
        ("only its start, upper-cased", "cut -c1-7 | tr a-z A-Z"),
    ]

    /// The checker: reads the value from its JSON and refuses with it, changed by `filter`.
    static func checker(_ filter: String) -> String {
        #"pw=v=$(sed -n 's/.*"value":"\([^"]*\)".*/\1/p'); printf 'Too common: %s\n' "$(printf %s "$v" | "# + filter + #")"; exit 1"#
    }

    /// Whether `text` holds the secret in any form: its letters and digits, in either direction,
    /// whatever their case (judged here on its own, not by the code under test).
    static func exposes(_ text: String) -> Bool {
        let letters = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        return ["hunter2", "2retnuh", "secret", "terces"].contains { letters.contains($0) }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-echo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A piped walk and its recording show the field's own words when the checker repeats the secret in any form", arguments: echoes.indices)
    func piped(echo: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json").path, script = folder.appendingPathComponent("walk.script").path
        try Self.flow.write(toFile: flow, atomically: true, encoding: .utf8)
        let result = try Command.run(["run", flow, "--record", script, "--check", Self.checker(Self.echoes[echo].filter)], input: "\(Self.secret)\n")
        #expect(result.status == 1)
        #expect(result.stderr == "focusflow: line 1: Password (password): Password was not accepted.\n", "\(Self.echoes[echo].name)")
        #expect(!Self.exposes(result.stdout + result.stderr), "\(Self.echoes[echo].name)")
        let recording = try String(contentsOfFile: script, encoding: .utf8)
        #expect(!Self.exposes(recording), "\(Self.echoes[echo].name)")
        #expect(recording.contains(#"{"action":"checked","ticket":1,"ok":false,"message":"Password was not accepted."}"#))
    }

    /// The secret changed as each echo above changes it, for a host that refuses through `serve`.
    static let served = [
        "Too common: HUNTER2-SECRET", "Too common: hunter2-secret", "Too common: H u n t e r 2 - S e c r e t",
        "Too common: terceS-2retnuH", "Too common: H_u_n_t_e_r_2_-_S_e_c_r_e_t", "H\u{200B}unter2\u{200B}Secret",
        "\u{202E}terceS-2retnuH", "Hunter2", "ｈｕｎｔｅｒ２－ｓｅｃｒｅｔ", "H̲u̲n̲t̲e̲r̲2̲ S̲e̲c̲r̲e̲t̲",
    ]

    @Test("serve shows the field's own words when the host's refusal repeats the secret in any form", arguments: served)
    func serve(message: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flow = folder.appendingPathComponent("flow.json").path
        try Self.flow.write(toFile: flow, atomically: true, encoding: .utf8)
        var refusal = ""
        for scalar in message.unicodeScalars { refusal += scalar.isASCII ? String(scalar) : String(format: "\\u%04x", scalar.value) }
        let lines = [
            #"{"action":"text","value":"\#(Self.secret)"}"#, #"{"action":"next"}"#,
            #"{"action":"checked","ticket":1,"ok":false,"message":"\#(refusal)"}"#,
        ]
        let result = try Command.run(["serve", flow], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains(#""message":"Password was not accepted.""#), "the refusal is shown: \(message.debugDescription)")
        // The secret as it is, where the protocol hands it to the host (the `checking` event), and
        // the key that marks such an event, are the protocol's own words, not the refusal's.
        let said = result.stdout.replacingOccurrences(of: Self.secret, with: "").replacingOccurrences(of: #""secret":true"#, with: "")
        #expect(!Self.exposes(said), "\(message.debugDescription)")
    }
}
