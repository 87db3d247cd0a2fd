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
    /// A syntax error stops the reading (nothing after it can be trusted); a count that is not
    /// whole or too large does not. A key that cannot be read is reported and taken out of the
    /// file, and the reading goes on without it, so that a field's other keys are read still;
    /// every field that can be read is then checked against the ones before it. What only
    /// follows from a key taken out is not reported (a select whose `options` could not be read
    /// is not also said to have none), and a field whose kind is unknown says only that.
    package static func problems(in bytes: [UInt8], file: String?, limit: Int = 20) -> [FlowSpecError] {
        do {
            _ = try FlowSpec(bytes: bytes, file: file, directly: false)
            return []
        } catch let error as FlowSpecError {
            switch error.reason {
            case .emptyFile, .notText: return [error]
            default: break
            }
            // A flow with a repeating group is read whole or not at all: its first problem.
            if case .bracketInID = error.reason { return [error] }
            if GroupProbe.holdsGroup(bytes) { return [error] }
        } catch {
            return [FlowSpecError(file: file, reason: .other("\(error)"))]
        }
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        let map: JSONCursor.Map
        do throws(JSONCursor.Problem) {
            map = try JSONCursor.map(body)
        } catch {
            let (line, column) = JSONCursor.lineAndColumn(of: error.offset, in: body)
            return [FlowSpecError(file: file, line: line, column: column, reason: error.reason)]
        }
        var reading = ProblemReading(body: body, map: map, file: file)
        reading.readFlowKeys()
        reading.readFields()
        let found = reading.inFileOrder()
        guard found.count > limit else { return found }
        return Array(found.prefix(limit))
    }
}

/// The reading behind ``FlowSpec/problems(in:file:limit:)``: the problems found so far, with the
/// path of each (as ``JSONCursor/path(_:)`` writes it) to place it in the file.
private struct ProblemReading {
    let body: [UInt8]
    /// The file as written, for the order of the problems.
    let map: JSONCursor.Map
    let file: String?
    /// Each problem and where it is written (-1 for the whole file).
    private var found: [(problem: FlowSpecError, offset: Int)] = []
    private var said: Set<String> = []
    /// Where the counts that are not whole or too large are: they are said once, located.
    private let countPaths: Set<String>
    /// The file without the members that hold those counts (a decoder cannot read them), and
    /// the members taken out.
    private let cleaned: [UInt8]
    private let countMembers: [String]

    /// Rounds of reading; each takes out at most one key of each field.
    private static let rounds = 32

    init(body: [UInt8], map: JSONCursor.Map, file: String?) {
        self.body = body
        self.map = map
        self.file = file
        countPaths = Set(map.counts.map(\.path))
        for count in map.counts {
            let (line, column) = JSONCursor.lineAndColumn(of: count.problem.offset, in: body)
            let problem = FlowSpecError(file: file, line: line, column: column, reason: count.problem.reason)
            found.append((problem, count.problem.offset))
        }
        countMembers = Array(Set(map.counts.compactMap { Self.member(at: $0.path, below: nil, in: map, taken: [String]()) }))
        var cleaned = body
        for member in countMembers.compactMap({ member in map.spans[member].map { (member, $0) } }).sorted(by: { $0.1.lowerBound > $1.1.lowerBound }) {
            Self.takeOut(member.0, at: member.1, from: &cleaned)
        }
        self.cleaned = cleaned
    }

    /// The problem, unless it was said already or is a count's, which is said where it is.
    private mutating func say(_ problem: FlowSpecError, at path: String?) {
        if let path, countPaths.contains(path) { return }
        guard said.insert(problem.description).inserted else { return }
        found.append((problem, offset(of: path)))
    }

    /// Where in the file the key or value at `path` is written, or the nearest one above it.
    private func offset(of path: String?) -> Int {
        guard var path else { return -1 }
        while true {
            if let span = map.spans[path] { return span.lowerBound }
            guard let cut = Self.parent(of: path) else { return -1 }
            path = cut
        }
    }

    /// The flow's own keys (`id`, `title`, an unknown key), read with its fields set aside.
    mutating func readFlowKeys() {
        var text = cleaned
        // One field that passes stands for the fields, which are read on their own.
        if let map = try? JSONCursor.map(text), let fields = map.spans["fields"], map.spans["fields[0]"] != nil {
            let stub = Array(#""fields":[{"id":"-"}]"#.utf8)
            text.replaceSubrange(fields, with: stub)
        }
        var taken: Set<String> = []
        for _ in 0..<Self.rounds {
            let error: any Error
            do {
                _ = try Self.decoder(for: text).decode(FlowSpec.self, from: Data(text))
                return
            } catch let caught {
                error = caught
            }
            let (problem, path) = explain(error, in: text)
            if !taken.contains(where: { outer in path.map { Self.path($0, isWithin: outer) } ?? false }) { say(problem, at: path) }
            guard let path, !path.hasPrefix("fields"), let current = try? JSONCursor.map(text),
                let member = Self.member(at: path, below: nil, in: current, taken: taken), let span = current.spans[member]
            else { return }
            taken.insert(member)
            Self.takeOut(member, at: span, from: &text)
        }
    }

    /// Each field on its own: a key that cannot be read is said and taken out, and the field read
    /// again; then every field read is checked against the ones before it.
    mutating func readFields() {
        var text = cleaned
        var done: Set<Int> = []
        var taken: [Int: [String]] = [:]
        for member in countMembers {
            if let index = Self.fieldIndex(of: member) { taken[index, default: []].append(member) }
        }
        var fields: [FieldSpec] = []
        var unread: Set<Int> = []
        for _ in 0..<Self.rounds {
            guard let current = try? JSONCursor.map(text),
                let lenient = try? Self.decoder(for: text, orders: current.orders).decode(LenientFields.self, from: Data(text))
            else { return }
            var removals: [(member: String, span: Range<Int>)] = []
            fields = []
            unread = []
            for (index, read) in lenient.fields.enumerated() {
                switch read {
                case .read(let field):
                    fields.append(field)
                    continue
                case .failed(let id, let error):
                    fields.append(FieldSpec(id: FieldID(id ?? "")))
                    unread.insert(index)
                    guard !done.contains(index) else { continue }
                    let (problem, path) = explain(error, in: text)
                    let before = taken[index] ?? []
                    if !before.contains(where: { outer in path.map { Self.path($0, isWithin: outer) } ?? false }) { say(problem, at: path) }
                    let root = "fields[\(index)]"
                    // An unknown kind leaves nothing to read the rest of the field by.
                    guard let path, path != "\(root).kind", let member = Self.member(at: path, below: root, in: current, taken: before),
                        let span = current.spans[member]
                    else {
                        done.insert(index)
                        continue
                    }
                    taken[index, default: []].append(member)
                    removals.append((member, span))
                }
            }
            guard !removals.isEmpty else { break }
            for removal in removals.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
                Self.takeOut(removal.member, at: removal.span, from: &text)
            }
        }
        let ids = fields.map(\.id.rawValue)
        var checked: [(FlowSpecError, String)] = []
        let file = file
        _ = try? FlowSpec.check(
            &fields,
            collect: { problem in
                var problem = problem
                problem.file = file
                checked.append((problem, Self.path(of: problem, ids: ids)))
            }, skipping: unread)
        for (problem, path) in checked {
            // What follows only from a key taken out is not the file's problem.
            let index = Self.fieldIndex(of: path)
            if let index, (taken[index] ?? []).contains(where: { Self.path(path, isWithin: $0) }) { continue }
            say(problem, at: path)
        }
    }

    /// The problems in the order of the file: a problem of the whole file first, then each where
    /// its key or value is written.
    func inFileOrder() -> [FlowSpecError] {
        found.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element.problem)
    }

    /// A problem as the loader words it, and the path of where it is.
    private func explain(_ error: any Error, in text: [UInt8]) -> (FlowSpecError, String?) {
        switch error {
        case let error as DecodingError:
            let codingPath: [any CodingKey] =
                switch error {
                case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                    context.codingPath
                @unknown default: []
                }
            // A missing key is where it would be.
            let place = if case .keyNotFound(let key, _) = error { codingPath + [key] } else { codingPath }
            return (FlowSpec.explain(error, bytes: text, file: file), place.isEmpty ? nil : JSONCursor.path(place))
        case var error as FlowSpecError:
            error.file = file
            return (error, error.path)
        default:
            return (FlowSpecError(file: file, reason: .other("\(error)")), nil)
        }
    }

    private static func decoder(for text: [UInt8], orders: [String: [String]]? = nil) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[JSONCursor.keyOrderKey] = orders ?? (try? JSONCursor.map(text))?.orders
        return decoder
    }

    /// The member or element to take out for a problem at `path`: the nearest one at or above
    /// it that is written and was not taken out already, below `root`.
    private static func member(at path: String, below root: String?, in map: JSONCursor.Map, taken: some Sequence<String> = []) -> String? {
        var path = path
        while true {
            if let root, !(path.hasPrefix(root) && path.count > root.count) { return nil }
            if map.spans[path] != nil, !taken.contains(path) { return path }
            guard let cut = parent(of: path) else { return nil }
            path = cut
        }
    }

    /// Takes a member out of the text; an element is replaced by a text of its own instead, so
    /// that the elements after it keep their place (and an option stays unique).
    private static func takeOut(_ path: String, at span: Range<Int>, from text: inout [UInt8]) {
        guard path.hasSuffix("]") else { return remove(span, from: &text) }
        text.replaceSubrange(span, with: Array("\"\u{2026}\(span.lowerBound)\"".utf8))
    }

    /// The path one step up: `fields[1].rules` for `fields[1].rules.maxLength`, `fields` for `fields[1]`.
    private static func parent(of path: String) -> String? {
        guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
        return String(path[..<cut])
    }

    /// Whether `path` is `outer` or below it.
    private static func path(_ path: String, isWithin outer: String) -> Bool {
        guard path.hasPrefix(outer) else { return false }
        let rest = path.dropFirst(outer.count)
        return rest.isEmpty || rest.first == "." || rest.first == "["
    }

    /// A checked problem's path without the id the message adds (`fields[2] ("c").rules` → `fields[2].rules`).
    private static func path(of problem: FlowSpecError, ids: [String]) -> String {
        guard let path = problem.path, let index = fieldIndex(of: path), index < ids.count else { return problem.path ?? "" }
        let root = "fields[\(index)]"
        let named = "\(root) (\"\(ids[index])\")"
        return path.hasPrefix(named) ? root + path.dropFirst(named.count) : path
    }

    /// The field a path is in.
    private static func fieldIndex(of path: String) -> Int? {
        guard path.hasPrefix("fields["), let end = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: 7)..<end])
    }

    /// Takes a member or element out of a JSON text, with the comma that separates it from the
    /// next one (or the one before), so that the text stays JSON.
    private static func remove(_ span: Range<Int>, from text: inout [UInt8]) {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        var after = span.upperBound
        while after < text.count, isSpace(text[after]) { after += 1 }
        if after < text.count, text[after] == UInt8(ascii: ",") {
            text.removeSubrange(span.lowerBound...after)
            return
        }
        var before = span.lowerBound
        while before > 0, isSpace(text[before - 1]) { before -= 1 }
        if before > 0, text[before - 1] == UInt8(ascii: ",") { before -= 1 }
        text.removeSubrange(before..<span.upperBound)
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
}

/// Whether a flow file's `fields` hold a repeating group, read as leniently as can be.
private struct GroupProbe: Decodable {
    struct Entry: Decodable { var kind: String? }
    var fields: [Entry]

    static func holdsGroup(_ bytes: [UInt8]) -> Bool {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        let probe = try? JSONDecoder().decode(GroupProbe.self, from: Data(body))
        return probe?.fields.contains { $0.kind == FieldGroup.kindName } ?? false
    }
}
