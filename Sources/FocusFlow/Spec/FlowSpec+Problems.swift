#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FlowSpec {
    /// Every problem of the flow in `bytes`, in file order, at most `limit` of them; empty for a
    /// flow that loads. `focusflow validate` reports them all at once, so that a file with six
    /// mistakes takes one run.
    ///
    /// A syntax error stops the reading (nothing after it can be trusted); a problem of the flow's
    /// own keys (`id`, `title`, an unknown key) comes first and the fields are read still; a field
    /// that cannot be read is reported and the next one read, and every field that can is checked
    /// against the ones before it.
    package static func problems(in bytes: [UInt8], file: String?, limit: Int = 20) -> [FlowSpecError] {
        let first: FlowSpecError
        do {
            _ = try FlowSpec(bytes: bytes, file: file, directly: false)
            return []
        } catch let error as FlowSpecError {
            first = error
        } catch {
            return [FlowSpecError(file: file, reason: .other("\(error)"))]
        }
        // A syntax error, or a problem of the file as a whole, is the only one.
        guard first.line == nil, let path = first.path else { return [first] }
        let own = path.hasPrefix("fields[") ? nil : first
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        let decoder = JSONDecoder()
        decoder.userInfo[JSONSyntax.keyOrderKey] = try? JSONSyntax.check(body, flow: true)
        guard let lenient = try? decoder.decode(LenientFields.self, from: Data(body)) else { return [first] }
        var found: [FlowSpecError] = []
        var fields: [FieldSpec] = []
        var unread: Set<Int> = []
        for (index, read) in lenient.fields.enumerated() {
            switch read {
            case .read(let field): fields.append(field)
            case .failed(let id, let error):
                found.append(explain(error, bytes: body, file: file))
                unread.insert(index)
                fields.append(FieldSpec(id: FieldID(id ?? "")))
            }
        }
        _ = try? check(&fields, collect: { problem in
            var problem = problem
            problem.file = file
            found.append(problem)
        }, skipping: unread)
        found.sort { order($0) < order($1) }
        if let own { found.insert(own, at: 0) }
        return Array((found.isEmpty ? [first] : found).prefix(limit))
    }

    /// Where a field's problem is: its field's position, for file order.
    private static func order(_ problem: FlowSpecError) -> Int {
        guard let path = problem.path, path.hasPrefix("fields["), let end = path.firstIndex(of: "]") else { return .max }
        return Int(path[path.index(path.startIndex, offsetBy: 7)..<end]) ?? .max
    }

    /// The fields of a flow, each read on its own: one that cannot be read keeps its error (and its
    /// id, when it has one) and does not stop the others.
    private struct LenientFields: Decodable {
        enum Read {
            case read(FieldSpec)
            case failed(id: String?, any Error)
        }

        var fields: [Read] = []

        private struct One: Decodable {
            var read: Read
            init(from decoder: any Decoder) throws {
                do {
                    read = .read(try FieldSpec(from: decoder))
                } catch {
                    let id = try? decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: "id")
                    read = .failed(id: id, error)
                }
            }
        }

        init(from decoder: any Decoder) throws {
            var list = try decoder.container(keyedBy: AnyKey.self).nestedUnkeyedContainer(forKey: "fields")
            while !list.isAtEnd { fields.append(try list.decode(One.self).read) }
        }
    }

    /// A problem of reading a field, as the loader words it.
    private static func explain(_ error: any Error, bytes: [UInt8], file: String?) -> FlowSpecError {
        if var problem = error as? FlowSpecError {
            problem.file = file
            return problem
        }
        if let error = error as? DecodingError { return explain(error, bytes: bytes, file: file) }
        return FlowSpecError(file: file, reason: .other("\(error)"))
    }
}
