extension FlowSpec {
    /// Checks the texts of a field that name answers (`"Welcome, {name}"`), in every language the
    /// flow gives them, and reads them into the field's ``FieldSpec/templates``: a brace is
    /// doubled or encloses an id; the id names an earlier field, not the field itself and not a
    /// secure one. Each text's problem on its own. Both loaders and ``init(id:title:fields:review:)``
    /// come here, through ``check(_:collect:skipping:)``.
    ///
    /// - Complexity: one scan of each text for a brace; a text without one costs nothing more.
    static func checkTemplates(
        _ field: UnsafeMutablePointer<FieldSpec>, path named: () -> String, in fields: UnsafeBufferPointer<FieldSpec>,
        problems: ProblemSink, mustBeEarlier: (FieldID, String) throws -> Int
    ) throws {
        var found = false
        for key in FieldSpec.Text.templated {
            let variants = field.pointee.localizedText[key]?.variants
            let texts: [(path: String, text: String)] =
                if let variants { variants.map { ("\(key.path).\($0.code)", $0.text) } } else { field.pointee.text(key).map { [(key.path, $0)] } ?? [] }
            for (place, text) in texts where TextTemplate.hasBrace(text) {
                found = true
                try problems.each {
                    let template: TextTemplate?
                    do throws(TextTemplate.Problem) {
                        template = try TextTemplate.parse(text)
                    } catch {
                        switch error {
                        case .loneBrace(let brace, let column):
                            throw FlowSpecError(path: "\(named()).\(place)", reason: .loneBrace(String(brace), column: column))
                        case .emptyName(let column): throw FlowSpecError(path: "\(named()).\(place)", reason: .emptyAnswerName(column: column))
                        }
                    }
                    for name in template?.names ?? [] {
                        if name == field.pointee.id {
                            throw FlowSpecError(path: "\(named()).\(place)", reason: .textNamesItself(name.rawValue))
                        }
                        let source = try mustBeEarlier(name, place)
                        if fields[source].secure {
                            throw FlowSpecError(path: "\(named()).\(place)", reason: .textNamesSecret(name.rawValue))
                        }
                    }
                }
            }
        }
        if found { field.pointee.templates = FieldTemplates(of: field.pointee) }
    }
}
