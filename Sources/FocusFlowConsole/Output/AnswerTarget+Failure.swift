import FocusFlow

extension AnswerTarget {
    /// Why a file cannot be written: the file as named, what was to be written there and the
    /// reason, rendered in each language (``message(in:)``); ``description`` is the English.
    /// It holds names and `errno` only — never what was to be written.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What was to be written: it names the sentence and the example file a folder suggests.
        public enum Content: Equatable, Sendable {
            case answers, recording, draft
        }

        /// What is wrong with the file or its folder.
        public enum Reason: Equatable, Sendable {
            /// The path is empty.
            case noName
            /// The system refused (an `open`, `write`, `rename`, …).
            case system(SystemError)
            /// A regular file without write permission.
            case readOnly
            /// The path is a folder.
            case folder
            /// A socket, a block device or another kind of file that is not written to.
            case notWritableKind
            /// Symbolic links that lead to more than 40 others.
            case tooManyLinks
            /// The folder the file would go in does not exist.
            case folderMissing(String)
            /// The folder the file would go in cannot be looked at.
            case folderUnusable(String, SystemError)
            /// What would be the file's folder is a file.
            case notAFolder(String)
            /// No new file can be made in the folder.
            case cannotCreate(folder: String, SystemError)
            /// A descriptor closed from the start.
            case closed
            /// A descriptor open for reading only.
            case openForReading
            /// `/dev/full`.
            case full
            /// A pipe whose reader has gone.
            case pipeNobodyReads
            /// Not the person's to write: another user planted or owns it (``PathOwnership``).
            case notYours(PathOwnership.Refusal)

            /// The reason ``PathOwnership`` gave.
            init(_ problem: PathOwnership.Problem) {
                self =
                    switch problem {
                    case .refused(let refusal): .notYours(refusal)
                    case .system(let error): .system(error)
                    case .tooManyLinks: .tooManyLinks
                    }
            }
        }

        /// The target as the person named it: `stdout` or the path given.
        public var name: String
        /// What is wrong with it.
        public var reason: Reason
        /// What was to be written there.
        public var content: Content

        /// The failure to write `content` to `name`, for `reason`.
        public init(_ name: String, _ reason: Reason, content: Content = .answers) {
            self.name = name
            self.reason = reason
            self.content = content
        }

        /// The same failure, said of writing `content`.
        public func about(_ content: Content) -> Failure { Failure(name, reason, content: content) }

        /// The English sentence.
        public var description: String { message(in: .en) }

        /// The sentence in `language`, naming the file as given, its control and invisible
        /// characters written as escapes (`\u{1B}`): a name cannot drive the terminal.
        public func message(in language: Language) -> String { DisplayText.escaped(sentence(in: language)) }

        private func sentence(in language: Language) -> String {
            switch language {
            case .en: english
            case .ko: korean
            }
        }

        private var example: String {
            let file =
                switch content {
                case .answers: "answers.json"
                case .recording: "walk.script"
                case .draft: "draft.json"
                }
            return (name.hasSuffix("/") ? name : name + "/") + file
        }

        private var english: String {
            let what =
                switch content {
                case .answers: "the answers"
                case .recording: "the recording"
                case .draft: "the draft"
                }
            let reason =
                switch reason {
                case .noName: ""
                case .system(let error): error.words(in: .en)
                case .readOnly: "it is read-only; make it writable or name another file"
                case .folder: "it is a folder; name a file in it, like \(example)"
                case .notWritableKind: "it is not a file, a FIFO or a character device"
                case .tooManyLinks: "too many symbolic links"
                case .folderMissing(let folder): "the folder \(folder) does not exist"
                case .folderUnusable(let folder, let error): "the folder \(folder): \(error.words(in: .en))"
                case .notAFolder(let folder): "\(folder) is not a folder"
                case .cannotCreate(let folder, let error): "cannot create a file in the folder \(folder): \(error.words(in: .en))"
                case .closed: "it is closed"
                case .openForReading: "it is open for reading only"
                case .full: "it is /dev/full, where every write fails"
                case .pipeNobodyReads: "it is a pipe that nobody reads"
                case .notYours(let refusal): refusal.words(in: .en)
                }
            if case .noName = self.reason { return "cannot write \(what) to a file with no name" }
            return "cannot write \(what) to \(name): \(reason)"
        }

        private var korean: String {
            let what =
                switch content {
                case .answers: "답을"
                case .recording: "녹화를"
                case .draft: "초안을"
                }
            let reason =
                switch reason {
                case .noName: ""
                case .system(let error): error.words(in: .ko)
                case .readOnly: "읽기 전용 파일입니다. 쓸 수 있게 바꾸거나 다른 파일을 지정하세요"
                case .folder: "폴더입니다. 그 안의 파일을 지정하세요 (예: \(example))"
                case .notWritableKind: "일반 파일도, FIFO도, 문자 장치도 아닙니다"
                case .tooManyLinks: "심볼릭 링크가 너무 많이 이어집니다"
                case .folderMissing(let folder): "\(folder) 폴더가 없습니다"
                case .folderUnusable(let folder, let error): "\(folder) 폴더: \(error.words(in: .ko))"
                case .notAFolder(let folder): "\(folder): 폴더가 아닙니다"
                case .cannotCreate(let folder, let error): "\(folder) 폴더에 파일을 만들 수 없습니다: \(error.words(in: .ko))"
                case .closed: "닫혀 있습니다"
                case .openForReading: "읽기 전용으로 열려 있습니다"
                case .full: "/dev/full입니다. 여기에 쓰면 언제나 실패합니다"
                case .pipeNobodyReads: "아무도 읽지 않는 파이프입니다"
                case .notYours(let refusal): refusal.words(in: .ko)
                }
            if case .noName = self.reason { return "이름이 없는 파일에는 \(what) 쓸 수 없습니다" }
            let target = name == "stdout" ? "표준 출력" : name
            return "\(target)에 \(what) 쓸 수 없습니다: \(reason)"
        }
    }
}
