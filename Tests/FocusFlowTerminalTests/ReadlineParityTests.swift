import PseudoTerminalSupport
import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole
@testable import FocusFlowTerminal

/// The differential test: stock GNU readline (the `readline-reference` program, callback mode,
/// `INPUTRC=/dev/null`) and `focusflow` get the same random keys over a pseudo-terminal, and
/// must end with the same line. A few seconds by default; `FOCUSFLOW_FUZZ_SECONDS=60` runs
/// longer with a fresh seed, and `FOCUSFLOW_FUZZ_SEED=N` replays a printed one.
@Suite("Plain fields edit as stock readline does", .serialized)
struct ReadlineParityTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SECONDS"] ?? "") ?? 3
    static let seed: UInt64 =
        UInt64(ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SEED"] ?? "")
        ?? (ProcessInfo.processInfo.environment["FOCUSFLOW_FUZZ_SECONDS"] == nil ? 20_261_130 : UInt64.random(in: 1...1_000_000_000))

    static let reference: String = URL(fileURLWithPath: PseudoTerminal.executable)
        .deletingLastPathComponent().appendingPathComponent("readline-reference").path
    static let environment = [
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "INPUTRC": "/dev/null", "NO_COLOR": "1",
        "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
    ]

    @Test("Random editing keys leave the same line in a plain field as in stock readline")
    func plainFields() throws {
        try compare(secure: false, keys: RandomKeys.editing)
    }

    @Test("Random kills and deletions leave the same line in a secure field as in stock readline")
    func secureFields() throws {
        try compare(secure: true, keys: RandomKeys.secureEditing)
    }

    /// Every key that reads the key after it, followed by every key that sends an escape
    /// sequence, on purpose: the random cases meet these pairs seldom.
    @Test(
        "A key that reads the next key, followed by a key that sends an escape sequence, leaves the line stock readline leaves",
        arguments: RandomKeys.readers + RandomKeys.quoting)
    func readerThenSequence(reader: RandomKeys.Key) throws {
        let flow = try TerminalTests.flow(#"{"id":"d","title":"D","fields":[{"id":"line","label":"Line"}]}"#)
        let quotes = RandomKeys.quoting.contains { $0.name == reader.name }
        for sequence in RandomKeys.sequences {
            let keys = "abc def" + "\u{2}\u{2}\u{2}" + reader.bytes + sequence.bytes + "x"
            // A quoted key that begins with ESC is refused whole: the line is stock readline's without it.
            let expected = try Self.referenceLine(quotes ? "abc def\u{2}\u{2}\u{2}x" : keys, secure: false)
            let got = try Self.focusflowLine(keys, flow: flow)
            #expect(expected != nil && got == expected, "abc def C-b C-b C-b \(reader.name) \(sequence.name) x: stock readline \(expected.debugDescription), focusflow \(got.debugDescription)")
        }
    }

    /// Editing keys inside an incremental search (C-r), with the search string empty and not.
    /// (C-s is the terminal's flow control, XOFF, before it is a key.)
    static let searchKeys: [RandomKeys.Key] = [
        .init(name: "C-h", bytes: "\u{8}"), .init(name: "BSpace", bytes: "\u{7F}"), .init(name: "C-w", bytes: "\u{17}"),
        .init(name: "C-y", bytes: "\u{19}"), .init(name: "C-g", bytes: "\u{7}"), .init(name: "C-r", bytes: "\u{12}"),
        .init(name: "M-f", bytes: "\u{1B}f"), .init(name: "Left", bytes: "\u{1B}[D"), .init(name: "C-a", bytes: "\u{1}"),
    ]

    @Test("Every editing key inside an incremental search leaves the line stock readline leaves", arguments: ["", "5"])
    func keysInsideSearch(typed: String) throws {
        let flow = try TerminalTests.flow(#"{"id":"d","title":"D","fields":[{"id":"line","label":"Line"}]}"#)
        for key in Self.searchKeys {
            for searched in ["", "z"] {
                let keys = "5" + "\u{12}" + searched + key.bytes + typed + "y"
                let expected = try Self.referenceLine(keys, secure: false)
                let got = try Self.focusflowLine(keys, flow: flow)
                #expect(expected != nil && got == expected, "5 C-r \(searched) \(key.name) \(typed) y: stock readline \(expected.debugDescription), focusflow \(got.debugDescription)")
            }
        }
    }

    /// Runs cases until the time is up; each case is seeded by the suite's seed and its number.
    private func compare(secure: Bool, keys: [RandomKeys.Key]) throws {
        let flow = try TerminalTests.flow(#"{"id":"d","title":"D","fields":[{"id":"line","label":"Line","secure":\#(secure)}]}"#)
        let deadline = PseudoTerminalProcess.now() + Self.seconds
        var cases = 0
        while PseudoTerminalProcess.now() < deadline || cases < 5 {
            var random = RandomKeys(seed: Self.seed &+ UInt64(cases) &* 7919 &+ (secure ? 1 : 0))
            let sequence = random.sequence(count: 8 + random.below(25), from: keys)
            let typed = sequence.map(\.bytes).joined()
            let expected = try Self.referenceLine(typed, secure: secure)
            let got = try Self.focusflowLine(typed, flow: flow)
            #expect(
                expected != nil && got != nil,
                """
                A program did not hand over its line (stock readline: \(expected != nil), focusflow: \(got != nil); \
                seed \(Self.seed), case \(cases)). Keys: \(sequence.map(\.name).joined(separator: " "))
                """)
            // The keys are random test input, never a person's secret: printing them replays the case.
            #expect(
                got == expected,
                """
                focusflow and stock readline differ (seed \(Self.seed), case \(cases); replay with \
                FOCUSFLOW_FUZZ_SEED=\(Self.seed)). Keys: \(sequence.map(\.name).joined(separator: " "))
                """)
            if got != expected || got == nil { break }
            cases += 1
        }
        print("readline parity (\(secure ? "secure" : "plain")): \(cases) cases, seed \(Self.seed)")
    }

    /// The line stock readline accepts after `keys` and Enter.
    static func referenceLine(_ keys: String, secure: Bool) throws -> String? {
        let process = try PseudoTerminalProcess([reference] + (secure ? ["--secure"] : []), columns: 80, rows: 24, environment: environment)
        let prompt = Array((secure ? "* " : "> ").utf8)
        guard process.waitFor(seconds: 5, { process.terminalBytes.contains(prompt) }) else { return nil }
        type(keys, then: "\r", into: process)
        guard process.waitFor(seconds: 5, { process.stdoutBytes.contains(0x0A) }) else { return nil }
        return String(decoding: process.stdoutBytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// The answer focusflow gives after `keys` and Enter, in a one-field flow.
    static func focusflowLine(_ keys: String, flow: String) throws -> String? {
        let process = try PseudoTerminalProcess([PseudoTerminal.executable, flow], columns: 80, rows: 24, environment: environment)
        guard process.waitFor(seconds: 5, { String(decoding: process.terminalBytes, as: UTF8.self).contains("Line  [") }) else { return nil }
        type(keys, then: "\r", into: process)
        guard process.finish(seconds: 5) == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(process.stdoutBytes)) as? [String: String]
        else { return nil }
        return object["line"]
    }
}

/// Types `keys`, waits until the program has drawn what they did, then presses `enter`. In
/// callback mode readline (stock and focusflow alike) leaves a key typed ahead after a counted
/// insertion (M-3 c Enter) unread until the next key comes, so Enter waits for the screen.
private func type(_ keys: String, then enter: String, into process: PseudoTerminalProcess) {
    process.send(keys)
    while process.pump(milliseconds: 40) > 0 {}
    process.send(enter)
}

private extension Array where Element == UInt8 {
    func contains(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= count else { return false }
        return (0...(count - bytes.count)).contains { self[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }
}
