import Foundation
import HabitHTTP
import HabitServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses the flags, starts the server, and serves until SIGINT or SIGTERM;
/// `habits-server migrate|check|backup|restore …` run those commands instead.
func runServer() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let subcommand = ServerSubcommand(arguments.first) {
        return subcommand.run(
            Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
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
    case .printConfiguration(let configuration):
        print(
            ConfigurationReport.render(
                configuration, environment: ProcessInfo.processInfo.environment))
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
        let backups = configuration.operations.backups.map {
            BackupScheduler(schedule: $0, database: configuration.databasePath, log: log)
        }
        backups?.start()
        ShutdownSignals.install {
            ShutdownDeadline.start(seconds: configuration.operations.shutdownTimeout, log: log)
            backups?.stop()
            app.shutdown()
        }
        app.waitUntilStopped()
        return 0
    }
}

exit(runServer())
