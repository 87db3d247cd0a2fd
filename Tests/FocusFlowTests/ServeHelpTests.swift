import FocusFlowProtocol
import Testing

@Suite("serve --help lists every request")
struct ServeHelpTests {
    @Test("Each row of the request table is in serve's help, in both forms, in English and Korean", arguments: ["en", "ko"])
    func everyRequest(language: String) throws {
        let help = try Command.run(["serve", "--help", "--lang", language]).stdout
        for line in FlowRequest.listing(summaries: false) {
            #expect(help.contains(line), "serve --help --lang \(language) leaves out \(line)")
        }
        #expect(FlowRequest.listing(summaries: false).count == FlowRequest.table.count)
    }
}
