// swift-tools-version:6.1
import PackageDescription

/// A package that depends on FocusFlow as any host does: by version, with the default traits.
/// `.ci/run` clones the checkout, tags the clone with the version `focusflow --version` says, and
/// builds and tests this package against it (FOCUSFLOW_URL); it proves that every library product
/// builds as a versioned dependency (no unsafe flag reaches one) and that the engine's products
/// build with the toolchain alone.
let focusflow = Context.environment["FOCUSFLOW_URL"] ?? "https://github.com/focusflow/focusflow.git"

let package = Package(
    name: "Host",
    dependencies: [.package(url: focusflow, from: "0.1.0")],
    targets: [
        // Every library product, as a host's program uses it.
        .executableTarget(
            name: "Host",
            dependencies: [
                .product(name: "FocusFlow", package: "focusflow"),
                .product(name: "FocusFlowProtocol", package: "focusflow"),
                .product(name: "FocusFlowCheck", package: "focusflow"),
                .product(name: "FocusFlowSearch", package: "focusflow"),
                .product(name: "FocusFlowConsole", package: "focusflow"),
                .product(name: "FocusFlowTerminal", package: "focusflow"),
            ]),
        .testTarget(
            name: "HostTests",
            dependencies: [
                .product(name: "FocusFlow", package: "focusflow"),
                .product(name: "FocusFlowTesting", package: "focusflow"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
