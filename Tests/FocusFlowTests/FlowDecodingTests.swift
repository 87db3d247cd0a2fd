import Foundation
import Testing
@testable import FocusFlow

/// The loader's fast path (`FlowSpec+DirectDecoding.swift`) against the `Codable` path it
/// stands in for: the same flow or the same error text, on every shipped flow and on flows
/// broken one byte at a time.
@Suite("Flow decoding: the fast path and the Codable path agree")
struct FlowDecodingTests {
    /// The outcome of one load: the flow as JSON (every key, sorted) or the error's text.
    static func outcome(_ bytes: [UInt8], directly: Bool) -> String {
        do {
            let spec = try FlowSpec(json: Data(bytes), file: "f.json", directly: directly)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = (try? encoder.encode(spec)).map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
            let patterns = spec.fields.map { $0.rules.compiled == nil ? "-" : "p" }.joined()
            return "ok \(json) \(patterns) \(spec.fields.map(\.localizedText.count))"
        } catch {
            return "error \(error)"
        }
    }

    static func direct(_ bytes: [UInt8]) -> FlowSpec? {
        bytes.withUnsafeBufferPointer(FlowSpec.decodeDirectly)
    }

    static let shipped = FlowSpecTests.shipped

    static func file(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.root.appendingPathComponent("Flows/\(name).json")))
    }

    @Test("Every shipped flow takes the fast path and gives the flow the Codable path gives", arguments: shipped)
    func shippedFlows(name: String) throws {
        let bytes = try Self.file(name)
        let fast = try #require(Self.direct(bytes), "the fast path gave up on Flows/\(name).json")
        let slow = try FlowSpec(json: Data(bytes), file: nil, directly: false)
        #expect(fast == slow)
        #expect(fast.localizedTitle == slow.localizedTitle)
        #expect(fast.theme == slow.theme)
        #expect(fast.fields.map(\.localizedText) == slow.fields.map(\.localizedText))
        #expect(fast.fields.map { $0.options.map(\.localizedLabel) } == slow.fields.map { $0.options.map(\.localizedLabel) })
        #expect(Self.outcome(bytes, directly: true) == Self.outcome(bytes, directly: false))
    }

    /// Flows that use what the shipped ones may not: every kind, defaults, conditions, texts in
    /// several languages, a theme, escapes, `null`s that mean "absent", numbers at the edge.
    static let handWritten: [String] = [
        #"{"$schema":"./flow.schema.json","id":"x","title":{"ko":"제목","en":"Title"},"review":true,"theme":{"title":"bold cyan","error":null},"fields":[{"id":"a","label":{"en":"A","ko":"가"},"section":{"en":"Account","ko":"계정"},"hint":null,"placeholder":"p\"q\\r\/s","secure":null,"keyboard":null,"rules":{"required":true,"minLength":0,"maxLength":65536,"pattern":"^[a-z]+$","message":{"ko":"틀림","en":"Wrong"}}},{"id":"b","kind":"confirm","section":"Terms","default":true,"rules":{"equals":true}},{"id":"c","kind":"select","options":["x",{"value":"y","label":{"en":"Why","ko":"왜"}}],"default":"y","when":{"field":"b","equals":true}},{"id":"d","kind":"multiSelect","options":["x","y","z"],"default":["z","x"],"rules":{"minSelected":1,"maxSelected":2},"when":{"field":"c","in":["x","y"]}},{"id":"e","secure":true,"rules":{"pattern":"^[0-9]{4}$","matches":null,"oneOf":null},"when":{"field":"a","notEmpty":true}},{"id":"f","rules":{"oneOf":["1","2"],"matches":"a"},"when":null,"options":null}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"maxLength":2147483648}}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"maxLength":-2147483647}}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"maxLength":010}}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"maxLength":1.0}}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"maxLength":1e2}}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":"\u0041"}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":"\u001b"}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":"\ud83d\ude00 \uAC00"}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":"\ud83d"}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":"a\nb"}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":{}}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":{"EN":"A"}}]}"#,
        #"{"id":"x","fields":[{"id":"a","label":{"en":null}}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"confirm","default":null}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"confirm","default":"yes"}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"multiSelect","options":["a"],"default":"a"}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"select","options":["a",1]}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"select","options":[{"value":"a","lable":"A"}]}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"confirm","keyboard":"numberPad"}]}"#,
        #"{"id":"x","fields":[{"id":"a","kind":"checkbox"}]}"#,
        #"{"id":"x","fields":[{"id":"a","keyboard":null,"kind":null}]}"#,
        #"{"id":"x","fields":[{"id":"a"},{"id":"b","when":{"field":"a","equals":"x","notEmpty":true}}]}"#,
        #"{"id":"x","fields":[{"id":"a"},{"id":"b","when":{"field":"a","in":[]}}]}"#,
        #"{"id":"x","fields":[{"id":"a","rules":{"pattern":"("}}]}"#,
        #"{"id":"x","theme":{"title":"sparkly"},"fields":[{"id":"a"}]}"#,
        #"{"id":"x","theme":{"titel":"bold"},"fields":[{"id":"a"}]}"#,
        #"{"id":"x","title":null,"review":null,"theme":null,"fields":[{"id":"a"}]}"#,
        #"{"$schema":1,"id":"x","fields":[{"id":"a"}]}"#,
        #"{"id":"x","fields":[{"id":"a","id":"b"}]}"#,
        #"{"id":"x","fields":[{"id":"a"}]} x"#,
        #"{"id":"x","fields":[{"id":"a"}]}   "#,
        #" { "id" : "x" , "fields" : [ { "id" : "a" } ] } "#,
        #"{"id":"x","fields":[{"id":"a","label":{"en":"A","en":"B"}}]}"#,
        #"{"id":"x","fields":[{"id":"a","\u0069d":"b"}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":"Account"},{"id":"b","section":null},{"id":"c","section":"Account"}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":{"ko":"계정","en":"Account"}}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":1}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":""}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":{"en":"A","ko":" "}}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":"\u001b"}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":{"EN":"A"}}]}"#,
        #"{"id":"x","fields":[{"id":"a","section":"A","section":"B"}]}"#,
    ]

    @Test("Hand-written flows, good and bad, give the same flow or the same error either way", arguments: handWritten)
    func handWrittenFlows(json: String) {
        let bytes = Array(json.utf8)
        #expect(Self.outcome(bytes, directly: true) == Self.outcome(bytes, directly: false))
    }

    @Test("The hand-written flow that uses everything takes the fast path")
    func everythingTakesTheFastPath() {
        #expect(Self.direct(Array(Self.handWritten[0].utf8)) != nil)
    }

    /// Each shipped flow with one byte deleted, doubled or replaced, at every seventh offset.
    static func mutations(of bytes: [UInt8]) -> [[UInt8]] {
        let replacements = Array(#"",}]{[:1-.n\ x"#.utf8)
        var out: [[UInt8]] = []
        for (n, offset) in stride(from: 0, to: bytes.count, by: 7).enumerated() {
            var deleted = bytes
            deleted.remove(at: offset)
            var doubled = bytes
            doubled.insert(bytes[offset], at: offset)
            var replaced = bytes
            replaced[offset] = replacements[n % replacements.count]
            out += [deleted, doubled, replaced]
        }
        return out
    }

    @Test("Shipped flows broken one byte at a time give the same flow or the same error either way", arguments: shipped)
    func mutatedFlows(name: String) throws {
        var fastTaken = 0
        for bytes in Self.mutations(of: try Self.file(name)) {
            let fast = Self.outcome(bytes, directly: true)
            let slow = Self.outcome(bytes, directly: false)
            #expect(fast == slow, "\(String(decoding: bytes, as: UTF8.self))")
            // The fast path is handed valid UTF-8 only; what it takes, the Codable path takes too.
            guard String(validating: bytes, as: UTF8.self) != nil, Self.direct(bytes) != nil else { continue }
            fastTaken += 1
            #expect(slow.hasPrefix("ok"))
        }
        #expect(fastTaken > 0)
    }
}

/// The one JSON reader reads a string the same way typed and checked: the same text where both
/// take it, and where the typed reading gives up, the checked one says why and where.
@Suite("JSON strings: one reader, typed and checked")
struct JSONStringReadingTests {
    /// A JSON string literal, and the reason it is refused with its offset in the literal, or `nil` when it is one.
    static let literals: [(String, String?, Int?)] = [
        (#""plain""#, nil, nil), (#""caf\u00e9 \"quoted\" \\ \/ \b\f\n\r\t""#, nil, nil), (#""한글 👍🏽""#, nil, nil),
        (#""\ud83d\ude00 smile""#, nil, nil), (#""\uD83D\uDE00""#, nil, nil),
        (#""\x""#, "unknownEscape", 2), (#""\u12""#, "expectedHexDigits", 5), (#""\u12g4""#, "expectedHexDigits", 5),
        (#""\ud83d""#, "loneSurrogate", 1), (#""\ude00""#, "loneSurrogate", 1), (#""\ud83d\u0041""#, "loneSurrogate", 1),
        ("\"tab\there\"", "controlInString", 4), (#""unterminated"#, "unterminatedString", 0), ("\"ends in \\", "unknownEscape", 10),
    ]

    @Test("Typed and checked readings of a string agree with each other and with JSONDecoder", arguments: literals)
    func agree(literal: String, refusal: String?, at offset: Int?) throws {
        let bytes = Array(literal.utf8)
        let typed = bytes.withUnsafeBufferPointer { buffer -> String? in
            var cursor = JSONCursor(buffer)
            return cursor.string()
        }
        let problem = JSONCursor.firstError(in: bytes)
        if let refusal {
            #expect(typed == nil)
            #expect(problem.map { "\($0.reason)".hasPrefix(refusal) } == true, "\(String(describing: problem))")
            #expect(problem?.offset == offset)
        } else {
            #expect(problem == nil)
            #expect(typed == (try JSONDecoder().decode(String.self, from: Data(bytes))))
        }
    }
}
