import FocusFlow
import FocusFlowProtocol

/// The texts an event is seen in, its description and its protocol JSON, made once for each
/// event an exploration meets: invariant 8 searches them for secure values on every edge, and
/// the edges of one exploration say the same few events again and again (a move between two
/// fields, a value typed into one).
///
/// The JSON reads of the fields only which are secure, the same in every state of a flow. One
/// serves one thread: it is a class so that a caller can lend it without `inout`.
final class EventTexts {
    private var made: [FlowEvent: [String]] = [:]
    /// The most events kept: past it the texts are made again (an exploration of a flow of
    /// thousands of fields meets many, each kept only while it is likely to come again).
    static let most = 20_000

    /// `event`'s description and its JSON as the protocol writes it with `fields`' secure ones.
    func texts(of event: FlowEvent, secure fields: FieldStates) -> [String] {
        if let known = made[event] { return known }
        if made.count >= Self.most { made.removeAll(keepingCapacity: true) }
        let texts = [event.description, ProtocolSession.json(event, secure: fields)]
        made[event] = texts
        return texts
    }
}
