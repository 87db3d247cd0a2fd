import Foundation
import Testing
@testable import FocusFlow

@Suite("Keyboards")
struct KeyboardTypeTests {
    /// Characters each keyboard must accept and must refuse: the README's table, as data.
    static let table: [(KeyboardType, accepts: String, refuses: [Character])] = [
        (.default, "aZ 9~한글😀👍🏽é\u{200D}", ["\u{7}", "\n", "\t", "\u{7F}", "\u{85}"]),
        (.twitter, "a@#한", ["\n"]),
        (.webSearch, "a 한", ["\u{1B}"]),
        (.asciiCapable, " !azAZ09~", ["한", "é", "\n", "\u{7F}", "😀"]),
        (.numbersAndPunctuation, "0 9!/:@[`{~", ["a", "Z", "한", "\n"]),
        (.url, "https://x.y/~a?b=c", [" ", "é", "\n"]),
        (.emailAddress, "a.b+c@d.e", [" ", "한", "\t"]),
        (.numberPad, "0123456789", ["a", " ", "-", ".", "١"]),
        (.asciiCapableNumberPad, "0123456789", ["a", " ", "+"]),
        (.decimalPad, "0123456789.,", ["-", " ", "e"]),
        (.phonePad, "0123456789 +*#()-", ["a", ".", ","]),
        (.namePhonePad, "Ada 한 +82 (10)", [".", "@", "!"]),
    ]

    @Test("Every keyboard has a row in the table")
    func everyKeyboardCovered() {
        #expect(Set(Self.table.map(\.0)) == Set(KeyboardType.allCases))
    }

    @Test("Each keyboard accepts its set and refuses the rest", arguments: Self.table.map { $0.0 })
    func acceptsAndRefuses(keyboard: KeyboardType) throws {
        let row = try #require(Self.table.first { $0.0 == keyboard })
        #expect(keyboard.accepts(row.accepts), "\(keyboard) should accept \(row.accepts.debugDescription)")
        #expect(keyboard.firstRefused(in: row.accepts) == nil)
        for character in row.refuses {
            #expect(!keyboard.accepts(character), "\(keyboard) should refuse \(String(character).debugDescription)")
            #expect(!keyboard.accepts(row.accepts + String(character)))
        }
    }

    @Test("Each name decodes from a flow file, and has a badge and a summary", arguments: KeyboardType.allCases)
    func names(keyboard: KeyboardType) throws {
        let json = #"{"id":"k","fields":[{"id":"f","keyboard":"\#(keyboard.rawValue)"}]}"#
        #expect(try FlowSpec(json: Data(json.utf8)).fields[0].keyboard == keyboard)
        #expect(!keyboard.badge.isEmpty && !keyboard.summary.isEmpty)
    }

    static let pairs = KeyboardType.allCases.flatMap { a in KeyboardType.allCases.map { b in (a, b) } }

    @Test("Moving between fields says keyboardChanged exactly when the keyboards differ, both ways", arguments: Self.pairs)
    func keyboardChangedExactlyWhenDifferent(from: KeyboardType, to: KeyboardType) throws {
        let reducer = FlowReducer(spec: try Fixtures.pair(from, to))
        var state = reducer.initialState()
        #expect(state.keyboard == from)
        let forward = reducer.reduce(into: &state, action: .next)
        #expect(state.keyboard == to)
        #expect(forward.contains(.keyboardChanged(from: from, to: to)) == (from != to))
        #expect(forward.filter { if case .keyboardChanged = $0 { true } else { false } }.count == (from != to ? 1 : 0))
        let back = reducer.reduce(into: &state, action: .previous)
        #expect(state.keyboard == from)
        #expect(back.contains(.keyboardChanged(from: to, to: from)) == (from != to))
    }

    /// A sample that each keyboard refuses, typed into a field of that keyboard.
    @Test("Typing outside the keyboard changes nothing and says rejected", arguments: Self.table.map { $0.0 })
    func typingRefused(keyboard: KeyboardType) throws {
        let row = try #require(Self.table.first { $0.0 == keyboard })
        let reducer = FlowReducer(spec: try Fixtures.pair(keyboard, .default))
        var state = reducer.initialState()
        let typed = String(row.accepts.prefix(3))
        _ = reducer.reduce(into: &state, action: .field(.textChanged(typed)))
        for refused in row.refuses {
            let before = state
            for attempt in [typed + String(refused), String(refused) + typed, String(typed.prefix(1)) + String(refused) + typed.dropFirst()] {
                #expect(reducer.reduce(into: &state, action: .field(.textChanged(attempt))) == [.rejected(field: "a")])
                #expect(state == before)
            }
        }
    }
}

@Suite("Refused characters, as a message names them")
struct RefusedNamesTests {
    @Test(
        "Each refused character once, in order, quoted as it shows, or by its code points when it does not",
        arguments: [
            (KeyboardType.asciiCapable, "Pässwörd-한글-2024", [#""ä""#, #""ö""#, #""한""#, #""글""#]),
            (.asciiCapable, "abc", []),
            (.numberPad, "1a2a3b", [#""a""#, #""b""#]),
            (.emailAddress, "a b\u{1B}c", ["U+0020", "U+001B"]),
            (.default, "a\u{7}\u{200B}b", ["U+0007"]),
            (.asciiCapable, "e\u{301}", [#""é""#]),
            (.asciiCapable, "🇰🇷", [#""🇰🇷""#]),
            (.numberPad, #"1"2"#, [#"'"'"#]),
            (.numberPad, "abcdefghijk", [#""a""#, #""b""#, #""c""#, #""d""#, #""e""#, #""f""#, #""g""#, #""h""#, "…"]),
        ])
    func names(keyboard: KeyboardType, text: String, expected: [String]) {
        #expect(keyboard.refusedNames(in: text) == expected, "\(keyboard), \(text.debugDescription)")
    }

    @Test("No name is a Swift escape")
    func noEscapes() {
        for scalar in [0x1B, 0x7F, 0x85, 0x2028, 0xFEFF, 0x0301] {
            let text = String(Character(Unicode.Scalar(scalar)!))
            for name in KeyboardType.numberPad.refusedNames(in: text) { #expect(!name.contains("\\"), "\(name)") }
        }
    }
}
