import Foundation
import Testing
@testable import focusflow
import PseudoTerminalSupport

/// `focusflow manual`: a man page groff renders without a warning, in English and in Korean,
/// that says every command and option the command table has.
@Suite("The man page")
struct ManualTests {
    static func render(_ language: String) throws -> (page: String, text: String, warnings: String) {
        let page = try Command.run(["manual", "--lang", language])
        #expect(page.status == 0)
        let file = try ScratchFolder.write(page.stdout, named: "focusflow", ".1")
        let groff = try Command.run(["-ww", "-K", "utf8", "-man", "-Tutf8", file], data: nil, program: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(groff.status == 0, "groff is needed (.ci/run installs groff-base)")
        // grotty's bold and underline are a character, a backspace and a character again.
        let text = groff.stdout.replacing(/.\u{08}/, with: "")
        return (page.stdout, text, groff.stderr)
    }

    @Test("groff -ww renders it without a warning, and man -l reads it", arguments: ["en", "ko"])
    func renders(language: String) throws {
        let (_, text, warnings) = try Self.render(language)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(text.contains("FOCUSFLOW(1)"))
        let file = try ScratchFolder.write(try Command.run(["manual", "--lang", language]).stdout, named: "man", ".1")
        let man = try Command.run(
            ["-l", file], data: nil, environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"],
            program: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(man.status == 0, "man is needed (.ci/run installs man-db): \(man.stderr)")
        #expect(man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.stdout.contains(language == "ko" ? "종료 상태" : "EXIT STATUS"))
    }

    @Test("It names every command and every option, the environment, files and exit statuses", arguments: ["en", "ko"])
    func complete(language: String) throws {
        let (_, text, _) = try Self.render(language)
        // grotty writes a minus as the ASCII hyphen-minus for \-, so options read as typed.
        for command in CLI.commands {
            #expect(text.contains("focusflow \(command.name)") || command.name == "run", "no \(command.name)")
            for option in command.options.union(command.flags).union(command.repeatable) {
                #expect(text.contains("--\(option)"), "\(command.name) --\(option) is missing")
            }
        }
        for word in ["NO_COLOR", "TERM", "LANG", "INPUTRC", "130", "74", "Flows/flow.schema.json"] {
            #expect(text.contains(word), "\(word) is missing from the \(language) page")
        }
    }

    @Test("Every option a command takes is in its usage lines, which --help, the manual and a usage error show")
    func usageNamesEveryOption() {
        for command in CLI.commands {
            let usage = command.synopsis.joined(separator: " ")
            // ask's `[--KEY VALUE]…` stands for the kinds' own keys, each listed under OPTIONS.
            let keys = usage.contains("[--KEY VALUE]") ? Set(Ask.keys.map(\.key.option)) : []
            for option in command.options.union(command.flags).union(command.repeatable) where option != "help" && !keys.contains(option) {
                #expect(usage.contains("--\(option)"), "\(command.name)'s usage lacks --\(option)")
            }
        }
    }

    /// The commands the help texts give under their examples heading: shell lines, kept as
    /// typed, the only lines a narrow page may not fit.
    static func examples(_ language: String) -> Set<String> {
        let heading = language == "ko" ? "예" : "EXAMPLES"
        var examples: Set<String> = []
        for command in CLI.commands {
            var under = false
            for line in command.texts[language == "ko" ? .ko : .en].details.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == heading {
                    under = true
                } else if line.trimmingCharacters(in: .whitespaces).isEmpty || !line.hasPrefix(" ") {
                    under = false
                } else if under {
                    examples.insert(line.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return examples
    }

    /// Columns a line of man's output takes: Hangul and other wide characters two.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            let wide = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6]
            return sum + (wide.contains { $0.contains(Int(scalar.value)) } ? 2 : 1)
        }
    }

    @Test("man fills the page to 60 columns: no line is wider but an example command, and focusflow is never hyphenated", arguments: ["en", "ko"])
    func reflows(language: String) throws {
        let page = try Command.run(["manual", "--lang", language]).stdout
        let file = try ScratchFolder.write(page, named: "man", ".1")
        let man = try Command.run(
            ["-l", file], data: nil, environment: ["MANWIDTH": "60", "MANPAGER": "cat", "PAGER": "cat"],
            program: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(man.status == 0, "man is needed (.ci/run installs man-db): \(man.stderr)")
        #expect(man.stderr.isEmpty, "\(man.stderr)")
        let text = man.stdout.replacing(/.\u{08}/, with: "")
        let examples = Self.examples(language)
        #expect(!examples.isEmpty)
        let wide = text.split(separator: "\n").filter { Self.columns($0) > 60 && !examples.contains($0.trimmingCharacters(in: .whitespaces)) }
        #expect(wide.isEmpty, "\(wide.count) lines wider than 60 columns:\n\(wide.prefix(5).joined(separator: "\n"))")
        // grotty shows a hyphenation as U+2010 at the end of a line.
        let broken = text.split(separator: "\n").filter { $0.hasSuffix("\u{2010}") }
        #expect(broken.isEmpty, "words hyphenated:\n\(broken.prefix(5).joined(separator: "\n"))")
        #expect(!text.contains("focus\u{2010}"))
        let groff = try Command.run(
            ["-ww", "-rLL=60n", "-K", "utf8", "-man", "-Tutf8", file], data: nil, program: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(groff.stderr.isEmpty, "\(groff.stderr)")
    }

    @Test("Roff's own characters in a text are escaped: a backslash, a leading dot or quote, dashes")
    func escaping() {
        #expect(Manual.escaped(#"a\b"#) == #"a\eb"#)
        #expect(Manual.escaped(".x") == #"\&.x"#)
        #expect(Manual.escaped("'x") == #"\&'x"#)
        #expect(Manual.escaped("--lang") == #"\-\-lang"#)
    }
}
