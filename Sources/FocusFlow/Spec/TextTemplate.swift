/// A flow's text that names earlier answers: `"Welcome, {name}: choose a nickname"` shows the
/// answer of the field `name` where `{name}` stands; `{{` and `}}` are literal braces.
///
/// A text is read into its segments once, when the flow is loaded (``FieldSpec/templates``); a
/// text without a brace has no template, and shows as it is written with nothing to build.
struct TextTemplate: Sendable, Hashable {
    /// A run of the text as written, or the answer of a field.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case answer(FieldID)
    }

    /// Why a text cannot be read, and at which character (from 1).
    enum Problem: Error, Equatable {
        /// A `{` without its `}`, or a `}` without its `{`, not doubled.
        case loneBrace(Character, column: Int)
        /// `{}`: a place for an answer that names no field.
        case emptyName(column: Int)
    }

    /// The text as the flow writes it.
    let source: String
    let segments: [Segment]

    /// The fields the text names, in the order named, each once.
    var names: [FieldID] {
        var seen: Set<FieldID> = []
        return segments.compactMap { if case .answer(let id) = $0, seen.insert(id).inserted { id } else { nil } }
    }

    /// Whether `text` has a brace, and so a template: most texts have none.
    ///
    /// - Complexity: one pass over the text's UTF-8, with no allocation.
    @inline(__always)
    static func hasBrace(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "{")) || $0.contains(UInt8(ascii: "}")) }
            ?? text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    /// The template of `text`, or `nil` for a text without a brace.
    ///
    /// - Throws: ``Problem`` at the first brace that is neither doubled nor part of a `{id}`.
    static func parse(_ text: String) throws(Problem) -> TextTemplate? {
        guard hasBrace(text) else { return nil }
        var segments: [Segment] = []
        var literal = ""
        var characters = Array(text)[...]
        var column = 0
        func take() -> Character? {
            guard let next = characters.popFirst() else { return nil }
            column += 1
            return next
        }
        while let character = take() {
            switch character {
            case "{" where characters.first == "{":
                _ = take()
                literal.append("{")
            case "}" where characters.first == "}":
                _ = take()
                literal.append("}")
            case "{":
                let start = column
                var name = ""
                while let next = characters.first, next != "}", next != "{" {
                    name.append(next)
                    _ = take()
                }
                guard characters.first == "}" else { throw .loneBrace("{", column: start) }
                _ = take()
                guard !name.isEmpty else { throw .emptyName(column: start) }
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.answer(FieldID(name)))
            default:
                if character == "}" { throw .loneBrace("}", column: column) }
                literal.append(character)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return TextTemplate(source: text, segments: segments)
    }

    /// `text` with each answer it names renamed by `rename`, doubled braces kept: a group's item
    /// field names a field of its own item by its id, and the walk by its path. `text` as it is
    /// when it has no brace or cannot be read (the loader refuses it then, at the brace written).
    static func renamingAnswers(in text: String, _ rename: (FieldID) -> FieldID) -> String {
        guard let template = try? parse(text) else { return text }
        var renamed = ""
        for segment in template.segments {
            switch segment {
            case .literal(let literal):
                for character in literal {
                    if character == "{" || character == "}" { renamed.append(character) }
                    renamed.append(character)
                }
            case .answer(let id): renamed += "{\(rename(id).rawValue)}"
            }
        }
        return renamed
    }

    /// The text with each named answer as `answer` gives it.
    func resolved(_ answer: (FieldID) -> String) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .answer(let id): text += answer(id)
            }
        }
        return text
    }
}

/// The templates of a field's texts that have a brace (``FieldSpec/Text``: the label, the
/// placeholder, the hint and the rules' message; a section is shown as it is written), in the
/// language the field was localized to.
struct FieldTemplates: Sendable, Hashable {
    private(set) var byText: [FieldSpec.Text: TextTemplate] = [:]

    /// Whether no text of the field has a brace: the field shows its texts as they are.
    var isEmpty: Bool { byText.isEmpty }

    subscript(text: FieldSpec.Text) -> TextTemplate? {
        get { byText[text] }
        set { byText[text] = newValue }
    }

    /// The fields the texts name, each once, in the order of ``FieldSpec/Text``'s cases.
    var names: [FieldID] {
        var seen: Set<FieldID> = []
        return FieldSpec.Text.templated.flatMap { byText[$0]?.names ?? [] }.filter { seen.insert($0).inserted }
    }

    /// The templates of `field`'s texts as they stand; a text that cannot be read (the loader
    /// refuses it first) is left as it is written.
    init(of field: FieldSpec) {
        for key in FieldSpec.Text.templated {
            if let text = field.text(key), let template = try? TextTemplate.parse(text) { byText[key] = template }
        }
    }

    init() {}
}

extension FieldSpec.Text {
    /// The texts that may name answers: every one but the section.
    static let templated: [FieldSpec.Text] = [.label, .placeholder, .hint, .message]

    /// The key the flow file writes the text under (`rules.message`).
    var path: String { self == .message ? "rules.message" : rawValue }
}

extension FieldSpec {
    /// The earlier fields whose answers the field's texts name (`"Welcome, {name}"`), each once;
    /// empty for a field whose texts name none.
    public var namedAnswers: [FieldID] { templates.isEmpty ? [] : templates.names }

    /// The earlier fields whose answers the text `key` names, in the order named.
    public func answers(namedIn key: Text) -> [FieldID] { templates[key]?.names ?? [] }

    /// The text `key` with each answer it names as `answer` gives it, and doubled braces as
    /// braces; the text as written when it has no brace. For a text that names no answer (a
    /// question's label) any `answer` gives the text as shown; ``FlowReducer/text(_:of:in:)``
    /// gives the answers of a walk.
    package func text(_ key: Text, showing answer: (FieldID) -> String) -> String? {
        templates[key].map { $0.resolved(answer) } ?? text(key)
    }

    /// The text `key` as the flow writes it (a name in braces and all), in the language the field
    /// was localized to; ``FlowReducer/text(_:of:in:)`` gives it as the person sees it.
    public func text(_ key: Text) -> String? {
        switch key {
        case .label: label
        case .placeholder: placeholder
        case .hint: hint
        case .message: rules.message
        case .section: section
        }
    }

    /// Sets the text `key`.
    mutating func setText(_ key: Text, _ text: String?) {
        switch key {
        case .label: label = text ?? id.rawValue
        case .placeholder: placeholder = text
        case .hint: hint = text
        case .message: rules.message = text
        case .section: section = text
        }
    }
}
