import Foundation
import Testing
@testable import FocusFlow

@Suite("Flow files")
struct FlowSpecTests {
    static let shipped = ["signup", "login", "delivery", "account", "preferences", "profile", "booking", "plan", "delivery-city", "contact", "team"]

    @Test("Every shipped flow loads", arguments: shipped)
    func shippedFlowsLoad(name: String) throws {
        let spec = try Fixtures.flow(name)
        #expect(spec.id == name)
        #expect(!spec.fields.isEmpty)
    }

    @Test("The sign-up flow has what the mission asks: email, secure password and confirm, Hangul nickname, phone, 6-digit code")
    func signupShape() throws {
        let spec = try Fixtures.flow("signup")
        #expect(spec.fields.map(\.id) == ["email", "password", "confirm", "nickname", "phone", "code"])
        #expect(spec["password"]?.secure == true && spec["confirm"]?.secure == true)
        #expect(spec["confirm"]?.rules.matches == "password")
        #expect(spec["nickname"].map { $0.keyboard.accepts("한글") } == true)
        #expect(spec["code"]?.keyboard == .numberPad)
    }

    @Test("The embedded default flow is Flows/signup.json without what it asks of a service: it walks with no program to name")
    func embeddedDefault() throws {
        let shipped = try Fixtures.flow("signup")
        let embedded = try FlowSpec.signup()
        #expect(shipped.fields.contains { $0.check != nil } && shipped.fields.contains { $0.send != nil })
        #expect(shipped.fields.contains { !$0.requirements.isEmpty })
        #expect(!embedded.fields.contains { $0.check != nil || $0.send != nil || !$0.requirements.isEmpty })
        #expect(shipped.id == embedded.id && shipped.title == embedded.title)
        #expect(shipped.fields.count == embedded.fields.count)
        for (one, other) in zip(shipped.fields, embedded.fields) {
            var one = one
            one.check = nil
            one.send = nil
            one.requirements = []
            one.hint = other.hint
            #expect(one == other, "\(one.id)")
        }
    }

    @Test("An id is one field however its text is normalised: found, tied to, refused as a duplicate, and its state reached")
    func idsByCanonicalEquivalence() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let spec = try FlowSpec(
            id: "n", title: "N",
            fields: [FieldSpec(id: FieldID(composed)), FieldSpec(id: "again", rules: .init(matches: FieldID(decomposed)))])
        #expect(spec.index(of: FieldID(decomposed)) == 0 && spec.index(of: FieldID(composed)) == 0)
        #expect(spec.fields[1].rules.matches.flatMap(spec.index(of:)) == 0)
        #expect(throws: FlowSpecError.self) {
            try FlowSpec(id: "d", title: "D", fields: [FieldSpec(id: FieldID(composed)), FieldSpec(id: FieldID(decomposed))])
        }
        var state = FlowReducer(spec: spec).initialState()
        state.fields[FieldID(decomposed)] = .init(text: "typed")
        #expect(state.fields[FieldID(composed)]?.text == "typed")
        #expect(!state.fields.isSecure(FieldID(decomposed)))
    }

    @Test("A flow survives encoding and decoding", arguments: shipped)
    func roundTrip(name: String) throws {
        let spec = try Fixtures.flow(name)
        let again = try FlowSpec(json: JSONEncoder().encode(spec))
        #expect(again == spec)
    }

    /// Bad flows and the message each must get: the file, then the line and column or the path.
    static let badFlows: [(String, String)] = [
        ("", "bad.json: the file is empty; a flow is a JSON object with \"id\", \"title\" and \"fields\""),
        ("  \n ", "bad.json: the file is empty; a flow is a JSON object with \"id\", \"title\" and \"fields\""),
        ("\u{0}\u{1}binary", "bad.json: not a text file (it is not valid UTF-8); a flow is a JSON file"),
        ("{\n  \"id\": \"x\",\n  \"fields\": [ {\"id\":\"a\"}, ]\n}", "bad.json:3:27: a comma before ']' is not allowed"),
        ("{\"id\": \"x\" \"fields\": []}", "bad.json:1:12: expected ',' or '}' after a value in an object"),
        ("{\"id\": \"x\",\n\"fields\": [{\"id\": \"a}]}", "bad.json:2:19: a string that never ends; expected a closing '\"'"),
        ("{\"id\": \"한\", \"fields\": [}", "bad.json:1:24: expected a value (a string, number, object, list, true, false or null)"),
        (
            "{\"id\": \"x\", \"title\": \"\\ud83d!\", \"fields\": [{\"id\": \"a\"}]}",
            "bad.json:1:23: a lone surrogate in \\u escapes: half of a pair (\\ud83d\\ude00) without the other"
        ),
        ("{\"id\": \"x\", \"fields\": [{\"id\": \"a\"}]} x", "bad.json:1:38: unexpected text after the object ends"),
        ("[1]", "bad.json: expected an object; a flow is a JSON object with \"id\", \"title\" and \"fields\""),
        ("{\"id\":\"x\"}", "bad.json: missing \"fields\""),
        ("{\"id\":\"x\",\"fields\":[]}", "bad.json: fields: a flow needs at least one field"),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"keyboard\":\"numPad\"}]}",
            "bad.json: fields[0] (\"a\").keyboard: unknown keyboard \"numPad\"; did you mean \"numberPad\"?"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"keyboard\":\"klingon\"}]}",
            "bad.json: fields[0] (\"a\").keyboard: unknown keyboard \"klingon\"; expected one of default, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad"
        ),
        ("{\"id\":\"x\",\"fields\":[{\"id\":\"a\"},{\"id\":\"a\"}]}", "bad.json: fields[1].id: duplicate id \"a\" (fields[0] has it already)"),
        ("{\"id\":\"x\",\"fields\":[{\"id\":\"\"}]}", "bad.json: fields[0].id: a field id cannot be empty"),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"password\"},{\"id\":\"b\",\"rules\":{\"matches\":\"pasword\"}}]}",
            "bad.json: fields[1] (\"b\").rules.matches: \"pasword\" names no earlier field; did you mean \"password\"?"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"rules\":{\"matches\":\"b\"}},{\"id\":\"b\"}]}",
            "bad.json: fields[0] (\"a\").rules.matches: \"b\" names no earlier field; it is the first field"
        ),
        // A field that names itself names no earlier field, and ids that are one text in
        // Unicode (a Kelvin sign and K) are one id.
        (
            #"{"id":"x","fields":[{"id":"a"},{"id":"b","rules":{"matches":"b"}}]}"#,
            #"bad.json: fields[1] ("b").rules.matches: "b" names no earlier field (earlier fields: a)"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a"},{"id":"b","when":{"field":"b","notEmpty":true}}]}"#,
            #"bad.json: fields[1] ("b").when.field: "b" names no earlier field (earlier fields: a)"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","rules":{"matches":"a"}}]}"#,
            #"bad.json: fields[0] ("a").rules.matches: "a" names no earlier field; it is the first field"#
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"K\"},{\"id\":\"\u{212A}\"}]}",
            "bad.json: fields[1].id: duplicate id \"\u{212A}\" (fields[0] has it already)"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\"},{\"id\":\"b\",\"rules\":{\"matches\":\"\u{212A}\"}},{\"id\":\"K\"}]}",
            "bad.json: fields[1] (\"b\").rules.matches: \"\u{212A}\" names no earlier field (earlier fields: a)"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\"},{\"id\":\"b\",\"when\":{\"field\":\"zz\",\"notEmpty\":true}}]}",
            "bad.json: fields[1] (\"b\").when.field: \"zz\" names no earlier field (earlier fields: a)"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\"},{\"id\":\"b\",\"when\":{\"field\":\"a\"}}]}",
            "bad.json: fields[1] (\"b\").when: a condition needs exactly one of \"equals\", \"in\" or \"notEmpty\", or bounds \"min\" and/or \"max\""
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"rules\":{\"pattern\":\"[a-\"}}]}",
            "bad.json: fields[0] (\"a\").rules.pattern: the pattern \"[a-\" does not compile as a regular expression: a '[' without its ']', at character 1"
        ),
        ("{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"secure\":\"yes\"}]}", "bad.json: fields[0] (\"a\").secure: expected true or false"),
        ("{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"rules\":{\"minLength\":\"8\"}}]}", "bad.json: fields[0] (\"a\").rules.minLength: expected a whole number"),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"rules\":{\"minLength\":9,\"maxLength\":3}}]}",
            "bad.json: fields[0] (\"a\").rules.minLength: minLength 9 is more than maxLength 3: no value could pass"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"rules\":{\"oneOf\":[]}}]}",
            "bad.json: fields[0] (\"a\").rules.oneOf: an empty list allows no value; leave oneOf out instead"
        ),
        ("{\"id\":\"x\",\"fields\":[{\"id\":\"a\",\"secrue\":true}]}", "bad.json: fields[0] (\"a\").secrue: unknown key \"secrue\"; did you mean \"secure\"?"),
        ("{\"id\":\"x\",\"fields\":{\"id\":\"a\"}}", "bad.json: fields: expected a list"),
        ("{\"id\":7,\"fields\":[{\"id\":\"a\"}]}", "bad.json: id: expected a string"),
        ("{\"id\":\"x\",\"fields\":[{\"id\":null}]}", "bad.json: fields[0].id: expected a string, found null"),
        // Text shown on the terminal may hold no control character: ESC[2J would clear the screen.
        (
            #"{"id":"x","title":"Sign up\u001b[2J","fields":[{"id":"a"}]}"#,
            #"bad.json: title: contains the control character U+001B (escape); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","label":"Two\nlines"}]}"#,
            #"bad.json: fields[0] ("a").label: contains the control character U+000A (line feed); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a"},{"id":"b","placeholder":"del\#u{7F}"}]}"#,
            #"bad.json: fields[1] ("b").placeholder: contains the control character U+007F (delete); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","hint":"c1 \u009b2J"}]}"#,
            #"bad.json: fields[0] ("a").hint: contains the control character U+009B; text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","rules":{"required":true,"message":"\u0007Required"}}]}"#,
            #"bad.json: fields[0] ("a").rules.message: contains the control character U+0007 (bell); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","rules":{"oneOf":["post","pick\tup"]}}]}"#,
            #"bad.json: fields[0] ("a").rules.oneOf[1]: contains the control character U+0009 (tab); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a\u001b[31m"}]}"#,
            #"bad.json: fields[0].id: contains the control character U+001B (escape); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        // A message that quotes the flow's text writes its control characters as escapes.
        (
            #"{"id":"x","fields":[{"id":"a"},{"id":"b","rules":{"matches":"\u001b[2J"}}]}"#,
            #"bad.json: fields[1] ("b").rules.matches: "\u{1B}[2J" names no earlier field (earlier fields: a)"#
        ),
        (
            #"{"id":"x\r","fields":[{"id":"a"}]}"#,
            #"bad.json: id: contains the control character U+000D (carriage return); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","default":"ada\u001b[2J"}]}"#,
            #"bad.json: fields[0] ("a").default: contains the control character U+001B (escape); text shown on the terminal cannot hold control characters, which move the cursor, clear the screen or change colours: remove it"#
        ),
        // Nor any invisible character, which reorders the text or hides in it: "Amount \u{202E}0001$"
        // would show as "Amount $1000".
        (
            #"{"id":"x","fields":[{"id":"a","label":"Amount \u202e0001$"}]}"#,
            #"bad.json: fields[0] ("a").label: contains the invisible character U+202E (right-to-left override), which reorders the text around it on the terminal or hides in it, so that the text reads other than it is: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","kind":"select","options":[{"value":"admin\u200b","label":"Admin"}]}]}"#,
            #"bad.json: fields[0] ("a").options[0].value: contains the invisible character U+200B (zero width space), which reorders the text around it on the terminal or hides in it, so that the text reads other than it is: remove it"#
        ),
        (
            #"{"id":"x","title":"Sign\u2028up","fields":[{"id":"a"}]}"#,
            #"bad.json: title: contains the invisible character U+2028 (line separator), which reorders the text around it on the terminal or hides in it, so that the text reads other than it is: remove it"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a","hint":"pass\u200dword"}]}"#,
            #"bad.json: fields[0] ("a").hint: contains the invisible character U+200D (zero width joiner), which reorders the text around it on the terminal or hides in it, so that the text reads other than it is: remove it (a joiner or a tag is kept only where it joins an emoji sequence or the letters of a script)"#
        ),
        (
            #"{"id":"x","fields":[{"id":"a"},{"id":"b","rules":{"matches":"\u2066zz"}}]}"#,
            #"bad.json: fields[1] ("b").rules.matches: "\u{2066}zz" names no earlier field (earlier fields: a)"#
        ),
        // Field kinds: what only some kinds may have, and values of the source's type.
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"c\",\"kind\":\"select\",\"secure\":true,\"options\":[\"a\"]}]}",
            "bad.json: fields[0] (\"c\").secure: a select field has no text to hide; remove \"secure\""
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"t\",\"kind\":\"confirm\",\"keyboard\":\"numberPad\"}]}",
            "bad.json: fields[0] (\"t\").keyboard: a confirm field has no text to type; remove \"keyboard\""
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"t\",\"kind\":\"chekbox\"}]}",
            "bad.json: fields[0] (\"t\").kind: unknown kind \"chekbox\"; expected one of text, confirm, select, multiSelect, number, date"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"t\",\"kind\":\"selct\"}]}",
            "bad.json: fields[0] (\"t\").kind: unknown kind \"selct\"; did you mean \"select\"?"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"c\",\"kind\":\"select\"}]}",
            "bad.json: fields[0] (\"c\").options: a select field needs at least one option"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"c\",\"kind\":\"select\",\"options\":[\"post\",\"pickup\"],\"default\":\"pots\"}]}",
            "bad.json: fields[0] (\"c\").default: \"pots\" is not one of the options; did you mean \"post\"?"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"c\",\"kind\":\"select\",\"options\":[\"a\"],\"rules\":{\"minLength\":2}}]}",
            "bad.json: fields[0] (\"c\").rules.minLength: minLength applies to text fields, and this is a select field"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"t\",\"kind\":\"confirm\"},{\"id\":\"u\",\"when\":{\"field\":\"t\",\"equals\":\"yes\"}}]}",
            "bad.json: fields[1] (\"u\").when.equals: \"t\" is a confirm field, so compare it with true or false, not \"yes\""
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"m\",\"kind\":\"multiSelect\",\"options\":[\"sms\",\"email\"]},{\"id\":\"u\",\"when\":{\"field\":\"m\",\"in\":[\"smss\"]}}]}",
            "bad.json: fields[1] (\"u\").when.in: \"smss\" is not an option of \"m\"; did you mean \"sms\"?"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"s\",\"kind\":\"select\",\"options\":[\"a\"]},{\"id\":\"u\",\"rules\":{\"matches\":\"s\"}}]}",
            "bad.json: fields[1] (\"u\").rules.matches: \"s\" is a select field; matches compares text with a text field"
        ),
        (
            "{\"id\":\"x\",\"fields\":[{\"id\":\"t\",\"kind\":\"confirm\",\"default\":\"yes\"}]}",
            "bad.json: fields[0] (\"t\").default: expected true or false"
        ),
    ]

    @Test("A bad flow gets one clear message naming the file and the place", arguments: badFlows)
    func badFlow(json: String, message: String) {
        #expect(throws: FlowSpecError.self) { try FlowSpec(json: Data(json.utf8), file: "bad.json") }
        do {
            _ = try FlowSpec(json: Data(json.utf8), file: "bad.json")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("A missing file is named")
    func missingFile() {
        #expect(throws: FlowSpecError(file: "/nonexistent/flow.json", reason: .noSuchFile)) {
            try FlowSpec(contentsOf: URL(fileURLWithPath: "/nonexistent/flow.json"))
        }
    }

    @Test("Building a flow in code is checked the same way")
    func codeChecked() {
        #expect(throws: FlowSpecError(path: "fields[1].id", reason: .duplicateID("a", first: 0))) {
            try FlowSpec(id: "x", title: "", fields: [FieldSpec(id: "a"), FieldSpec(id: "a")])
        }
    }

    @Test("Conditions show fields only while an earlier answer satisfies them, chained")
    func conditions() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("delivery"))
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("Ada") + Fixtures.answer("pickup"))
        #expect(state.focus == "referral", "address and postcode are hidden for pickup")
        #expect("\(reducer.progress(in: state))" == "3/3", "name, method, referral: Enter finishes while no referral shows the voucher")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("R1")))
        #expect("\(reducer.progress(in: state))" == "3/4", "a referral shows the voucher")
        _ = reducer.reduce(into: &state, action: .field(.textChanged("")))
        _ = reducer.reduce(into: &state, action: .previous)
        #expect(state.focus == "method", "previous skips hidden fields")
        _ = reducer.reduce(into: &state, action: .field(.select("post")))
        #expect(reducer.isVisible("address", in: state))
        #expect(!reducer.isVisible("postcode", in: state), "postcode waits for an address")
        #expect(reducer.reduce(into: &state, action: .focus("postcode")).isEmpty, "a hidden field cannot be focused")
        for action in [.next] + Fixtures.answer("1 Road") + Fixtures.answer("12-345") + Fixtures.answer("") {
            _ = reducer.reduce(into: &state, action: action)
        }
        #expect(state.phase == .completed)
        #expect(reducer.result(of: state).json == #"{"name":"Ada","method":"post","address":"1 Road","postcode":"12-345","referral":""}"#)
    }

    @Test("Hidden fields keep their text and are left out of the result")
    func hiddenKeepText() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("delivery"))
        var (state, _) = Fixtures.run(reducer, Fixtures.answer("Ada") + Fixtures.answer("post") + Fixtures.answer("1 Road"))
        _ = reducer.reduce(into: &state, action: .focus("method"))
        _ = reducer.reduce(into: &state, action: .field(.select("pickup")))
        #expect(!reducer.isVisible("address", in: state))
        #expect(state.text(of: "address") == "1 Road")
        #expect(reducer.result(of: state)["address"] == nil)
        _ = reducer.reduce(into: &state, action: .field(.select("post")))
        #expect(reducer.result(of: state)["address"] == "1 Road")
    }

    @Test("Rules: required, min and max in characters, pattern on the whole value, one of, custom message")
    func rules() throws {
        func failure(_ rules: FieldRules, _ value: String) throws -> String? {
            let reducer = FlowReducer(spec: try FlowSpec(id: "r", title: "", fields: [FieldSpec(id: "f", label: "Field", rules: rules)]))
            var state = reducer.initialState()
            state.fields["f"] = .init(text: value)
            return reducer.failure(of: "f", in: state)
        }
        #expect(try failure(.init(required: true), "") == "Field is required.")
        #expect(try failure(.init(minLength: 2), "") == nil, "an optional empty field passes")
        #expect(try failure(.init(minLength: 3), "한글") == "Field must be at least 3 characters.")
        #expect(try failure(.init(minLength: 2), "👍🏽👍🏽") == nil, "characters are graphemes")
        #expect(try failure(.init(maxLength: 1), "ab") == "Field must be at most 1 character.")
        #expect(try failure(.init(pattern: "[0-9]+"), "12a") == "Field is not in the expected format.")
        #expect(try failure(.init(pattern: "[0-9]+"), "a12") != nil, "the pattern must match the whole value")
        #expect(try failure(.init(pattern: "[0-9]+"), "12") == nil)
        #expect(try failure(.init(oneOf: ["a", "b"]), "c") == "Field must be one of: a, b.")
        #expect(try failure(.init(oneOf: ["a", "b"]), "b") == nil)
        #expect(try failure(.init(required: true, message: "Say something"), "") == "Say something")
    }

    @Test("A plain field's pattern remembers its last value; a secure field's remembers nothing")
    func patternMemo() throws {
        let spec = try FlowSpec(
            id: "p", title: "",
            fields: [
                FieldSpec(id: "code", rules: .init(pattern: "[0-9]+")),
                FieldSpec(id: "pin", secure: true, rules: .init(pattern: "[0-9]{4}")),
            ])
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        state.fields["code"] = .init(text: "123")
        state.fields["pin"] = .init(text: "9876")
        #expect(reducer.failure(of: "code", in: state) == nil)
        #expect(reducer.failure(of: "pin", in: state) == nil)
        #expect(spec["code"]?.rules.compiled?.rememberedValue == "123")
        #expect(spec["pin"]?.rules.compiled?.rememberedValue == nil, "the spec outlives the flow; a secret must not")
        state.fields["code"] = .init(text: "12a")
        #expect(reducer.failure(of: "code", in: state) != nil, "a remembered answer is for that value only")
    }
}
