import Foundation
import Testing
@testable import FocusFlow

/// The command line's own errors, the loader's flow-file errors and the reports of `validate`
/// and `check`, in Korean and English: the sentence is translated, the place (an option, a
/// file, a line and column, a field path) is named as it is.
@Suite("Languages: errors and reports")
struct LanguageErrorTests {
    /// No locale variable from the test's own environment leaks in.
    static func locale(_ variables: [String: String]) -> [String: String] {
        ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""].merging(variables) { $1 }
    }

    /// How Korean is asked for: the locale, or `--lang ko` after the words that are wrong (it is
    /// found before the rest is parsed).
    enum Asking: String, CaseIterable, CustomStringConvertible {
        case locale, option
        var description: String { rawValue }
        func run(_ words: [String], input: String = "") throws -> Command.Result {
            switch self {
            case .locale: try Command.run(words, input: input, environment: LanguageErrorTests.locale(["LANG": "ko_KR.UTF-8"]))
            case .option: try Command.run(words + ["--lang", "ko"], input: input, environment: LanguageErrorTests.locale(["LANG": "C.UTF-8"]))
            }
        }
    }

    /// A command-line mistake: the words, the English sentence, the Korean one, and the place
    /// both must name.
    struct Mistake: CustomStringConvertible, Sendable {
        var words: [String]
        var english: String
        var korean: String
        var description: String { words.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            words: ["run", "--bogus"], english: "focusflow: unknown option --bogus\nRun 'focusflow run --help' for usage.\n",
            korean: "focusflow: 알 수 없는 옵션입니다: --bogus\n사용법은 'focusflow run --help'로 보세요.\n"),
        Mistake(
            words: ["run", "--outptu", "x"], english: "focusflow: unknown option --outptu; did you mean --output?\n",
            korean: "focusflow: 알 수 없는 옵션입니다: --outptu. 혹시 --output인가요?\n"),
        Mistake(
            words: ["rnu"], english: "focusflow: unknown command 'rnu'; did you mean 'run'?\nRun 'focusflow --help' for usage.\n",
            korean: "focusflow: 알 수 없는 명령입니다: 'rnu'. 혹시 'run'인가요?\n사용법은 'focusflow --help'로 보세요.\n"),
        Mistake(
            words: ["run", "a.json", "b.json"], english: "focusflow: run takes one flow file at most, not 2\n",
            korean: "focusflow: run에는 흐름 파일을 하나만 줄 수 있습니다 (2개를 받았습니다)\n"),
        Mistake(
            words: ["validate"], english: "focusflow: validate needs at least one flow file\n",
            korean: "focusflow: validate에는 흐름 파일이 하나 이상 필요합니다\n"),
        Mistake(
            words: ["check", "--depth", "0"], english: "focusflow: --depth takes a whole number from 1 to 1000, not \"0\"\n",
            korean: "focusflow: --depth에는 1부터 1000까지의 정수를 주세요 (받은 값: \"0\")\n"),
        Mistake(
            words: ["run", "--theme", "nope"], english: "focusflow: unknown theme \"nope\".",
            korean: "focusflow: 알 수 없는 테마입니다: \"nope\"."),
        Mistake(
            words: ["run", "--accessible=yes"], english: "focusflow: --accessible takes no value\n",
            korean: "focusflow: --accessible에는 값을 줄 수 없습니다\n"),
        Mistake(
            words: ["run", "--mask", "ab"], english: "focusflow: --mask takes one visible character",
            korean: "focusflow: --mask에는 보이는 문자 하나를 주세요"),
        Mistake(
            words: ["run", "--set", "email"], english: "focusflow: --set takes ID=VALUE, like --set email=ada@example.com; \"email\" has no =\n",
            korean: "focusflow: --set에는 ID=VALUE를 주세요 (예: --set email=ada@example.com). \"email\"에는 =가 없습니다\n"),
        Mistake(
            words: ["run", "--set", "emial=x"], english: "focusflow: --set: no field \"emial\" in the flow \"signup\"; did you mean \"email\"?\n",
            korean: "focusflow: --set을 받을 수 없습니다: 흐름 \"signup\"에 \"emial\" 필드가 없습니다. 혹시 \"email\"인가요?\n"),
        Mistake(
            words: ["run", "Flows/account.json", "--set", "terms=maybe"], english: "focusflow: --set: \"terms\" is a confirm field: give true or false\n",
            korean: "focusflow: --set을 받을 수 없습니다: \"terms\"은(는) confirm 필드입니다. true 또는 false을(를) 주세요\n"),
        Mistake(
            words: ["help", "rn"], english: "focusflow: there is no command 'rn'; did you mean 'run'?\n",
            korean: "focusflow: 'rn' 명령은 없습니다. 혹시 'run'인가요?\n"),
        Mistake(
            words: ["run", "/nonexistent/flow.json"], english: "focusflow: /nonexistent/flow.json: no such file\n",
            korean: "focusflow: /nonexistent/flow.json: 파일이 없습니다\n"),
        Mistake(
            words: ["run", "Flows"], english: "focusflow: Flows: a folder, not a flow file; name the flows in it, like Flows/*.json\n",
            korean: "focusflow: Flows: 흐름 파일이 아니라 폴더입니다. 그 안의 흐름 파일을 지정하세요 (예: Flows/*.json)\n"),
    ]

    @Test("A command-line mistake is said in Korean, from the locale or from --lang anywhere, naming the same place", arguments: Asking.allCases, mistakes)
    func mistakeInKorean(_ asking: Asking, _ mistake: Mistake) throws {
        let result = try asking.run(mistake.words)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(mistake.korean), "\(result.stderr)")
    }

    @Test("A command-line mistake stays in English without a Korean locale or --lang ko", arguments: mistakes)
    func mistakeInEnglish(_ mistake: Mistake) throws {
        let result = try Command.run(mistake.words, input: "", environment: Self.locale(["LANG": "en_US.UTF-8"]))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(mistake.english), "\(result.stderr)")
    }

    @Test("--lang en wins over a Korean locale, for errors too")
    func englishOverKoreanLocale() throws {
        let result = try Command.run(["run", "--bogus", "--lang", "en"], input: "", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(result.stderr == "focusflow: unknown option --bogus\nRun 'focusflow run --help' for usage.\n")
    }

    @Test("An unknown --lang is refused in the locale's language")
    func badLanguageInKorean() throws {
        let result = try Command.run(["run", "--lang", "fr"], input: "", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("focusflow: --lang에는 en 또는 ko를 주세요 (받은 값: \"fr\")\n"), "\(result.stderr)")
    }

    /// A flow file with a syntax error on line 3.
    static func badFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-bad-\(UUID()).json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("A flow-file error in Korean keeps the file, line and column, and the field path, verbatim", arguments: Asking.allCases, ["run", "validate", "check"])
    func flowErrorInKorean(_ asking: Asking, _ command: String) throws {
        let syntax = try Self.badFile("{\n  \"id\": \"x\",\n  \"fields\": [ {\"id\":\"a\"}, ]\n}")
        let path = try Self.badFile(#"{"id":"x","fields":[{"id":"email","label":{"en":7}}]}"#)
        defer { try? FileManager.default.removeItem(at: syntax); try? FileManager.default.removeItem(at: path) }
        let first = try asking.run([command, syntax.path])
        #expect(first.status == 2)
        #expect(first.stderr.contains("\(syntax.path):3:27: ']' 앞에는 쉼표를 쓸 수 없습니다"), "\(first.stderr)")
        let second = try asking.run([command, path.path])
        #expect(second.stderr.contains(#"\#(path.path): fields[0] ("email").label.en: 문자열이어야 합니다"#), "\(second.stderr)")
    }

    @Test("validate's report follows the locale: ok, skipped and the folder error in Korean")
    func validateInKorean() throws {
        let result = try Command.run(["validate", "Flows/account.json", "Flows/flow.schema.json", "Flows"], input: "", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(result.status == 2)
        #expect(result.stdout.contains("Flows/account.json: 올바름 (필드 8개)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Flows/flow.schema.json: 건너뜀. 흐름이 아니라 JSON Schema입니다\n"), "\(result.stdout)")
        #expect(result.stderr.contains("Flows: 흐름 파일이 아니라 폴더입니다"), "\(result.stderr)")
        let english = try Command.run(["validate", "Flows/account.json"], input: "", environment: Self.locale([:]))
        #expect(english.stdout == "Flows/account.json: ok (8 fields)\n")
    }

    @Test("check's report in Korean with --lang ko; in English by default", arguments: [true, false])
    func checkInKorean(_ korean: Bool) throws {
        let flow = try Self.badFile(#"{"id":"x","fields":[{"id":"a","rules":{"required":true}}]}"#)
        defer { try? FileManager.default.removeItem(at: flow) }
        let result = try Command.run(["check", flow.path] + (korean ? ["--lang", "ko"] : []), input: "", environment: Self.locale([:]))
        #expect(result.status == 0, "\(result.stderr)")
        if korean {
            #expect(result.stdout.contains("도달할 수 있는 모든 상태"), "\(result.stdout)")
            #expect(result.stdout.contains("필드 1/1개에 포커스"), "\(result.stdout)")
            #expect(result.stdout.contains("탐색한 모든 간선에서 불변 조건"), "\(result.stdout)")
            #expect(result.stdout.contains(flow.path))
        } else {
            #expect(result.stdout.contains("every reachable state"), "\(result.stdout)")
            #expect(result.stdout.contains("invariants hold on every edge explored"), "\(result.stdout)")
        }
    }

    @Test("serve and replay speak English whatever the locale; serve --lang ko says its own errors in Korean, protocol lines stay English")
    func serveStaysEnglish() throws {
        let english = try Command.run(["serve", "/nonexistent/flow.json"], input: "", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(english.stderr == "focusflow: /nonexistent/flow.json: no such file\n")
        let korean = try Command.run(["serve", "--lang", "ko", "/nonexistent/flow.json"], input: "", environment: Self.locale([:]))
        #expect(korean.stderr == "focusflow: /nonexistent/flow.json: 파일이 없습니다\n")
        let replay = try Command.run(["replay", "/nonexistent/script"], input: "", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(replay.stderr == "focusflow: /nonexistent/script: no such file\n")
        let protocolError = try Command.run(["serve", "--lang", "ko"], input: "frobnicate\n", environment: Self.locale([:]))
        #expect(protocolError.stdout.contains(#"{"error":"#) && !protocolError.stdout.contains("니다"), "\(protocolError.stdout)")
    }

    // MARK: The loader's errors, rendered in a language

    /// Words a Korean loader message may still spell in Latin letters: names from the flow (in
    /// the JSON itself), the place, and the format's own vocabulary.
    static let vocabulary: Set<String> = [
        "JSON", "UTF", "U", "true", "false", "null", "id", "title", "fields", "kind", "keyboard", "secure",
        "options", "default", "rules", "when", "equals", "in", "notEmpty", "minLength", "maxLength", "oneOf",
        "matches", "minSelected", "maxSelected", "pattern", "label", "hint", "placeholder", "message",
        "text", "confirm", "select", "multiSelect", "number", "date", "min", "max", "step", "decimals", "today", "YYYY", "MM", "DD", "en", "ko", "GB", "on", "COLOUR",
    ]

    @Test("Every loader error has a Korean sentence of its own around the same place", arguments: FlowSpecTests.badFlows)
    func loaderErrorInKorean(json: String, english: String) throws {
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
            Issue.record("no error")
        } catch let error as FlowSpecError {
            #expect(error.message(in: .en) == english)
            #expect("\(error)" == english)
            let korean = error.message(in: .ko)
            let place = error.place
            #expect(korean.hasPrefix(place + ": ") && english.hasPrefix(place + ": "), "\(korean)")
            let sentence = String(korean.dropFirst(place.count + 2))
            #expect(!sentence.isEmpty && sentence != String(english.dropFirst(place.count + 2)))
            #expect(sentence.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "no Hangul: \(sentence)")
            // Character codes (U+001B) and escapes (\u{1B}) name a character, in any language.
            let names = sentence.replacing(/U\+[0-9A-F]{4}|\\u\{[0-9A-F]+\}/, with: "")
            let latin = names.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
            let foreign = latin.filter { !Self.vocabulary.contains($0) && !json.contains($0) && KeyboardType(rawValue: $0) == nil }
            #expect(foreign.isEmpty, "English words \(foreign) in \(sentence)")
        }
    }

    @Test("Different loader errors get different Korean sentences")
    func loaderErrorsDistinct() {
        var byKorean: [String: String] = [:]
        for (json, english) in FlowSpecTests.badFlows {
            guard let error = Self.loadError(json) else { continue }
            let korean = error.message(in: .ko)
            if let other = byKorean[korean] { #expect(other == english, "\(english) and \(other) read the same in Korean: \(korean)") }
            byKorean[korean] = english
        }
        #expect(byKorean.count > 40)
    }

    static func loadError(_ json: String) -> FlowSpecError? {
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
            return nil
        } catch {
            return error as? FlowSpecError
        }
    }

    @Test("The engine's errors read no environment: the same error renders both languages on demand")
    func bothLanguages() {
        let error = FlowSpecError(file: "f.json", line: 2, column: 5, reason: .expectedValue)
        #expect(error.message(in: .en) == "f.json:2:5: expected a value (a string, number, object, list, true, false or null)")
        #expect(error.message(in: .ko) == "f.json:2:5: 값이 있어야 합니다 (문자열, 수, 객체, 목록, true, false 또는 null)")
    }
}
