import FocusFlow

/// How the answers of a completed walk are written: one JSON object, lines a POSIX shell can
/// `eval`, or a dotenv file.
///
/// | format | a line | a multi-select |
/// |---|---|---|
/// | `json` | `{"email":"ada@example.com","age":42}`, one object | `["sms","email"]` |
/// | `shell` | `email='ada@example.com'`, quoted for `sh` (`'` written `'\''`) | `channels='sms email'`, `cities=''\''New York'\'' Paris'` |
/// | `env` | `EMAIL="ada@example.com"`, `\ " $` and a backquote escaped with `\` | `CHANNELS="sms email"`, `CITIES="'New York' Paris"` |
///
/// `shell` and `env` need a name for each field: its id with every character that is not an
/// ASCII letter, digit or `_` replaced by `_`, and `_` put before a leading digit
/// (`first-name` is `first_name`, `2fa` is `_2fa`); `env` then writes it in capitals. Before the
/// walk starts, ``names(for:)`` refuses a flow where two ids come to one name, or where one
/// comes to a variable the shell itself reads (`PATH`, `IFS`, `HOME` …): evaluated, it would
/// change how the script goes on. Every answer is written as text (`plainText` of
/// ``/FocusFlow/FieldAnswer``), a multi-select's values as a list of `sh` words
/// (``shellWords(_:)``, read back with `eval "set -- $channels"`), an unanswered field as `''`.
public enum AnswerFormat: String, CaseIterable, Sendable {
    case json, shell, env

    /// A flow whose ids cannot all be named in this format.
    public enum NameProblem: Error, Equatable, Sendable {
        /// Two fields' ids come to one name.
        case sameName(FieldID, FieldID, name: String)
        /// An id comes to a variable the shell reads.
        case shellVariable(FieldID, name: String)
    }

    /// The variables a POSIX shell reads or sets itself (XCU 2.5.3, "Shell Variables"): a
    /// field's answer never lands in one of them.
    public static let shellVariables: Set<String> = [
        "CDPATH", "ENV", "HOME", "IFS", "LANG", "LC_ALL", "LC_COLLATE", "LC_CTYPE", "LC_MESSAGES", "LINENO", "NLSPATH",
        "OLDPWD", "OPTARG", "OPTIND", "PATH", "PPID", "PS1", "PS2", "PS4", "PWD",
    ]

    /// The name each field's answer takes in this format (none for `json`, which uses the ids).
    ///
    /// - Throws: ``NameProblem`` for the first field whose name is taken or is a shell's own.
    public func names(for spec: FlowSpec) throws(NameProblem) -> [FieldID: String] {
        guard self != .json else { return [:] }
        var names: [FieldID: String] = [:]
        var owners: [String: FieldID] = [:]
        for field in spec.fields {
            let name = self == .env ? Self.shellName(field.id).uppercased() : Self.shellName(field.id)
            if let owner = owners[name] { throw .sameName(owner, field.id, name: name) }
            if Self.shellVariables.contains(name) { throw .shellVariable(field.id, name: name) }
            owners[name] = field.id
            names[field.id] = name
        }
        return names
    }

    /// `id` as a shell name: characters other than ASCII letters, digits and `_` become `_`,
    /// and a leading digit gets a `_` before it.
    public static func shellName(_ id: FieldID) -> String {
        var name = ""
        for scalar in id.rawValue.unicodeScalars {
            let ascii = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
            name.unicodeScalars.append(ascii || scalar == "_" ? scalar : "_")
        }
        if name.isEmpty || name.first!.isNumber { name = "_" + name }
        return name
    }

    /// `result` written in this format, every line ending in a newline.
    ///
    /// - Parameter result: the answers of the completed walk.
    /// - Parameter names: what ``names(for:)`` gave for the result's flow.
    public func text(of result: FlowResult, names: [FieldID: String]) -> String {
        switch self {
        case .json:
            return result.json + "\n"
        case .shell, .env:
            var out = ""
            for answer in result.answers {
                let name = names[answer.field] ?? Self.shellName(answer.field)
                let value = Self.words(answer.answer)
                out += name + "=" + (self == .shell ? Self.shellQuoted(value) : Self.dotenvQuoted(value)) + "\n"
            }
            return out
        }
    }

    /// One answer alone, as `focusflow ask` prints it: JSON, or its text with a line end — a
    /// multi-select's values one a line.
    public static func single(_ answer: FieldAnswer, json: Bool) -> String {
        if json { return answer.json + "\n" }
        if case .choices(let values) = answer { return values.map { $0 + "\n" }.joined() }
        return answer.plainText + "\n"
    }

    /// The answer as one string: its text, or a multi-select's values as a list of `sh` words
    /// (``shellWords(_:)``).
    private static func words(_ answer: FieldAnswer) -> String {
        if case .choices(let values) = answer { return shellWords(values) }
        return answer.plainText
    }

    /// `values` as words a POSIX shell splits back into exactly those values, separated by
    /// spaces: a value of letters, digits and `@%+=:,./_-` alone as it is, any other (a space,
    /// a quote, `$`, `*`, `~`, Hangul, a line end, nothing at all) in single quotes
    /// (``shellQuoted(_:)``), as Python's `shlex.join` writes them. So `["New York"]` is
    /// `'New York'` and `["New", "York"]` is `New York`, and `eval "set -- $langs"` (or
    /// bash's `eval "langs=($langs)"`) gives the values back one for one, running nothing.
    public static func shellWords(_ values: [String]) -> String {
        values.map { value in
            let plain =
                !value.isEmpty
                && value.utf8.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "@%+=:,./_-".utf8.contains(byte)
                }
            return plain ? value : shellQuoted(value)
        }.joined(separator: " ")
    }

    /// `text` in single quotes for a POSIX shell: nothing inside is special but `'` itself,
    /// which ends the quote, is escaped, and starts a new one.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// `text` in double quotes as a dotenv file has it: `\`, `"`, `$` and a backquote escaped with a
    /// backslash, so that `sh` reading the file (`set -a; . ./answers.env`) gets the text back
    /// and expands nothing; a line end, carriage return or tab (no keyboard takes one) is
    /// written `\n`, `\r`, `\t`, as dotenv readers spell them.
    public static func dotenvQuoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\\", "\"", "$", "`": quoted += "\\" + String(character)
            case "\n": quoted += #"\n"#
            case "\r": quoted += #"\r"#
            case "\t": quoted += #"\t"#
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
