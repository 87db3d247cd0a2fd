import Foundation
import Testing

/// `focusflow run --theme NAME`.
@Suite("run --theme")
struct ThemeCommandTests {
    @Test("An unknown theme is a usage error naming the themes there are")
    func unknown() throws {
        let result = try Command.run(["run", "--theme", "neon"], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown theme \"neon\""))
        for name in ["default", "mono", "high-contrast"] { #expect(result.stderr.contains(name), "names \(name)") }
        #expect(result.stdout.isEmpty)
    }

    @Test("A near miss is suggested")
    func nearMiss() throws {
        let result = try Command.run(["run", "--theme", "mon"], input: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean \"mono\"?"))
    }

    @Test("A known theme walks piped input as before", arguments: ["default", "mono", "high-contrast"])
    func known(name: String) throws {
        let result = try Command.run(["run", "Flows/login.json", "--theme", name], input: "ada@example.com\nsecret-pass\n")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
