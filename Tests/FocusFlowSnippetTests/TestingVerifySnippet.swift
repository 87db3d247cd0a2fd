import FocusFlow
import Testing

// snippet docs/testing.md 3
@Test("A posted sign-up with a mismatched confirmation is refused at that field")
func postedSignUp() throws {
    let posted = try FlowPrefill.answers(json: Array(#"{"email":"ada@example.com","password":"hunter2-secret","confirm":"hunter3","nickname":"ada","phone":"+82 10 1234 5678","code":"123456"}"#.utf8))
    let problems = try FlowSpec.signup().verify(posted)
    #expect(problems.map(\.field) == ["confirm"])
    #expect(problems.first?.reason == .breaksRule)
}
// end snippet
