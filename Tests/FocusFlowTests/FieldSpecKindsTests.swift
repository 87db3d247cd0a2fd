import Foundation
import Testing

@testable import FocusFlow

@Suite("Flows in Swift: one factory per kind")
struct FieldSpecKindsTests {
    /// `field` made again with its kind's factory, every part passed from the loaded field.
    static func rebuilt(_ field: FieldSpec) -> FieldSpec {
        let rules = field.rules
        switch field.kind {
        case .text:
            let text: String? = if case .text(let value)? = field.default { value } else { nil }
            return .text(
                field.id, label: field.label, placeholder: field.placeholder, hint: field.hint, secure: field.secure,
                keyboard: field.keyboard, default: text, required: rules.required, minLength: rules.minLength,
                maxLength: rules.maxLength, pattern: rules.pattern, matches: rules.matches, oneOf: rules.oneOf, message: rules.message,
                requirements: field.requirements, when: field.when, check: field.check, send: field.send, prefill: field.prefill,
                section: field.section, localizedText: field.localizedText)
        case .confirm:
            let flag: Bool? = if case .bool(let value)? = field.default { value } else { nil }
            return .confirm(
                field.id, label: field.label, placeholder: field.placeholder, hint: field.hint, default: flag, required: rules.required,
                equals: rules.equals, message: rules.message, when: field.when, check: field.check, send: field.send,
                prefill: field.prefill, section: field.section, localizedText: field.localizedText)
        case .select:
            let choice: String? = if case .choice(let value)? = field.default { value } else { nil }
            return .select(
                field.id, label: field.label, options: field.options, placeholder: field.placeholder, hint: field.hint,
                default: choice, required: rules.required, message: rules.message, when: field.when, check: field.check,
                send: field.send, prefill: field.prefill, section: field.section, localizedText: field.localizedText,
                optionsFrom: field.optionSource)
        case .multiSelect:
            let choices: [String]? = if case .choices(let values)? = field.default { values } else { nil }
            return .multiSelect(
                field.id, label: field.label, options: field.options, placeholder: field.placeholder, hint: field.hint,
                default: choices, required: rules.required, minSelected: rules.minSelected, maxSelected: rules.maxSelected,
                message: rules.message, when: field.when, check: field.check, send: field.send, prefill: field.prefill,
                section: field.section, localizedText: field.localizedText, optionsFrom: field.optionSource)
        case .number:
            let number: Double? = if case .number(let value)? = field.default { value } else { nil }
            return .number(
                field.id, label: field.label, placeholder: field.placeholder, hint: field.hint, default: number,
                min: rules.min?.number, max: rules.max?.number, step: field.step, decimals: field.decimals, required: rules.required,
                message: rules.message, when: field.when, check: field.check, send: field.send, prefill: field.prefill,
                section: field.section, localizedText: field.localizedText)
        case .date:
            func day(_ value: FieldCondition.Value?) -> String? { if case .string(let text)? = value { text } else { nil } }
            let date: String? = if case .date(let value)? = field.default { value } else { nil }
            return .date(
                field.id, label: field.label, placeholder: field.placeholder, hint: field.hint, default: date, min: day(rules.min),
                max: day(rules.max), required: rules.required, message: rules.message, when: field.when, check: field.check,
                send: field.send, prefill: field.prefill, section: field.section, localizedText: field.localizedText)
        }
    }

    /// Every shipped flow file, and the sign-up the package embeds.
    static let flows: [String] = FlowSpecTests.shipped + ["embedded signup"]

    static func load(_ name: String) throws -> FlowSpec {
        name == "embedded signup" ? try FlowSpec.signup() : try Fixtures.flow(name)
    }

    @Test("Every field of every shipped flow, made again with its kind's factory, gives the same flow", arguments: flows)
    func rebuildsShippedFlow(_ name: String) throws {
        let loaded = try Self.load(name)
        var built = try FlowSpec(id: loaded.id, title: loaded.title, fields: loaded.fields.map(Self.rebuilt), review: loaded.review)
        built.theme = loaded.theme
        for (made, read) in zip(built.fields, loaded.fields) { #expect(made == read, "\(name): \(read.id)") }
        #expect(built == loaded)
    }

    @Test("The shipped flows hold every kind, so that each factory is tried")
    func everyKindTried() throws {
        let kinds = Set(try Self.flows.flatMap { try Self.load($0).fields.map(\.kind) })
        #expect(kinds == Set(FieldKind.allCases))
    }

    /// The embedded sign-up (`Sources/FocusFlow/Resources/signup.json`), written in Swift.
    static func embeddedSignup() throws -> FlowSpec {
        try FlowSpec(
            id: "signup", title: "Create your account",
            fields: [
                .text(
                    "email", label: "Email", placeholder: "you@example.com", keyboard: .emailAddress, required: true,
                    pattern: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", message: "Enter an email address like you@example.com"),
                .text(
                    "password", label: "Password", hint: "At least 8 characters", secure: true, keyboard: .asciiCapable, required: true,
                    minLength: 8),
                .text("confirm", label: "Confirm password", secure: true, keyboard: .asciiCapable, required: true, matches: "password"),
                .text(
                    "nickname", label: "Nickname", placeholder: "한글도 돼요", hint: "Any script: Hangul, emoji, Latin", required: true,
                    maxLength: 20),
                .text("phone", label: "Phone", placeholder: "+82 10 1234 5678", keyboard: .phonePad, required: true, minLength: 7, maxLength: 20),
                .text(
                    "code", label: "Verification code", placeholder: "6 digits", keyboard: .numberPad, required: true, pattern: "[0-9]{6}",
                    message: "Enter the 6-digit code"),
            ])
    }

    /// `Flows/signup.json`, with its requirements, check and send, written in Swift.
    static func fileSignup() throws -> FlowSpec {
        try FlowSpec(
            id: "signup", title: "Create your account",
            fields: [
                .text(
                    "email", label: "Email", placeholder: "you@example.com", keyboard: .emailAddress, required: true,
                    pattern: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", message: "Enter an email address like you@example.com"),
                .text(
                    "password", label: "Password", secure: true, keyboard: .asciiCapable, required: true, minLength: 8,
                    requirements: [.init(.minLength(8), message: "8 or more characters"), .init(.pattern("[0-9]"), message: "a digit")]),
                .text("confirm", label: "Confirm password", secure: true, keyboard: .asciiCapable, required: true, matches: "password"),
                .text(
                    "nickname", label: "Nickname", placeholder: "한글도 돼요", hint: "Any script: Hangul, emoji, Latin", required: true,
                    maxLength: 20, check: "nickname-free"),
                .text("phone", label: "Phone", placeholder: "+82 10 1234 5678", keyboard: .phonePad, required: true, minLength: 7, maxLength: 20),
                .text(
                    "code", label: "Verification code", placeholder: "6 digits", hint: "We text it to your phone", keyboard: .numberPad,
                    required: true, pattern: "[0-9]{6}", message: "Enter the 6-digit code", check: "code-valid",
                    send: FieldSend(name: "sms-code", resendAfter: 30, expiresAfter: 300)),
            ])
    }

    @Test("The sign-up written in Swift equals the one loaded from JSON", arguments: ["embedded signup", "signup"])
    func signupInSwift(_ name: String) throws {
        let written = name == "signup" ? try Self.fileSignup() : try Self.embeddedSignup()
        #expect(written == (try Self.load(name)))
    }

    @Test("The profile flow docs/embedding.md writes in Swift equals Flows/profile.json")
    func profileInSwift() throws {
        let profile = try FlowSpec(
            id: "profile", title: "Your profile",
            fields: [
                .text("name", label: "Name", required: true),
                .number("age", label: "Age", hint: "↑/↓ or type it", min: 13, max: 120, required: true),
                .text(
                    "guardian", label: "Parent or guardian's email", keyboard: .emailAddress, required: true,
                    pattern: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", message: "Enter an email address like you@example.com",
                    when: FieldCondition(field: "age", test: .range(min: nil, max: 17))),
                .number("weight", label: "Weight (kg)", default: 70, min: 20, max: 300, decimals: 1),
            ])
        #expect(profile == (try Fixtures.flow("profile")))
        let page = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
        #expect(page.contains(#"pattern: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", message: "Enter an email address like you@example.com","#))
    }

    @Test("A field made with a factory differs from the loaded one when a part differs: the comparison sees every part")
    func comparisonSeesParts() throws {
        let loaded = try Fixtures.flow("profile")
        let weight = try #require(loaded["weight"])
        var stepped = Self.rebuilt(weight)
        stepped.step = 0.5
        #expect(stepped != weight)
        #expect(Self.rebuilt(weight) == weight)
    }
}
