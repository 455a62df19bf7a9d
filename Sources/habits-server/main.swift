import Foundation
import HabitHTTP
import HabitServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses the flags, starts the server, and serves until SIGINT or SIGTERM;
/// `habits-server migrate …` copies a SQLite database into PostgreSQL instead.
func runServer() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "migrate" {
        return StoreMigrationCommand.run(
            Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
            output: { print($0) },
            errors: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
    }
    let command: ServerCommand
    do {
        command = try ServerCommandLine.parse(
            Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment)
    } catch {
        FileHandle.standardError.write(Data("habits-server: \(error)\n".utf8))
        return 64
    }
    switch command {
    case .help:
        print(ServerCommandLine.usage)
        return 0
    case .version:
        print("habits-server \(HabitServerApp.version)")
        return 0
    case .run(let configuration):
        let log = ServerLog(level: configuration.logLevel, format: configuration.logFormat)
        // Each connection holds a descriptor; the default soft limit (often 1,024) is too few.
        HTTPServer.raiseDescriptorLimit()
        let app: HabitServerApp
        let port: UInt16
        do {
            app = try HabitServerApp(configuration: configuration, log: log)
            port = try app.start()
        } catch {
            log.error("\(error)")
            return 1
        }
        if configuration.port == 0 {
            // Tests and scripts read the chosen port from the first line.
            FileHandle.standardOutput.write(Data("\(port)\n".utf8))
        }
        ShutdownSignals.install { app.shutdown() }
        app.waitUntilStopped()
        return 0
    }
}

exit(runServer())
