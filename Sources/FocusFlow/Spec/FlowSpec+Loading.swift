#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FlowSpec {
    /// Loads a flow file.
    ///
    /// - Parameter url: a JSON file in the flow format.
    /// - Throws: ``FlowSpecError`` naming the file and the line and column or field path.
    public init(contentsOf url: URL) throws {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw FlowSpecError(file: file, reason: exists ? .cannotBeRead : .noSuchFile)
        }
        try self.init(json: data, file: file)
    }

    /// Decodes a flow from JSON (standard JSON: no comments, no trailing commas).
    ///
    /// - Parameters:
    ///   - json: the flow file's bytes.
    ///   - file: the name used in error messages.
    /// - Throws: ``FlowSpecError``.
    public init(json: Data, file: String? = nil) throws {
        try self.init(json: json, file: file, directly: true)
    }

    /// Decodes a flow, first with the fast path (`FlowSpec+DirectDecoding.swift`) when
    /// `directly`, then with `JSONDecoder`, which finds and words any problem.
    package init(json: Data, file: String?, directly: Bool) throws {
        self = try json.withUnsafeBytes { raw in
            try Self.decode(raw.assumingMemoryBound(to: UInt8.self), file: file, directly: directly)
        }
    }

    /// Decodes a flow from the bytes of its JSON, as ``init(json:file:)`` does, for a caller that
    /// holds bytes already (a file read whole, the embedded sign-up): no `Data` in between.
    package init(bytes: [UInt8], file: String?, directly: Bool = true) throws {
        self = try bytes.withUnsafeBufferPointer { try Self.decode($0, file: file, directly: directly) }
    }

    /// The flow in `all`, read where it is; only the slow path copies the bytes.
    private static func decode(_ all: UnsafeBufferPointer<UInt8>, file: String?, directly: Bool) throws -> FlowSpec {
        var bytes = all
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw FlowSpecError(file: file, reason: .emptyFile)
        }
        guard TextBytes.isText(bytes) else { throw FlowSpecError(file: file, reason: .notText) }
        if directly, let spec = Self.decodeDirectly(bytes) { return spec }
        let copy = [UInt8](bytes)
        let keyOrders: [String: [String]]
        do throws(JSONCursor.Problem) {
            keyOrders = try JSONCursor.check(copy, flow: true)
        } catch {
            let (line, column) = JSONCursor.lineAndColumn(of: error.offset, in: copy)
            throw FlowSpecError(file: file, line: line, column: column, reason: error.reason)
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[JSONCursor.keyOrderKey] = keyOrders
            return try decoder.decode(FlowSpec.self, from: Data(copy))
        } catch var error as FlowSpecError {
            error.file = file
            throw error
        } catch let error as DecodingError {
            throw Self.explain(error, bytes: copy, file: file)
        }
    }

    /// The sign-up flow the package embeds (`Flows/signup.json`), for `focusflow run` with no flow.
    ///
    /// - Throws: never for a correctly built package; the test suite loads it.
    public static func signup() throws -> FlowSpec {
        try FlowSpec(bytes: PackageResources.signup_json, file: "signup.json (embedded)")
    }

    static func explain(_ error: DecodingError, bytes: [UInt8], file: String?) -> FlowSpecError {
        func path(_ codingPath: [any CodingKey]) -> String? {
            codingPath.isEmpty ? nil : describe(codingPath, ids: fieldIDs(in: bytes))
        }
        switch error {
        case .dataCorrupted(let context):
            // The package's own decoders put the reason in the context; another's says it in words.
            let reason = context.underlyingError as? FlowSpecError.Reason ?? .other(context.debugDescription)
            return FlowSpecError(file: file, path: path(context.codingPath), reason: reason)
        case .typeMismatch(let type, let context):
            return FlowSpecError(file: file, path: path(context.codingPath), reason: .expected(name(of: type), topLevel: context.codingPath.isEmpty))
        case .valueNotFound(let type, let context):
            return FlowSpecError(file: file, path: path(context.codingPath), reason: .foundNull(name(of: type)))
        case .keyNotFound(let key, let context):
            return FlowSpecError(file: file, path: path(context.codingPath), reason: .missingKey(key.stringValue))
        @unknown default:
            return FlowSpecError(file: file, reason: .other("\(error)"))
        }
    }

    /// `fields[2] ("confirm").rules.matches` from a coding path.
    private static func describe(_ codingPath: [any CodingKey], ids: [String?]) -> String {
        var text = ""
        var previous: String?
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
                if previous == "fields", index < ids.count, let id = ids[index] { text += " (\"\(id)\")" }
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
            previous = key.stringValue
        }
        return text
    }

    /// The ids of the fields, read loosely, to name fields in messages.
    private static func fieldIDs(in bytes: [UInt8]) -> [String?] {
        (try? JSONDecoder().decode(LooseFlow.self, from: Data(bytes)))?.fields ?? []
    }

    /// A flow read only for its field ids, tolerating anything else.
    private struct LooseFlow: Decodable {
        var fields: [String?]

        private struct LooseField: Decodable {
            var id: String?
            init(from decoder: any Decoder) throws {
                id = try? decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: "id")
            }
        }

        init(from decoder: any Decoder) throws {
            var list = try decoder.container(keyedBy: AnyKey.self).nestedUnkeyedContainer(forKey: "fields")
            fields = []
            while !list.isAtEnd {
                fields.append((try? list.decode(LooseField.self))?.id)
                if fields.count > 100_000 { break }
            }
        }
    }

    private static func name(of type: Any.Type) -> FlowSpecError.Reason.JSONType {
        switch type {
        case is Bool.Type: .bool
        case is String.Type, is FieldID.Type: .string
        case is Int.Type: .wholeNumber
        case is Double.Type: .number
        case is [String].Type: .strings
        case is [FieldSpec].Type: .fieldList
        case _ where String(describing: type).hasPrefix("Array"): .list
        default: .object
        }
    }
}
