// What every kind's factory of fields shares (`FieldSpec.text(_:…)` in the text kind's file,
// `FieldSpec.number(_:…)` in the number kind's, one in each kind's own file), so that a flow is
// written in Swift as its flow file is written: every part given where the field is made.
//
// A field built by a factory and the same field loaded from a flow file are equal
// (`FieldSpecKindsTests`); ``FlowSpec/init(id:title:fields:review:)`` checks the result as the
// loader does.

extension FieldSpec {
    /// Sets what every kind of field may ask of the host, its section and its texts in several languages, and
    /// the keyboard a kind gives that the person cannot choose (a number's digits), as the loader does.
    mutating func finishMaking(
        check: String?, send: FieldSend?, prefill: Bool, section: String? = nil, localizedText: [Text: LocalizedText]
    ) {
        self.section = section ?? localizedText[.section]?.variants[0].text
        self.check = check
        self.send = send
        self.prefill = prefill
        self.localizedText = localizedText
        if let keyboard = kind.behavior.keyboard(for: self) { self.keyboard = keyboard }
    }
}
