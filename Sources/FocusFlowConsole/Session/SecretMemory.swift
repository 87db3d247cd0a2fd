import CConsole
import Glibc

/// Where a secret held in memory may not go, and what wipes it: the one place that decides.
///
/// | what | how |
/// |---|---|
/// | a core file, `gcore`, a debugger or `/proc/PID/mem` of the same user | ``protectProcess()``: not dumpable, core size 0 (as ssh-agent) |
/// | memory that is freed | wiped by `focusflow`'s own `free` and `realloc` (CSecureHeap) |
/// | a buffer kept for reuse (a line reader's, a batch of responses) | ``wipe(_:)`` before it is emptied |
/// | frames a request or a key ran in | ``wipeStack()`` once a walk that held a secret ends |
///
/// What is left is said in docs/embedding.md: the engine's state holds each answer until the
/// walk ends, as it must, and Swift's strings may be copied where no code of this package sees.
package enum SecretMemory {
    /// Makes the process not dumpable and its core file size 0, for the rest of its life: a
    /// command may hold a secret from its first field to its last write.
    ///
    /// - Returns: whether both took.
    @discardableResult
    package static func protectProcess() -> Bool { ff_protect_memory() == 0 }

    /// Whether the process is not dumpable (``protectProcess()`` took).
    package static var isProtected: Bool { ff_memory_protected() != 0 }

    /// Zeroes `bytes` where they are; their count stays. Call it before a buffer kept for reuse
    /// is emptied or shortened, which would leave its old bytes in the capacity it keeps.
    package static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { explicit_bzero(base, buffer.count) }
        }
    }

    /// Zeroes the stack below the caller: what a finished request or walk left in the frames
    /// it ran in.
    package static func wipeStack() { ff_wipe_stack() }
}
