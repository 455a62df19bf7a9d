// swift-tools-version:6.0
import PackageDescription

/// Linking for the fastest start, asked for with `HABITS_FAST_START_LINK=1`:
/// SQLite from `libsqlite3.a`, the C++ runtime from `libstdc++.a`, an
/// executable that is not position independent (`habitsLinking`), and
/// metadata accessors rather than mangled names (at the end of this file).
/// Together they spare every `habits` run about 5 M instructions
/// (Tests/Load/README.md). Examples/install.sh, README's install, sets it in
/// a build directory of its own (`.build/fast-start`), with
/// `--static-swift-stdlib`; Tests/Load/startup-floor.sh measures what that
/// installs, against a floor linked with the same flags (change both).
/// Not `swift build`'s default, because they need static SQLite and C++
/// libraries (Debian's libsqlite3-dev and libstdc++-dev have them, other
/// distributions may not; install.sh then builds the default), give up
/// address randomisation of the executable itself, and use unsafe flags,
/// which keep a package from being used as a dependency.
let fastStartLink =
    Context.environment["HABITS_FAST_START_LINK"] == "1"

/// How HabitStore links SQLite: statically for a fast-start build on Linux,
/// else the system's shared library.
let sqliteLinking: [LinkerSetting] =
    fastStartLink
    ? [
        .unsafeFlags(
            ["-Xlinker", "-Bstatic", "-Xlinker", "-lsqlite3", "-Xlinker", "-Bdynamic"],
            .when(platforms: [.linux])),
        .linkedLibrary("sqlite3", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
    ]
    : [.linkedLibrary("sqlite3")]

/// The `habits` binary's extra linker settings for a fast-start build
/// (`Sources/habits/FastStart`): lld; the C++ runtime from `libstdc++.a`,
/// which spares the loader's 1.6 M instructions of binding `libstdc++.so.6`
/// at every start, and GCC's unwinder from `libgcc_eh.a`, one shared
/// library fewer to open, map and bind (linker scripts found first for
/// `-lstdc++` and `-lgcc_s`); and a position-dependent executable: a PIE's
/// 83,000 relative relocations (Swift's metadata is full of pointers) are
/// written into its data pages at every start, 0.7 M instructions and 200
/// page faults, about 0.6 ms. The price is that the executable's own code
/// and data sit at a fixed address (its libraries, heap and stack are still
/// randomised), as with Go's executables on Linux, whose linker makes
/// them position dependent unless asked otherwise. It also
/// exports none of its own symbols (SwiftPM links executables with
/// `--export-dynamic`): 4,200 of them made the dynamic symbol table that
/// the runtime's `dladdr` at start-up searches one by one (0.1 M
/// instructions); nothing looks them up by name. And it lays out first,
/// together, the functions the local commands run (`startup-order.txt`,
/// written by `Tests/Load/startup-order.sh`), so they share fewer pages of
/// the 18 MB of code: each page a run first touches costs a page fault.
/// The linker moves sections: a public Swift function (most of the
/// standard library's and Foundation's) has one of its own; any other
/// function moves with the rest of its source file, as SQLite's do. A name
/// the list holds that a build lacks is skipped: a stale list only orders
/// less.
let habitsLinking: [LinkerSetting] =
    fastStartLink
    ? [
        .unsafeFlags(
            [
                "-use-ld=lld", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic",
                "-L", Context.packageDirectory + "/Sources/habits/FastStart",
                "-Xlinker",
                "--symbol-ordering-file=" + Context.packageDirectory
                    + "/Sources/habits/FastStart/startup-order.txt",
                "-Xlinker", "--no-warn-symbol-ordering",
            ],
            .when(platforms: [.linux]))
    ]
    : []

let package = Package(
    name: "habits",
    platforms: [.macOS(.v13)],
    products: [
        // The one library meant for other packages: the model, the rules and
        // the calendars, no I/O (README, "Using HabitCore in your own code").
        // The other targets serve the programs below; what they share is
        // `package`, not `public`.
        .library(name: "HabitCore", targets: ["HabitCore"]),
        .executable(name: "habits", targets: ["habits"]),
        .executable(name: "habits-server", targets: ["habits-server"]),
        .executable(name: "habits-bench", targets: ["habits-bench"]),
    ],
    targets: [
        // C libraries from the system (Debian: libsqlite3-dev, libssl-dev).
        // SQLite's headers only: HabitStore says how the library is linked
        // (`sqliteLinking`).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libpq, the PostgreSQL client library (Debian: libpq-dev; Homebrew's
        // libpq is keg-only: PKG_CONFIG_PATH=$(brew --prefix libpq)/lib/pkgconfig).
        // Only habits-server links it, through HabitPostgres.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // OpenSSL's headers for the client's TLS (Debian: libssl-dev); libssl
        // itself is loaded with dlopen on the first https connection.
        .systemLibrary(name: "CTLS", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // zlib, for the web app's files sent gzip-compressed (Debian:
        // zlib1g-dev; macOS has it in the SDK).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // epoll(7) for the HTTP server's event loops; Glibc's module map leaves it out.
        .systemLibrary(name: "CEventPoll"),

        // Locks and atomics shared by the library and the HTTP layer.
        .target(name: "HabitConcurrency"),
        // Command lines for both executables: words to tokens, tokens bound
        // to a command's spec, typed keys declaring each option once for the
        // parser and the help, and usage errors. Knows nothing of habits.
        .target(name: "CommandLineArguments"),
        // The pure model, rules and calendar that the server, the CLI and the
        // benchmark share: no I/O.
        .target(name: "HabitCore"),
        // The REST client and token storage (its own HTTP/1.1 over OpenSSL
        // on Linux, URLSession elsewhere; files, Keychain): only the CLI
        // links it, never the server.
        .target(
            name: "HabitClient",
            dependencies: [
                "HabitConcurrency", "HabitCore", "HabitFiles",
                .target(name: "CTLS", condition: .when(platforms: [.linux])),
            ]),
        // The file system's edge, one copy each: how a file is replaced
        // atomically (PendingFile, AtomicFile) and where the XDG rules put it.
        .target(name: "HabitFiles", dependencies: ["HabitConcurrency"]),
        // What a store is, whatever its database: the repository protocols,
        // the records they use, the backend-neutral StoreError, the pure
        // decisions both stores apply under their locks (code checks, refresh
        // rotation, habit limits, entry writes, idempotency replay) and the
        // writes both stores share, over the steps each runs in its own SQL
        // (StoreStatements). No I/O of its own.
        .target(name: "HabitStorage", dependencies: ["HabitConcurrency", "HabitCore"]),
        // The stores on SQLite: the server's and the CLI's local mode.
        .target(
            name: "HabitStore",
            dependencies: ["HabitConcurrency", "HabitCore", "HabitStorage", "CSQLite"],
            linkerSettings: sqliteLinking),
        // The server's store on PostgreSQL.
        .target(
            name: "HabitPostgres",
            dependencies: ["HabitConcurrency", "HabitCore", "HabitStorage", "CLibPQ"]),
        // The HTTP/1.1 server: sockets, event loops, parsing; knows nothing of habits.
        .target(
            name: "HabitHTTP",
            dependencies: [
                "HabitConcurrency",
                .target(name: "CEventPoll", condition: .when(platforms: [.linux])),
            ]
        ),
        // The server's pure request handling: routes and their matching, body
        // decoding and the inputs read from it. No I/O: the fuzz targets link it.
        .target(name: "HabitAPI", dependencies: ["HabitCore"]),
        .target(
            name: "HabitServer",
            dependencies: [
                "CommandLineArguments", "HabitAPI", "HabitConcurrency", "HabitCore", "HabitFiles",
                "HabitStorage", "HabitStore",
                "HabitPostgres", "HabitHTTP",
                "CZlib",
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
                // TLS for webhook and ntfy deliveries (Reminders/TLSStream).
                .target(name: "CTLS", condition: .when(platforms: [.linux])),
            ],
            exclude: ["openapi.yaml", "Web"],
            linkerSettings: [.linkedLibrary("ssl", .when(platforms: [.linux]))],
            plugins: ["WebAppEmbedding"]
        ),
        // The web app's files (Sources/HabitServer/Web) become a Swift file
        // of HabitServer at build time: the plugin runs this tool on them.
        .executableTarget(name: "habits-web-embed"),
        .plugin(
            name: "WebAppEmbedding", capability: .buildTool(),
            dependencies: ["habits-web-embed"], path: "Sources/WebAppEmbedding"),
        .target(
            name: "HabitsCLI",
            dependencies: [
                "CommandLineArguments", "HabitConcurrency", "HabitCore", "HabitClient",
                "HabitFiles", "HabitStorage",
                "HabitStore",
            ]),

        .executableTarget(
            name: "habits", dependencies: ["HabitConcurrency", "HabitsCLI"], exclude: ["FastStart"],
            linkerSettings: habitsLinking),
        .executableTarget(name: "habits-server", dependencies: ["HabitHTTP", "HabitServer"]),
        .executableTarget(name: "habits-bench", dependencies: ["HabitCore"]),

        .testTarget(
            name: "HabitCoreTests",
            dependencies: ["HabitCore", "TestSupport"],
            resources: [.copy("Snapshots")]
        ),
        .testTarget(
            name: "HabitClientTests",
            dependencies: ["HabitClient", "HabitConcurrency", "HabitCore", "TestSupport"]),
        .testTarget(name: "HabitFilesTests", dependencies: ["HabitFiles", "TestSupport"]),
        // What every test may share, linking no server: one clock a test
        // moves, one temporary directory, a raw HTTP client, the one "tool
        // or skip" rule (RequiredTool) and a child process's environment.
        .target(
            name: "TestSupport", dependencies: ["HabitConcurrency", "HabitCore"],
            path: "Tests/TestSupport"),
        // The servers the wider tests run: one in-process habits-server, the
        // built binaries as processes, and a PostgreSQL server of the tests'
        // own (initdb and pg_ctl in a temporary directory) with the one
        // "PostgreSQL or skip" rule.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "HabitConcurrency", "HabitCore", "HabitHTTP", "HabitServer", "TestSupport",
            ],
            path: "Tests/ServerTestSupport"),
        // The values the storage tests count from (a moment, days, a habit's
        // fields), linking no store.
        .target(
            name: "StorageTestSupport", dependencies: ["HabitCore"],
            path: "Tests/StorageTestSupport"),
        // The pure decisions both stores apply (HabitStorage), with no store
        // and no PostgreSQL support linked.
        .testTarget(
            name: "HabitStorageTests",
            dependencies: ["HabitCore", "HabitStorage", "StorageTestSupport"]),
        // Runs every store case against SQLite and PostgreSQL.
        .testTarget(
            name: "HabitStoreTests",
            dependencies: [
                "CSQLite", "HabitConcurrency", "HabitCore", "HabitStorage", "HabitStore",
                "HabitPostgres", "ServerTestSupport", "StorageTestSupport", "TestSupport",
            ]),
        .testTarget(name: "HabitConcurrencyTests", dependencies: ["HabitConcurrency"]),
        .testTarget(name: "CommandLineArgumentsTests", dependencies: ["CommandLineArguments"]),
        .testTarget(
            name: "HabitHTTPTests", dependencies: ["HabitConcurrency", "HabitHTTP", "TestSupport"]),
        .testTarget(
            name: "HabitServerTests",
            dependencies: [
                "HabitAPI", "HabitConcurrency", "HabitCore", "HabitHTTP", "HabitServer",
                "HabitStorage",
                "HabitStore", "habits-server", "ServerTestSupport", "TestSupport",
            ]),
        // The command tests run in both modes: server mode against an
        // in-process habits-server.
        .testTarget(
            name: "HabitsCLITests",
            dependencies: [
                "CommandLineArguments", "HabitConcurrency", "HabitCore", "HabitsCLI", "HabitClient",
                "HabitServer",
                "HabitStorage", "HabitStore", "ServerTestSupport", "TestSupport",
            ],
            resources: [.copy("Snapshots")]),
        // The HabitCore API client against a real HabitServer in the same process.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "HabitConcurrency", "HabitCore", "HabitClient", "HabitServer", "HabitStorage",
                "HabitStore", "ServerTestSupport", "TestSupport",
            ]),
        // Runs the built `habits` and `habits-server` binaries as subprocesses.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "HabitConcurrency", "HabitCore", "HabitClient", "habits", "habits-server",
                "ServerTestSupport", "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// A fast-start build also asks the compiler for metadata accessors rather
// than mangled names for concrete generic types. With mangled names, the
// first `[String: …]` or `[Int64: …]` a run creates has the runtime demangle
// the type and prove `String: Hashable` by reading every conformance record
// in the binary (about 0.38 M instructions each); an accessor is handed the
// witness table instead. Unsafe flags too, hence only in this build.
if fastStartLink {
    for target in package.targets where target.type == .regular || target.type == .executable {
        target.swiftSettings =
            (target.swiftSettings ?? []) + [
                .unsafeFlags([
                    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                ])
            ]
    }
}

// Every file imports the modules whose declarations it uses, members and
// conformances included (SE-0444): without this, a method or conformance
// from a module that only another file of the target imports is visible
// too, and a file's imports stop saying what it uses.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
