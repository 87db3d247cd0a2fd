import FocusFlow
import Foundation
import Glibc
import Testing
@testable import FocusFlowConsole

/// Options from the service inside a real terminal emulator (tmux), given by a real program
/// (`--options NAME=COMMAND`) that answers only once the test lets it, so that the spinner is
/// seen for certain.
@Suite("Options from the service inside tmux", .serialized)
struct ServiceOptionsTmuxTests {
    static let root = PseudoTerminal.packageRoot.path

    /// A folder for one test's files, removed after it.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "focusflow-optionstmux-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A flow with a name, then `city` (`kind`) whose options `cities` gives, searched, then a note.
    static func flow(in folder: String, kind: String) throws -> String {
        let path = folder + "/flow.json"
        try """
        {"id":"o","title":"Where to","fields":[{"id":"name","label":"Name"},
          {"id":"city","kind":"\(kind)","label":"City","options":{"from":"cities","search":true}},
          {"id":"note","label":"Note"}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "A spinner while the list loads, then the list; a filter typed meanwhile is kept with its cursor, and the new list answers it",
        arguments: [("select", #""busan""#), ("multiSelect", #"["busan"]"#)])
    func spinnerThenList(kind: String, answer: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gate = folder + "/go"
        // The shipped source, answering once the gate file appears (and taking it away).
        let slow = "while [ ! -e '\(gate)' ]; do sleep 0.05; done; rm -f '\(gate)'; exec Flows/cities.sh"
        let tmux = try Tmux(["run", try Self.flow(in: folder, kind: kind), "--options", "cities=\(slow)"], directory: Self.root)
        #expect(tmux.waitFor("Name"))
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("Loading the options of City…"), "\(tmux.text)")
        // No list yet, so no filter to blame: the spinner alone says why nothing shows.
        #expect(!tmux.text.contains("No option matches"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("City: the options are still loading."), "Next waits for the list: \(tmux.text)")
        #expect(!tmux.text.contains("No option matches"), "\(tmux.text)")
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(tmux.waitFor("Daejeon"), "\(tmux.text)")
        #expect(!tmux.text.contains("Loading the options"))
        tmux.type("bu")
        #expect(tmux.waitFor("Loading the options of City…"), "\(tmux.text)")
        // Typed while the list loads: the filter and its cursor stay where they are.
        tmux.type("s")
        #expect(tmux.waitFor("🔍 bus"))
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(tmux.waitFor { lines in !lines.joined().contains("Loading the options") && !lines.joined().contains("Daejeon") }, "\(tmux.text)")
        #expect(tmux.text.contains("Busan"))
        #expect(tmux.lines.contains { $0.contains("🔍 bus") }, "the filter is kept: \(tmux.text)")
        if kind == "multiSelect" { tmux.press("Space") }
        tmux.press("Enter")
        #expect(tmux.waitFor("Note"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.exitStatus() == 0)
        #expect(tmux.answers == #"{"name":"Ada","city":\#(answer),"note":""}"# + "\n")
    }

    @Test("A refusal is shown on the field; Enter asks again")
    func refusalShown() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let once = folder + "/refused"
        // Refuses the first time, then gives the list.
        let program = #"if [ -e '\#(once)' ]; then exec Flows/cities.sh; fi; touch '\#(once)'; echo '{"ok":false,"message":"The city service is busy"}'"#
        let tmux = try Tmux(["run", try Self.flow(in: folder, kind: "select"), "--options", "cities=\(program)"], directory: Self.root)
        #expect(tmux.waitFor("Name"))
        tmux.type("Ada")
        tmux.press("Enter")
        #expect(tmux.waitFor("✗ The city service is busy"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Daejeon"), "\(tmux.text)")
        #expect(!tmux.text.contains("The city service is busy"))
    }

    @Test("The review names a choice from the service by the label its list gave", arguments: ["select", "multiSelect"])
    func reviewLabel(kind: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = try FlowSpec(contentsOf: URL(fileURLWithPath: try Self.flow(in: folder, kind: kind)))
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        let choose: FlowReducer.Action = kind == "select" ? .field(.select("busan")) : .field(.toggle("busan"))
        for action: FlowReducer.Action in [
            .field(.textChanged("Ada")), .next, .options(ticket: 1, .list([.init(value: "busan", label: "Busan (부산)")])), choose,
        ] {
            _ = reducer.reduce(into: &state, action: action)
        }
        #expect(ReviewAnswers(reducer: reducer, state: state, mask: "*").rows.map(\.shown) == ["Ada", "Busan (부산)", "(no answer)"])
    }

    @Test("Line mode through a pseudo-terminal: the list is loaded and listed with the prompt; a search's line that names no option is its filter")
    func accessibleLineMode() throws {
        let search = #"cities=read -r r; case $r in *'"query":""'*) echo '[]' ;; *) echo "$r" | Flows/cities.sh ;; esac"#
        let terminal = try PseudoTerminal(["run", "Flows/delivery-city.json", "--accessible", "--options", search], directory: Self.root)
        #expect(terminal.waitFor("Step 1 of 3. Name"))
        #expect(terminal.type("Ada\n", expect: "Loading the options of City…"))
        #expect(terminal.waitFor("Step 2 of 3. City"))
        #expect(terminal.type("dae\n", expect: "2. Daejeon"), "\(terminal.output)")
        #expect(terminal.output.contains("1. Daegu"))
        #expect(terminal.type("2\n", expect: "Step 3 of 3. Note for the driver"), "\(terminal.output)")
        #expect(terminal.type("\n", expect: "Done."))
        #expect(terminal.finish() == 0)
        #expect(terminal.stdoutText.contains(#""city":"daejeon""#), "\(terminal.stdoutText)")
    }
}
