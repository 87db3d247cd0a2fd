extension FlowSpecError.Reason {
    /// The Korean sentence: the one table of the loader's errors in Korean. Names from the flow
    /// and the format's own words (keys, kinds, `true`) stay as they are written.
    var korean: String {
        switch self {
        case .noSuchFile: "파일이 없습니다"
        case .cannotBeRead: "파일을 읽을 수 없습니다"
        case .emptyFile: "파일이 비어 있습니다. 흐름은 \"id\", \"title\", \"fields\"가 있는 JSON 객체입니다"
        case .notText: "텍스트 파일이 아닙니다 (올바른 UTF-8이 아닙니다). 흐름은 JSON 파일입니다"
        case .textAfterEnd: "객체가 끝난 뒤에 다른 글이 있습니다"
        case .nestedTooDeeply: "너무 깊이 중첩되어 있습니다"
        case .endsWhereValueShouldBe: "값이 와야 할 곳에서 텍스트가 끝납니다"
        case .expectedValue: "값이 있어야 합니다 (문자열, 수, 객체, 목록, true, false 또는 null)"
        case .commaBeforeBrace: "'}' 앞에는 쉼표를 쓸 수 없습니다"
        case .expectedKey: "큰따옴표로 감싼 키가 있어야 합니다"
        case .duplicateKey(let key): "키 \(key.debugDescription)가 이 객체에 두 번 있습니다. 하나만 남기세요"
        case .expectedColon: "키 뒤에 ':'가 있어야 합니다"
        case .endsInsideObject: "객체 안에서 텍스트가 끝납니다. '}'가 있어야 합니다"
        case .expectedCommaOrBrace: "객체 안의 값 뒤에는 ',' 또는 '}'가 있어야 합니다"
        case .commaBeforeBracket: "']' 앞에는 쉼표를 쓸 수 없습니다"
        case .endsInsideList: "목록 안에서 텍스트가 끝납니다. ']'가 있어야 합니다"
        case .expectedCommaOrBracket: "목록 안의 값 뒤에는 ',' 또는 ']'가 있어야 합니다"
        case .unknownEscape: "문자열 안에 알 수 없는 이스케이프가 있습니다"
        case .expectedHexDigits: "\\u 뒤에는 16진수 네 자리가 있어야 합니다"
        case .loneSurrogate: "\\u 이스케이프에 짝 없는 서로게이트가 있습니다: 서로게이트 쌍의 반쪽뿐입니다"
        case .controlInString: "문자열 안에 줄 바꿈이나 제어 문자가 있습니다. 이스케이프로 쓰세요"
        case .unterminatedString: "끝나지 않는 문자열입니다. 닫는 '\"'가 있어야 합니다"
        case .expectedLiteral(let word): "\(word) 값이 있어야 합니다"
        case .expectedDigit: "숫자가 있어야 합니다"
        case .expectedDigitAfterPoint: "'.' 뒤에 숫자가 있어야 합니다"
        case .expectedDigitInExponent: "지수에 숫자가 있어야 합니다"
        case .notWholeNumber(let text): "\(text)는 정수가 아닙니다. 흐름에서 개수는 '.'이나 'e' 없이 씁니다 (범위의 경계, 간격, 답만 아무 수나 받습니다)"
        case .numberTooLarge(let text, let limit): "\(text)는 너무 큽니다. 흐름의 수는 \(limit)을 넘을 수 없습니다"
        case .expected(let type, let top):
            "\(Self.korean(type))이어야 합니다" + (top ? ". 흐름은 \"id\", \"title\", \"fields\"가 있는 JSON 객체입니다" : "")
        case .foundNull(let type): "\(Self.korean(type))이어야 하는데 null입니다"
        case .missingKey(let key): "\"\(key)\" 키가 없습니다"
        case .unknownKey(let key, let hint): "알 수 없는 키 \"\(key)\"입니다" + Self.korean(hint, known: "알려진 키: ")
        case .unknownKind(let name, let hint): "알 수 없는 종류 \"\(name)\"입니다" + Self.korean(hint, known: "다음 중 하나를 쓰세요: ")
        case .unknownKeyboard(let name, let hint): "알 수 없는 키보드 \"\(name)\"입니다" + Self.korean(hint, known: "다음 중 하나를 쓰세요: ")
        case .conditionNeedsOneHead:
            "조건에는 \"field\"(와 그 검사), \"all\", \"any\", \"not\" 중 꼭 하나만 있어야 합니다. 목록이나 \"not\" 옆에는 검사를 쓸 수 없습니다"
        case .emptyCombination(let key): "빈 \"\(key)\" 목록은 아무것도 정하지 않습니다. 조건을 하나 이상 쓰세요"
        case .conditionReadsSecret(let name):
            "\"\(name)\"은(는) 보안 필드입니다. 조건은 비었는지(\"notEmpty\")만 물을 수 있고 값을 검사할 수 없습니다"
        case .conditionNeedsOneTest: "조건에는 \"equals\", \"in\", \"notEmpty\" 중 꼭 하나만, 또는 범위 \"min\"/\"max\"가 있어야 합니다"
        case .expectedLocalizedText: "문자열이나, 언어 코드와 문자열로 된 객체여야 합니다"
        case .notLanguageCode(let code): "\(code.debugDescription)는 언어 코드가 아닙니다. \"en\", \"ko\", \"en-GB\" 같은 코드를 쓰세요"
        case .noLanguage: "텍스트를 한 가지 이상의 언어로 주세요. 예: {\"en\": \"Email\", \"ko\": \"이메일\"}"
        case .controlCharacter(let scalar):
            "제어 문자 \(Self.code(scalar))\(Self.koreanControlNames[scalar].map { " (\($0))" } ?? "")가 들어 있습니다. 터미널에 보이는 텍스트에는 커서를 옮기거나 화면을 지우거나 색을 바꾸는 제어 문자를 쓸 수 없습니다. 지우세요"
        case .invisibleCharacter(let scalar):
            "보이지 않는 문자 \(Self.code(scalar))\(Self.koreanInvisibleNames[scalar].map { " (\($0))" } ?? "")가 들어 있습니다. 이런 문자는 터미널에서 주변 텍스트의 순서를 바꾸거나 텍스트 속에 숨어, 텍스트가 실제와 다르게 읽힙니다. 지우세요"
                + (Self.joins(scalar) ? " (결합자와 태그 문자는 이모지 시퀀스나 한 문자 체계의 글자를 이을 때만 쓸 수 있습니다)" : "")
        case .noFields: "흐름에는 필드가 하나 이상 있어야 합니다"
        case .emptyID: "필드 id는 비어 있을 수 없습니다"
        case .emptySection: "구역에는 이름이 있어야 합니다: 이름을 주거나 키를 빼세요"
        case .duplicateID(let id, let first): "id \"\(id)\"가 중복됩니다 (fields[\(first)]에 이미 있습니다)"
        case .loneBrace(let brace, let column):
            "\(column)번째 문자에 짝 없는 \"\(brace)\"가 있습니다: 앞 필드의 답을 보이려면 {id}로, 중괄호 자체는 \"\(brace)\(brace)\"로 쓰세요"
        case .emptyAnswerName(let column): "\(column)번째 문자의 {}는 어떤 필드도 가리키지 않습니다: 앞 필드의 답을 보이려면 {id}로, 중괄호 자체는 {{}}로 쓰세요"
        case .textNamesItself(let name): "{\(name)}은(는) 이 필드 자신을 가리킵니다. 문구에는 앞 필드의 답만 보일 수 있습니다"
        case .textNamesSecret(let name): "\"\(name)\"은(는) 보안 필드라 문구에 그 답을 보일 수 없습니다. 보안 필드가 아닌 필드를 가리키세요"
        case .namesNoEarlierField(let name, let earlier):
            switch earlier {
            case .nearest(let near): "\"\(name)\"라는 앞선 필드가 없습니다. 혹시 \"\(near)\"인가요?"
            case .first: "\"\(name)\"라는 앞선 필드가 없습니다. 이 필드가 첫 필드입니다"
            case .listed(let ids): "\"\(name)\"라는 앞선 필드가 없습니다 (앞선 필드: \(ids.joined(separator: ", ")))"
            }
        case .matchesNonText(let other, let kind): "\"\(other)\"는 \(kind) 필드입니다. matches는 텍스트를 text 필드와 비교합니다"
        case .noTextToHide(let kind): "\(kind) 필드에는 숨길 텍스트가 없습니다. \"secure\"를 지우세요"
        case .noTextToType(let kind): "\(kind) 필드에는 입력할 텍스트가 없습니다. \"keyboard\"를 지우세요"
        case .needsOption(let kind): "\(kind) 필드에는 선택지가 하나 이상 있어야 합니다"
        case .duplicateOption(let value, let first): "값 \(JSONText.quote(value))가 중복됩니다 (options[\(first)]에 이미 있습니다)"
        case .optionsNotAllowed(let kind, let owners):
            "\(kind) 필드에는 선택지가 없습니다. 선택지는 \(owners.map(\.rawValue).joined(separator: ", ")) 필드에만 있습니다"
        case .wrongDefault(let kind): "\(kind) 필드의 기본값은 \(kind.behavior.answerType.korean)이어야 합니다"
        case .emptyConditionList: "빈 목록이면 이 필드는 절대 보이지 않습니다. 값을 하나 이상 쓰세요"
        case .wrongConditionValue(let source, let kind, let value):
            "\"\(source)\"는 \(kind) 필드이므로 \(value)가 아니라 \(kind.behavior.conditionType.korean)과 비교하세요"
        case .notAnOption(let value, let source, let hint):
            "\(JSONText.quote(value))는 \(source.map { "\"\($0)\"의 선택지" } ?? "선택지") 중에 없습니다" + Self.korean(hint, known: "다음 중 하나를 쓰세요: ")
        case .ruleNotForKind(let rule, let owners, let kind):
            "\(rule) 규칙은 \(owners.map(\.rawValue).joined(separator: ", ")) 필드에 쓰는 것인데 이 필드는 \(kind) 필드입니다"
        case .tooSmall(let value, let least): "\(least) 이상이어야 합니다 (받은 값: \(value))"
        case .moreThanOptions(let count, let options): "\(count)개는 선택지 \(options)개보다 많습니다. 어떤 답도 통과할 수 없습니다"
        case .tooLarge(let value, let limit, let key): "\(value)은 값이 가질 수 있는 최대 길이 \(limit)보다 큽니다. 제한이 없으려면 \(key)를 빼세요"
        case .minAboveMax(let min, let max, let minKey, let maxKey): "\(minKey) \(min)이 \(maxKey) \(max)보다 큽니다. 어떤 값도 통과할 수 없습니다"
        case .badServiceName(let name): "\(JSONText.quote(name))은(는) 검사나 전송의 이름이 될 수 없습니다. 글자, 숫자, \"-\", \"_\", \".\"만 쓰세요 (64자 이하)"
        case .needsSend(let key): "\"\(key)\"는 무언가를 보내는 필드의 키입니다. \"send\"를 더하거나 이 키를 지우세요"
        case .requirementNeedsOneTest(let keys): "요구 사항에는 \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) 중 하나의 검사가 필요합니다"
        case .requirementsNotForKind(let kind): "\(kind) 필드에는 요구 사항을 보여 줄 텍스트가 없습니다. \"requirements\"를 지우세요"
        case .defaultWithOptionSource(let name):
            "선택지를 서비스 \(JSONText.quote(name))에서 받으므로 흐름을 읽을 때는 어떤 선택지도 알 수 없습니다. \"default\"를 지우세요"
        case .defaultNotPrefilled: "\"prefill\": false인 필드는 사람만 답할 수 있습니다. \"default\"를 지우세요"
        case .notPositive(let value): "0보다 커야 합니다 (받은 값: \(value))"
        case .notWithin(let value, let least, let most): "\(least)에서 \(most) 사이여야 합니다 (받은 값: \(value))"
        case .wrongBound(let kind): "\(kind) 필드의 min과 max는 \(kind.behavior.answerType.korean)이어야 합니다"
        case .rangeNotForKind(let source, let kind):
            "\"\(source)\"는 답에 순서가 없는 \(kind) 필드입니다. min과 max는 \(FieldKind.allCases.filter { $0.behavior.ordersAnswers }.map(\.rawValue).joined(separator: ", ")) 필드와 비교합니다"
        case .emptyList(let key): "빈 목록은 어떤 값도 허용하지 않습니다. 대신 \(key)를 빼세요"
        case .kind(let problem): problem.korean
        case .badPattern(let pattern, let problem, let column):
            "패턴 \(PatternProblem.quoted(pattern, around: column))는 정규 표현식으로 컴파일되지 않습니다: \(problem.korean)" + (column.map { " (\($0)번째 문자)" } ?? "")
        case .noStyle: #"색이나 속성이 없습니다. 하나를 쓰거나 (예: "bold cyan") 이 키를 빼세요"#
        case .onNeedsColour: #""on" 뒤에는 색이 있어야 합니다 (예: "white on blue")"#
        case .twoBackgrounds: #"배경색이 두 개입니다. "on COLOUR"는 하나만 쓰세요"#
        case .twoColours(let first, let second): #"색이 "\#(first)"와 "\#(second)" 두 개입니다. 배경색을 주려면 "\#(first) on \#(second)"로 쓰세요"#
        case .colourNumber(let text): "색 번호는 0부터 255까지입니다 (받은 값: \(text))"
        case .unknownStyleWord(let word, let hint):
            switch hint {
            case .nearest(let near): #"알 수 없는 색 또는 속성 "\#(word)"입니다. 혹시 "\#(near)"인가요?"#
            case .known:
                #"알 수 없는 색 또는 속성 "\#(word)"입니다. \#(TextStyle.Attribute.allCases.map(\.rawValue).joined(separator: ", ")) 중 속성, 색 (\#(TerminalColor.names.prefix(8).joined(separator: ", ")), bright-…, 0–255), "on COLOUR"를 쓰세요"#
            }
        case .nestedGroup: "그룹 안에 그룹을 둘 수 없습니다. 안쪽 그룹의 필드를 바깥 그룹에 넣거나 따로 그룹을 만드세요"
        case .groupNeedsFields: "그룹에는 항목마다 물을 필드가 하나 이상 있어야 합니다"
        case .bracketInID(let id): "id \"\(id)\"에 대괄호가 있습니다. 대괄호는 그룹 항목 안의 필드를 가리킵니다 (그룹[0].필드)"
        case .namesFieldInGroup(let name): "\"\(name)\"은 그룹 안의 필드입니다. 같은 항목의 필드만 자기 id로 가리킬 수 있습니다"
        case .sectionInGroup: "그룹 안의 필드에는 구역을 줄 수 없습니다. 항목마다 구역으로 보입니다"
        case .tooManyItems(let value, let limit): "항목 \(value)개는 그룹이 물을 수 있는 최대 \(limit)개보다 많습니다"
        case .other(let text): "흐름을 읽을 수 없습니다: \(text)"
        }
    }

    /// The Korean names of the control characters that have one.
    /// The Korean names of the invisible characters a flow is most likely to hold.
    static let koreanInvisibleNames: [UInt32: String] = [
        0x00AD: "소프트 하이픈", 0x061C: "아랍 문자 표시", 0x200B: "폭 없는 공백", 0x200C: "폭 없는 비결합자", 0x200D: "폭 없는 결합자",
        0x200E: "왼쪽에서 오른쪽 표시", 0x200F: "오른쪽에서 왼쪽 표시", 0x2028: "줄 구분자", 0x2029: "문단 구분자",
        0x202A: "왼쪽에서 오른쪽 삽입", 0x202B: "오른쪽에서 왼쪽 삽입", 0x202C: "방향 서식 끝", 0x202D: "왼쪽에서 오른쪽 재정의",
        0x202E: "오른쪽에서 왼쪽 재정의", 0x2060: "단어 결합자", 0x2066: "왼쪽에서 오른쪽 격리", 0x2067: "오른쪽에서 왼쪽 격리",
        0x2068: "첫 강한 방향 격리", 0x2069: "방향 격리 끝", 0xFEFF: "바이트 순서 표시",
    ]

    static let koreanControlNames: [UInt32: String] = [
        0x00: "널", 0x07: "벨", 0x08: "백스페이스", 0x09: "탭", 0x0A: "줄 바꿈", 0x0B: "수직 탭",
        0x0C: "폼 피드", 0x0D: "캐리지 리턴", 0x1B: "이스케이프", 0x7F: "삭제",
    ]

    private static func korean(_ hint: Hint, known: String) -> String {
        switch hint {
        case .nearest(let near): ". 혹시 \"\(near)\"인가요?"
        case .known(let names): ". \(known)\(names.joined(separator: ", "))"
        }
    }

    private static func korean(_ type: JSONType) -> String {
        switch type {
        case .bool: "true 또는 false"
        case .string: "문자열"
        case .wholeNumber: "정수"
        case .number: "숫자"
        case .strings: "문자열 목록"
        case .fieldList: "필드 목록"
        case .list: "목록"
        case .object: "객체"
        }
    }
}
