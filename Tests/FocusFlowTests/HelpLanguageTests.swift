import Foundation
import Testing

/// The help texts — `focusflow --help`, `help COMMAND`, `COMMAND --help` — in Korean when the
/// language is Korean: the same options and commands as the English and no English sentence;
/// and in every language no line wider than an 80-column terminal (Hangul is two columns).
@Suite("Languages: help in Korean, and help that fits 80 columns")
struct HelpLanguageTests {
    static let english = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"]
    static let korean = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"]

    /// Every command, and "" for the general help.
    static let commands = ["", "run", "validate", "serve", "replay", "check", "help"]

    static func help(_ command: String, _ environment: [String: String], lang: String? = nil) throws -> String {
        let words = (command.isEmpty ? ["--help"] : ["help", command]) + (lang.map { ["--lang", $0] } ?? [])
        let result = try Command.run(words, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    static func options(_ text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }

    /// Display columns: Hangul and other wide characters take two.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let wide =
                (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            return width + (wide ? 2 : 1)
        }
    }

    /// Usage lines quote the command's syntax verbatim, however long.
    static func isUsage(_ line: Substring) -> Bool {
        line.hasPrefix("  focusflow ") || line.hasPrefix("사용법: ") || line.hasPrefix("USAGE: ") || line.hasPrefix("        focusflow ")
            || line.hasPrefix("       focusflow ")
    }

    @Test("Each help in Korean has Hangul, the English's options and commands, and no English sentence", arguments: commands)
    func korean(_ command: String) throws {
        let english = try Self.help(command, Self.english)
        let korean = try Self.help(command, Self.korean)
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
        #expect(Self.options(korean) == Self.options(english))
        for name in ["run", "validate", "serve", "replay", "check", "help"] where english.contains("focusflow \(name)") {
            #expect(korean.contains("focusflow \(name)"), "\(name)")
        }
        // An English sentence: four lower-case English words in a row.
        let sentences = korean.split(separator: "\n").filter { !Self.isUsage($0) && $0.contains(/\b[a-z]+ [a-z]+ [a-z]+ [a-z]+\b/) }
        #expect(sentences.isEmpty, "\(sentences)")
    }

    /// Every line, usage lines too: a long usage line goes on under its command.
    @Test("Each help, general and per command, in English and in Korean, fits an 80-column terminal", arguments: ["en", "ko"], commands)
    func width(_ language: String, _ command: String) throws {
        let help = try Self.help(command, Self.english, lang: language)
        let wide = help.split(separator: "\n").filter { Self.columns($0) > 80 }
        #expect(wide.isEmpty, "\(wide.map { "\(Self.columns($0)): \($0)" }.joined(separator: "\n"))")
    }

    @Test("--lang ko gives the Korean help whatever the locale, --lang en the English", arguments: commands)
    func option(_ command: String) throws {
        #expect(try Self.help(command, Self.english, lang: "ko") == (try Self.help(command, Self.korean)))
        #expect(try Self.help(command, Self.korean, lang: "en") == (try Self.help(command, Self.english)))
    }

    @Test("'COMMAND --help --lang ko' is the same Korean help as 'help COMMAND'", arguments: ["run", "validate", "serve", "check"])
    func commandOption(_ command: String) throws {
        let result = try Command.run([command, "--help", "--lang", "ko"], environment: Self.english)
        #expect(result.stdout == (try Self.help(command, Self.korean)))
    }
}
