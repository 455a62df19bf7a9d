import Foundation
import HabitConcurrency
import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a command may learn from or do to the world around it.
///
/// The executable builds it from the process (`process()`); tests build one
/// with captured streams, scripted input, a fixed clock and a temporary HOME,
/// so every command runs without spawning a process.
package struct CLIEnvironment: Sendable {
    /// The words after the program name.
    var arguments: [String]
    /// Environment variables: HOME, XDG_*, NO_COLOR, HABITS_SERVER, LANG, LC_*, COLUMNS…
    /// The process's are read on first use: the first dictionary keyed by
    /// strings costs about 0.6 M instructions (Tests/Load/README.md), which
    /// `--version` skips.
    var variables: [String: String] {
        get {
            switch variablesSource {
            case .process(let variables): return variables.value
            case .given(let variables): return variables
            }
        }
        set { variablesSource = .given(newValue) }
    }
    private var variablesSource: VariablesSource
    var input: any LineInput
    var output: TextOutput
    var errorOutput: TextOutput
    var terminal: TerminalTraits
    /// The wall clock commands read. The process's is made on first use:
    /// `TimeZone.current` costs about 1 M instructions (Tests/Load/README.md),
    /// which `--version` and help, answered before any command runs, skip.
    var clock: WallClock {
        get {
            switch clockSource {
            case .system: return .system
            case .given(let clock): return clock
            }
        }
        set { clockSource = .given(newValue) }
    }
    private var clockSource: ClockSource
    /// How long network calls and imports run before a spinner or progress
    /// bar appears on a terminal; nil for each one's own delay. Tests that
    /// capture a terminal's output set it beyond any call, since a loaded
    /// machine may take longer than the delay.
    var statusLineDelay: Duration?
    /// The absolute path of the running `habits`, for `remind --install`.
    var executablePath: @Sendable () -> String?
    /// Whether a local command's store is left open for the process's exit
    /// to close, in a process that exits after its command (`HeldUntilExit`).
    var holdsUntilExit = false

    init(
        arguments: [String], variables: [String: String], input: any LineInput,
        output: TextOutput, errorOutput: TextOutput, terminal: TerminalTraits, clock: WallClock,
        statusLineDelay: Duration? = nil,
        executablePath: @escaping @Sendable () -> String? = { nil }
    ) {
        self.init(
            arguments: arguments, input: input, output: output,
            errorOutput: errorOutput, terminal: terminal, clockSource: .given(clock),
            variablesSource: .given(variables),
            statusLineDelay: statusLineDelay, executablePath: executablePath)
    }

    private init(
        arguments: [String], input: any LineInput,
        output: TextOutput, errorOutput: TextOutput, terminal: TerminalTraits,
        clockSource: ClockSource, variablesSource: VariablesSource, statusLineDelay: Duration?,
        executablePath: @escaping @Sendable () -> String?
    ) {
        self.statusLineDelay = statusLineDelay
        self.arguments = arguments
        self.variablesSource = variablesSource
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
        self.terminal = terminal
        self.clockSource = clockSource
        self.executablePath = executablePath
    }

    /// The running process: its arguments, environment, standard streams,
    /// terminal, system clock and time zone. With `holdingUntilExit`, for
    /// a process that exits after its command, what the command opens is
    /// left for the exit to close (`HeldUntilExit`).
    package static func process(holdingUntilExit: Bool = false) -> CLIEnvironment {
        var environment = CLIEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()),
            input: StandardInput(),
            output: TextOutput(FileDescriptorSink(descriptor: 1)),
            errorOutput: TextOutput(FileDescriptorSink(descriptor: 2)),
            terminal: .current(),
            clockSource: .system, variablesSource: .process(ProcessVariables()),
            statusLineDelay: nil,
            executablePath: runningExecutablePath)
        environment.holdsUntilExit = holdingUntilExit
        return environment
    }

    /// Where `clock` comes from: the machine's, read when asked (Foundation
    /// keeps the current time zone once read, so each read agrees), or one given.
    private enum ClockSource: Sendable {
        case system
        case given(WallClock)
    }

    /// Where `variables` come from: the process's, read once when first
    /// asked, or ones given.
    private enum VariablesSource: Sendable {
        case process(ProcessVariables)
        case given([String: String])
    }

    /// The process's environment variables, read on first use and kept.
    private final class ProcessVariables: Sendable {
        private let read = Locked<[String: String]?>(nil)

        var value: [String: String] {
            read.withLock { variables in
                if let variables { return variables }
                let found = CLIEnvironment.processVariables()
                variables = found
                return found
            }
        }

        /// The variable `name` as `value[name]` gives it: from the
        /// dictionary once read, else from `getenv`, which as the
        /// dictionary takes the first of two entries with one name and
        /// repairs bytes that are not UTF-8 alike.
        func value(named name: String) -> String? {
            if let variables = read.withLock({ $0 }) { return variables[name] }
            return getenv(name).map { String(cString: $0) }
        }
    }

    /// The process's environment variables, read from `environ` on Linux:
    /// Foundation's `ProcessInfo.environment` costs about 1.5 M instructions
    /// on every run (Tests/Load/README.md), this a few thousand. As `getenv`
    /// does, the first of two entries with one name wins.
    static func processVariables() -> [String: String] {
        #if os(Linux)
            // Sized once: growing a dictionary rehashes every key each time.
            var count = 0
            while environ[count] != nil { count += 1 }
            var variables: [String: String] = [:]
            variables.reserveCapacity(count)
            var entry = environ
            while let pointer = entry.pointee {
                // The name and value straight from the bytes, not through a
                // String of the whole entry sliced twice (a third of this
                // function's cost, callgrind).
                let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
                if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(decoding: bytes[..<equals], as: UTF8.self)
                    if variables[name] == nil {
                        variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                    }
                }
                entry += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }

    /// Terminal columns: the terminal's own width, else COLUMNS, else 80.
    var width: Int {
        if let width = terminal.width { return width }
        if let columns = variable("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// The environment variable `name`: `variables[name]`, but for the
    /// process read on its own with `getenv` while the dictionary of every
    /// variable is not needed (a command reads a handful by name; the
    /// dictionary cost 2,000 instructions a variable, 80 K in a shell's 40).
    func variable(_ name: String) -> String? {
        switch variablesSource {
        case .process(let variables): return variables.value(named: name)
        case .given(let variables): return variables[name]
        }
    }
}

/// The resolved path of this executable: /proc/self/exe on Linux, the
/// loader's answer on macOS, else argv[0] made absolute.
@Sendable private func runningExecutablePath() -> String? {
    #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return -1 }
            return base.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                readlink("/proc/self/exe", $0, pointer.count - 1)
            }
        }
        if length > 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
    #elseif canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0 {
            let path = String(cString: buffer)
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
    #endif
    guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
    return URL(fileURLWithPath: first).standardizedFileURL.resolvingSymlinksInPath().path
}
