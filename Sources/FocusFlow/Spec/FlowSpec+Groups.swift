/// Repeating groups unrolled into the fields the engine walks (see ``FieldGroup``).
extension FlowSpec {
    /// Creates a flow of fields and repeating groups, checking it as the loader does.
    ///
    /// Each group becomes its items' fields, named by their paths (`phones[0].number`), and the
    /// questions whether to add an item (`phones[1]`); ``fields`` holds them in walk order.
    ///
    /// - Throws: ``FlowSpecError`` naming the place of the first problem as the file writes it
    ///   (`fields[2].fields[1] ("number").rules.matches`).
    public init(id: String, title: String, entries: [FlowEntry], review: Bool = false) throws {
        let (fields, places, sources) = try Self.unroll(entries)
        do {
            try self.init(id: id, title: title, fields: fields, review: review)
        } catch var error as FlowSpecError {
            error.path = error.path.map { Self.writtenPath($0, sources: sources) }
            throw error
        }
        groupPlaces = places
    }

    /// The repeating groups of the flow, in order.
    public var groups: [FieldGroup] { groupPlaces.map(\.group) }

    /// How many entries the flow's `fields` array writes: each field outside a group, and each
    /// group as one (``fields`` holds a group's items unrolled, and its questions).
    public var writtenFieldCount: Int { fields.count - groupPlaces.reduce(0) { $0 + $1.range.count } + groupPlaces.count }

    /// The group a field of ``fields`` belongs to, with its item (`nil` for the question whether
    /// to add that item is not an item field: see ``groupQuestion(_:)``).
    package func groupItem(of id: FieldID) -> (group: FieldGroup, item: Int, field: FieldID)? {
        guard !groupPlaces.isEmpty, let position = index(of: id), let place = groupPlaces.first(where: { $0.range.contains(position) })
        else { return nil }
        let rest = id.rawValue.dropFirst(place.group.id.rawValue.count + 1)
        guard let close = rest.firstIndex(of: "]"), let item = Int(rest[..<close]), rest[close...].hasPrefix("].") else { return nil }
        return (place.group, item, FieldID(String(rest[rest.index(close, offsetBy: 2)...])))
    }

    /// Whether `id` is a question whether to add an item (`phones[3]`) of one of the flow's
    /// groups, whether or not the flow asks it.
    func groupQuestionPath(_ id: FieldID) -> Bool {
        guard let bracket = id.rawValue.firstIndex(of: "["), id.rawValue.hasSuffix("]") else { return false }
        let group = id.rawValue[..<bracket]
        return groups.contains { $0.id.rawValue == group } && Int(id.rawValue[id.rawValue.index(after: bracket)...].dropLast()) != nil
    }

    /// The group and item a question whether to add an item asks about (`phones[1]`).
    package func groupQuestion(_ id: FieldID) -> (group: FieldGroup, item: Int)? {
        guard !groupPlaces.isEmpty, let position = index(of: id), let place = groupPlaces.first(where: { $0.range.contains(position) })
        else { return nil }
        let rest = id.rawValue.dropFirst(place.group.id.rawValue.count + 1)
        guard rest.hasSuffix("]"), let item = Int(rest.dropLast()) else { return nil }
        return (place.group, item)
    }

    /// The fields `entries` unroll to, where each group went, and for each field the place its
    /// entry is written at with the id written there.
    static func unroll(_ entries: [FlowEntry]) throws -> (fields: [FieldSpec], places: [GroupPlace], sources: [(path: String, id: String)]) {
        var fields: [FieldSpec] = []
        var places: [GroupPlace] = []
        var sources: [(path: String, id: String)] = []
        var groups: Set<String> = []
        for (number, entry) in entries.enumerated() {
            switch entry {
            case .field(let field):
                try refuseBrackets(in: field, path: "fields[\(number)]", groups: groups)
                fields.append(field)
                sources.append(("fields[\(number)]", field.id.rawValue))
            case .group(let group):
                let path = "fields[\(number)]"
                groups.insert(group.id.rawValue)
                try check(group, path: path, groups: groups)
                let start = fields.count
                for item in 0..<group.maxItems {
                    if item >= group.minItems {
                        fields.append(question(group, item: item))
                        sources.append((path, group.id.rawValue))
                    }
                    for (position, field) in group.fields.enumerated() {
                        fields.append(itemField(field, of: group, item: item))
                        sources.append(("\(path).fields[\(position)]", field.id.rawValue))
                    }
                }
                places.append(GroupPlace(group: group, entry: number, range: start..<fields.count))
            }
        }
        return (fields, places, sources)
    }

    /// What a group refuses of itself: no fields, bounds out of order or too large, a field
    /// whose id or names hold brackets, a field with a section of its own.
    private static func check(_ group: FieldGroup, path: String, groups: Set<String>) throws {
        let named = "\(path) (\"\(group.id)\")"
        try DisplayText.check(group.id.rawValue, path: "\(path).id")
        guard !group.id.rawValue.isEmpty else { throw FlowSpecError(path: "\(path).id", reason: .emptyID) }
        if group.id.rawValue.contains(where: { $0 == "[" || $0 == "]" }) {
            throw FlowSpecError(path: "\(path).id", reason: .bracketInID(group.id.rawValue))
        }
        try DisplayText.check(group.label, path: "\(named).label")
        if group.fields.isEmpty { throw FlowSpecError(path: "\(named).fields", reason: .groupNeedsFields) }
        if group.minItems < 0 { throw FlowSpecError(path: "\(named).rules.minItems", reason: .tooSmall(group.minItems, least: 0)) }
        if group.maxItems < 1 { throw FlowSpecError(path: "\(named).rules.maxItems", reason: .tooSmall(group.maxItems, least: 1)) }
        if group.maxItems > FieldGroup.itemLimit {
            throw FlowSpecError(path: "\(named).rules.maxItems", reason: .tooManyItems(group.maxItems, limit: FieldGroup.itemLimit))
        }
        if group.minItems > group.maxItems {
            throw FlowSpecError(
                path: "\(named).rules", reason: .minAboveMax(String(group.minItems), String(group.maxItems), minKey: "minItems", maxKey: "maxItems"))
        }
        if let when = group.when, let name = when.fields.first(where: { names(groups, $0) }) {
            throw FlowSpecError(path: "\(named).when", reason: .namesFieldInGroup(name.rawValue))
        }
        for (number, field) in group.fields.enumerated() {
            let place = "\(named).fields[\(number)]"
            if field.section != nil { throw FlowSpecError(path: "\(place) (\"\(field.id)\").section", reason: .sectionInGroup) }
            try refuseBrackets(in: field, path: place, groups: groups)
        }
    }

    /// Refuses brackets in a field's id (they would read as a path into a group) and a name of a
    /// field inside a group in its `when` or `matches`: outside its item nothing may read one.
    private static func refuseBrackets(in field: FieldSpec, path: String, groups: Set<String>) throws {
        if field.id.rawValue.contains(where: { $0 == "[" || $0 == "]" }) {
            // What the id holds besides, a control character, is the first thing to say.
            try DisplayText.check(field.id.rawValue, path: "\(path).id")
            throw FlowSpecError(path: "\(path).id", reason: .bracketInID(field.id.rawValue))
        }
        let named = "\(path) (\"\(field.id)\")"
        if let when = field.when {
            for leaf in when.leaves where names(groups, leaf.field) {
                throw FlowSpecError(path: "\(named).when\(leaf.place).field", reason: .namesFieldInGroup(leaf.field.rawValue))
            }
        }
        if let matches = field.rules.matches, names(groups, matches) {
            throw FlowSpecError(path: "\(named).rules.matches", reason: .namesFieldInGroup(matches.rawValue))
        }
    }

    /// Whether `name` is a path into one of `groups` (`phones[0].number`, `phones[1]`).
    private static func names(_ groups: Set<String>, _ name: FieldID) -> Bool {
        guard let bracket = name.rawValue.firstIndex(of: "[") else { return false }
        return groups.contains(String(name.rawValue[..<bracket]))
    }

    /// The question whether to add item `item`, a confirm answered no unless the person says yes,
    /// in the group's own section.
    private static func question(_ group: FieldGroup, item: Int) -> FieldSpec {
        var shown = group.when
        if let first = group.firstQuestion, item > first {
            shown = .leaf(field: group.question(item: item - 1), test: .equals(.bool(true)))
        }
        let words = GroupWords.question(item: item, label: group.label, languages: group.localizedLabel)
        // The question belongs to no item: it is in the group's own section, as the review
        // shows the one answered no.
        var field = FieldSpec.addItemQuestion(group.question(item: item), label: words.text, when: shown, section: group.label)
        field.localizedText[.label] = words.languages
        field.localizedText[.section] = group.localizedLabel
        return field
    }

    /// `field` as it is asked in item `item`: named by its path, its names of the item's fields
    /// too, shown while the item is.
    private static func itemField(_ field: FieldSpec, of group: FieldGroup, item: Int) -> FieldSpec {
        let local = Set(group.fields.map(\.id))
        func inItem(_ name: FieldID) -> FieldID { local.contains(name) ? group.path(of: name, item: item) : name }
        var copy = field
        copy.id = group.path(of: field.id, item: item)
        if let matches = field.rules.matches { copy.rules.matches = inItem(matches) }
        // A text that names a field of the same item (`"{type} number"`) names it by its path.
        for key in FieldSpec.Text.templated {
            if let text = field.text(key) { copy.setText(key, TextTemplate.renamingAnswers(in: text, inItem)) }
            if var localized = field.localizedText[key] {
                for variant in localized.variants.indices {
                    localized.variants[variant].text = TextTemplate.renamingAnswers(in: localized.variants[variant].text, inItem)
                }
                copy.localizedText[key] = localized
            }
        }
        let own = field.when.map { $0.renamed(inItem) }
        let exists: FieldCondition? =
            if let first = group.firstQuestion, item >= first {
                .leaf(field: group.question(item: item), test: .equals(.bool(true)))
            } else {
                group.when
            }
        copy.when =
            switch (exists, own) {
            case (nil, let own): own
            case (let exists, nil): exists
            case (let exists?, let own?): .all([exists, own])
            }
        copy.section = GroupWords.section(item: item, label: group.label)
        copy.localizedText[.section] = GroupWords.sections(item: item, group)
        return copy
    }

    /// `path` (`fields[7] ("phones[1].number").rules.matches`) as the file writes the place
    /// (`fields[2].fields[1] ("number").rules.matches`).
    static func writtenPath(_ path: String, sources: [(path: String, id: String)]) -> String {
        guard path.hasPrefix("fields["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]), sources.indices.contains(index)
        else { return path }
        var rest = String(path[path.index(after: close)...])
        let source = sources[index]
        if rest.hasPrefix(" (\""), let quote = rest.dropFirst(3).firstIndex(of: "\""), rest[quote...].hasPrefix("\")") {
            rest = " (\"\(source.id)\")" + rest[rest.index(quote, offsetBy: 2)...]
        }
        return source.path + rest
    }
}

extension FieldCondition {
    /// The condition with each field it names renamed by `rename`.
    func renamed(_ rename: (FieldID) -> FieldID) -> FieldCondition {
        switch self {
        case .leaf(let field, let test): .leaf(field: rename(field), test: test)
        case .all(let list): .all(list.map { $0.renamed(rename) })
        case .any(let list): .any(list.map { $0.renamed(rename) })
        case .not(let inner): .not(inner.renamed(rename))
        }
    }
}
