import FocusFlow
import FocusFlowCheck
import Testing

@Test("FocusFlowCheck's catalog's snippet passes, as a reader's test")
func catalogFlowExplorerSnippet() throws {
    // snippet Sources/FocusFlowCheck/FocusFlowCheck.docc/FocusFlowCheck.md 1
    let report = FlowExplorer(spec: try FlowSpec.signup()).run()
    #expect(report.counterexample == nil)
    // end snippet
}
