import Foundation
import Testing
@testable import FocusFlow

/// A flow's `"theme"`: the colours a host wants, loaded as data and refused with a located
/// message when a colour or attribute is not one the terminal knows.
@Suite("Flow themes in the flow file")
struct ThemeSpecTests {
    static let themed = """
        {"id":"themed","title":"Themed","theme":{"title":"bold cyan","label":"bold","placeholder":"dim",
         "hint":"bright-black","error":"bold bright-red","badge":"black on yellow","highlight":"reverse 208"},
         "fields":[{"id":"a","label":"A"}]}
        """

    /// Flows whose theme the loader refuses, with the one message each gets.
    static let badThemes: [(String, String)] = [
        (
            #"{"id":"t","theme":{"title":"bold cyna"},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.title: unknown colour or attribute "cyna"; did you mean "cyan"?"#
        ),
        (
            #"{"id":"t","theme":{"titel":"bold"},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.titel: unknown key "titel"; did you mean "title"?"#
        ),
        (
            #"{"id":"t","theme":{"error":"300"},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.error: colour numbers go from 0 to 255, not 300"#
        ),
        (
            #"{"id":"t","theme":{"badge":"red blue"},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.badge: two colours, "red" and "blue"; write "red on blue" for a coloured background"#
        ),
        (
            #"{"id":"t","theme":{"label":""},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.label: no colour or attribute; name one (as "bold cyan") or leave the key out"#
        ),
        (
            #"{"id":"t","theme":{"hint":"dim on"},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.hint: "on" needs a colour after it, as "white on blue""#
        ),
        (
            #"{"id":"t","theme":{"hint":3},"fields":[{"id":"a"}]}"#,
            #"bad.json: theme.hint: expected a string"#
        ),
        (
            #"{"id":"t","theme":"mono","fields":[{"id":"a"}]}"#,
            #"bad.json: theme: expected an object"#
        ),
    ]

    @Test("A flow's theme loads every part, colours by name or number")
    func loads() throws {
        let spec = try FlowSpec(json: Data(Self.themed.utf8))
        let theme = try #require(spec.theme)
        #expect(theme.title == TextStyle(foreground: .cyan, attributes: [.bold]))
        #expect(theme.hint == TextStyle(foreground: .brightBlack))
        #expect(theme.badge == TextStyle(foreground: .black, background: .yellow))
        #expect(theme.highlight == TextStyle(foreground: TerminalColor(number: 208), attributes: [.reverse]))
        #expect(try FlowSpec(json: JSONEncoder().encode(spec)) == spec)
    }

    @Test("A flow without a theme has none; the default theme fills every part")
    func noTheme() throws {
        #expect(try FlowSpec.signup().theme == nil)
        #expect(FlowTheme.standard.parts.allSatisfy { $0.style != nil })
    }

    @Test("A bad colour or attribute is refused with its place in the flow", arguments: badThemes)
    func badTheme(json: String, message: String) {
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
            Issue.record("loaded")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("Built-in themes are named, and the default is first")
    func builtIns() {
        #expect(FlowTheme.builtInNames.first == "default")
        #expect(Set(["default", "mono", "high-contrast"]).isSubset(of: FlowTheme.builtInNames))
        #expect(FlowTheme.builtIn("mono")?.parts.allSatisfy { $0.style?.foreground == nil && $0.style?.background == nil } == true)
        #expect(FlowTheme.builtIn("neon") == nil)
    }
}
