// swift-tools-version:6.1
import PackageDescription

/// With FOCUSFLOW_STATIC_EXECUTABLE=1 (the Makefile's release build, with --static-swift-stdlib),
/// `focusflow` is linked as one static executable: the Swift runtime, readline, libtinfo, RE2 and
/// the C and C++ libraries linked in, so that no dynamic loader runs and no shared library is
/// mapped at a start. It is hardened as Debian hardens the programs it ships: position-independent
/// (mapped at a random address), full RELRO (its relocated data read-only before `main`, `BIND_NOW`),
/// and the package's C and C++ built with `-fstack-protector-strong` and `-D_FORTIFY_SOURCE=2`;
/// docs/performance.md says what that costs a start. Its objects must be compiled against the
/// static runtime, which only --static-swift-stdlib does; any other build links the runtime as
/// SwiftPM does.
///
/// The compiler flags of that build (the hardening, and the Swift front end's flags that make a
/// start cheaper) are the Makefile's command line, not settings here: a package that depends on
/// FocusFlow by version may not reach a target with unsafe flags, and only the executable targets,
/// which no library product reaches, have any.
let staticBuild = Context.environment["FOCUSFLOW_STATIC_EXECUTABLE"] == "1"
let staticExecutable: [LinkerSetting] =
    staticBuild
    ? [
        .unsafeFlags(
            [
                "-static-executable", "-Xclang-linker", "-static-pie", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
                // The pages a start relocates are populated first (Sources/CStaticStart).
                "-Xlinker", "-e", "-Xlinker", "ff_static_start",
            ],
            .when(configuration: .release))
    ]
    : []

let package = Package(
    name: "FocusFlow",
    products: [
        .library(name: "FocusFlow", targets: ["FocusFlow"]),
        .library(name: "FocusFlowProtocol", targets: ["FocusFlowProtocol"]),
        .library(name: "FocusFlowCheck", targets: ["FocusFlowCheck"]),
        .library(name: "FocusFlowSearch", targets: ["FocusFlowSearch"]),
        .library(name: "FocusFlowTesting", targets: ["FocusFlowTesting"]),
        .library(name: "FocusFlowConsole", targets: ["FocusFlowConsole"]),
        .library(name: "FocusFlowTerminal", targets: ["FocusFlowTerminal"]),
        .executable(name: "focusflow", targets: ["focusflow"]),
        .executable(name: "focusflow-bench", targets: ["focusflow-bench"]),
    ],
    traits: [
        // Flow patterns matched by RE2 (libre2-dev) instead of the engine's own matcher: what the
        // command-line tool on Linux is built with (`make install`, the tests). Off by default, so
        // that a package depending on FocusFlow builds it with the toolchain alone.
        .trait(name: "RE2", description: "Match flow patterns with RE2 (libre2-dev) rather than the engine's own matcher.")
    ],
    targets: [
        // RE2's regular expressions, which match in linear time (see CompiledPattern), behind a
        // C interface: the engine's only with the RE2 trait.
        .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
        .target(
            name: "FocusFlow",
            dependencies: [.target(name: "CRE2", condition: .when(traits: ["RE2"]))],
            resources: [.embedInCode("Resources/signup.json")]
        ),
        .target(name: "FocusFlowProtocol", dependencies: ["FocusFlow"]),
        .target(name: "FocusFlowCheck", dependencies: ["FocusFlow", "FocusFlowProtocol"]),
        .target(name: "FocusFlowSearch", dependencies: ["FocusFlow"]),
        .target(name: "FocusFlowTesting", dependencies: ["FocusFlow"]),
        // The console's C, which knows no readline: fatal signals, the watchdog, the standard
        // descriptors closed at start, a character's width, terminfo's colour count (libtinfo).
        .target(name: "CConsole", linkerSettings: [.linkedLibrary("tinfo")]),
        // What every front that is not readline's uses: line mode and piped input, the answer
        // targets and drafts, the screens, the renderer, the key tables and the terminal's words.
        // It links no readline; `Tests/FocusFlowTerminalTests/LayerTests.swift` holds it to that.
        .target(name: "FocusFlowConsole", dependencies: ["FocusFlow", "CConsole"]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // The session's stateful C that readline's callbacks reach (input, undo surgery): a C file
        // of its own whose header names no readline type.
        .target(name: "CReadlineSession", linkerSettings: [.linkedLibrary("readline")]),
        // The interactive session: readline, its keymaps and callbacks, over the console's screens.
        .target(name: "FocusFlowTerminal", dependencies: ["FocusFlow", "FocusFlowConsole", "CReadline", "CReadlineSession"]),
        // Memory wiped as it is freed: focusflow's own free and realloc (Sources/CSecureHeap), which
        // no library product reaches, so that an embedder's allocator stays its own.
        .target(name: "CSecureHeap"),
        // The static build's entry point, which populates the pages a start relocates before glibc's
        // _start relocates them. It runs before thread-local storage exists, so it has no stack
        // protector (its functions say so themselves).
        .target(name: "CStaticStart"),
        // Test support, not a product: the pty driver used by the terminal tests and the bench.
        .target(name: "PseudoTerminalSupport"),
        // Glibc's mktemp stays out of focusflow's link, which a static Swift runtime would
        // otherwise pull in through FoundationEssentials: see Sources/focusflow/NoMktemp.swift.
        // Linked by the toolchain's lld, for what starts it faster and smaller (docs/performance.md):
        // relative relocations packed (DT_RELR, glibc 2.36 and later: 7 KB instead of 910 KB
        // to read at every start), and the functions of a start and a walk laid out together
        // (Sources/focusflow/LinkOrder). The build `make install` installs is one static
        // executable (staticExecutable, above).
        .executableTarget(
            name: "focusflow",
            dependencies: ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTerminal", "CSecureHeap", "CStaticStart"],
            exclude: ["LinkOrder"],
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "--wrap=mktemp",
                    // Linked statically, glibc's free and realloc are reached through CSecureHeap's.
                    "-Xlinker", "--wrap=free", "-Xlinker", "--wrap=realloc",
                    "-use-ld=lld",
                    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/focusflow/LinkOrder/focusflow.order",
                    // The order names functions of the release build; a name it no longer has is skipped.
                    "-Xlinker", "--no-warn-symbol-ordering",
                ])
            ] + staticExecutable),
        .executableTarget(
            name: "focusflow-bench",
            dependencies: ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowTerminal", "PseudoTerminalSupport"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=mktemp"])]),
        // Stock readline in callback mode: the reference the differential tests (and the bench) compare with.
        .executableTarget(name: "readline-reference", linkerSettings: [.linkedLibrary("readline")]),
        // The bench's floor: a raw-mode C program writing one '*' a key.
        .executableTarget(name: "raw-echo-reference"),
        .testTarget(
            name: "FocusFlowTests",
            dependencies: ["FocusFlow", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowSearch", "PseudoTerminalSupport", "focusflow"]),
        .testTarget(
            name: "FocusFlowTerminalTests",
            dependencies: ["FocusFlowConsole", "FocusFlowTerminal", "PseudoTerminalSupport", "focusflow", "readline-reference"]),
        .testTarget(name: "FocusFlowTestingTests", dependencies: ["FocusFlowTesting", "focusflow"]),
        // The Swift snippets of README.md and docs/, each held verbatim in a file of its own and
        // built as a host builds them: the library products alone, no @testable import.
        .testTarget(
            name: "FocusFlowSnippetTests",
            dependencies: ["FocusFlow", "FocusFlowTesting", "FocusFlowProtocol", "FocusFlowCheck", "FocusFlowSearch"]),
    ],
    swiftLanguageModes: [.v6]
)
