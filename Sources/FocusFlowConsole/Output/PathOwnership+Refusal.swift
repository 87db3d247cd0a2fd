import FocusFlow

extension PathOwnership {
    /// Why a path is not the person's to write or read, in words of each language
    /// (``words(in:)``): a fragment that follows the path in a sentence.
    public enum Refusal: Error, Equatable, Sendable {
        /// A symbolic link another user owns: not followed.
        case link(owner: UInt32)
        /// A file, FIFO or device another user owns; `reading` when it was to be read.
        case owned(FileType, owner: UInt32, reading: Bool)
        /// A draft that is not a regular file.
        case notAFile(FileType)
        /// A draft of the person's that other users can write (its permission bits).
        case writableByOthers(mode: UInt32)
        /// What was opened is not what was checked: the path was replaced in between.
        case replaced

        /// The reason as a fragment to sit inside a sentence of `language`.
        public func words(in language: Language) -> String {
            switch language {
            case .en: english
            case .ko: korean
            }
        }

        private var english: String {
            switch self {
            case .link(let owner):
                "it is a symbolic link owned by another user (uid \(owner)), which focusflow does not follow"
            case .owned(let kind, let owner, let reading):
                "it is \(kind.english) owned by another user (uid \(owner)); focusflow " + (reading ? "reads only what is yours" : "writes only to what is yours")
            case .notAFile(let kind):
                "it is \(kind.english); a draft is kept only in a regular file"
            case .writableByOthers(let mode):
                "other users can write it (mode \(Self.octal(mode))), so its answers may not be yours"
            case .replaced:
                "it was replaced while focusflow was checking it"
            }
        }

        private var korean: String {
            switch self {
            case .link(let owner):
                "다른 사용자(uid \(owner))의 심볼릭 링크입니다. focusflow는 이런 링크를 따라가지 않습니다"
            case .owned(let kind, let owner, let reading):
                "다른 사용자(uid \(owner))가 소유한 \(kind.korean)입니다. focusflow는 " + (reading ? "본인 소유의 것만 읽습니다" : "본인 소유의 것에만 씁니다")
            case .notAFile(let kind):
                "\(kind.korean)입니다. 초안은 일반 파일에만 둡니다"
            case .writableByOthers(let mode):
                "다른 사용자도 쓸 수 있는 파일입니다 (모드 \(Self.octal(mode))). 그 안의 답이 본인의 것이 아닐 수 있습니다"
            case .replaced:
                "focusflow가 확인하는 사이에 다른 것으로 바뀌었습니다"
            }
        }

        /// Permission bits as `chmod` takes them: `0666`.
        private static func octal(_ mode: UInt32) -> String {
            let digits = String(mode, radix: 8)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}

extension PathOwnership.FileType {
    fileprivate var english: String {
        switch self {
        case .file: "a file"
        case .fifo: "a FIFO"
        case .device: "a character device"
        case .folder: "a folder"
        case .socket: "a socket"
        case .blockDevice: "a block device"
        }
    }

    fileprivate var korean: String {
        switch self {
        case .file: "파일"
        case .fifo: "FIFO"
        case .device: "문자 장치"
        case .folder: "폴더"
        case .socket: "소켓"
        case .blockDevice: "블록 장치"
        }
    }
}
