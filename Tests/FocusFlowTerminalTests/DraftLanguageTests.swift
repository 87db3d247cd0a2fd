import FocusFlow
import Foundation
import Glibc
import Testing

/// A draft is the same walk whatever the language: one saved with `--lang en` resumes with
/// `--lang ko` (and the other way round) at the same field with the same answers, its labels
/// and words in the new language. The flow's fingerprint does not depend on the language.
@Suite("Drafts across languages", .serialized)
struct DraftLanguageTests {
    static let secret = "hunter2-secret"
    static let flow =
        #"{"id":"acct","title":{"en":"Account","ko":"계정"},"fields":["#
        + #"{"id":"email","label":{"en":"Email","ko":"이메일"},"rules":{"required":true,"message":{"en":"Enter an email","ko":"이메일을 입력하세요"}}},"#
        + #"{"id":"password","label":{"en":"Password","ko":"비밀번호"},"secure":true,"rules":{"required":true,"minLength":8},"hint":{"en":"8 or more","ko":"8자 이상"}},"#
        + #"{"id":"nickname","label":{"en":"Nickname","ko":"닉네임"}},"#
        + #"{"id":"code","label":{"en":"Code","ko":"코드"},"keyboard":"numberPad"}]}"#
    static let answers = #"{"email":"ada@example.com","password":"hunter2-secret","nickname":"에이다","code":"123456"}"# + "\n"

    struct Switch: Sendable, CustomTestStringConvertible {
        let from: String, to: String
        /// The labels and key line the resumed walk shows, in `to`.
        let password: String, nickname: String, code: String, keys: String
        var testDescription: String { "\(from) → \(to)" }
    }

    static let switches = [
        Switch(from: "en", to: "ko", password: "비밀번호", nickname: "닉네임", code: "코드", keys: "Enter 다음"),
        Switch(from: "ko", to: "en", password: "Password", nickname: "Nickname", code: "Code", keys: "Enter next"),
    ]

    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "focusflow-draftlang-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("The fingerprint of a flow is the same in every language")
    func fingerprint() throws {
        let spec = try FlowSpec(json: Data(Self.flow.utf8))
        #expect(spec.localized(to: .en).fingerprint == spec.localized(to: .ko).fingerprint)
        let account = try FlowSpec(json: Data(contentsOf: PseudoTerminal.packageRoot.appendingPathComponent("Flows/account.json")))
        #expect(account.localized(to: .en).fingerprint == account.localized(to: .ko).fingerprint)
    }

    @Test("Over a pseudo-terminal: hung up in one language, resumed in the other at the same field with the same answers", arguments: switches)
    func pty(_ change: Switch) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/acct.json", draft = folder + "/acct.draft"
        try Data(Self.flow.utf8).write(to: URL(fileURLWithPath: flow))

        let first = try PseudoTerminal(["run", "--lang", change.from, "--draft", draft, flow])
        #expect(first.waitFor("Ctrl-C"))
        first.send("ada@example.com\r")
        #expect(first.waitFor(change.from == "en" ? "Password" : "비밀번호"))
        first.send(Self.secret + "\r")
        #expect(first.waitFor(change.from == "en" ? "Nickname" : "닉네임"))
        first.send("에이다")
        #expect(first.waitFor("에이다"))
        kill(first.pid, SIGHUP)
        #expect(first.finish() == .signalled(SIGHUP))

        let second = try PseudoTerminal(["run", "--lang", change.to, "--draft", draft, flow])
        #expect(second.waitFor { _ in second.screen().lines.contains { $0.hasPrefix(change.password + "  [") } }, "\(second.screen().text)")
        #expect(second.waitFor(change.keys), "\(second.screen().text)")
        second.send(Self.secret + "\r")
        #expect(second.waitFor { _ in second.screen().lines.contains { $0.hasPrefix(change.nickname + "  [") } }, "\(second.screen().text)")
        #expect(second.waitFor { _ in second.screen().lines.contains("› 에이다") }, "the nickname typed before the hang-up is back")
        second.send("\r")
        #expect(second.waitFor { _ in second.screen().lines.contains { $0.hasPrefix(change.code + "  [") } }, "\(second.screen().text)")
        second.send("123456\r")
        #expect(second.finish() == 0)
        #expect(second.stdoutText == Self.answers)
        #expect(!second.output.contains(Self.secret) && !first.output.contains(Self.secret))
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    @Test("Inside tmux: hung up in one language, resumed in the other at the same field with the same answers", arguments: switches)
    func tmux(_ change: Switch) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = folder + "/acct.json", draft = folder + "/acct.draft"
        try Data(Self.flow.utf8).write(to: URL(fileURLWithPath: flow))
        do {
            let tmux = try Tmux(["run", "--lang", change.from, "--draft", draft, flow])
            #expect(tmux.waitFor("Ctrl-C"))
            tmux.type("ada@example.com")
            tmux.press("Enter")
            #expect(tmux.waitFor(change.from == "en" ? "Password" : "비밀번호"))
            tmux.type(Self.secret)
            tmux.press("Enter")
            #expect(tmux.waitFor(change.from == "en" ? "Nickname" : "닉네임"))
            tmux.type("에이다")
            #expect(tmux.waitFor("› 에이다"))
            let pid = try #require(DraftTmuxTests.program(in: tmux))
            kill(pid, SIGHUP)
            #expect(tmux.exitStatus() == .signalled(SIGHUP))
        }
        let tmux = try Tmux(["run", "--lang", change.to, "--draft", draft, flow])
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix(change.password + "  [") } }, "\(tmux.text)")
        #expect(tmux.waitFor(change.keys), "\(tmux.text)")
        tmux.type(Self.secret)
        tmux.press("Enter")
        #expect(tmux.waitFor("› 에이다"), "the nickname typed before the hang-up is back: \(tmux.text)")
        #expect(tmux.lines.contains { $0.hasPrefix(change.nickname + "  [") }, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor { $0.contains { $0.hasPrefix(change.code + "  [") } }, "\(tmux.text)")
        tmux.type("123456")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == Self.answers)
        #expect(!FileManager.default.fileExists(atPath: draft))
    }
}
