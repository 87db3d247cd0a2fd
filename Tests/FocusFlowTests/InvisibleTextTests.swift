import Foundation
import Testing
@testable import FocusFlow

/// Text a flow shows holds no character that reorders the text around it or hides in it: the
/// bidirectional overrides, embeddings and isolates would show `"Amount \u{202E}0001$"` as
/// `Amount $1000`; zero-width characters and the like make two texts that look the same differ.
/// The loader refuses them as it refuses control characters, naming the place, in English and
/// Korean; a joiner that joins an emoji sequence, or a script's letters, is kept.
@Suite("Flow text: no character that reorders or hides text")
struct InvisibleTextTests {
    /// Characters that reorder or hide text: the bidirectional controls, the zero-width and
    /// invisible ones, line and paragraph separators, the byte order mark, the soft hyphen, tags
    /// outside an emoji, and the other format characters.
    static let refused: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}",
        "\u{200F}", "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{2061}", "\u{2062}", "\u{2063}", "\u{2064}",
        "\u{206A}", "\u{206F}", "\u{FEFF}", "\u{00AD}", "\u{180E}", "\u{2028}", "\u{2029}", "\u{FFF9}", "\u{FFFB}", "\u{0600}",
        "\u{06DD}", "\u{070F}", "\u{110BD}", "\u{1D173}", "\u{13430}", "\u{1BCA0}", "\u{E0001}", "\u{E0041}", "\u{E007F}",
    ]

    /// Where a flow shows text: the JSON with `T` where the text goes, and the path the error names.
    static let places: [(json: String, path: String)] = [
        (#"{"id":"x","title":"T","fields":[{"id":"a"}]}"#, "title"),
        (#"{"id":"x","title":{"en":"T","ko":"제목"},"fields":[{"id":"a"}]}"#, "title"),
        (#"{"id":"x","title":{"en":"Title","ko":"T"},"fields":[{"id":"a"}]}"#, "title.ko"),
        (#"{"id":"T","fields":[{"id":"a"}]}"#, "id"),
        (#"{"id":"x","fields":[{"id":"T"}]}"#, "fields[0].id"),
        (#"{"id":"x","fields":[{"id":"a","label":"T"}]}"#, #"fields[0] ("a").label"#),
        (#"{"id":"x","fields":[{"id":"a","label":{"en":"라벨","ko":"T"}}]}"#, #"fields[0] ("a").label.ko"#),
        (#"{"id":"x","fields":[{"id":"a","placeholder":"T"}]}"#, #"fields[0] ("a").placeholder"#),
        (#"{"id":"x","fields":[{"id":"a","hint":"T"}]}"#, #"fields[0] ("a").hint"#),
        (#"{"id":"x","fields":[{"id":"a","rules":{"required":true,"message":"T"}}]}"#, #"fields[0] ("a").rules.message"#),
        (#"{"id":"x","fields":[{"id":"a","rules":{"oneOf":["ok","T"]}}]}"#, #"fields[0] ("a").rules.oneOf[1]"#),
        (#"{"id":"x","fields":[{"id":"a","default":"T"}]}"#, #"fields[0] ("a").default"#),
        (#"{"id":"x","fields":[{"id":"a","requirements":[{"minLength":2,"message":"T"}]}]}"#, #"fields[0] ("a").requirements[0].message"#),
        (#"{"id":"x","fields":[{"id":"s","kind":"select","options":[{"value":"T","label":"L"}]}]}"#, #"fields[0] ("s").options[0].value"#),
        (#"{"id":"x","fields":[{"id":"s","kind":"select","options":[{"value":"v","label":"T"}]}]}"#, #"fields[0] ("s").options[0].label"#),
    ]

    /// The flow of `place` with `Amount <scalar>0001$` as its text, read by both decoders.
    static func load(_ place: (json: String, path: String), _ scalar: Unicode.Scalar) -> [FlowSpecError?] {
        let json = place.json.replacingOccurrences(of: "\"T\"", with: "\"Amount \(scalar)0001$\"")
        return [true, false].map { directly in
            do {
                _ = try FlowSpec(json: Data(json.utf8), file: "bad.json", directly: directly)
                return nil
            } catch {
                return error as? FlowSpecError
            }
        }
    }

    static func code(_ scalar: Unicode.Scalar) -> String { "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) }

    @Test("A flow whose text holds a character that reorders or hides text is refused with its place, in English and Korean", arguments: refused, places.indices)
    func refusedAtLoad(scalar: Unicode.Scalar, place: Int) throws {
        for error in Self.load(Self.places[place], scalar) {
            let error = try #require(error, "\(Self.code(scalar)) in \(Self.places[place].path) was accepted")
            let english = error.message(in: .en)
            #expect(english.hasPrefix("bad.json: \(Self.places[place].path): contains the invisible character \(Self.code(scalar))"), "\(english)")
            let korean = error.message(in: .ko)
            #expect(korean.contains(Self.code(scalar)) && korean.contains("보이지 않는 문자"), "\(korean)")
            // The message itself is plain: what it quotes is escaped.
            #expect(!english.unicodeScalars.contains(scalar) && !korean.unicodeScalars.contains(scalar))
        }
    }

    /// Text that joins what should be joined: emoji ZWJ sequences (with skin tones and VS16), a
    /// subdivision flag (tags after U+1F3F4), a Devanagari half form (ZWJ after a virama), a
    /// Persian word (ZWNJ between Arabic letters), and Hangul.
    static let kept = [
        "👩‍💻 Developer", "❤️‍🔥", "🏳️‍🌈 Pride", "🧑🏽‍🚀", "👨‍👩‍👧‍👦 Family", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 England", "क्\u{200D}ष", "क्\u{200C}ष", "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}", "닉네임 🙂", "Café · 카페 — “quoted” …",
    ]

    @Test("Joiners inside an emoji sequence, a flag's tags and a script's joiners are kept, in every place text goes", arguments: kept, places.indices)
    func keptAtLoad(text: String, place: Int) throws {
        let json = Self.places[place].json.replacingOccurrences(of: "\"T\"", with: "\"\(text)\"")
        for directly in [true, false] {
            #expect(throws: Never.self, "\(text) in \(Self.places[place].path)") { try FlowSpec(json: Data(json.utf8), file: "ok.json", directly: directly) }
        }
    }

    @Test("The byte scan that passes plain text over, and the ranges looked up, see every control and invisible character Unicode has")
    func leadBytes() {
        var missed: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let invisible = category == .format || category == .lineSeparator || category == .paragraphSeparator
            if DisplayText.isInvisible(scalar) != invisible { missed.append(Self.code(scalar)) }
            if (invisible || DisplayText.isControl(scalar)) && !DisplayText.mayHoldRefused("ok " + String(scalar)) { missed.append(Self.code(scalar)) }
        }
        #expect(missed.isEmpty, "\(missed)")
        #expect(!DisplayText.mayHoldRefused("Nickname 닉네임 (a-z, 0-9)"))
    }

    @Test(
        "A quoted name is written with its control and invisible characters as escapes, and what a flow may hold as it is",
        arguments: [
            ("t\u{1B}]0;pwned\u{07}", #"t\u{1B}]0;pwned\u{7}"#), ("Amount \u{202E}0001$", #"Amount \u{202E}0001$"#),
            ("a\nb\u{2028}c", #"a\u{A}b\u{2028}c"#), ("pass\u{200D}word", #"pass\u{200D}word"#), ("x\u{E0041}y", #"x\u{E0041}y"#),
            ("👩‍💻 🏴󠁧󠁢󠁥󠁮󠁧󠁿 क्\u{200D}ष 닉네임", "👩‍💻 🏴󠁧󠁢󠁥󠁮󠁧󠁿 क्\u{200D}ष 닉네임"), ("plain.json", "plain.json"),
        ])
    func escaped(text: String, shown: String) {
        #expect(DisplayText.escaped(text) == shown)
        #expect(DisplayText.escaped(shown) == shown, "escaping twice changes nothing")
    }

    @Test("validate refuses \"Amount \\u202e0001$\" with exit 2, naming the place, in English and Korean", arguments: ["en", "ko"])
    func validateCommand(language: String) throws {
        let folder = NSTemporaryDirectory() + "focusflow-invisible-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"id":"pay","title":"Pay","fields":[{"id":"amount","label":"Amount \u202e0001$"}]}"#.write(toFile: folder + "/pay.json", atomically: true, encoding: .utf8)
        let result = try Command.run(["validate", "pay.json", "--lang", language], directory: URL(fileURLWithPath: folder))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(#"pay.json: fields[0] ("amount").label: "#), "\(result.stderr)")
        #expect(result.stderr.contains("U+202E") && result.stderr.contains(language == "ko" ? "보이지 않는 문자" : "invisible character"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains("\u{202E}"))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
