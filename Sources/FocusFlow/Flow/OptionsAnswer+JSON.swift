extension OptionsAnswer {
    /// A program's or a file's answer to a request for options, as JSON: an array of values or
    /// `{"value","label"}` objects is the list; `{"ok":false,"message":"…"}` refuses it
    /// (`{"ok":false}` alone: it could not be had). `nil` for anything else (not UTF-8, not
    /// JSON, another shape), which a host takes for ``unavailable``.
    package init?(json bytes: [UInt8]) {
        let read: OptionsAnswer? = bytes.withUnsafeBufferPointer { buffer in
            guard TextBytes.isUTF8(buffer) else { return nil }
            var c = JSONCursor(buffer)
            switch c.peek() {
            case UInt8(ascii: "["):
                var options: [FieldOption] = []
                let ok = c.array { c in
                    guard let option = FieldOption.decodeDirectly(&c) else { return false }
                    options.append(option)
                    return true
                }
                return ok && c.atEnd() ? .list(options) : nil
            case UInt8(ascii: "{"):
                var ok: Bool?
                var message: String?
                let read = c.object { c, key in
                    if key.spells("ok") { return c.optionalBool(&ok) }
                    if key.spells("message") { return c.optionalString(&message) }
                    return false
                }
                guard read, c.atEnd(), ok == false else { return nil }
                if let message, !message.isEmpty { return .refused(message) }
                return .unavailable
            default:
                return nil
            }
        }
        guard let read else { return nil }
        self = read
    }
}
