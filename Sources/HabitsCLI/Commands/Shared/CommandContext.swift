import Foundation
import HabitClient
import HabitCore

/// What a running command uses: the environment, the output style, today,
/// and the backend for the selected mode.
struct CommandContext: Sendable {
    let environment: CLIEnvironment
    let arguments: BoundArguments
    let style: OutputStyle

    /// Today on the environment's clock, read once per command.
    let today: LocalDate

    /// The server selection resolved as the command started (with the
    /// day boundary, `DaySetting.read`); `nil` to resolve it when asked.
    private let resolvedSelection: Result<ServerSelection?, CommandError>?

    init(
        environment: CLIEnvironment, arguments: BoundArguments, today: LocalDate,
        serverSelection: Result<ServerSelection?, CommandError>? = nil
    ) {
        self.environment = environment
        self.arguments = arguments
        self.style = OutputStyle(arguments: arguments, environment: environment)
        self.today = today
        self.resolvedSelection = serverSelection
    }
    var output: TextOutput { environment.output }
    var errorOutput: TextOutput { environment.errorOutput }

    /// The XDG directories for this environment.
    func paths() throws(CommandError) -> CLIPaths {
        try CLIPaths(environment.variable)
    }

    /// The server to use, or `nil` for local mode.
    func serverSelection() throws(CommandError) -> ServerSelection? {
        if let resolvedSelection { return try resolvedSelection.get() }
        let paths = try paths()
        return try ServerSelection.resolve(
            flag: arguments.value(of: GlobalOptions.server), variable: environment.variable,
            config: { () throws(CommandError) in try ConfigFile(path: paths.configFile).load() })
    }

    /// The backend for the selected mode, opened for this command. Every
    /// backend imports and exports, so `habits import` and `habits export`
    /// need no check of their own.
    func backend() throws(CommandError) -> any HabitImporting {
        if let selection = try serverSelection() {
            let remote = try RemoteBackend.open(selection: selection, context: self)
            // A replica unless this server was seen lacking the change feed.
            let paths = try paths()
            let features = ServerFeatureNotes(path: paths.serverFeaturesFile)
            if features.worthTrying(
                .changeFeed, on: remote.client.configuration.baseURLString,
                now: environment.clock.now())
            {
                if let replica = try ReplicaBackend.open(remote: remote, context: self) {
                    return replica
                }
                // The session is why there is no copy: said now, with what
                // happens to the changes waiting in the copy kept.
                if let problem = ReplicaBackend.sessionProblem(
                    client: remote.client, paths: paths, clock: environment.clock)
                {
                    throw problem
                }
            }
            return remote
        }
        return try localBackend(paths: try paths())
    }

    /// Local mode's backend, opened for this command; its store is left
    /// open for the process's exit to close when the environment holds
    /// things until then (`HeldUntilExit`).
    func localBackend(paths: CLIPaths) throws(CommandError) -> LocalBackend {
        let local = try LocalBackend.open(paths: paths, clock: environment.clock)
        if environment.holdsUntilExit { HeldUntilExit.process.hold(local.store) }
        return local
    }

    /// Questions on the terminal, or `nil` when standard input is not one.
    var prompter: Prompter? {
        guard environment.terminal.inputIsTerminal else { return nil }
        return Prompter(input: environment.input, output: environment.errorOutput)
    }

    /// Writes `value` as pretty JSON with sorted keys and a final newline.
    func writeJSON(_ value: some Encodable) throws(CommandError) {
        do {
            output.sendUnfiltered(try JSONOutput.encode(value))
        } catch {
            throw CommandError.cannotEncodeJSON
        }
    }

    /// The habit `reference` names: an id (`3`, `#3`) or a name, matched
    /// exactly but ignoring case; archived habits included.
    func resolveHabit(_ reference: String, in backend: any HabitBackend) async throws(CommandError)
        -> Habit
    {
        try await HabitReference(reference).resolve(in: backend)
    }
}
