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

    @Test("Roff's own characters in a text are escaped: a backslash, a leading dot or quote, dashes")
    func escaping() {
        #expect(Manual.escaped(#"a\b"#) == #"a\eb"#)
        #expect(Manual.escaped(".x") == #"\&.x"#)
        #expect(Manual.escaped("'x") == #"\&'x"#)
        #expect(Manual.escaped("--lang") == #"\-\-lang"#)
    }
}
