import FocusFlow
import FocusFlowTerminal
import Glibc

/// Where `focusflow run` starts: prefilled answers (`--set`, `--answers`, `--ask-invalid`,
/// `--skip-filled`) and a draft (`--draft`, `--draft-discard`), checked before the first field.
enum RunStart {
    static let options: Set<String> = ["answers", "draft"]
    static let flags: Set<String> = ["ask-invalid", "skip-filled", "draft-discard"]
    static let repeatable: Set<String> = ["set"]

    static let help = """
          --set ID=VALUE  prefill a field (repeatable), typed by its kind: text as it
                          is; true or false for a confirm field; an option's value for a
                          select field; option values separated by commas for a
                          multi-select field. Never a secure field: a command line is
                          visible to every user
          --answers FILE  prefill fields from a JSON object, as the output writes it
                          (secure fields too); --set wins over it
          --ask-invalid   ask a prefilled field whose value breaks its rules
                          (else: exit 2)
          --skip-filled   start at the first field without a prefilled answer that
                          passes
          --draft FILE    keep the non-secure answers and the focused field in FILE
                          (0600, replaced atomically) after each field and on cancel,
                          SIGHUP and SIGTERM; the next run with the same FILE resumes
                          there, secure fields asked again. Completion removes FILE
          --draft-discard start afresh, ignoring (and then replacing) the draft
        """

    /// Where the walk starts, for a recording to start its replay there too.
    enum Origin {
        case prefill(FlowPrefill)
        case draft(FlowSnapshot)
    }

    /// The walk's first state, where it comes from, and its draft, from the command line.
    ///
    /// - Throws: a usage error for a bad `--set` or `--draft-discard` without `--draft`; a flow
    ///   error (exit 2) for answers that cannot be taken or a draft that cannot be resumed; an
    ///   output error (exit 74) for a draft file that cannot be written.
    static func decide(_ spec: FlowSpec, _ arguments: Arguments) throws(CommandError) -> (start: FlowReducer.State?, origin: Origin?, draft: DraftFile?) {
        let reducer = FlowReducer(spec: spec)
        let discard = arguments.flags.contains("draft-discard")
        let path = arguments.values["draft"]
        if discard && path == nil { throw .usage(.discardNeedsDraft, command: "run") }
        var draft: DraftFile?
        if let path {
            do throws(AnswerTarget.Failure) {
                _ = try AnswerTarget.file(path, holding: .draft)
            } catch {
                throw CommandError(.draftNotOpened(error.about(.draft)), kind: .output)
            }
            let file = DraftFile(path: path, spec: spec)
            draft = file
            if !discard {
                let resumed: FlowReducer.State?
                do throws(DraftFile.Failure) {
                    resumed = try file.resume()
                } catch {
                    throw CommandError(.draftNotResumed(error), kind: .flow)
                }
                if let state = resumed {
                    // The draft's answers and the prefilled ones would both claim the fields.
                    if arguments.values["answers"] != nil || !(arguments.lists["set"] ?? []).isEmpty {
                        throw .usage(.prefillWithResumedDraft(path), command: "run")
                    }
                    let label = state.focus.flatMap { reducer.field($0, in: state)?.label }
                    Output.error("focusflow: " + arguments.language.commandWords.resuming(DisplayText.escaped(path), label))
                    return (state, .draft(reducer.snapshot(of: state)), draft)
                }
            }
        }
        var answers: [FieldID: FieldAnswer] = [:]
        if let file = arguments.values["answers"] {
            answers = try Self.answers(in: file, named: "--answers " + DisplayText.escaped(file), beforeWalk: true, command: "run")
        }
        var set: Set<FieldID> = []
        for item in arguments.lists["set"] ?? [] {
            guard let equals = item.firstIndex(of: "=") else {
                throw .usage(.setNeedsEquals(item), command: "run")
            }
            let id = FieldID(String(item[..<equals]))
            guard set.insert(id).inserted else { throw .usage(.setTwice(id.rawValue), command: "run") }
            if spec[id]?.secure == true {
                throw .usage(.setSecure(id.rawValue), command: "run")
            }
            do throws(PrefillError) {
                answers[id] = try reducer.answer(parsing: String(item[item.index(after: equals)...]), for: id)
            } catch {
                throw .usage(.setRefused(error), command: "run")
            }
        }
        let prefill = FlowPrefill(answers: answers, skipFilled: arguments.flags.contains("skip-filled"), askInvalid: arguments.flags.contains("ask-invalid"))
        if answers.isEmpty && !prefill.skipFilled { return (nil, nil, draft) }
        do throws(PrefillError) {
            return (try reducer.initialState(prefill: prefill), .prefill(prefill), draft)
        } catch {
            throw CommandError(.prefillRefused(error), kind: .flow)
        }
    }

    /// The answers in the JSON file `path`, read only when it is the person's
    /// (``PathOwnership``): a file, a FIFO or `<(…)` of theirs; `-` reads stdin when `standardInput`.
    /// Errors name it as `named` (`--answers a.json`); `beforeWalk` says that a walk was to start.
    /// A terminal is refused before anything is read: the answers would wait for the person's keys.
    static func answers(
        in path: String, named name: String, beforeWalk: Bool, standardInput: Bool = false, command: String
    ) throws(CommandError) -> [FieldID: FieldAnswer] {
        // `-` is stdin only where `standardInput` says so; elsewhere a file of that name.
        if (standardInput || path != "-") && FlowFile.namesTerminal(path) {
            let fromStandardInput = standardInput && FlowFile.isStandardInput(path)
            throw CommandError(.answersFromTerminal(name: name, command: command, standardInput: fromStandardInput), kind: .flow)
        }
        let read: [UInt8]?
        if standardInput && path == "-" {
            read = FlowFile.streamed("-")
        } else {
            do throws(PathOwnership.Problem) {
                read = try PathOwnership.contents(of: path, for: .read)
            } catch {
                if case .refused(let refusal) = error { throw CommandError(.answersFileNotYours(name, refusal, beforeWalk: beforeWalk), kind: .flow) }
                if FlowFile.isFolder(path) { throw CommandError(.folderNotAnswers(name), kind: .flow) }
                throw CommandError(.answersFileMissing(name, exists: true), kind: .flow)
            }
        }
        guard let bytes = read else { throw CommandError(.answersFileMissing(name, exists: false), kind: .flow) }
        do throws(PrefillError) {
            return try FlowPrefill.answers(json: bytes)
        } catch {
            throw CommandError(.answersFileRefused(name, error), kind: .flow)
        }
    }
}
