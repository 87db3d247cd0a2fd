/// Everything the flow, the loader and `check` know about one kind of field, said once.
///
/// Each kind's reducer conforms in its own file (`ConfirmFieldReducer.swift`, …; the search-field
/// reducer beside it, in `TextFieldReducer+Field.swift`), so one kind's knowledge is in one
/// place. ``FieldState``, in `Kinds.swift`, is the one switch over the kinds: each of its arms hands the kind's state to its conformance
/// (see ``FieldState/opened``), and ``FieldKind/behavior`` names the conformance of a kind
/// before any state exists. ``FlowReducer`` keeps focus, visibility, the order of validation and
/// the transition events, and asks the focused field's conformance for the rest.
protocol FieldBehavior: Sendable {
    /// The kind's reducer state, as ``FieldState`` holds it.
    associatedtype State: Sendable, Hashable, Codable

    /// The kind this conformance speaks for.
    static var kind: FieldKind { get }

    /// `state` as a ``FieldState`` (the inverse of ``FieldState/opened``).
    static func wrap(_ state: State) -> FieldState

    // MARK: The flow file

    /// Whether the person types the answer itself, so that `secure`, `keyboard` and `matches`
    /// mean something.
    static var typesAnswer: Bool { get }
    /// Whether the typed answer is free text, so that `secure`, `keyboard` and a `matches` on the
    /// field mean something. The default is ``typesAnswer``; a number is typed but not free.
    static var typesFreeText: Bool { get }
    /// Whether the field has `options` and a filter over them.
    static var hasOptions: Bool { get }
    /// The keys of the field object (besides the common ones) the kind takes, with their shapes:
    /// a number's `step`. The loaders read them into ``FieldSpec/kindSettings`` and refuse them on
    /// the other kinds; the kind's own file names them. The default is none.
    static var fieldKeys: [KindKey] { get }
    /// The keyboard the kind gives a field whose flow file cannot name one (a number's digits),
    /// or `nil` to keep the field's own. The default is `nil`.
    static func keyboard(for field: FieldSpec) -> KeyboardType?
    /// Checks what the kind's own keys and rules hold (a range's bounds, a step), handing
    /// `problems` a problem naming `path` (the field's) for each value that does not make sense,
    /// each check on its own. The default checks nothing.
    static func checkField(_ field: FieldSpec, path: String, problems: ProblemSink) throws
    /// Whether the kind has a ``checkField(_:path:problems:)`` of its own, so that the loader asks it (a
    /// field handed over is copied). Every kind says it, so that none forgets its checks.
    static var checksField: Bool { get }
    /// Whether the kind's answers are ordered, so that a `when` on a field of this kind may give
    /// `min` and `max`. The default is `false`.
    static var ordersAnswers: Bool { get }
    /// Whether the kind reads the clock (a date's `"max": "today"`), so that its fields hold
    /// ``FieldSpec/clockDay`` and ``FlowSpec/dated(_:)`` sets it. The default is `false`.
    static var readsClock: Bool { get }
    /// What the kind sets on `field` as the flow is loaded, before its checks (a date reads the
    /// host's clock into ``FieldSpec/clockDay``). The default sets nothing.
    static func loading(_ field: inout FieldSpec)

    /// The JSON type of the kind's answer, as a loader error names it (in each language): "true or false".
    static var answerType: AnswerShape { get }
    /// The JSON type a `when` on a field of this kind compares with.
    static var conditionType: AnswerShape { get }
    /// The `rules` the kind takes besides `required` and `message`: its own (``ownRules``) and
    /// the ones every kind that takes them reads alike (`pattern`, `matches`, `min`, `max`).
    static var ruleKeys: Set<String> { get }
    /// The rules only this kind (or a few) takes, with their shapes: a text's `minLength`. The
    /// loaders read them into ``FieldRules/kindRules``; the kind's own file names them. The
    /// default is none.
    static var ownRules: [KindKey] { get }
    /// Checks what the kind's rules hold together (`minLength` not above `maxLength`, `minSelected`
    /// not above the options, a `oneOf` value as a label is checked), throwing naming `path` (the
    /// field's `rules`), each check on its own; asked only of a field that gives some of
    /// ``ownRules``. The default checks nothing.
    static func checkRules(of field: FieldSpec, path: String, problems: ProblemSink) throws
    /// The texts of the kind's own keys the screen may show (a text's `oneOf`), by key: `check`
    /// counts them as the flow's words (``checkRules(of:path:problems:)`` checks them as a label is
    /// checked). The default is none.
    static func shownTexts(of field: FieldSpec) -> [(key: String, texts: [String])]
    /// Reads the field's `"default"` from the flow file, typed by the kind.
    static func decodeDefault(from container: KeyedDecodingContainer<AnyKey>) throws -> FieldAnswer
    /// The same as ``decodeDefault(from:)`` for the loader's fast path: the answer, or `nil` when
    /// the value is not of the kind's type (the slow path then says so).
    static func defaultAnswer(_ value: FlowFileDefault) -> FieldAnswer?
    /// Checks a `default`: `false` when it is not of the kind's type; throws naming `path` when it
    /// is of the type but not allowed (an option the field does not have).
    static func checkDefault(_ value: FieldAnswer, of field: FieldSpec, path: String) throws -> Bool
    /// Checks one value a `when` on a field of this kind (`source`) compares with: `false` when it
    /// is not of ``conditionType``; throws naming `path` when it is of the type but not allowed.
    static func checkCondition(_ value: FieldCondition.Value, source: FieldSpec, path: String) throws -> Bool

    // MARK: State

    /// The state of a field before anything happened: empty, or holding the field's `default`
    /// answer (`defaultAnswer`). Only the `default` decides it, so the loader hands over no field.
    static func initialState(default defaultAnswer: FieldAnswer?) -> State
    /// The state of `field` before anything happened. The default is
    /// ``initialState(default:)`` of the field's `default`; a date resolves `"today"` here.
    static func initialState(of field: FieldSpec) -> State
    /// The answer the state holds, typed by the kind.
    static func answer(of state: State) -> FieldAnswer
    /// The text a person types into the field (a text field's value, a choice field's filter),
    /// or `nil` for a kind without any. The flow edits it in place with the search-field reducer.
    static func text(of state: State) -> TextFieldReducer.State?
    /// Replaces the text of `state`; a kind without text ignores it.
    static func setText(_ text: TextFieldReducer.State, in state: inout State)
    /// Swift source for the state, as a test's fix-naming failure message writes it.
    static func source(of state: State) -> String
    /// The option values the state holds, for `check`: the chosen ones (in the order the answer
    /// keeps them) and the highlighted one. Empty for a kind without options.
    static func optionValues(of state: State) -> (chosen: [String], highlight: String?)

    // MARK: The flow

    /// Whether the kind takes `action` (its value aside); the others change nothing, and `serve`
    /// refuses them naming the kinds that do.
    static func takes(_ action: FieldAction) -> Bool

    /// The part of `action` that is the field's text's: handed to the search-field reducer (``TextFieldReducer``)
    /// on the text in place, with the keyboard check; `nil` when the kind's own reducer takes it
    /// (see ``apply(_:to:field:say:)``) or nothing does. A kind that takes typed text takes
    /// `textChanged` as itself: the flow asks once per field and keeps the answer for keystrokes.
    static func textAction(for action: FieldAction) -> TextFieldReducer.Action?
    /// Whether the kind has its own rule for what may be typed into `field` (``typed(_:old:field:)``),
    /// asked once per field by the flow. The default is `false`: the keyboard alone decides.
    static func filtersTyping(_ field: FieldSpec) -> Bool
    /// The text the field takes when `new` is typed over `old` (its whole new text, which the
    /// keyboard takes), or `nil` to refuse the insertion whole, as the keyboard refuses. The
    /// default takes `new`.
    static func typed(_ new: String, old: String, field: FieldSpec) -> String?
    /// Why ``typed(_:old:field:)`` refuses `new` over `old`, in the words of `messages` (a
    /// number's decimals, a date already whole, a text at its `maxLength`); `nil` when it takes
    /// it or has nothing more exact to say than what the field takes. The default is `nil`.
    static func refusal(typing new: String, old: String, field: FieldSpec, messages: RuleMessages) -> String?
    /// Hands `action` (one ``textAction(for:)`` left alone) to the kind's reducer and says its
    /// effects as ``FlowEvent``s, with the secure rules.
    ///
    /// - Returns: whether the field was submitted, so that the flow validates and moves on.
    static func apply(_ action: FieldAction, to state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) -> Bool
    /// What a change of the field's text (``text(of:)``), which the flow made in place, does to
    /// the rest of its state, saying its events: a list's highlight that the new filter hides goes
    /// to the first option it shows. The default does nothing.
    static func textChanged(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void)
    /// What a new list of options from the service (`field`'s ``FieldSpec/options`` now) does to
    /// the state, saying its events: a chosen option the list lacks is let go
    /// (``FlowEvent/optionDropped(field:value:)``), and a highlight it lacks goes back to the
    /// first option. The filter stays. The default does nothing.
    static func optionsGiven(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void)
    /// What submitting the field (Enter, Next, Tab) does to it before its rules are checked,
    /// saying its events: a select takes its highlighted option. The default does nothing.
    ///
    /// - Returns: why the field cannot be submitted as it stands (a select whose filter shows no
    ///   option), or `nil`.
    static func submitting(_ state: inout State, field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String?
    /// The message of the first of the kind's rules the state fails, or `nil`.
    static func failure(of state: State, in check: FieldCheck) -> String?
    /// The actions that answer the field with one typed line, as line mode reads it.
    static func actions(answering line: String, field: FieldSpec, state: State) -> [FieldAction]

    // MARK: Prefill

    /// `answer` as the kind takes it from outside (`--answers`, `start`, a snapshot): of the
    /// kind's type, each option one of the field's (a multi-select's in option order, each once),
    /// text made of characters the keyboard takes.
    ///
    /// - Throws: ``PrefillError`` (``PrefillError/Reason/wrongType``) naming the field.
    static func prefilled(_ answer: FieldAnswer, field: FieldSpec) throws(PrefillError) -> FieldAnswer
    /// The answer `text` gives the field as `--set id=text` writes it.
    ///
    /// - Throws: ``PrefillError`` naming the field when the text is not of the kind.
    static func answer(setting text: String, field: FieldSpec) throws(PrefillError) -> FieldAnswer
    /// The state holding `answer`, which ``prefilled(_:field:)`` has typed.
    static func state(holding answer: FieldAnswer) -> State
    /// What JSON Schema says of `field`'s answer (``AnswersSchema``): every value
    /// ``prefilled(_:field:)`` takes, the empty one, what the rules ask of it shown, and in the
    /// words of `messages` what JSON Schema cannot say.
    static func answerSchema(of field: FieldSpec, messages: RuleMessages) -> AnswerSchemaPart
    /// The JSON Schema of an answer of `field` that a `when` test `equals: value` holds for (the
    /// answer itself, not its key); `false` when none does, `nil` when JSON Schema cannot say it.
    /// The default says `nil`.
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode?
    /// The same for a test with bounds (`min`, `max`); the default says `nil`.
    static func schema(within min: FieldCondition.Value?, _ max: FieldCondition.Value?, field: FieldSpec) -> SchemaNode?
    /// The values the field's own rules list that the same rules refuse (a text's `oneOf` its
    /// pattern refuses), each with its key under the field (`rules.oneOf[1]`), judged by
    /// `passes`; the default has none.
    static func unreachableValues(of field: FieldSpec, passes: (FieldAnswer) -> Bool) -> [(key: String, value: String)]
    /// Answers of `field` that tell apart what `tests` (the conditions on it) ask, each passing
    /// the field's rules (`passes`), with one other answer where one may pass and none is
    /// compared; `nil` when they cannot be listed. ``FlowSpec/mistakes`` reasons over them.
    static func conditionCandidates(of field: FieldSpec, testedBy tests: [FieldCondition.Test], passes: (FieldAnswer) -> Bool) -> [FieldAnswer]?

    // MARK: Check

    /// Texts for `check` to type into `field` before its own candidates (a value at each bound
    /// of a range, one past it). The default is none.
    static func sampleTexts(for field: FieldSpec) -> [String]
    /// Lengths for `check` to try values of (a text's `minLength` and `maxLength`): the ones the
    /// rules allow at their bounds, and the ones just past them. The default is none.
    static func sampleLengths(for field: FieldSpec) -> (passing: [Int], failing: [Int])
    /// How many of `field`'s options `check` chooses at least: enough to meet and break its
    /// count rules. The default is two.
    static func optionsToChoose(in field: FieldSpec) -> Int

    // MARK: Generated flows

    /// A field of this kind with random rules, as a generated flow file writes it (the bench's
    /// and the tests' `FlowGenerator`): `draw(n)` gives a number below `n`; `matchable`, the
    /// earlier fields a `matches` may name.
    static func generated(draw: (Int) -> Int, matchable: [String]) -> GeneratedField
    /// A random `when` test on a field of this kind that holds `options`, as the flow file
    /// writes it (members of the condition after `field`).
    static func generatedCondition(options: [String], draw: (Int) -> Int) -> String
}

/// A generated field of one kind: its members after `id`, `label` and `kind`, its rules, and
/// its option values (a `when` on it compares with them).
package struct GeneratedField: Sendable {
    package var members: [String] = []
    package var rules: [String] = []
    package var options: [String] = []

    /// `count` options `o0`, `o1`, … and their `options` member.
    static func withOptions(_ count: Int) -> GeneratedField {
        let values = (0..<count).map { "o\($0)" }
        let list = values.map { #"{"value":"\#($0)","label":"Option \#($0)"}"# }.joined(separator: ",")
        return GeneratedField(members: [#""options":[\#(list)]"#], options: values)
    }
}

extension FieldBehavior {
    static func schema(equalTo value: FieldCondition.Value, field: FieldSpec) -> SchemaNode? { nil }
    static func schema(within min: FieldCondition.Value?, _ max: FieldCondition.Value?, field: FieldSpec) -> SchemaNode? { nil }
    static func unreachableValues(of field: FieldSpec, passes: (FieldAnswer) -> Bool) -> [(key: String, value: String)] { [] }
    static var typesFreeText: Bool { typesAnswer }
    static var fieldKeys: [KindKey] { [] }
    static var ownRules: [KindKey] { [] }
    static func checkRules(of field: FieldSpec, path: String, problems: ProblemSink) throws {}
    static func shownTexts(of field: FieldSpec) -> [(key: String, texts: [String])] { [] }
    static func loading(_ field: inout FieldSpec) {}
    static func keyboard(for field: FieldSpec) -> KeyboardType? { nil }
    static func checkField(_ field: FieldSpec, path: String, problems: ProblemSink) throws {}
    static var ordersAnswers: Bool { false }
    static var readsClock: Bool { false }
    static func initialState(of field: FieldSpec) -> State { initialState(default: field.default) }
    static func filtersTyping(_ field: FieldSpec) -> Bool { false }
    static func typed(_ new: String, old: String, field: FieldSpec) -> String? { new }
    static func refusal(typing new: String, old: String, field: FieldSpec, messages: RuleMessages) -> String? { nil }
    static func sampleTexts(for field: FieldSpec) -> [String] { [] }
    static func sampleLengths(for field: FieldSpec) -> (passing: [Int], failing: [Int]) { ([], []) }
    static func optionsToChoose(in field: FieldSpec) -> Int { min(field.options.count, 2) }

    static func submitting(_ state: inout State, field: FieldSpec, messages: RuleMessages, say: (FlowEvent) -> Void) -> String? { nil }
    static func textChanged(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {}
    static func optionsGiven(_ state: inout State, field: FieldSpec, say: (FlowEvent) -> Void) {}

    /// The field state holding `answer` (already typed for the kind).
    static func holding(_ answer: FieldAnswer) -> FieldState { wrap(state(holding: answer)) }

    /// `"terms" is a confirm field: give true or false`.
    static func wrongType(_ field: FieldSpec) -> PrefillError {
        PrefillError(.wrongType, field: field.id, detail: .wrongKind(field.id.rawValue, kind: kind))
    }
}

/// What a kind's rules are checked against: the field, and the label and text of the field its
/// `matches` rule names, if any.
struct FieldCheck {
    let field: FieldSpec
    let matched: (label: String, text: String)?
    /// The built-in words of the flow's language.
    var messages: RuleMessages = .english
    /// Whether the field's own `message` stands for every rule's (as shown), or each rule says
    /// its own built-in words (which rule failed, told apart).
    var ownMessage = true

    /// `text`, or the field's own `message` when it has one and ``ownMessage`` says so.
    func fail(_ text: String) -> String { ownMessage ? field.rules.message ?? text : text }
}
