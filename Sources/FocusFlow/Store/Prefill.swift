#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers known before a walk starts — from `--set`, `--answers FILE`, a `start` request or a
/// draft — and how the walk treats them. See ``FlowReducer/initialState(prefill:)``.
///
/// ```swift
/// let store = try FlowStore(spec: spec, prefill: FlowPrefill(answers: ["email": .text("ada@example.com")]))
/// ```
public struct FlowPrefill: Sendable, Hashable {
    /// The answers, typed by their field's kind (``FieldAnswer/text(_:)`` for a text field,
    /// ``FieldAnswer/bool(_:)`` for confirm, ``FieldAnswer/choice(_:)`` for select,
    /// ``FieldAnswer/choices(_:)`` for multi-select). A string given for a choice field is taken
    /// as its option value, as JSON writes it.
    public var answers: [FieldID: FieldAnswer]
    /// Start at the first field that needs an answer instead of the first field.
    public var skipFilled: Bool
    /// A prefilled value that breaks its field's rules is kept with its error and asked,
    /// instead of being refused.
    public var askInvalid: Bool
    /// Where a resumed walk stood (a draft's focus): the walk starts there, or at the first
    /// field before it that needs an answer (a secure one, which drafts never keep).
    public var resumeAt: FieldID?
    /// The lists the service gave fields whose options come from it (a draft's): the walk holds
    /// them from its start, and asks again only a search whose filter changes.
    public var optionLists: [FieldID: [FieldOption]] = [:]

    public init(answers: [FieldID: FieldAnswer] = [:], skipFilled: Bool = false, askInvalid: Bool = false, resumeAt: FieldID? = nil) {
        self.answers = answers
        self.skipFilled = skipFilled
        self.askInvalid = askInvalid
        self.resumeAt = resumeAt
    }
}

/// Why prefilled answers or a snapshot cannot start a walk: a sentence naming the field.
///
/// Messages never repeat a secure value.
public struct PrefillError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// An id the flow does not have.
        case unknownField
        /// A value of the wrong type for its field's kind, or no option of it.
        case wrongType
        /// A value that breaks its field's rules.
        case invalid
        /// A snapshot of another flow, or of this flow before it changed.
        case otherFlow
        /// Text that is not a JSON object of answers, or not a snapshot.
        case malformed
    }

    public var reason: Reason
    /// The field the answer was given for, when the error is about one.
    public var field: FieldID?
    /// What is wrong, with the names the sentence quotes: rendered by ``message(in:)``.
    public var detail: Detail
    /// The English sentence (what `serve` says, and what equality compares).
    public var message: String

    public init(_ reason: Reason, field: FieldID?, detail: Detail) {
        self.reason = reason
        self.field = field
        self.detail = detail
        self.message = detail.message(in: .en)
    }

    /// An error with a sentence of the caller's own, the same in every language.
    public init(_ reason: Reason, field: FieldID?, message: String) {
        self.init(reason, field: field, detail: .other(message))
    }

    /// The sentence in `language`. Names (ids, labels, the flow's rule message) are as given.
    public func message(in language: Language) -> String { detail.message(in: language) }

    public var description: String { message }

    /// Errors are equal when they say the same: their reason, field and English sentence.
    public static func == (a: PrefillError, b: PrefillError) -> Bool {
        a.reason == b.reason && a.field == b.field && a.message == b.message
    }
}

extension FlowPrefill {
    /// Reads answers written as one JSON object, as `focusflow run` writes them: a string for
    /// a text or select field, `true`/`false` for a confirm field, an array of strings for a
    /// multi-select field, a number for a number field, `null` for no answer. Types are checked against the flow later, by
    /// ``FlowReducer/initialState(prefill:)``.
    ///
    /// - Throws: ``PrefillError`` (``PrefillError/Reason/malformed``) when the text is not such
    ///   an object; broken JSON, a trailing comma or a key given twice with its line and column,
    ///   as a flow file's are.
    public static func answers(json bytes: some Collection<UInt8>) throws(PrefillError) -> [FieldID: FieldAnswer] {
        var bytes = Array(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard bytes.withUnsafeBufferPointer({ TextBytes.isText($0) }) else { throw PrefillError(.malformed, field: nil, detail: .notText) }
        if let problem = JSONCursor.firstError(in: bytes, uniqueKeys: true) {
            let (line, column) = JSONCursor.lineAndColumn(of: problem.offset, in: bytes)
            throw PrefillError(.malformed, field: nil, detail: .syntax(line: line, column: column, problem.reason))
        }
        let loose: [String: LooseEntry]
        do {
            loose = try JSONDecoder().decode([String: LooseEntry].self, from: Data(bytes))
        } catch {
            throw PrefillError(.malformed, field: nil, detail: .malformedAnswers)
        }
        // A group given whole and by its items' paths too would say two things at once.
        let keys = loose.keys.sorted()
        var firstPath: [Substring: String] = [:]
        for key in keys {
            if let bracket = key.firstIndex(of: "["), firstPath[key[..<bracket]] == nil { firstPath[key[..<bracket]] = key }
        }
        if let key = keys.first(where: { firstPath[$0[...]] != nil }), let path = firstPath[key[...]] {
            throw PrefillError(.malformed, field: FieldID(key), detail: .givenTwice(key, path: path))
        }
        var answers: [FieldID: FieldAnswer] = [:]
        for (key, entry) in loose {
            switch entry {
            case .answer(let answer): answers[FieldID(key)] = answer
            case .items(let items):
                // A repeating group's array: each item's answers under their paths, and
                // each item said to be there (`phones[1]`: the question whether to add it).
                for (number, item) in items.enumerated() {
                    answers[FieldID("\(key)[\(number)]")] = .bool(true)
                    for (field, answer) in item { answers[FieldID("\(key)[\(number)].\(field)")] = answer.answer }
                }
                // and no more: the question after the last item answered no.
                answers[FieldID("\(key)[\(items.count)]")] = .bool(false)
            }
        }
        return answers
    }
}

/// A value of an answers object: one field's answer, or a repeating group's items.
private enum LooseEntry: Decodable {
    case answer(FieldAnswer)
    case items([[String: LooseAnswer]])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // `[]` is an empty multi-select here; the flow reads it as no items for a group.
        if let items = try? container.decode([[String: LooseAnswer]].self), !items.isEmpty {
            self = .items(items)
        } else {
            self = .answer(try container.decode(LooseAnswer.self).answer)
        }
    }
}
