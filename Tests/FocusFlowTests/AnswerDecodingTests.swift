import Foundation
import Testing

@testable import FocusFlow

/// The key ``Picked`` reads, set around each decode.
enum PickedKey {
    @TaskLocal static var name = ""
    @TaskLocal static var optional = false
}

/// One property of the host's type, read from the field ``PickedKey/name`` names.
struct Picked<Value: Decodable>: Decodable {
    var value: Value?
    var optional: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let key = AnyKey(PickedKey.name)
        optional = PickedKey.optional
        value = optional ? try container.decodeIfPresent(Value.self, forKey: key) : try container.decode(Value.self, forKey: key)
    }
}

/// `field` of `result` as `type` (as an optional property when `optional`).
func pick<T: Decodable>(_ type: T.Type, _ field: String, optional: Bool = false, from result: FlowResult) throws(AnswerDecodingError) -> T? {
    do {
        return try PickedKey.$name.withValue(field) {
            try PickedKey.$optional.withValue(optional) { try result.decode(Picked<T>.self).value }
        }
    } catch let error as AnswerDecodingError {
        throw error
    } catch {
        Issue.record("decode threw \(error), not an AnswerDecodingError")
        return nil
    }
}

enum Country: String, Decodable { case kr, jp }
enum Channel: String, Decodable { case sms, email, post }
/// The host's own type for a choice, read as a single value.
struct CountryCode: Decodable, Equatable {
    var code: String
    init(code: String) { self.code = code }
    init(from decoder: any Decoder) throws { code = try decoder.singleValueContainer().decode(String.self) }
}

@Suite("Typed answers: a result decodes into the host's own type")
struct AnswerDecodingTests {
    /// A flow with every kind, answered: `guardian` hidden (age is not under 18), `nickname`,
    /// `region` and `height` left unanswered.
    static let result: FlowResult = {
        var weight = FieldSpec(id: "weight", kind: .number)
        weight.decimals = 1
        let spec = try! FlowSpec(
            id: "every", title: "Every kind",
            fields: [
                FieldSpec(id: "name"),
                FieldSpec(id: "password", secure: true),
                FieldSpec(id: "terms", kind: .confirm),
                FieldSpec(id: "country", kind: .select, options: ["kr", "jp", "xx"]),
                FieldSpec(id: "region", kind: .select, options: ["north", "south"]),
                FieldSpec(id: "channels", kind: .multiSelect, options: ["sms", "email", "post"]),
                FieldSpec(id: "age", kind: .number),
                FieldSpec(id: "guardian", when: FieldCondition(field: "age", test: .range(min: nil, max: 17))),
                FieldSpec(id: "score", kind: .number),
                FieldSpec(id: "height", kind: .number),
                weight,
                FieldSpec(id: "birth-date", kind: .date),
                FieldSpec(id: "nickname"),
                FieldSpec(id: "pet", kind: .select, options: ["xx"]),
            ])
        let reducer = FlowReducer(spec: spec)
        var state = reducer.initialState()
        let answers: [(FieldID, FieldState)] = [
            ("name", .text(.init(text: "Ada"))), ("password", .text(.init(text: "hunter2-secret"))),
            ("terms", .confirm(.init(value: true))), ("country", .select(.init(choice: "kr"))),
            ("channels", .multiSelect(.init(chosen: ["sms", "post"]))), ("age", .number(.init(text: "36"))),
            ("score", .number(.init(text: "300"))), ("weight", .number(.init(text: "70.5"))),
            ("birth-date", .date(.init(text: "1990-04-23"))), ("pet", .select(.init(choice: "xx"))),
        ]
        for (field, answer) in answers { state.fields[field: field] = answer }
        return reducer.result(of: state)
    }()

    /// One way the host reads one field, and what it gets.
    struct Success: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var read: @Sendable (FlowResult) throws -> Bool

        init<T: Decodable & Equatable & Sendable>(_ field: String, as type: T.Type, optional: Bool = false, _ expected: T?) {
            testDescription = "\(field) as \(optional ? "optional " : "")\(T.self) is \(expected.map { "\($0)" } ?? "nil")"
            read = { result in try pick(T.self, field, optional: optional, from: result) == expected }
        }
    }

    static let successes: [Success] = [
        Success("name", as: String.self, "Ada"),
        Success("password", as: String.self, "hunter2-secret"),
        Success("terms", as: Bool.self, true),
        Success("country", as: String.self, "kr"),
        Success("country", as: Country.self, .kr),
        Success("country", as: CountryCode.self, CountryCode(code: "kr")),
        Success("channels", as: [String].self, ["sms", "post"]),
        Success("channels", as: Set<String>.self, ["post", "sms"]),
        Success("channels", as: [Channel].self, [.sms, .post]),
        Success("age", as: Int.self, 36),
        Success("age", as: Int8.self, 36),
        Success("age", as: UInt64.self, 36),
        Success("age", as: Double.self, 36),
        Success("score", as: Int16.self, 300),
        Success("weight", as: Double.self, 70.5),
        Success("weight", as: Float.self, 70.5),
        Success("weight", as: Decimal.self, Decimal(string: "70.5")),
        Success("birth-date", as: Date.self, Date(timeIntervalSince1970: 640_828_800)),
        Success("birth-date", as: String.self, "1990-04-23"),
        Success("guardian", as: String.self, optional: true, nil),
        Success("nickname", as: String.self, optional: true, nil),
        Success("region", as: String.self, optional: true, nil),
        Success("height", as: Int.self, optional: true, nil),
        Success("age", as: Int.self, optional: true, 36),
    ]

    @Test("Each kind's answer decodes as the type the host asks for", arguments: successes)
    func decodes(_ success: Success) throws {
        #expect(try success.read(Self.result))
    }

    /// One way the host asks for a field that its answer cannot give, and the error.
    struct Mismatch: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var expected: AnswerDecodingError
        var read: @Sendable (FlowResult) throws(AnswerDecodingError) -> Void

        init<T: Decodable & Sendable>(_ field: String, as type: T.Type, optional: Bool = false, _ reason: AnswerDecodingError.Reason, answer: String, requested: String? = nil) {
            testDescription = "\(field) as \(optional ? "optional " : "")\(T.self): \(reason)"
            expected = AnswerDecodingError(field: FieldID(field), requested: requested ?? "\(T.self)", answer: answer, reason: reason)
            read = { result throws(AnswerDecodingError) in _ = try pick(T.self, field, optional: optional, from: result) }
        }
    }

    static let mismatches: [Mismatch] = [
        Mismatch("age", as: String.self, .typeMismatch, answer: "a number (36)"),
        Mismatch("weight", as: Int.self, .notWhole, answer: "a number (70.5)"),
        Mismatch("score", as: Int8.self, .outOfRange, answer: "a number (300)"),
        Mismatch("score", as: Int8.self, optional: true, .outOfRange, answer: "a number (300)"),
        Mismatch("name", as: Bool.self, .typeMismatch, answer: #"a text ("Ada")"#),
        Mismatch("country", as: [String].self, .typeMismatch, answer: #"a choice ("kr")"#),
        Mismatch("channels", as: String.self, .typeMismatch, answer: #"choices (["sms", "post"])"#),
        Mismatch("terms", as: String.self, .typeMismatch, answer: "a yes or no (true)"),
        Mismatch("agee", as: Int.self, .noSuchField, answer: "none"),
        Mismatch("agee", as: Int.self, optional: true, .noSuchField, answer: "none"),
        Mismatch("guardian", as: String.self, .hidden, answer: "none"),
        Mismatch("region", as: String.self, .unanswered, answer: "no choice"),
        Mismatch("height", as: Double.self, .unanswered, answer: "no number"),
        Mismatch("name", as: Date.self, .typeMismatch, answer: #"a text ("Ada")"#),
        Mismatch("age", as: Date.self, .typeMismatch, answer: "a number (36)"),
        Mismatch("birth-date", as: Int.self, .typeMismatch, answer: #"a date ("1990-04-23")"#),
        Mismatch(
            "pet", as: Country.self, .refused("Cannot initialize Country from invalid String value xx"), answer: #"a choice ("xx")"#),
        Mismatch("password", as: Int.self, .typeMismatch, answer: "a secure text"),
        Mismatch("password", as: Country.self, .refused(nil), answer: "a secure text"),
        Mismatch("password", as: [String].self, .typeMismatch, answer: "a secure text"),
    ]

    @Test("An answer the host's type cannot hold is an error naming the field, the type and the answer", arguments: mismatches)
    func mismatch(_ mismatch: Mismatch) {
        #expect(throws: mismatch.expected) { try mismatch.read(Self.result) }
        let text = mismatch.expected.description
        #expect(text.hasPrefix("\"\(mismatch.expected.field!)\": the host asks for \(mismatch.expected.requested)"))
        #expect(!text.contains("hunter2"))
    }

    @Test("The error says the field, both types and what stands between them in one sentence")
    func sentence() {
        let error = AnswerDecodingError(field: "age", requested: "Int8", answer: "a number (300)", reason: .outOfRange)
        #expect(error.description == #""age": the host asks for Int8, the answer is a number (300) out of its range"#)
        let hidden = AnswerDecodingError(field: "guardian", requested: "String", answer: "none", reason: .hidden)
        #expect(hidden.description == #""guardian": the host asks for String, the field was hidden, so it has no answer; ask for String? to take no answer"#)
    }

    @Test("A secure field's value is in no part of an error, whatever the host's type says")
    func secureNeverShown() throws {
        for mismatch in Self.mismatches where mismatch.expected.field == "password" {
            do throws(AnswerDecodingError) {
                try mismatch.read(Self.result)
                Issue.record("\(mismatch.testDescription) decoded")
            } catch {
                #expect(!"\(error) \(error.answer) \(error.reason) \(String(reflecting: error))".contains("hunter2"))
            }
        }
    }

    struct Signup: Decodable, Equatable {
        var name: String
        var terms: Bool
        var country: Country
        var channels: [Channel]
        var age: Int
        var weight: Double
        var birthDate: Date
        var guardian: String?
        var nickname: String?

        enum CodingKeys: String, CodingKey {
            case name, terms, country, channels, age, weight, guardian, nickname
            case birthDate = "birth-date"
        }
    }

    @Test("A host's own type decodes in one call, its CodingKeys naming a hyphenated id")
    func wholeType() throws {
        let signup = try Self.result.decode(Signup.self)
        #expect(
            signup
                == Signup(
                    name: "Ada", terms: true, country: .kr, channels: [.sms, .post], age: 36, weight: 70.5,
                    birthDate: Date(timeIntervalSince1970: 640_828_800), guardian: nil, nickname: nil))
    }

    struct Plain: Decodable, Equatable {
        var name: String
        var terms: Bool
        var country: String
        var region: String?
        var channels: [String]
        var age: Int
        var weight: Double
        var height: Double?
        var birthDate: String

        enum CodingKeys: String, CodingKey {
            case name, terms, country, region, channels, age, weight, height
            case birthDate = "birth-date"
        }
    }

    @Test("decode gives what JSONDecoder reads from the result's json, kind by kind")
    func agreesWithJSON() throws {
        let fromJSON = try JSONDecoder().decode(Plain.self, from: Data(Self.result.json.utf8))
        #expect(try Self.result.decode(Plain.self) == fromJSON)
    }

    struct Profile: Decodable, Equatable {
        var name: String
        var age: Int
        var guardian: String?
        var weight: Double
    }

    struct Misspelt: Decodable {
        var gaurdian: String?
    }

    @Test("A walk's completed result decodes: the field hidden for an adult is nil, a misspelt optional key an error")
    func completedWalk() throws {
        let reducer = FlowReducer(spec: try Fixtures.flow("profile"))
        var state = try reducer.initialState(prefill: FlowPrefill(answers: ["name": .text("Ada"), "age": .number(36)]))
        var result: FlowResult?
        for _ in 0..<8 where result == nil {
            for case .completed(let completed) in reducer.reduce(into: &state, action: .next) { result = completed }
        }
        let completed = try #require(result)
        #expect(try completed.decode(Profile.self) == Profile(name: "Ada", age: 36, guardian: nil, weight: 70))
        #expect(throws: AnswerDecodingError(field: "gaurdian", requested: "String", answer: "none", reason: .noSuchField)) {
            try completed.decode(Misspelt.self)
        }
    }

    @Test("A result built by hand, knowing no flow, takes a key it lacks as a hidden field")
    func handBuilt() throws {
        let result = FlowResult(answers: [.init(field: "name", value: "Ada")])
        #expect(try pick(String.self, "guardian", optional: true, from: result) == nil)
        #expect(throws: AnswerDecodingError(field: "guardian", requested: "String", answer: "none", reason: .hidden)) {
            try pick(String.self, "guardian", from: result)
        }
    }

    @Test("Asking for the whole result as an array is an error, not a guess")
    func notKeyed() {
        #expect(throws: AnswerDecodingError(field: nil, requested: "Array<String>", answer: "a set of fields, each under its id", reason: .typeMismatch)) {
            try Self.result.decode([String].self)
        }
    }
}
