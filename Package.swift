// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FocusFlow",
    products: [
        .library(name: "FocusFlow", targets: ["FocusFlow"]),
        .executable(name: "focusflow", targets: ["focusflow"]),
        .executable(name: "focusflow-bench", targets: ["focusflow-bench"]),
    ],
    targets: [
        .target(
            name: "FocusFlow",
            resources: [.embedInCode("Resources/signup.json")]
        ),
        .executableTarget(name: "focusflow", dependencies: ["FocusFlow"]),
        .executableTarget(name: "focusflow-bench", dependencies: ["FocusFlow"]),
        .testTarget(name: "FocusFlowTests", dependencies: ["FocusFlow", "focusflow"]),
    ],
    swiftLanguageModes: [.v6]
)
