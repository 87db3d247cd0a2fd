@preconcurrency import CReadline
import FocusFlowConsole

/// The one place readline's C callbacks reach the session: a keymap entry is a C function
/// pointer and carries no context, so each command here finds the running session and hands the
/// key to it. Screens never see this: a screen's keys are its ``KeyBinding`` table, which the
/// session runs with itself as the screen's ``ScreenContext``.
enum ReadlineAdapter {
    /// The session walking a flow now; `nil` outside ``InteractiveSession/run()``.
    nonisolated(unsafe) static var session: InteractiveSession?

    /// The key sequence readline is running a command for, as bytes.
    static var executingSequence: [UInt8] {
        let length = Int(rl_key_sequence_length)
        guard length > 0, let sequence = rl_executing_keyseq else {
            return rl_executing_key >= 0 && rl_executing_key < 256 ? [UInt8(rl_executing_key)] : []
        }
        return (0..<length).map { UInt8(bitPattern: sequence[$0]) }
    }
}

// Readline's keymaps hold C function pointers, which Swift forms only from functions.

/// A key of the focused screen's (or the review's) table.
func screenKey(_: Int32, _: Int32) -> Int32 {
    ReadlineAdapter.session?.runScreenKey(ReadlineAdapter.executingSequence)
    return 0
}
func submitKey(_: Int32, _: Int32) -> Int32 { ReadlineAdapter.session?.submit(); return 0 }
/// Ctrl-D, as readline's delete-char-or-EOF: on an empty line it cancels the walk (as Ctrl-C
/// does, the form erased), otherwise it deletes the character under the cursor.
func endOfInputKey(_ count: Int32, _ key: Int32) -> Int32 { endOfInput(count, key, delete: characterDeleteKey) }
/// Ctrl-D in a secure field: as ``endOfInputKey``, deleting without the kill ring.
func secureEndOfInputKey(_ count: Int32, _ key: Int32) -> Int32 { endOfInput(count, key, delete: secureDeleteKey) }
private func endOfInput(_ count: Int32, _ key: Int32, delete: (Int32, Int32) -> Int32) -> Int32 {
    if ff_end() == 0 { ReadlineAdapter.session?.finish(.cancelled); return 0 }
    return delete(count, key)
}
func previousKey(_: Int32, _: Int32) -> Int32 { ReadlineAdapter.session?.previous(); return 0 }
func revealKey(_: Int32, _: Int32) -> Int32 { ReadlineAdapter.session?.toggleReveal(); return 0 }
func redrawKey(_: Int32, _: Int32) -> Int32 { ReadlineAdapter.session?.redrawForm(clearingScreen: true); return 0 }
func dingKey(_: Int32, _: Int32) -> Int32 {
    ReadlineAdapter.session.map { $0.refuse($0.theme.words.keyDoesNothing) }
    return 0
}
