import FocusFlow
import Foundation
import Testing

/// Korean and English: the language the locale asks for, the engine's rule messages in both,
/// and flow text given per language.
@Suite("Languages: engine and loader")
struct LanguageTests {
    @Test(
        "The first set of LC_ALL, LC_MESSAGES and LANG decides; ko… gives Korean, anything else English",
        arguments: [
            (["LANG": "ko_KR.UTF-8"], Language.ko),
            (["LANG": "ko"], .ko),
            (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], .ko),
            (["LC_ALL": "C", "LANG": "ko_KR.UTF-8"], .en),
            (["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], .ko),
            (["LC_MESSAGES": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"], .en),
            (["LANG": "fr_FR.UTF-8"], .en),
            ([:], .en),
        ])
    func environment(_ environment: [String: String], _ expected: Language) {
        #expect(Language(environment: environment) == expected, "\(environment)")
        #expect(Language(variable: { environment[$0] }) == expected, "\(environment)")
    }

    @Test(
        "The locale is read with one lookup a variable, LC_ALL, LC_MESSAGES, LANG, stopping at the first set",
        arguments: [
            (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], ["LC_ALL"]),
            (["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8"], ["LC_ALL", "LC_MESSAGES"]),
            (["LANG": "ko"], ["LC_ALL", "LC_MESSAGES", "LANG"]),
            ([:], ["LC_ALL", "LC_MESSAGES", "LANG"]),
        ])
    func lookups(_ environment: [String: String], _ asked: [String]) {
        var names: [String] = []
        _ = Language(variable: {
            names.append($0); return environment[$0]
        })
        #expect(names == asked, "\(environment)")
    }

    /// The message of `rules` failing for `state`, in `language`.
    private func failure(_ field: FieldSpec, _ state: FieldState, _ language: Language, extra: [FieldSpec] = []) throws -> String? {
        let spec = try FlowSpec(id: "r", title: "", fields: extra + [field]).localized(to: language)
        let reducer = FlowReducer(spec: spec)
        var flow = reducer.initialState()
        flow.fields[field: field.id] = state
        return reducer.failure(of: field.id, in: flow)
    }

    @Test("Every default rule message is in Korean when the flow is in Korean")
    func koreanMessages() throws {
        let text = { (rules: FieldRules) in FieldSpec(id: "f", label: "이름", rules: rules) }
        #expect(try failure(text(.init(required: true)), .text(.init(text: "")), .ko) == "이름 항목은 필수입니다.")
        #expect(try failure(text(.init(minLength: 3)), .text(.init(text: "가")), .ko) == "이름 항목은 3자 이상이어야 합니다.")
        #expect(try failure(text(.init(maxLength: 1)), .text(.init(text: "가나")), .ko) == "이름 항목은 1자 이하여야 합니다.")
        #expect(try failure(text(.init(pattern: "[0-9]+")), .text(.init(text: "a")), .ko) == "이름 항목의 형식이 올바르지 않습니다.")
        #expect(try failure(text(.init(oneOf: ["a", "b"])), .text(.init(text: "c")), .ko) == "이름 항목은 다음 중 하나여야 합니다: a, b.")
        let password = FieldSpec(id: "pw", label: "비밀번호", secure: true)
        let confirm = FieldSpec(id: "f", label: "확인", secure: true, rules: .init(matches: "pw"))
        #expect(try failure(confirm, .text(.init(text: "x")), .ko, extra: [password]) == "확인 항목이 비밀번호 항목과 일치하지 않습니다.")
        let terms = { (rules: FieldRules) in FieldSpec(id: "f", kind: .confirm, label: "약관", rules: rules) }
        #expect(try failure(terms(.init(required: true)), .confirm(.init()), .ko) == "약관 항목에 예 또는 아니요로 답해 주세요.")
        #expect(try failure(terms(.init(equals: true)), .confirm(.init(value: false)), .ko) == "약관 항목은 예여야 합니다.")
        let select = FieldSpec(id: "f", kind: .select, label: "국가", options: ["kr", "jp"], rules: .init(required: true))
        #expect(try failure(select, .select(.init()), .ko) == "국가: 다음 중 하나를 고르세요: kr, jp.")
        let multi = { (rules: FieldRules) in FieldSpec(id: "f", kind: .multiSelect, label: "주제", options: ["a", "b", "c"], rules: rules) }
        #expect(try failure(multi(.init(required: true)), .multiSelect(.init()), .ko) == "주제: 하나 이상 고르세요.")
        #expect(try failure(multi(.init(minSelected: 2)), .multiSelect(.init(chosen: ["a"])), .ko) == "주제: 2개 이상 고르세요.")
        #expect(try failure(multi(.init(maxSelected: 1)), .multiSelect(.init(chosen: ["a", "b"])), .ko) == "주제: 1개 이하로 고르세요.")
        // The same flow in English says what it always said.
        #expect(try failure(terms(.init(required: true)), .confirm(.init()), .en) == "약관 needs a yes or no.")
    }

    @Test("Both languages give every message, and no Korean message is left in English")
    func everyMessageHasKorean() {
        let english = RuleMessages.english, korean = RuleMessages.korean
        let pairs: [(String, String)] = [
            (english.required("L"), korean.required("L")), (english.doesNotMatch("L", "M"), korean.doesNotMatch("L", "M")),
            (english.atLeastCharacters("L", 2), korean.atLeastCharacters("L", 2)), (english.atMostCharacters("L", 2), korean.atMostCharacters("L", 2)),
            (english.notInFormat("L"), korean.notInFormat("L")), (english.oneOf("L", ["a"]), korean.oneOf("L", ["a"])),
            (english.needsYesOrNo("L"), korean.needsYesOrNo("L")), (english.mustBe("L", true), korean.mustBe("L", true)),
            (english.chooseOne("L", ["a"]), korean.chooseOne("L", ["a"])), (english.chooseAny("L"), korean.chooseAny("L")),
            (english.chooseAtLeast("L", 2), korean.chooseAtLeast("L", 2)), (english.chooseAtMost("L", 2), korean.chooseAtMost("L", 2)),
            (english.yes, korean.yes), (english.no, korean.no),
        ]
        for (en, ko) in pairs {
            #expect(en != ko, "\(en)")
            #expect(ko.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "no Hangul in \(ko)")
        }
    }

    static let flow = #"""
        {"id": "t", "title": {"en": "Sign up", "ko": "가입"},
         "fields": [
           {"id": "email", "label": {"en": "Email", "ko": "이메일"}, "placeholder": {"ko": "예: a@b.kr", "en": "e.g. a@b.com"},
            "hint": {"en": "We never share it"}, "rules": {"required": true, "message": {"en": "Enter an email", "ko": "이메일을 입력하세요"}}},
           {"id": "plan", "kind": "select", "label": "Plan",
            "options": [{"value": "free", "label": {"en": "Free", "ko": "무료"}}, "pro"]}
         ]}
        """#

    @Test("Flow text per language: the chosen language, else the first given; plain strings stay as they are")
    func perLanguageText() throws {
        let spec = try FlowSpec(json: Data(Self.flow.utf8), file: "t.json")
        let ko = spec.localized(to: .ko), en = spec.localized(to: .en)
        #expect(ko.title == "가입" && en.title == "Sign up")
        #expect(ko.fields[0].label == "이메일" && en.fields[0].label == "Email")
        #expect(ko.fields[0].placeholder == "예: a@b.kr" && en.fields[0].placeholder == "e.g. a@b.com")
        #expect(ko.fields[0].hint == "We never share it", "the first given when Korean is missing")
        #expect(ko.fields[0].rules.message == "이메일을 입력하세요")
        #expect(ko.fields[1].label == "Plan" && ko.fields[1].options.map(\.label) == ["무료", "pro"])
        #expect(ko.fields[1].visibleOptions(query: "무료") == [0], "the filter folds the chosen labels")
        #expect(spec.fields[0].label == "Email", "a flow is in English until localised")
        #expect(ko.fields[0].hint == "We never share it" && spec.localized(to: .ko).fields[0].hint == "We never share it")
        let koFirst = try FlowSpec(json: Data(#"{"id":"t","fields":[{"id":"a","label":{"ko":"가","ja":"あ"}},{"id":"b","label":{"ja":"い","ko":"나"}}]}"#.utf8))
        #expect(koFirst.localized(to: .en).fields.map(\.label) == ["가", "い"], "missing English: the first given, in file order")
        let reducer = FlowReducer(spec: ko)
        #expect(reducer.failure(of: "email", in: reducer.initialState()) == "이메일을 입력하세요")
        let again = try FlowSpec(json: JSONEncoder().encode(spec))
        for language in Language.allCases {
            let (before, after) = (spec.localized(to: language), again.localized(to: language))
            #expect(after.title == before.title && after.fields.map(\.label) == before.fields.map(\.label), "encoding keeps every language")
            #expect(after.fields[0].placeholder == before.fields[0].placeholder && after.fields[1].options == before.fields[1].options)
        }
    }

    static let badTexts: [(String, String)] = [
        (#"{"id":"t","fields":[{"id":"a","label":{"en":1}}]}"#, "t.json: fields[0] (\"a\").label.en: expected a string"),
        (
            #"{"id":"t","fields":[{"id":"a","label":{"English":"A"}}]}"#,
            "t.json: fields[0] (\"a\").label.English: \"English\" is not a language code; write a code such as \"en\", \"ko\" or \"en-GB\""
        ),
        (
            #"{"id":"t","fields":[{"id":"a","label":{}}]}"#,
            "t.json: fields[0] (\"a\").label: give the text in at least one language, as {\"en\": \"Email\", \"ko\": \"이메일\"}"
        ),
        (#"{"id":"t","fields":[{"id":"a","label":["A"]}]}"#, "t.json: fields[0] (\"a\").label: expected a string, or an object of language codes and strings"),
        (
            #"{"id":"t","fields":[{"id":"a","label":{"en":"A","ko":"\u001b[31m가"}}]}"#,
            "t.json: fields[0] (\"a\").label.ko: contains the control character U+001B (escape); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"
        ),
        (#"{"id":"t","title":{"en":"T","ko":"\u0007"},"fields":[{"id":"a"}]}"#, "t.json: title.ko: contains the control character U+0007"),
        (
            #"{"id":"t","fields":[{"id":"a","kind":"select","options":[{"value":"x","label":{"EN":"X"}}]}]}"#,
            "t.json: fields[0] (\"a\").options[0].label.EN: \"EN\" is not a language code"
        ),
        (#"{"id":"t","fields":[{"id":"a","rules":{"message":{"ko":null}}}]}"#, "t.json: fields[0] (\"a\").rules.message.ko: expected a string, found null"),
    ]

    @Test("A bad per-language text is a located error", arguments: badTexts)
    func badText(_ json: String, _ expected: String) {
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "t.json")
            Issue.record("loaded \(json)")
        } catch {
            #expect("\(error)".hasPrefix(expected), "\(error)")
        }
    }

    @Test("Every keyboard's summary has its own Korean words", arguments: KeyboardType.allCases)
    func keyboardSummaries(keyboard: KeyboardType) {
        let korean = RuleMessages.korean.keyboardTakes(keyboard)
        #expect(korean != RuleMessages.english.keyboardTakes(keyboard))
        #expect(RuleMessages.english.keyboardTakes(keyboard) == keyboard.summary)
        #expect(!korean.contains("digits") && !korean.contains("characters"), "\(korean)")
    }
}
