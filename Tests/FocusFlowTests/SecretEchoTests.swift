import Foundation
import Testing
@testable import FocusFlow

/// ``SecretEcho``: the folded forms a secret and a host's words are compared in, and which
/// words repeat a secret.
@Suite("A host's words that repeat a secret, changed")
struct SecretEchoTests {
    @Test(
        "The letters form keeps letters and digits, case folded, full-width as ASCII; nothing else",
        arguments: [
            ("Hunter2-Secret", "hunter2secret"), ("H u n t e r 2", "hunter2"), ("h_u.n-t/e\\r:2", "hunter2"),
            ("h\u{200B}u\u{202E}n\u{FEFF}t\u{1B}e\u{00AD}r2", "hunter2"), ("ｈｕｎｔｅｒ２", "hunter2"), ("H̲u̲n̲t̲e̲r̲2̲", "hunter2"),
            ("STRASSE", "strasse"), ("straße", "strasse"), ("ΣΊΣΥΦΟΣ", "σίσυφοσ"), ("σίσυφος", "σίσυφοσ"), ("비밀 번호!", "비밀번호"),
            ("!@#$%", ""),
        ])
    func letters(text: String, folded: String) {
        #expect(String(String.UnicodeScalarView(SecretEcho.letters(text))) == folded)
    }

    @Test(
        "The visible form keeps punctuation and symbols, drops spaces, marks, control and invisible characters",
        arguments: [("! @ # $ %", "!@#$%"), ("P@ss W0RD!", "p@ssw0rd!"), ("a\u{200B}\u{2028}\u{0332}b\tc", "abc")])
    func visible(text: String, folded: String) {
        #expect(String(String.UnicodeScalarView(SecretEcho.visible(text))) == folded)
    }

    static let secret = "Hunter2-Secret"

    @Test(
        "Words that hold the secret, or half of it, in any case, spaced out, reversed, with separators or invisible characters, repeat it",
        arguments: [
            "Too common: Hunter2-Secret", "HUNTER2-SECRET is taken", "hunter2-secret", "h u n t e r 2 - s e c r e t", "terceS-2retnuH",
            "T E R C E S 2 R E T N U H", "H-u-n-t-e-r-2-S-e-c-r-e-t", "H\u{200B}unter2\u{200B}Secret", "\u{202E}terceS-2retnuH",
            "ｈｕｎｔｅｒ２－ｓｅｃｒｅｔ", "H̲u̲n̲t̲e̲r̲2̲ S̲e̲c̲r̲e̲t̲", "HUNTER2", "2retnuh", "Too common: SECRET", "hunter is in a dictionary",
        ])
    func repeated(words: String) {
        #expect(SecretEcho.repeats(Self.secret, in: words))
    }

    @Test(
        "Words that share less than half the secret in a row with it do not",
        arguments: ["Too common; add a symbol", "Password must be 16 characters or more", "Enter a stronger one", "No", "Hu", "Hun", "TER2", "", "上手くいきません"])
    func notRepeated(words: String) {
        #expect(!SecretEcho.repeats(Self.secret, in: words))
    }

    @Test(
        "A secret without letters is compared by its visible characters; a short one as it is, or when its three are there",
        arguments: [
            ("!@#$%^", "Too common: ! @ # $ % ^", true), ("!@#$%^", "Too common", false), ("ab", "ab is too short", true),
            ("ab", "AB is too short", false), ("abc", "A B C is too short", true), ("ß", "SS", false), ("straße", "STRASSE!", true),
        ])
    func shortAndSymbols(secret: String, words: String, repeats: Bool) {
        #expect(SecretEcho.repeats(secret, in: words) == repeats)
    }

    @Test("An empty secret is repeated by nothing")
    func emptySecret() {
        #expect(!SecretEcho.repeats("", in: "anything"))
    }

    @Test(
        "A refusal that repeats a secure field's value, changed, shows the field's own words; one that does not is kept",
        arguments: [("HUNTER2-SECRET", true), ("2 R E T N U H", true), ("Too common", false)])
    func reducer(refusal: String, hidden: Bool) throws {
        let spec = try FlowSpec(json: Data(#"{"id":"s","fields":[{"id":"password","label":"Password","secure":true,"check":"pw"}]}"#.utf8))
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        _ = reducer.reduce(into: &state, action: .field(.textChanged(Self.secret)))
        _ = reducer.reduce(into: &state, action: .next)
        _ = reducer.reduce(into: &state, action: .checked(ticket: 1, .refused(refusal)))
        #expect(state.error == (hidden ? "Password was not accepted." : refusal))
    }
}
