// swift-tools-version:6.0
import PackageDescription

/// With FOCUSFLOW_STATIC_EXECUTABLE=1 (the Makefile's release build, with --static-swift-stdlib),
/// `focusflow` is linked as one static executable: the Swift runtime, readline, libtinfo, RE2 and
/// the C and C++ libraries linked in, so that no dynamic loader runs and no shared library is
/// mapped at a start. It is hardened as Debian hardens the programs it ships: position-independent
/// (mapped at a random address), full RELRO (its relocated data read-only before `main`, `BIND_NOW`),
/// and the package's C and C++ built with `-fstack-protector-strong` and `-D_FORTIFY_SOURCE=2`
/// (``hardenedC``); docs/performance.md says what that costs a start. Its objects must be compiled
/// against the static runtime, which only --static-swift-stdlib does; any other build links the
/// runtime as SwiftPM does.
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

/// The package's C and C++ in the same build: a canary in every function with an array or an
/// address taken, and glibc's checked string and I/O calls where a buffer's size is known.
let hardenedC: [CSetting] =
    staticBuild
    ? [.unsafeFlags(["-fstack-protector-strong"], .when(configuration: .release)), .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))] : []
let hardenedCxx: [CXXSetting] =
    staticBuild
    ? [.unsafeFlags(["-fstack-protector-strong"], .when(configuration: .release)), .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))] : []

/// In the same build, the code of every target `focusflow` links reaches the metadata of a generic
/// type it names (`[String: Int]`, `ContiguousArray<FieldSpec>`) through the type's accessor,
/// handed its arguments and their conformances, rather than by its mangled name: the runtime then
/// demangles no name and scans no conformance records for it, about a quarter of the work of a
/// start (docs/performance.md). Each function is emitted in a section of its own, so that the
/// link order (Sources/focusflow/LinkOrder) can lay a start's functions out together.
let startSettings: [SwiftSetting] =
    staticBuild
    ? [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"], .when(configuration: .release))] : []

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
    targets: [
        // RE2's regular expressions, which match in linear time (see CompiledPattern), behind a
        // C interface. Every C and C++ target is built with DWARF 4: valgrind 3.19 (Debian 12)
        // cannot read clang's DWARF 5 forms in a debug build, and one such unit makes it give up
        // on the whole binary.
        .target(name: "CRE2", cxxSettings: [.unsafeFlags(["-gdwarf-4"])] + hardenedCxx, linkerSettings: [.linkedLibrary("re2")]),
        .target(
            name: "FocusFlow",
            dependencies: ["CRE2"],
            resources: [.embedInCode("Resources/signup.json")],
            swiftSettings: startSettings
        ),
        .target(name: "FocusFlowProtocol", dependencies: ["FocusFlow"], swiftSettings: startSettings),
        .target(name: "FocusFlowCheck", dependencies: ["FocusFlow", "FocusFlowProtocol"], swiftSettings: startSettings),
        .target(name: "FocusFlowSearch", dependencies: ["FocusFlow"]),
        .target(name: "FocusFlowTesting", dependencies: ["FocusFlow"]),
        // The console's C, which knows no readline: fatal signals, the watchdog, the standard
        // descriptors closed at start, a character's width, terminfo's colour count (libtinfo).
        .target(name: "CConsole", cSettings: [.unsafeFlags(["-gdwarf-4"])] + hardenedC, linkerSettings: [.linkedLibrary("tinfo")]),
        // What every front that is not readline's uses: line mode and piped input, the answer
        // targets and drafts, the screens, the renderer, the key tables and the terminal's words.
        // It links no readline; `Tests/FocusFlowTerminalTests/LayerTests.swift` holds it to that.
        .target(name: "FocusFlowConsole", dependencies: ["FocusFlow", "CConsole"], swiftSettings: startSettings),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // The session's stateful C that readline's callbacks reach (input, undo surgery): a C file
        // of its own whose header names no readline type.
        .target(name: "CReadlineSession", cSettings: [.unsafeFlags(["-gdwarf-4"])] + hardenedC, linkerSettings: [.linkedLibrary("readline")]),
        // The interactive session: readline, its keymaps and callbacks, over the console's screens.
        .target(name: "FocusFlowTerminal", dependencies: ["FocusFlow", "FocusFlowConsole", "CReadline", "CReadlineSession"], swiftSettings: startSettings),
        // Memory wiped as it is freed: focusflow's own free and realloc (Sources/CSecureHeap), which
        // no library product reaches, so that an embedder's allocator stays its own.
        .target(name: "CSecureHeap", cSettings: [.unsafeFlags(["-gdwarf-4"])] + hardenedC),
        // The static build's entry point, which populates the pages a start relocates before glibc's
        // _start relocates them. It runs before thread-local storage exists, so it has no stack
        // protector (its functions say so themselves).
        .target(name: "CStaticStart", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
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
            swiftSettings: startSettings,
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
