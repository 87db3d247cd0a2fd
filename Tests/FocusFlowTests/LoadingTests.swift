import Foundation
import Testing
@testable import FocusFlow

/// What the loader's speed-ups must keep: a large flow is read into a list reserved once, and
/// the eight-bytes-at-a-time check of a file's bytes says what `String(validating:)` says.
@Suite("Loading: large flows and a file's bytes")
struct LoadingTests {
    /// A flow of `count` text fields shaped as the bench's (`LoadBench.json`): labels, hints,
    /// secure fields, keyboards, rules and a few shared patterns.
    static func generated(_ count: Int) -> [UInt8] {
        let keyboards = ["default", "asciiCapable", "numberPad", "emailAddress"]
        var text = #"{"id":"generated","title":"Generated","fields":["#
        for i in 0..<count {
            if i > 0 { text += "," }
            text += #"{"id":"f\#(i)","label":"Field \#(i)","keyboard":"\#(keyboards[i % keyboards.count])""#
            if i % 4 == 1 { text += #","secure":true"# }
            if i % 5 == 0 { text += #","hint":"Hint for field \#(i)""# }
            var rules: [String] = []
            if i % 3 == 0 { rules.append(#""required":true,"maxLength":64"#) }
            if i % 10 == 2 { rules.append(#""pattern":"^[0-9]{6}$""#) }
            if !rules.isEmpty { text += #","rules":{\#(rules.joined(separator: ","))}"# }
            text += "}"
        }
        return Array((text + "]}\n").utf8)
    }

    @Test("A 10,000-field flow holds at most a quarter more room than its fields: the list is not left doubled")
    func fieldsReservedOnce() throws {
        let spec = try FlowSpec(json: Data(Self.generated(10_000)), file: "big.json")
        #expect(spec.fields.count == 10_000)
        // A list doubled as it grew would hold 16,384 places (320 bytes each) for 10,000 fields.
        #expect(spec.fields.capacity <= 10_000 * 5 / 4, "the list holds \(spec.fields.capacity) places for 10,000 fields")
        #expect(spec.fields[9_999].id == "f9999")
        #expect(spec.fields[2].rules.compiled != nil, "the pattern is compiled into the field")
    }

    @Test("The same large flow loads the same either way", arguments: [10, 33, 1_000])
    func largeFlowBothPaths(count: Int) throws {
        let bytes = Self.generated(count)
        let taken = bytes.withUnsafeBufferPointer(FlowSpec.decodeDirectly)
        #expect(taken != nil, "the fast path gave up on \(count) generated fields")
        guard let fast = taken else { return }
        let slow = try FlowSpec(json: Data(bytes), file: nil, directly: false)
        #expect(fast == slow)
        #expect(fast.fields.map { $0.rules.compiled != nil } == slow.fields.map { $0.rules.compiled != nil })
    }

    /// The estimate of a list's length from its first elements: `(count, read, left)` — elements
    /// read, the bytes they took, the bytes left — and the room it reserves.
    static let estimates: [(count: Int, read: Int, left: Int, expected: Int)] = [
        (32, 3_200, 96_800, 1_126),  // 1,000 elements like the first, an eighth more and one
        (32, 3_200, 0, 32),  // nothing left: nothing more
        (32, 64, 100, 82),  // never more than the 50 that two bytes each allow
        (0, 0, 1_000, 0),  // nothing read yet: no estimate
    ]

    @Test("A list's length is estimated from its first elements, with an eighth to spare and never beyond what the bytes can hold", arguments: estimates)
    func estimate(count: Int, read: Int, left: Int, expected: Int) {
        // `read` spaces, which the cursor skips, then the bytes left.
        let bytes = [UInt8](repeating: 0x20, count: read) + [UInt8](repeating: 0x78, count: left)
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            cursor.skipSpace()
            #expect(cursor.offset == read)
            #expect(cursor.estimatedCount(count, since: 0) == expected)
        }
    }

    /// A short flow whose bytes are replaced one at a time by bytes that break or make UTF-8.
    static let sample = Array(#"{"id":"x","title":"가나 title","fields":[{"id":"a","label":"Label é"}]}"#.utf8)
    static let replacements: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]

    @Test("A file's bytes are text exactly when they hold no zero byte and are valid UTF-8, a byte at every place replaced", arguments: replacements)
    func textBytes(replacement: UInt8) {
        for offset in Self.sample.indices {
            for length in [offset + 1, Self.sample.count] {
                var bytes = Array(Self.sample[..<length])
                bytes[offset] = replacement
                let expected = !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
                let found = bytes.withUnsafeBufferPointer(TextBytes.isText)
                #expect(found == expected, "byte \(replacement) at \(offset) of \(length)")
            }
        }
    }
}
