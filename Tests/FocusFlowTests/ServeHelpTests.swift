import FocusFlowProtocol
import Testing

@Suite("serve --help and replay --help list every request")
struct ServeHelpTests {
    @Test(
        "Each row of the request table is in serve's and replay's help, in both forms, in English and Korean",
        arguments: ["serve", "replay"], ["en", "ko"])
    func everyRequest(command: String, language: String) throws {
        let help = try Command.run(["help", command, "--lang", language]).stdout
        for line in FlowRequest.listing(summaries: false) {
            #expect(help.contains(line), "\(command) --help --lang \(language) leaves out \(line)")
        }
        #expect(FlowRequest.listing(summaries: false).count == FlowRequest.table.count)
    }
}
