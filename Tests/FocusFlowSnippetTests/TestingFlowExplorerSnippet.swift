import FocusFlow
import FocusFlowCheck
import Testing

@Test("docs/testing.md's FlowExplorer snippet passes, as a reader's test")
func testingFlowExplorerSnippet() throws {
    // snippet docs/testing.md 4
    let report = FlowExplorer(spec: try FlowSpec.signup()).run()
    #expect(report.counterexample == nil)
    // end snippet
}
