import FocusFlow

extension DraftFile {
    /// Why a draft cannot be resumed, naming the file, rendered in each language
    /// (``message(in:)``); ``description`` is the English.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public enum Reason: Equatable, Sendable {
            /// The file is there but cannot be read.
            case unreadable(SystemError)
            /// The file holds no focusflow draft.
            case notADraft
            /// A draft of another flow, or of this one before it changed.
            case refused(PrefillError)
            /// Not the person's to resume: another user's, or others can write it.
            case notYours(PathOwnership.Refusal)
        }

        /// The draft's path, as given.
        public var path: String
        /// Why it cannot be resumed.
        public var reason: Reason

        /// The failure to resume the draft at `path`, for `reason`.
        public init(_ path: String, _ reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// The English sentence.
        public var description: String { message(in: .en) }

        /// The sentence in `language`, naming the file as given, its control and invisible
        /// characters written as escapes (`\u{1B}`): a name cannot drive the terminal.
        public func message(in language: Language) -> String { DisplayText.escaped(sentence(in: language)) }

        private func sentence(in language: Language) -> String {
            switch language {
            case .en:
                let afresh = "'--draft-discard' starts afresh (and replaces it)."
                return switch reason {
                case .unreadable(let error): "cannot read the draft \(path): \(error.words(in: .en))"
                case .notADraft: "cannot resume the draft \(path): it is not a focusflow draft. " + afresh
                case .refused(let error): "cannot resume the draft \(path): \(error.message). " + afresh
                case .notYours(let refusal): "cannot resume the draft \(path): \(refusal.words(in: .en)). " + afresh
                }
            case .ko:
                let afresh = "'--draft-discard'를 주면 처음부터 시작합니다 (초안은 새로 씁니다)."
                return switch reason {
                case .unreadable(let error): "초안(\(path))을 읽을 수 없습니다: \(error.words(in: .ko))"
                case .notADraft: "초안(\(path))을 이어서 할 수 없습니다: focusflow 초안이 아닙니다. " + afresh
                case .refused(let error): "초안(\(path))을 이어서 할 수 없습니다: \(error.message(in: .ko)). " + afresh
                case .notYours(let refusal): "초안(\(path))을 이어서 할 수 없습니다: \(refusal.words(in: .ko)). " + afresh
                }
            }
        }
    }

    /// A draft that could not be written or removed during the walk.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A write failed: the draft on disk is older than the walk.
        case notSaved(String, AnswerTarget.Failure)
        /// The walk completed and its answers are written, but the draft stayed.
        case notRemoved(String, SystemError)

        public var description: String { message(in: .en) }

        /// The sentence in `language`, naming the file as given, its control and invisible
        /// characters written as escapes (`\u{1B}`): a name cannot drive the terminal.
        public func message(in language: Language) -> String { DisplayText.escaped(sentence(in: language)) }

        private func sentence(in language: Language) -> String {
            switch (self, language) {
            case (.notSaved(let path, let failure), .en): "the draft \(path) could not be saved (\(failure.message(in: .en)))"
            case (.notRemoved(let path, let error), .en): "cannot remove the draft \(path) after the walk completed: \(error.words(in: .en))"
            case (.notSaved(let path, let failure), .ko): "초안(\(path))을 저장하지 못했습니다 (\(failure.message(in: .ko)))"
            case (.notRemoved(let path, let error), .ko): "흐름을 마쳤지만 초안(\(path))을 지우지 못했습니다: \(error.words(in: .ko))"
            }
        }
    }
}
