import Testing
@testable import FocusFlow

/// `concatenated(separator:)`, which what draws the first prompt uses instead of the standard
/// library's `joined(separator:)`, gives exactly what `joined` gives.
@Suite("Strings concatenated as joined joins them")
struct ConcatenatedTests {
    @Test(
        "Any count of strings, any separator, empty strings and grapheme clusters kept as written",
        arguments: [[], [""], ["a"], ["", ""], ["a", "b", "c"], ["한", "", "👍🏽", "e\u{301}"], ["\r\n", "x\r\n"]],
        ["", " · ", "\r\n", "\u{301}"])
    func asJoined(strings: [String], separator: String) {
        #expect(strings.concatenated(separator: separator).unicodeScalars.elementsEqual(strings.joined(separator: separator).unicodeScalars))
    }

    @Test("With no separator, the strings one after another")
    func noSeparator() {
        #expect(["Create", " ", "계정", "\r\n"].concatenated() == "Create 계정\r\n")
    }
}
