import Testing

/// Scripted runs read every line as an answer: the accessible mode's commands do not apply, so a
/// script gives exactly one value a field and never needs to double a leading `/`.
@Suite("Scripted runs take lines verbatim")
struct ScriptedVerbatimTests {
    @Test(
        "Piped lines that look like commands, or begin with //, are answers as they are",
        arguments: [
            // The built-in sign-up (no flow named).
            (
                "", "ada@example.com\n/back-secret\n/back-secret\n/back\n+82 10 1234 5678\n123456\n",
                #"{"email":"ada@example.com","password":"/back-secret","confirm":"/back-secret","nickname":"/back","phone":"+82 10 1234 5678","code":"123456"}"#
            ),
            (
                "Flows/delivery.json", "//help\npickup\n/cancel\n1234\n",
                #"{"name":"//help","method":"pickup","referral":"/cancel","voucher":"1234"}"#
            ),
        ])
    func verbatim(flow: String, input: String, json: String) throws {
        let result = try Command.run(["run"] + (flow.isEmpty ? [] : [flow]), input: input)
        #expect(result.status == 0)
        #expect(result.stdout == json + "\n")
    }
}
