import Testing
@testable import FocusFlow

/// Initial-consonant search (초성 검색) in every choice field's filter and in `SearchField`.
@Suite("A filter of initial consonants finds syllables by their first consonant")
struct InitialConsonantTests {
    static let countries = ["대한민국", "북한", "일본", "중국", "미국", "Hong Kong", "ㅎㅎ 상회"]

    static var field: FieldSpec {
        FieldSpec(id: "country", kind: .select, options: countries.map { FieldOption(value: $0) })
    }

    static func shown(_ query: String) -> [String] {
        field.visibleOptions(query: query).map { countries[$0] }
    }

    @Test(
        "Consonants, mixed queries and a syllable still being composed",
        arguments: [
            ("ㅎ", ["대한민국", "북한", "ㅎㅎ 상회"]),
            ("ㄷㅎㅁㄱ", ["대한민국"]),
            ("ㄷ ㅎ", []),
            ("대ㅎ", ["대한민국"]),
            ("대하ㅁ", []),
            ("민ㄱ", ["대한민국"]),
            ("ㅁㄱ", ["대한민국", "미국"]),
            ("ㄱ", ["대한민국", "중국", "미국"]),
            ("ㅂ하", ["북한"]),
            ("ㅎㅎ", ["ㅎㅎ 상회"]),
            ("  ㅈㄱ", ["중국"]),
            ("hㅋ", []),
            // Without a lone consonant the fold alone decides, as before.
            ("하", ["대한민국", "북한"]),
            ("대하", ["대한민국"]),
            ("hong", ["Hong Kong"]),
        ])
    func initials(query: String, expected: [String]) {
        #expect(Self.shown(query) == expected)
    }

    @Test("Typing the consonants one by one narrows to what the whole query shows")
    func narrowing() {
        var previous = (query: "", visible: Array(Self.countries.indices))
        for query in ["ㄷ", "ㄷㅎ", "ㄷㅎㅁ", "ㄷㅎㅁㄱ", "ㄷㅎㅁ", "대"] {
            let narrowed = Self.field.visibleOptions(query: query, narrowing: previous)
            #expect(narrowed == Self.field.visibleOptions(query: query), "after \(query)")
            previous = (query, narrowed)
        }
    }

    @Test("Next on a select filtered by initials takes the option they find")
    func selectTakesIt() throws {
        let spec = try FlowSpec(id: "f", title: "F", fields: [Self.field])
        let store = FlowStore(spec: spec)
        store.send(.field(.textChanged("ㄷㅎㅁㄱ")))
        let events = store.send(.next)
        let completed = events.compactMap { if case .completed(let result) = $0 { result } else { nil } }.first
        #expect(completed?.answers.map(\.answer) == [.choice("대한민국")])
    }
}
