import Glibc
import Testing
@testable import FocusFlow
@testable import focusflow
@testable import FocusFlowProtocol
import FocusFlowTerminal

/// Every error the loader and the command line can say has a Korean sentence of its own: one
/// sample of every case (the exhaustive `switch`es below stop compiling when a case is added
/// without a sample), each rendered in Korean, none empty, none the same as another, none with
/// English words but the names it was given.
@Suite("Languages: every error case has its own Korean sentence")
struct LanguageTableTests {
    typealias Reason = FlowSpecError.Reason

    static let reasons: [Reason] = [
        .noSuchFile, .cannotBeRead, .emptyFile, .notText, .textAfterEnd, .nestedTooDeeply, .endsWhereValueShouldBe,
        .expectedValue, .commaBeforeBrace, .expectedKey, .duplicateKey("zq"), .expectedColon, .endsInsideObject,
        .expectedCommaOrBrace, .commaBeforeBracket, .endsInsideList, .expectedCommaOrBracket, .unknownEscape,
        .expectedHexDigits, .loneSurrogate, .controlInString, .unterminatedString, .expectedLiteral("true"), .expectedDigit,
        .expectedDigitAfterPoint, .expectedDigitInExponent, .notWholeNumber("1.5"), .numberTooLarge("99999999999", limit: 2_147_483_647),
        .expected(.bool, topLevel: false), .expected(.object, topLevel: true), .foundNull(.string), .missingKey("fields"),
        .unknownKey("secrue", .nearest("secure")), .unknownKey("zzz", .known(["id", "label"])),
        .unknownKind("selct", .nearest("select")), .unknownKind("qq", .known(["text", "confirm"])),
        .unknownKeyboard("numPad", .nearest("numberPad")), .unknownKeyboard("qq", .known(["url"])),
        .conditionNeedsOneTest, .conditionNeedsOneHead, .emptyCombination("any"), .conditionReadsSecret("zq"),
        .expectedLocalizedText, .notLanguageCode("EN!"), .noLanguage, .controlCharacter(0x1B),
        .controlCharacter(0x9B), .invisibleCharacter(0x202E), .invisibleCharacter(0x200D), .invisibleCharacter(0x1D173), .noFields, .emptyID, .emptySection, .duplicateID("zq", first: 0),
        .loneBrace("{", column: 3), .loneBrace("}", column: 9), .emptyAnswerName(column: 4), .textNamesItself("zq"), .textNamesSecret("zq"),
        .namesNoEarlierField("pasword", .nearest("password")), .namesNoEarlierField("zq", .first),
        .namesNoEarlierField("zq", .listed(["ab", "cd"])), .matchesNonText("zq", kind: .select), .noTextToHide(.confirm),
        .noTextToType(.select), .needsOption(.multiSelect), .duplicateOption("zq", first: 1),
        .optionsNotAllowed(.text, owners: [.select, .multiSelect]), .wrongDefault(.confirm), .wrongDefault(.multiSelect),
        .emptyConditionList, .wrongConditionValue(source: "zq", kind: .confirm, value: "\"yes\""),
        .notAnOption("pots", source: nil, .nearest("post")), .notAnOption("zz", source: "zq", .known(["ab"])),
        .ruleNotForKind("minLength", owners: [.text], kind: .select), .tooSmall(-1, least: 0), .moreThanOptions(3, options: 2),
        .tooLarge(70000, limit: 65536, key: "maxLength"), .minAboveMax("9", "3", minKey: "minLength", maxKey: "maxLength"), .emptyList(key: "oneOf"),
        .minAboveMax("130", "120"), .notPositive("-1"), .notWithin(7, least: 0, most: 6), .kind(NumberFieldReducer.moreDecimalsThanField("0.25", decimals: 1)), .wrongBound(.number),
        .rangeNotForKind(source: "zq", kind: .text),
        .badPattern("[a-", .bracket, column: 1), .badPattern("(", .other, column: nil), .badPattern("(?=a)", .lookaround, column: 1),
        .badPattern(#"\p{Arabic}"#, .needsRE2, column: 1), .noStyle, .onNeedsColour, .twoBackgrounds,
        .twoColours("red", "blue"), .colourNumber("300"),
        .unknownStyleWord("blod", .nearest("bold")), .unknownStyleWord("zz", .known([])), .other("zq"),
        .badServiceName("a b"), .needsSend("resendAfter"), .requirementNeedsOneTest(keys: ["minLength", "pattern"]), .requirementsNotForKind(.confirm), .defaultNotPrefilled,
        .defaultWithOptionSource("cities"),
        .nestedGroup, .groupNeedsFields, .bracketInID("a[0]"), .namesFieldInGroup("phones[0].number"), .sectionInGroup, .tooManyItems(60, limit: 50),
    ]

    /// Fails to compile when ``Reason`` gains a case: add a sample above, then here.
    static func sampled(_ reason: Reason) -> Bool {
        switch reason {
        case .noSuchFile, .cannotBeRead, .emptyFile, .notText, .textAfterEnd, .nestedTooDeeply, .endsWhereValueShouldBe,
            .expectedValue, .commaBeforeBrace, .expectedKey, .duplicateKey, .expectedColon, .endsInsideObject,
            .expectedCommaOrBrace, .commaBeforeBracket, .endsInsideList, .expectedCommaOrBracket, .unknownEscape,
            .expectedHexDigits, .loneSurrogate, .controlInString, .unterminatedString, .expectedLiteral, .expectedDigit,
            .expectedDigitAfterPoint, .expectedDigitInExponent, .notWholeNumber, .numberTooLarge, .expected, .foundNull,
            .missingKey, .unknownKey, .unknownKind, .unknownKeyboard, .conditionNeedsOneTest, .conditionNeedsOneHead, .emptyCombination,
            .conditionReadsSecret, .expectedLocalizedText,
            .notLanguageCode, .noLanguage, .controlCharacter, .invisibleCharacter, .noFields, .emptyID, .emptySection, .duplicateID, .namesNoEarlierField,
            .loneBrace, .emptyAnswerName, .textNamesItself, .textNamesSecret,
            .matchesNonText, .noTextToHide, .noTextToType, .needsOption, .duplicateOption, .optionsNotAllowed,
            .wrongDefault, .emptyConditionList, .wrongConditionValue, .notAnOption, .ruleNotForKind, .tooSmall,
            .moreThanOptions, .tooLarge, .emptyList, .kind,
            .minAboveMax, .notPositive, .notWithin, .wrongBound, .rangeNotForKind, .badPattern, .noStyle, .onNeedsColour, .twoBackgrounds, .twoColours, .colourNumber,
            .unknownStyleWord,
            .badServiceName, .needsSend, .requirementNeedsOneTest, .requirementsNotForKind, .defaultNotPrefilled,
            .defaultWithOptionSource,
            .nestedGroup, .groupNeedsFields, .bracketInID, .namesFieldInGroup, .sectionInGroup, .tooManyItems,
            .other:
            true
        }
    }

    static let problems: [CommandProblem] = [
        .takesNoValue(option: "accessible"), .givenTwice(option: "output"), .needsValue(option: "output"),
        .unknownOption("--bogus", nearest: nil), .unknownOption("--outptu", nearest: "output"),
        .wholeNumber(option: "depth", range: 1...100, given: "0"), .seconds(option: "budget", most: 1_000_000, given: "zq"),
        .unknownCommand("rnu", nearest: "run"),
        .noSuchCommand("zq", nearest: nil), .noSuchCommand("rn", nearest: "run"), .helpTakesOneCommand,
        .oneFlowAtMost(command: "check"), .runTakesOneFlow(given: 2), .validateNeedsFlow,
        .unknownLanguage("fr", known: ["en", "ko"]), .unknownTheme("nope", nearest: nil, known: ["plain", "ocean"]),
        .unknownTheme("ocaen", nearest: "ocean", known: ["ocean"]), .maskCharacter("ab"), .discardNeedsDraft,
        .setNeedsEquals("email"), .setSecure("password"), .serviceNotPerformed(field: "nickname", name: "nickname-free", check: true),
        .serviceNotPerformed(field: "code", name: "sms-code", check: false), .serviceNeedsEquals("nickname-free", check: true),
        .serviceNeedsEquals("sms", check: false), .serviceTwice("nickname-free", check: true), .serviceUnused("nick", check: true, known: ["nickname-free"]),
        .serviceUnused("sms", check: false, known: []), .optionsNotGiven(field: "city", name: "cities"), .optionsNeedsEquals("cities"),
        .optionsTwice("cities"), .optionsUnused("towns", known: ["cities"]), .optionsFileMalformed("lists.json"), .optionsUnused("towns", known: []), .setTwice("email"),
        .prefillWithResumedDraft("d.json"), .replayNeedsScript,
        .replayFileCount(3),
        .replayScriptAfterFlow("zq.json"), .flow(FlowSpecError(file: "zq.json", reason: .noSuchFile)),
        .jsonSchemaNotFlow("zq.json"), .folderNotFlow("Flows/"), .folderNotScript("zq"), .scriptOfOtherFlow("w.script", recorded: "login", replayed: "signup"), .folderNotResponses("zq"),
        .noSuchFile("zq"), .cannotBeRead("zq"), .goldenUnreadable("zq", missing: true), .goldenUnreadable("zq", missing: false),
        .responseDiffers(file: "zq", line: 3, expected: nil, got: "{}"), .responseDiffers(file: "zq", line: 3, expected: "{}", got: nil),
        .stdoutNotWritten(.brokenPipe), .outputNotOpened(AnswerTarget.Failure("stdout", .closed), standardOutput: true),
        .outputNotOpened(AnswerTarget.Failure("zq", .folderMissing("zq")), standardOutput: false),
        .answersNotSaved(AnswerTarget.Failure("zq", .system(.noSpace)), draft: "d.json"),
        .answersNotSaved(AnswerTarget.Failure("zq", .system(.fileTooLarge)), draft: nil),
        .draftNotOpened(AnswerTarget.Failure("zq", .readOnly, content: .draft)), .draftNotResumed(DraftFile.Failure("zq", .notADraft)),
        .draftNotResumed(DraftFile.Failure("zq", .unreadable(.permissionDenied))),
        .draftNotSaved(.notSaved("zq", AnswerTarget.Failure("zq", .system(.quotaExceeded), content: .draft))),
        .draftNotSaved(.notRemoved("zq", .notPermitted)), .recordingNotOpened(AnswerTarget.Failure("zq", .folder, content: .recording)),
        .recordingNotSaved(AnswerTarget.Failure("zq", .system(.inputOutput), content: .recording)),
        .recordingNoStandIn(WalkRecorder.Failure(field: "zq")),
        .setRefused(PrefillError(.wrongType, field: "zq", detail: .wrongKind("zq", kind: .confirm))),
        .prefillRefused(PrefillError(.invalid, field: "zq", detail: .breaksRules("zq", label: "Zq", message: "이름 항목은 필수입니다."))),
        .prefillRefused(PrefillError(.unknownField, field: "zq", detail: .unknownField("zq", flow: "signup", .nearest("email")))),
        .outputNotOpened(AnswerTarget.Failure("zq", .notYours(.link(owner: 1000))), standardOutput: false),
        .draftNotOpened(AnswerTarget.Failure("zq", .notYours(.notAFile(.fifo)), content: .draft)),
        .draftNotResumed(DraftFile.Failure("zq", .notYours(.writableByOthers(mode: 0o666)))),
        .answersFileNotYours("--answers zq", .owned(.fifo, owner: 1000, reading: true), beforeWalk: true),
        .answersFileNotYours("zq", .owned(.fifo, owner: 1000, reading: true), beforeWalk: false), .verifyNeedsFlowAndAnswers,
        .verifyBothFromStandardInput, .answersFromTerminal(name: "stdin", command: "verify", standardInput: true),
        .answersFromTerminal(name: "--answers /dev/tty", command: "run", standardInput: false), .folderNotAnswers("answers"),
        .answersFileMissing("--answers zq", exists: true), .answersFileMissing("--answers zq", exists: false),
        .answersFileRefused("--answers zq", PrefillError(.malformed, field: nil, detail: .malformedAnswers)),
        .unknownFormat("yaml", nearest: nil, known: ["json", "shell", "env"]), .unknownFormat("shel", nearest: "shell", known: ["json", "shell", "env"]),
        .answerNames(.sameName("first-name", "first_name", name: "first_name"), format: "shell"),
        .answerNames(.shellVariable("path", name: "PATH"), format: "env"),
        .askNeedsKind(known: ["text", "secure"]), .unknownKind("txt", nearest: "text", known: ["text"]), .unknownKind("zq", nearest: nil, known: ["text"]),
        .askNeedsLabel(kind: "text"), .askTakesOneLabel(given: 2), .askOptionNotForKind(option: "mask", kind: "text"),
        .askNeedsOptions(kind: "select"), .askValue(option: "min", given: "ten", expected: .number), .askValue(option: "step", given: "x", expected: .count),
        .askValue(option: "equals", given: "x", expected: .flag), .noTerminal(.noDevice),
        .askDefaultRefused(PrefillError(.wrongType, field: "zq", detail: .wrongKind("zq", kind: .confirm))), .askRefused(.noFields, option: nil), .askRefused(.noFields, option: "step"),
        .completionsShell(nil, known: ["bash", "zsh"]), .completionsShell("tcsh", known: ["bash"]), .takesNoOperands(command: "manual"), .needsSessions(option: "idle"),
        .flowFromStandardInput(path: "-", command: "run"), .flowFromStandardInput(path: "/dev/stdin", command: "serve"),
        .notLinesOfText("walk.script", line: 3, longerThan: 1_048_576), .notLinesOfText("walk.golden", line: 1, longerThan: nil),
        .flowFromTerminal(path: "-", command: "check", standardInput: true, takesDash: true),
        .flowFromTerminal(path: "/dev/tty", command: "run", standardInput: false, takesDash: false),
    ]

    /// Fails to compile when ``CommandProblem`` gains a case: add a sample above, then here.
    /// (`invalidInput` is the walk's own sentence, already in its language: it has no words here.)
    static func sampled(_ problem: CommandProblem) -> Bool {
        switch problem {
        case .takesNoValue, .givenTwice, .needsValue, .unknownOption, .wholeNumber, .seconds, .unknownCommand, .noSuchCommand,
            .helpTakesOneCommand, .oneFlowAtMost, .runTakesOneFlow, .validateNeedsFlow, .verifyNeedsFlowAndAnswers, .verifyBothFromStandardInput,
            .answersFromTerminal, .folderNotAnswers, .unknownLanguage, .unknownTheme,
            .maskCharacter, .discardNeedsDraft, .setNeedsEquals, .setSecure, .serviceNotPerformed, .serviceNeedsEquals, .serviceTwice, .serviceUnused,
            .optionsNotGiven, .optionsNeedsEquals, .optionsTwice, .optionsUnused, .optionsFileMalformed, .setTwice, .prefillWithResumedDraft,
            .replayNeedsScript, .replayFileCount,
            .replayScriptAfterFlow, .flow, .jsonSchemaNotFlow, .folderNotFlow, .folderNotScript, .scriptOfOtherFlow, .folderNotResponses,
            .noSuchFile, .flowFromStandardInput, .flowFromTerminal, .cannotBeRead, .goldenUnreadable, .notLinesOfText, .responseDiffers, .stdoutNotWritten,
            .outputNotOpened,
            .answersNotSaved, .draftNotOpened, .draftNotResumed, .draftNotSaved, .recordingNotOpened, .recordingNotSaved,
            .recordingNoStandIn,
            .setRefused, .prefillRefused, .answersFileMissing, .answersFileNotYours, .answersFileRefused, .unknownFormat, .answerNames,
            .askNeedsKind, .unknownKind, .askNeedsLabel, .askTakesOneLabel, .askOptionNotForKind, .askNeedsOptions, .askValue,
            .askDefaultRefused, .askRefused, .noTerminal, .completionsShell, .takesNoOperands, .needsSessions:
            true
        case .invalidInput:
            false
        }
    }

    static let details: [PrefillError.Detail] = [
        .breaksRules("zq", label: "Zq", message: "이름 항목은 필수입니다."), .unknownField("emial", flow: "signup", .nearest("email")),
        .unknownField("zq", flow: "signup", .known(["email", "password"])), .notAnOption("pots", "zq", .nearest("post")),
        .notAnOption(nil, "zq", .known(["ab"])), .wrongKind("zq", kind: .confirm), .wrongKind("zq", kind: .multiSelect),
        .refusedCharacter("zq", label: "Zq", character: "k", keyboard: .numberPad),
        .refusedCharacter("zq", label: "Zq", character: nil, keyboard: .phonePad), .malformedAnswers, .notText,
        .syntax(line: 2, column: 1, .commaBeforeBrace), .notSnapshot(version: 1), .otherFlow("signup", changed: true), .otherFlow("login", changed: false),
        .personOnly("zq", label: "Zq"), .optionTwice("sms", "zq"), .givenTwice("zq", path: "zq[0].number"),
    ]

    /// Fails to compile when ``PrefillError/Detail`` gains a case. (`other` is the caller's own sentence.)
    static func sampled(_ detail: PrefillError.Detail) -> Bool {
        switch detail {
        case .breaksRules, .unknownField, .notAnOption, .wrongKind, .refusedCharacter, .malformedAnswers, .notText, .syntax, .notSnapshot,
            .otherFlow, .personOnly, .optionTwice, .givenTwice:
            true
        case .other: false
        }
    }

    @Test("Every prefill and snapshot error reads in Korean, in its own words", arguments: details)
    func detail(_ detail: PrefillError.Detail) {
        #expect(Self.sampled(detail))
        let korean = detail.message(in: .ko)
        #expect(Self.check(korean: korean, english: detail.message(in: .en), given: "\(detail)").isEmpty, "\(korean)")
    }

    /// Latin words a Korean sentence may hold: the names it was given, and the format's words.
    static let vocabulary = Set(
        [
            "JSON", "UTF", "ICU", "RE", "graph", "print", "xdigit", "Schema", "true", "false", "null", "id", "title", "fields", "secure",
            "keyboard", "equals", "in", "notEmpty", "field", "all", "any", "not", "matches", "text", "on", "COLOUR", "en", "ko",
            "GB", "Email", "ID", "VALUE", "NAME", "COMMAND", "FILE", "SCRIPT", "FLOW", "focusflow", "replay", "help",
            "run", "draft", "discard", "answers", "record", "output", "set", "ask", "invalid",
            "expect", "lang", "mask", "json", "ada", "example", "com", "e", "u", "FIFO", "options", "minSelected",
            "maxSelected", "minLength", "maxLength", "oneOf", "bright", "version", "flow", "fingerprint", "focus",
            "ASCII", "k", "min", "max", "number", "date", "today", "YYYY", "MM", "DD",
            "prefill", "pattern", "default", "send", "resendAfter", "requirements", "serve", "checked", "sent", "Swift", "API", "FlowServices", "optionsProvider", "value", "label",
            "shell", "env", "format", "PATH", "uid", "KIND", "LABEL", "completions", "bash", "zsh", "tcsh", "manual", "SHELL", "idle", "sessions", "option", "select", "confirm", "multiSelect", "tty",
            "dev", "NUL",
            // Pattern syntax a message names as it is typed: the scripts with tables, and \C.
            "Hangul", "Han", "Latin", "Greek", "Cyrillic", "C",
        ]
            + TextStyle.Attribute.allCases.map(\.rawValue) + TerminalColor.names)

    static func check(korean: String, english: String, given: String) -> [String] {
        var problems: [String] = []
        if korean.isEmpty { problems.append("empty") }
        if korean == english { problems.append("the same as the English") }
        if !korean.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) { problems.append("no Hangul") }
        let names = korean.replacing(/U\+[0-9A-F]{4}/, with: "")
        let latin = names.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
        let foreign = latin.filter { !vocabulary.contains($0) && !given.contains($0) && KeyboardType(rawValue: $0) == nil }
        if !foreign.isEmpty { problems.append("English words \(foreign)") }
        return problems
    }

    @Test("Every loader error reason reads in Korean, in its own words", arguments: reasons)
    func reason(_ reason: Reason) {
        #expect(Self.sampled(reason))
        let korean = reason.message(in: .ko)
        #expect(Self.check(korean: korean, english: reason.message(in: .en), given: "\(reason)").isEmpty, "\(korean)")
    }

    @Test("Every command-line error reads in Korean, in its own words", arguments: problems)
    func problem(_ problem: CommandProblem) {
        #expect(Self.sampled(problem))
        let korean = problem.message(in: .ko)
        #expect(Self.check(korean: korean, english: problem.message(in: .en), given: "\(problem)").isEmpty, "\(korean)")
    }

    static let systemErrors: [SystemError] = [
        .noSuchFile, .permissionDenied, .notPermitted, .noSpace, .isFolder, .notFolder, .readOnlyFileSystem, .exists,
        .quotaExceeded, .inputOutput, .brokenPipe, .badDescriptor, .noDevice, .nameTooLong, .linkLoop, .fileTooLarge,
    ]

    /// Fails to compile when ``SystemError`` gains a case. (`other` is `strerror`'s text with its number.)
    static func sampled(_ error: SystemError) -> Bool {
        switch error {
        case .noSuchFile, .permissionDenied, .notPermitted, .noSpace, .isFolder, .notFolder, .readOnlyFileSystem, .exists,
            .quotaExceeded, .inputOutput, .brokenPipe, .badDescriptor, .noDevice, .nameTooLong, .linkLoop, .fileTooLarge:
            true
        case .other:
            false
        }
    }

    @Test("Every common errno the system gives is said in Korean words, each its own", arguments: systemErrors)
    func systemError(_ error: SystemError) {
        #expect(Self.sampled(error))
        let korean = error.words(in: .ko)
        #expect(Self.check(korean: korean, english: error.words(in: .en), given: "").isEmpty, "\(korean)")
        #expect(Self.systemErrors.filter { $0.words(in: .ko) == korean }.count == 1, "\(korean)")
    }

    @Test("Any other errno is strerror's text with its number, in both languages")
    func otherSystemError() {
        #expect(SystemError(code: ENODATA) == .other(ENODATA))
        #expect(SystemError(code: ENOENT) == .noSuchFile)
        for language in Language.allCases {
            #expect(SystemError.other(ENODATA).words(in: language) == "no data available (errno \(ENODATA))")
        }
    }

    static let targetReasons: [AnswerTarget.Failure.Reason] = [
        .noName, .system(.noSpace), .readOnly, .folder, .notWritableKind, .tooManyLinks, .folderMissing("zq"),
        .folderUnusable("zq", .permissionDenied), .notAFolder("zq"), .cannotCreate(folder: "zq", .readOnlyFileSystem),
        .closed, .openForReading, .full, .pipeNobodyReads, .notYours(.replaced),
    ]

    /// Fails to compile when ``AnswerTarget/Failure/Reason`` gains a case.
    static func sampled(_ reason: AnswerTarget.Failure.Reason) -> Bool {
        switch reason {
        case .noName, .system, .readOnly, .folder, .notWritableKind, .tooManyLinks, .folderMissing, .folderUnusable,
            .notAFolder, .cannotCreate, .closed, .openForReading, .full, .pipeNobodyReads, .notYours:
            true
        }
    }

    @Test("Every reason a file cannot be written reads in Korean, in its own words", arguments: targetReasons)
    func targetReason(_ reason: AnswerTarget.Failure.Reason) {
        #expect(Self.sampled(reason))
        for content in [AnswerTarget.Failure.Content.answers, .recording, .draft] {
            let failure = AnswerTarget.Failure("out.json", reason, content: content)
            let korean = failure.message(in: .ko)
            #expect(Self.check(korean: korean, english: failure.message(in: .en), given: "out.json dev full walk script zq").isEmpty, "\(korean)")
        }
        let others = Self.targetReasons.filter { AnswerTarget.Failure("out.json", $0).message(in: .ko) == AnswerTarget.Failure("out.json", reason).message(in: .ko) }
        #expect(others.count == 1)
    }

    static let kinds: [PathOwnership.FileType] = [.file, .fifo, .device, .folder, .socket, .blockDevice]

    /// Every reason a path is not the person's, of every kind it names.
    static let refusals: [PathOwnership.Refusal] =
        [.link(owner: 1000), .writableByOthers(mode: 0o666), .replaced]
        + kinds.flatMap { kind in [.owned(kind, owner: 1000, reading: false), .owned(kind, owner: 1000, reading: true), .notAFile(kind)] }

    /// Fails to compile when ``PathOwnership/Refusal`` or ``PathOwnership/FileType`` gains a case.
    static func sampled(_ refusal: PathOwnership.Refusal) -> Bool {
        let kind: PathOwnership.FileType? =
            switch refusal {
            case .link, .writableByOthers, .replaced: nil
            case .owned(let kind, _, _), .notAFile(let kind): kind
            }
        switch kind {
        case .file, .fifo, .device, .folder, .socket, .blockDevice, nil: return true
        }
    }

    @Test("Every reason a path is not the person's reads in Korean, in its own words", arguments: refusals)
    func refusal(_ refusal: PathOwnership.Refusal) {
        #expect(Self.sampled(refusal))
        let korean = refusal.words(in: .ko)
        #expect(Self.check(korean: korean, english: refusal.words(in: .en), given: "").isEmpty, "\(korean)")
        #expect(Self.refusals.filter { $0.words(in: .ko) == korean }.count == 1, "\(korean)")
        #expect(Self.refusals.filter { $0.words(in: .en) == refusal.words(in: .en) }.count == 1)
    }

    @Test("No two error cases read the same in Korean")
    func distinct() {
        let korean = Self.reasons.map { $0.message(in: .ko) } + Self.problems.map { $0.message(in: .ko) } + Self.details.map { $0.message(in: .ko) }
        var seen: [String: Int] = [:]
        for (index, text) in korean.enumerated() {
            if let first = seen[text] { Issue.record("samples \(first) and \(index) read the same: \(text)") }
            seen[text] = index
        }
    }
}
