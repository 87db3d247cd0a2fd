import FocusFlow
@testable import FocusFlowConsole
@testable import FocusFlowTerminal
import Testing

/// The keystroke path's eight-bytes-a-step scans (``ASCIIScan``) answer exactly as the
/// byte-by-byte definitions they stand for, whatever byte sits wherever in a word and at
/// whatever length: every byte value at every place of lines of 0 to 24 bytes, CR LF across
/// word boundaries, and random lines.
@Suite("ASCII scans eight bytes a step")
struct ASCIIScanTests {
    static func isASCII(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 < 0x80 } }
    static func isPrintable(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    static func characters(_ bytes: [UInt8]) -> Int? {
        isASCII(bytes) ? String(decoding: bytes, as: UTF8.self).count : nil
    }

    static func check(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ASCIIScan.isASCII(buffer) == isASCII(bytes), "isASCII of \(bytes)")
            #expect(ASCIIScan.isPrintable(buffer) == isPrintable(bytes), "isPrintable of \(bytes)")
            #expect(ASCIIScan.characters(buffer) == characters(bytes), "characters of \(bytes)")
            #expect(ASCIIScan.containsZero(buffer) == bytes.contains(0), "containsZero of \(bytes)")
        }
    }

    @Test("Every byte value at every place of a printable line of 0 to 24 bytes", arguments: 0...24)
    func everyByteEverywhere(length: Int) {
        let line = [UInt8](repeating: 0x61, count: length)
        Self.check(line)
        for place in 0..<length {
            for value in UInt8.min...UInt8.max {
                var bytes = line
                bytes[place] = value
                Self.check(bytes)
            }
        }
    }

    @Test("CR LF at every place, across the eight-byte words, counts as one character")
    func crlf() {
        for length in 2...24 {
            for place in 0..<(length - 1) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                bytes[place] = 0x0D
                bytes[place + 1] = 0x0A
                Self.check(bytes)
                Self.check(bytes + [0x0D])
                Self.check([0x0D] + bytes)
            }
        }
    }

    @Test("Random lines of bytes around the boundaries")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt8] = [0x00, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x61, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in Bool.random(using: &generator) ? 0x61 : interesting.randomElement(using: &generator)! }
            Self.check(bytes)
        }
    }
}
