// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "habits",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "HabitCore", targets: ["HabitCore"]),
        .library(name: "HabitStore", targets: ["HabitStore"]),
        .library(name: "HabitServer", targets: ["HabitServer"]),
        .executable(name: "habits", targets: ["habits"]),
        .executable(name: "habits-server", targets: ["habits-server"]),
        .executable(name: "habits-bench", targets: ["habits-bench"]),
    ],
    targets: [
        // C libraries from the system (Debian: libsqlite3-dev, libssl-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // epoll(7) for the HTTP server's event loops; Glibc's module map leaves it out.
        .systemLibrary(name: "CEventPoll"),

        .target(name: "HabitCore"),
        .target(name: "HabitStore", dependencies: ["HabitCore", "CSQLite"]),
        .target(
            name: "HabitServer",
            dependencies: [
                "HabitCore", "HabitStore",
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
                .target(name: "CEventPoll", condition: .when(platforms: [.linux])),
            ],
            exclude: ["openapi.yaml"]
        ),
        .target(name: "HabitsCLI", dependencies: ["HabitCore", "HabitStore"]),

        .executableTarget(name: "habits", dependencies: ["HabitsCLI"]),
        .executableTarget(name: "habits-server", dependencies: ["HabitServer"]),
        .executableTarget(name: "habits-bench", dependencies: ["HabitCore", "HabitStore"]),

        .testTarget(
            name: "HabitCoreTests",
            dependencies: ["HabitCore"],
            resources: [.copy("Snapshots")]
        ),
        .testTarget(name: "HabitStoreTests", dependencies: ["HabitStore"]),
        .testTarget(name: "HabitServerTests", dependencies: ["HabitServer", "habits-server"]),
        // The command tests run in both modes: server mode against an
        // in-process habits-server.
        .testTarget(name: "HabitsCLITests", dependencies: ["HabitsCLI", "HabitServer"]),
        // The HabitCore API client against a real HabitServer in the same process.
        .testTarget(
            name: "IntegrationTests", dependencies: ["HabitCore", "HabitServer", "HabitStore"]),
        // Runs the built `habits` and `habits-server` binaries as subprocesses.
        .testTarget(name: "EndToEndTests", dependencies: ["HabitCore", "habits", "habits-server"]),
    ],
    swiftLanguageModes: [.v6]
)
