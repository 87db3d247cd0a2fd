/// A readable difference between two flow states, for test failures. Secure texts are never
/// shown: a differing secure field says so without its value.
enum StateDifference {
    /// `− name: expected` / `+ name: actual` pairs for each part that differs.
    static func lines(expected: FlowReducer.State, actual: FlowReducer.State) -> [String] {
        parts(expected, actual).map { "  − \($0.name): \($0.expected)\n  + \($0.name): \($0.actual)" }
    }

    /// The assignments that would make the assert closure describe `actual`.
    static func fix(expected: FlowReducer.State, actual: FlowReducer.State) -> String {
        let assignments = parts(expected, actual).map { "$0.\($0.name) = \($0.actual)" }
        return assignments.isEmpty ? "describe the change" : "set " + assignments.joined(separator: "; ")
    }

    private struct Part {
        var name: String
        var expected: String
        var actual: String
    }

    private static func parts(_ e: FlowReducer.State, _ a: FlowReducer.State) -> [Part] {
        var parts: [Part] = []
        func add<T: Equatable>(_ name: String, _ x: T, _ y: T, _ show: (T) -> String) {
            if x != y { parts.append(Part(name: name, expected: show(x), actual: show(y))) }
        }
        func id(_ field: FieldID?) -> String { field.map { "\"\($0)\"" } ?? "nil" }
        add("phase", e.phase, a.phase) { ".\($0)" }
        add("focus", e.focus, a.focus, id)
        add("surface", e.surface, a.surface) { ".\($0)" }
        add("keyboard", e.keyboard, a.keyboard) { ".\($0)" }
        add("revealed", e.revealed, a.revealed) { "\($0)" }
        add("skipping", e.skipping, a.skipping) { "[" + $0.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        add("reviewed", e.reviewed, a.reviewed) { $0.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? "nil" }
        for field in Array(Set(e.fields.ids + a.fields.ids)).sorted() {
            if let kind = (e.fields[field: field] ?? a.fields[field: field])?.kind, !kind.typesAnswer {
                let x = e.fields[field: field], y = a.fields[field: field]
                if x != y {
                    parts.append(Part(name: "fields[field: \"\(field)\"]", expected: x.map(String.init(describing:)) ?? "nil", actual: y.map(String.init(describing:)) ?? "nil"))
                }
                continue
            }
            let x = e.fields[field], y = a.fields[field]
            guard x != y else { continue }
            let secure = e.fields.isSecure(field) || a.fields.isSecure(field)
            let show: (TextFieldReducer.State?) -> String = { state in
                guard let state else { return "nil" }
                return secure ? ".init(text: <secure, \(state.text.count) characters>)" : ".init(text: \(state.text.debugDescription))"
            }
            parts.append(Part(name: "fields[\"\(field)\"]", expected: show(x), actual: show(y)))
        }
        for field in Array(Set(e.errors.keys).union(a.errors.keys)).sorted() where e.errors[field] != a.errors[field] {
            parts.append(Part(name: "errors[\"\(field)\"]", expected: e.errors[field]?.debugDescription ?? "nil", actual: a.errors[field]?.debugDescription ?? "nil"))
        }
        return parts
    }
}
