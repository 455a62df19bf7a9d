// swift-tools-version:6.0
import PackageDescription

// A small program that uses HabitCore as a library: build it with
//   cd Examples/LibraryUsage && swift run
let package = Package(
    name: "LibraryUsage",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "habits", path: "../..")],
    targets: [
        .executableTarget(
            name: "LibraryUsage",
            dependencies: [.product(name: "HabitCore", package: "habits")])
    ],
    swiftLanguageModes: [.v6]
)
