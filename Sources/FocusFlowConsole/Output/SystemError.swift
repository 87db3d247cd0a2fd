import FocusFlow
import Glibc

/// What the system said (`errno`) when a file could not be read or written, in words of each
/// language. The common reasons have a sentence fragment per language (one `switch` each, so a
/// case without words in a language does not compile); any other is `strerror`'s text with its
/// number, `(errno N)`, in both.
public enum SystemError: Equatable, Sendable {
    case noSuchFile, permissionDenied, notPermitted, noSpace, isFolder, notFolder, readOnlyFileSystem
    case exists, quotaExceeded, inputOutput, brokenPipe, badDescriptor, noDevice, nameTooLong, linkLoop, fileTooLarge
    /// Any other `errno`.
    case other(Int32)

    /// The reason for `errno` value `code`.
    public init(code: Int32) {
        self =
            switch code {
            case ENOENT: .noSuchFile
            case EACCES: .permissionDenied
            case EPERM: .notPermitted
            case ENOSPC: .noSpace
            case EISDIR: .isFolder
            case ENOTDIR: .notFolder
            case EROFS: .readOnlyFileSystem
            case EEXIST: .exists
            case EDQUOT: .quotaExceeded
            case EIO: .inputOutput
            case EPIPE: .brokenPipe
            case EBADF: .badDescriptor
            case ENXIO: .noDevice
            case ENAMETOOLONG: .nameTooLong
            case ELOOP: .linkLoop
            case EFBIG: .fileTooLarge
            default: .other(code)
            }
    }

    /// The reason as a fragment to sit inside a sentence of `language`.
    public func words(in language: Language) -> String {
        switch language {
        case .en: english
        case .ko: korean
        }
    }

    private var english: String {
        switch self {
        case .noSuchFile: "no such file or directory"
        case .permissionDenied: "permission denied"
        case .notPermitted: "operation not permitted"
        case .noSpace: "no space left on device"
        case .isFolder: "is a directory"
        case .notFolder: "not a directory"
        case .readOnlyFileSystem: "read-only file system"
        case .exists: "file exists"
        case .quotaExceeded: "disk quota exceeded"
        case .inputOutput: "input/output error"
        case .brokenPipe: "broken pipe"
        case .badDescriptor: "bad file descriptor"
        case .noDevice: "no such device or address"
        case .nameTooLong: "file name too long"
        case .linkLoop: "too many levels of symbolic links"
        case .fileTooLarge: "file too large"
        case .other(let code): Self.system(code)
        }
    }

    private var korean: String {
        switch self {
        case .noSuchFile: "그런 파일이나 폴더가 없습니다"
        case .permissionDenied: "권한이 없습니다"
        case .notPermitted: "허용되지 않는 작업입니다"
        case .noSpace: "장치에 남은 공간이 없습니다"
        case .isFolder: "폴더입니다"
        case .notFolder: "경로 중간에 폴더가 아닌 것이 있습니다"
        case .readOnlyFileSystem: "읽기 전용 파일 시스템입니다"
        case .exists: "파일이 이미 있습니다"
        case .quotaExceeded: "디스크 할당량을 넘었습니다"
        case .inputOutput: "입출력 오류가 났습니다"
        case .brokenPipe: "파이프를 읽는 쪽이 닫혔습니다"
        case .badDescriptor: "잘못된 파일 디스크립터입니다"
        case .noDevice: "그런 장치나 주소가 없습니다"
        case .nameTooLong: "파일 이름이 너무 깁니다"
        case .linkLoop: "심볼릭 링크가 너무 여러 번 이어집니다"
        case .fileTooLarge: "파일이 너무 큽니다"
        case .other(let code): Self.system(code)
        }
    }

    /// `strerror(code)` in lower case, with the number: "no data available (errno 61)".
    private static func system(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst() + " (errno \(code))"
    }
}
