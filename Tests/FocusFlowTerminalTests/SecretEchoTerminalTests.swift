import Foundation
import Glibc
import Testing

/// A check program's refusal on a terminal: in line mode (a real pty) and on the form (tmux),
/// a refusal that repeats the secret, changed, shows the field's own words, and one full of
/// escape sequences and invisible characters shows its plain words.
@Suite("A checker's refusal on the terminal: plain words, never the secret", .serialized)
struct SecretEchoTerminalTests {
    static let secret = "Hunter2-Secret"
    static let root = PseudoTerminal.packageRoot.path

    /// How a checker changes the secret it repeats: a shell filter over the value.
    static let echoes: [(name: String, filter: String)] = [
        ("upper-cased", "tr a-z A-Z"),
        ("spaced out", "sed 's/./& /g'"),
        ("reversed", "rev"),
        ("with zero-width spaces", #"sed 's/./&\xe2\x80\x8b/g'"#),
        ("reversed behind a right-to-left override", #"{ printf '\342\200\256'; rev; }"#),
    ]

    static func checker(_ filter: String) -> String {
        #"pw=v=$(sed -n 's/.*"value":"\([^"]*\)".*/\1/p'); printf 'Too common: %s\n' "$(printf %s "$v" | "# + filter + #")"; exit 1"#
    }

    /// Whether `text` holds the secret in any form: its letters and digits, in either direction,
    /// whatever their case.
    static func exposes(_ text: String) -> Bool {
        let letters = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        return ["hunter2", "2retnuh", "secret", "terces"].contains { letters.contains($0) }
    }

    static func flow() throws -> String {
        let path = NSTemporaryDirectory() + "focusflow-echo-\(UUID().uuidString.prefix(8)).json"
        try #"{"id":"s","title":"Sign in","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"},{"id":"nickname","label":"Nickname","check":"free"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Line mode shows the field's own words when the checker repeats the secret, changed", arguments: echoes.indices)
    func lineMode(echo: Int) throws {
        let flow = try Self.flow()
        defer { try? FileManager.default.removeItem(atPath: flow) }
        let terminal = try PseudoTerminal(["run", flow, "--accessible", "--check", Self.checker(Self.echoes[echo].filter), "--check", "free=exit 0"])
        #expect(terminal.waitFor("Password"))
        #expect(terminal.type("\(Self.secret)\n", expect: "Password was not accepted."), "\(Self.echoes[echo].name)")
        terminal.send("\u{03}")
        _ = terminal.finish()
        #expect(!Self.exposes(terminal.output), "\(Self.echoes[echo].name)")
    }

    @Test("The form in tmux shows the field's own words when the checker repeats the secret, changed", arguments: echoes.indices)
    func form(echo: Int) throws {
        let flow = try Self.flow()
        defer { try? FileManager.default.removeItem(atPath: flow) }
        let tmux = try Tmux(["run", flow, "--check", Self.checker(Self.echoes[echo].filter), "--check", "free=exit 0"], directory: Self.root)
        #expect(tmux.waitFor("Password"))
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ Password was not accepted."), "\(Self.echoes[echo].name): \(tmux.text)")
        #expect(!Self.exposes(tmux.text), "\(Self.echoes[echo].name)")
        tmux.press("C-c")
        #expect(tmux.exitStatus() != nil)
    }
}
