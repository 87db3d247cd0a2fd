// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FocusFlow",
    products: [
        .library(name: "FocusFlow", targets: ["FocusFlow"]),
        .library(name: "FocusFlowTerminal", targets: ["FocusFlowTerminal"]),
        .executable(name: "focusflow", targets: ["focusflow"]),
        .executable(name: "focusflow-bench", targets: ["focusflow-bench"]),
    ],
    targets: [
        .target(
            name: "FocusFlow",
            resources: [.embedInCode("Resources/signup.json")]
        ),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "FocusFlowTerminal", dependencies: ["FocusFlow", "CReadline"]),
        .executableTarget(name: "focusflow", dependencies: ["FocusFlow", "FocusFlowTerminal"]),
        .executableTarget(name: "focusflow-bench", dependencies: ["FocusFlow", "FocusFlowTerminal"]),
        .testTarget(name: "FocusFlowTests", dependencies: ["FocusFlow", "focusflow"]),
        .testTarget(name: "FocusFlowTerminalTests", dependencies: ["FocusFlowTerminal", "focusflow"]),
    ],
    swiftLanguageModes: [.v6]
)
