import Foundation
import Testing

/// `focusflow run` and `serve` in Korean and English: `--lang`, else the locale variables.
@Suite("Languages: the command line and piped line mode")
struct LanguageCommandTests {
    static let secret = "hunter2-secret"
    static let answers = "ada@example.com\n\(secret)\n\(secret)\n에이다\n+82 10 1234 5678\n123456\nkr\n"
    /// No locale variable from the test's own environment leaks in.
    static func locale(_ variables: [String: String]) -> [String: String] {
        ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""].merging(variables) { $1 }
    }

    @Test("Piped input in Korean: Korean confirm words, the review in Korean with the flow's Korean labels and sections, secrets masked")
    func pipedKorean() throws {
        let result = try Command.run(["run", "Flows/account.json"], input: Self.answers + "예\n\n", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""terms":true"#))
        #expect(
            result.stderr == """
                답을 검토하세요:
                  계정:
                  1. 이메일: ada@example.com
                  2. 비밀번호: ••••••••••••••
                  3. 비밀번호 확인: ••••••••••••••
                  프로필:
                  4. 별명: 에이다
                  5. 전화번호: +82 10 1234 5678
                  6. 인증 코드: 123456
                  7. 국가: 대한민국 (한국) · South Korea
                  확인:
                  8. 서비스 약관에 동의합니다: 예

                """)
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test("Every Korean and English confirm word answers a confirm line", arguments: ["y", "YES", "예", "네", "n", "no", "아니요", "아니오"])
    func confirmWords(_ word: String) throws {
        let result = try Command.run(["run", "Flows/account.json", "--lang", "en"], input: Self.answers + "\(word)\n\n", environment: Self.locale([:]))
        let yes = ["y", "YES", "예", "네"].contains(word)
        #expect(result.status == (yes ? 0 : 1), "\(word): \(result.stderr)")
        if !yes { #expect(result.stderr.hasSuffix("You must accept the terms to create an account\n")) }
    }

    @Test(
        "The first set of LC_ALL, LC_MESSAGES and LANG decides; --lang overrides them",
        arguments: [
            (["LANG": "ko_KR.UTF-8"], [String](), true),
            (["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], [], false),
            (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], [], true),
            (["LC_MESSAGES": "ko", "LANG": "en_US.UTF-8"], [], true),
            (["LANG": "C.UTF-8"], [], false),
            (["LANG": "ko_KR.UTF-8"], ["--lang", "en"], false),
            (["LANG": "en_US.UTF-8"], ["--lang", "ko"], true),
        ])
    func selection(_ variables: [String: String], _ options: [String], _ korean: Bool) throws {
        let result = try Command.run(["run", "Flows/account.json"] + options, input: "x\n", environment: Self.locale(variables))
        #expect(result.status == 1)
        #expect(
            result.stderr
                == (korean
                    ? "focusflow: 1번째 줄: 이메일 (email): you@example.com 같은 이메일 주소를 입력하세요\n"
                    : "focusflow: line 1: Email (email): Enter an email address like you@example.com\n"),
            "\(variables) \(options)")
    }

    @Test("A built-in rule message in Korean, piped, with the flow's Korean label")
    func signupKorean() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-lang-\(UUID()).json")
        try Data(#"{"id":"t","fields":[{"id":"name","label":{"en":"Name","ko":"이름"},"rules":{"minLength":3}}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Command.run(["run", "--lang", "ko", file.path], input: "가\n", environment: Self.locale([:]))
        #expect(result.status == 1)
        #expect(result.stderr == "focusflow: 1번째 줄: 이름 (name): 이름 항목은 3자 이상이어야 합니다.\n")
    }

    @Test("What a keyboard takes is said in Korean too, when a piped line holds a character it refuses")
    func keyboardInKorean() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focusflow-lang-\(UUID()).json")
        try Data(#"{"id":"t","fields":[{"id":"phone","label":{"en":"Phone","ko":"전화"},"keyboard":"phonePad"}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Command.run(["run", "--lang", "ko", file.path], input: "12k\n", environment: Self.locale([:]))
        #expect(result.status == 1)
        #expect(result.stderr.contains("숫자, 공백, + * # ( ) -"), "\(result.stderr)")
        #expect(!result.stderr.contains("digits"), "\(result.stderr)")
    }

    @Test("--lang takes en or ko only")
    func badLanguage() throws {
        let result = try Command.run(["run", "--lang", "fr"], input: "", environment: Self.locale([:]))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("focusflow: --lang takes en or ko, not \"fr\""))
    }

    @Test("serve speaks English whatever the locale, Korean with --lang ko; protocol keys stay as they are")
    func serve() throws {
        let korean = try Command.run(["serve", "--lang", "ko", "Flows/account.json"], input: "text a\nnext\n", environment: Self.locale([:]))
        #expect(korean.stdout.contains(#"{"event":"invalid","field":"email","message":"you@example.com 같은 이메일 주소를 입력하세요"}"#))
        let described = try Command.run(["serve", "--lang", "ko", "Flows/account.json"], input: "describe\n", environment: Self.locale([:]))
        #expect(described.stdout.contains(#""flow":{"id":"account","title":"계정 만들기 (전체)","language":"ko"}"#), "\(described.stdout)")
        #expect(
            described.stdout.contains(#""label":"이메일""#) && described.stdout.contains(#""message":"you@example.com 같은 이메일 주소를 입력하세요""#),
            "describe gives the chosen language's texts, not every language: \(described.stdout)")
        let english = try Command.run(["serve", "Flows/account.json"], input: "text a\nnext\n", environment: Self.locale(["LANG": "ko_KR.UTF-8"]))
        #expect(english.stdout.contains(#""message":"Enter an email address like you@example.com""#))
    }
}
