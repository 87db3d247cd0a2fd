import Foundation
import PseudoTerminalSupport
import Testing

/// The tests' scratch folder writes what it is given, byte for byte.
@Suite("The scratch folder")
struct ScratchFolderTests {
    @Test("A written file holds every byte of its text, a NUL and Hangul too")
    func writesEveryByte() throws {
        let text = "a\u{0}b 한글 👍🏽\n"
        let path = try ScratchFolder.write(text, named: "bytes", ".txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(path.hasPrefix(ScratchFolder.path + "/bytes-") && path.hasSuffix(".txt"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(bytes) == Array(text.utf8))
    }
}
