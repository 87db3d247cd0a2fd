import FocusFlow
import FocusFlowCheck
import FocusFlowConsole
import FocusFlowProtocol
import FocusFlowSearch
import FocusFlowTerminal

// A host walks the built-in sign-up with the engine's store, then through the protocol, and reaches
// every library product: what it prints, .ci/run compares.
let store = FlowStore(spec: try FlowSpec.signup())
store.send(.field(.textChanged("ada@example.com")))
store.send(.next)
if let focus = store.state.focus { print(focus, store.state.surface, store.state.keyboard) }

var session = ProtocolSession(spec: try FlowSpec.signup())
let response = session.respond(toLine: Array(#"{"action":"text","value":"ada@example.com"}"#.utf8))
print(ProtocolSession.errorMessage(of: response) ?? "answered")

var search = SearchField.State(options: ["Seoul", "Busan"])
_ = SearchField().reduce(into: &search, action: .textChanged("Bu"))
print(search.results)

let explorer = FlowExplorer(spec: try FlowSpec.signup())
_ = explorer
// The terminal's products are linked, not run: a host's own front would call FlowRunner.run.
let run: (RunOptions) -> RunOutcome = FlowRunner.run
_ = run
