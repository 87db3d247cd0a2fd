import FocusFlowTesting
import Testing

@Suite("Exhaustive test store over field kinds")
struct FieldKindTestStoreTests {
    static func choices() throws -> FlowSpec {
        try FlowSpec(
            id: "choices", title: "Choices",
            fields: [
                FieldSpec(id: "terms", kind: .confirm, rules: .init(equals: true, message: "Accept the terms")),
                FieldSpec(id: "country", kind: .select, options: [.init(value: "kr", label: "대한민국 · Korea"), .init(value: "jp", label: "日本 · Japan")]),
                FieldSpec(id: "channels", kind: .multiSelect, options: ["sms", "email", "post"], rules: .init(minSelected: 1)),
            ])
    }

    @Test("A walk over every kind that states every change and receives every event passes")
    func exhaustivePasses() throws {
        let store = FlowTestStore(spec: try Self.choices())
        store.send(.next) { $0.errors["terms"] = "Accept the terms" }
        store.receive(.invalid(field: "terms", message: "Accept the terms"))
        store.send(.field(.set(true))) {
            $0.fields[field: "terms"] = .confirm(.init(value: true))
            $0.errors["terms"] = nil
        }
        store.receive(.answered(field: "terms", old: nil, new: true))
        store.send(.next) { $0.focus = "country" }
        store.receive(.focusMoved(from: "terms", to: "country"))
        // The filter hides Korea, the first option: the highlight goes to the first match.
        store.send(.field(.textChanged("japan"))) { $0.fields[field: "country"] = .select(.init(filter: "japan", highlight: "jp")) }
        store.receive(.changed(field: "country", old: "", new: "japan"))
        store.receive(.highlighted(field: "country", from: nil, to: "jp"))
        // Japan is the one option shown: Down changes nothing.
        store.send(.field(.highlight(1)))
        // Next takes the highlighted option, as Enter does.
        store.send(.next) {
            $0.fields[field: "country"] = .select(.init(filter: "japan", choice: "jp", highlight: "jp"))
            $0.focus = "channels"
        }
        store.receive(.chosen(field: "country", old: nil, new: "jp"))
        store.receive(.focusMoved(from: "country", to: "channels"))
        store.send(.field(.toggle("post"))) { $0.fields[field: "channels"] = .multiSelect(.init(chosen: ["post"])) }
        store.receive(.toggled(field: "channels", value: "post", selected: true))
        store.send(.field(.toggle("sms"))) { $0.fields[field: "channels"] = .multiSelect(.init(chosen: ["sms", "post"])) }
        store.receive(.toggled(field: "channels", value: "sms", selected: true))
        store.send(.next) {
            $0.phase = .completed
            $0.focus = nil
        }
        store.receive(.focusMoved(from: "channels", to: nil))
        store.receive(
            .completed(
                FlowResult(answers: [
                    .init(field: "terms", answer: .bool(true)), .init(field: "country", answer: .choice("jp")),
                    .init(field: "channels", answer: .choices(["sms", "post"])),
                ])))
        store.finish()
    }

    @Test("An unasserted choice fails at the send, naming the assignment that fixes it")
    func unassertedChoice() throws {
        let store = FlowTestStore(spec: try Self.choices())
        store.send(.field(.set(true))) { $0.fields[field: "terms"] = .confirm(.init(value: true)) }
        store.receive(.answered(field: "terms", old: nil, new: true))
        store.send(.next) { $0.focus = "country" }
        store.receive(.focusMoved(from: "terms", to: "country"))
        withKnownIssue {
            store.send(.field(.select("kr")))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(#"  − fields[field: "country"]: .select(.init(filter: "", choice: nil, highlight: nil))"#)
                && text.contains(#"  + fields[field: "country"]: .select(.init(filter: "", choice: "kr", highlight: nil))"#)
                && text.contains(#"Fix: in the assert closure of send(.field(.select("kr"))), set $0.fields[field: "country"] = .select(.init(filter: "", choice: "kr", highlight: nil))."#)
        }
        store.receive(.chosen(field: "country", old: nil, new: "kr"))
        store.finish()
    }

    @Test("An unreceived toggle fails at finish, naming the receive call")
    func unreceivedToggle() throws {
        let store = FlowTestStore(spec: try Self.choices())
        store.send(.field(.set(true))) { $0.fields[field: "terms"] = .confirm(.init(value: true)) }
        withKnownIssue {
            store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Fix: call store.receive(.answered(field: \"terms\", old: nil, new: true)) for each, in order")
        }
    }

    static func numbers() throws -> FlowSpec {
        try FlowSpec(
            id: "numbers", title: "Numbers",
            fields: [
                FieldSpec(id: "age", kind: .number, rules: .init(required: true, min: 13, max: 120)),
                FieldSpec(id: "birthday", kind: .date, rules: .init(max: "2020-12-31")),
            ]
        ).dated("2026-12-01")
    }

    @Test("A number and a date walk through the exhaustive store: a step is a change of text, a refusal changes nothing")
    func numberAndDate() throws {
        let store = FlowTestStore(spec: try Self.numbers())
        // An empty number takes its minimum on the first step, then steps from it.
        store.send(.field(.step(1))) { $0.fields["age"] = .init(text: "13") }
        store.receive(.changed(field: "age", old: "", new: "13"))
        store.send(.field(.step(1))) { $0.fields["age"] = .init(text: "14") }
        store.receive(.changed(field: "age", old: "13", new: "14"))
        store.send(.field(.textChanged("14a")))
        store.receive(.rejected(field: "age"))
        store.send(.next) {
            $0.focus = "birthday"
            $0.keyboard = .numbersAndPunctuation
        }
        store.receive(.focusMoved(from: "age", to: "birthday"))
        store.receive(.keyboardChanged(from: .numberPad, to: .numbersAndPunctuation))
        store.send(.field(.textChanged("20201231"))) { $0.fields["birthday"] = .init(text: "2020-12-31") }
        store.receive(.changed(field: "birthday", old: "", new: "2020-12-31"))
        store.send(.field(.step(1)))
        store.send(.next) {
            $0.phase = .completed
            $0.focus = nil
        }
        store.receive(.focusMoved(from: "birthday", to: nil))
        store.receive(.completed(FlowResult(answers: [.init(field: "age", answer: .number(14)), .init(field: "birthday", answer: .date("2020-12-31"))])))
        store.finish()
    }

    @Test("An unasserted step fails at the send, naming the assignment that fixes it")
    func unassertedStep() throws {
        let store = FlowTestStore(spec: try Self.numbers())
        withKnownIssue {
            store.send(.field(.step(-1)))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(#"$0.fields["age"] = .init(text: "13")"#)
        }
        store.receive(.changed(field: "age", old: "", new: "13"))
        store.finish()
    }
}
