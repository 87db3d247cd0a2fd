import FocusFlow

extension ProtocolSession {
    /// `snapshot`, `start` and `restore`: the requests about the whole walk, which apply in any
    /// phase (a host reuses one session for the next person).
    ///
    /// `snapshot` answers `{"snapshot":{…}}` (``FlowSnapshot``, no secure text). `start` and
    /// `restore` replace the walk and answer as the first response does, with one
    /// `focusMoved` from `null` to where the new walk starts; an answer that cannot be taken gets `{"error":"…"}` naming the field,
    /// and changes nothing.
    mutating func respond(toSession request: FlowRequest) -> String {
        do throws(PrefillError) {
            switch request {
            case .snapshot:
                return #"{"snapshot":\#(reducer.snapshot(of: state, focus: cancelledFocus).json)}"#
            case .start(let json, let skipFilled, let askInvalid):
                let answers = try FlowPrefill.answers(json: Array(json.utf8))
                replace(with: try reducer.initialState(prefill: FlowPrefill(answers: answers, skipFilled: skipFilled, askInvalid: askInvalid)))
            case .restore(let json):
                replace(with: try reducer.restore(try FlowSnapshot(json: Array(json.utf8))))
            default:
                return Self.error("\(request.parts.row.name) is not a request about the whole walk")
            }
        } catch {
            return Self.error(error.message)
        }
        return response(to: reducer.startEvents(of: state))
    }

    /// `{"verified":false,"problems":[{"field","reason","message"}]}`: `json`'s answers held to
    /// the flow (``FlowReducer/verify(_:optionLists:)``); the walk stays as it is.
    func verify(_ json: String) -> String {
        let answers: [FieldID: FieldAnswer]
        do throws(PrefillError) {
            answers = try FlowPrefill.answers(json: Array(json.utf8))
        } catch {
            return Self.error(error.message)
        }
        return AnswerProblem.json(reducer.verify(answers), flag: "verified")
    }
}
