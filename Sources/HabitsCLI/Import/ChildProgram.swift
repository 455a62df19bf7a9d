import Foundation
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs another program (unzip(1)) and collects at most a bounded amount
/// of its standard output; it never outlives the command.
///
/// The child reads `/dev/null` (so it can never wait on the terminal, as
/// unzip does asking for a password) and writes its errors there. Once a
/// child has run, SIGINT, SIGTERM and SIGHUP (Ctrl-C, `kill`, a closed
/// terminal), where their action is the default, kill and reap the
/// children, then end the command as the signal would have. The children
/// ignore those signals themselves, as the command does: a Ctrl-C reaching
/// the whole process group would otherwise end the child first and read as
/// its failure. Should the command die some other way, the child's next
/// write ends it (SIGPIPE). Output past `limit` kills the child at once: a
/// program cannot make this use more memory than that.
enum ChildProgram {
    struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended the child.
        var status: Int32
        var output: [UInt8]
        /// More than `limit` bytes came; `output` holds the first `limit` + 1.
        var overflowed: Bool
    }

    /// Runs `executable` with `arguments` and its output up to `limit`
    /// bytes; `nil` when it cannot be started.
    static func run(_ executable: String, _ arguments: [String], limit: Int) -> Result? {
        Running.installSignalHandlers()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Neither end may leak into another child; dup2 onto 1 clears the flag there.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }
        guard let pid = Running.spawn(executable, arguments, output: writeEnd) else {
            close(writeEnd)
            return nil
        }
        close(writeEnd)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var overflowed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
            if output.count > limit {
                overflowed = true
                output.removeLast(output.count - limit - 1)
                kill(pid, SIGKILL)
                break
            }
        }
        let status = Running.wait(pid)
        return Result(status: status, output: output, overflowed: overflowed)
    }

    /// The children running now, and the signal handlers that end them.
    private enum Running {
        /// Held while a child is started and registered, so a signal
        /// handler sees every child that exists.
        private static let children = Locked<Set<pid_t>>([])
        /// The pipe a signal handler writes the signal's number to, and the
        /// thread reading it ends the children: a handler may do little
        /// more than `write(2)`. Not Dispatch's signal sources: on Linux
        /// they read a signalfd, which misses a signal the kernel hands to a
        /// thread that does not block it (this one's main thread, where
        /// `habits` runs its command), and a SIGTERM mid-import was lost
        /// (the release suite, 2026-12-06: the command outlived it by 13
        /// minutes, until its unzip ended by itself).
        private static let wake = Locked<(read: Int32, write: Int32)?>(nil)
        /// `wake`'s write end, for the handler, which must take no lock.
        nonisolated(unsafe) private static var handlerFD: Int32 = -1

        static func spawn(_ executable: String, _ arguments: [String], output: Int32) -> pid_t? {
            children.withLock { children -> pid_t? in
                guard let pid = start(executable, arguments, output: output) else { return nil }
                children.insert(pid)
                return pid
            }
        }

        /// Waits for `pid` to end and forgets it: its status as `Result.status`.
        static func wait(_ pid: pid_t) -> Int32 {
            var status: Int32 = 0
            var waited = waitpid(pid, &status, 0)
            while waited < 0, errno == EINTR { waited = waitpid(pid, &status, 0) }
            children.withLock { _ = $0.remove(pid) }
            // A signal handler reaped it first: it was killed.
            if waited < 0 { return 128 + SIGKILL }
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        }

        /// Takes over SIGINT, SIGTERM and SIGHUP (those not ignored) once.
        static func installSignalHandlers() {
            wake.withLock { wake in
                guard wake == nil else { return }
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { return }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                wake = (ends[0], ends[1])
                handlerFD = ends[1]
                let reader = ends[0]
                // The thread that ends the children once a signal came.
                Thread.detachNewThread {
                    var number: Int32 = 0
                    while true {
                        let count = read(reader, &number, MemoryLayout<Int32>.size)
                        if count == MemoryLayout<Int32>.size { endChildren(thenRaise: number) }
                        if count < 0, errno == EINTR { continue }
                        if count <= 0 { return }
                    }
                }
                for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                    var previous = sigaction()
                    sigaction(signalNumber, nil, &previous)
                    // Only the default is taken over: a signal the command was
                    // started ignoring (nohup) stays ignored, another handler stays.
                    #if canImport(Glibc)
                        guard previous.__sigaction_handler.sa_handler == nil else { continue }
                    #else
                        guard previous.__sigaction_u.__sa_handler == nil else { continue }
                    #endif
                    var action = sigaction()
                    let handler: @convention(c) (Int32) -> Void = { number in
                        var number = number
                        _ = write(Running.handlerFD, &number, MemoryLayout<Int32>.size)
                    }
                    #if canImport(Glibc)
                        action.__sigaction_handler.sa_handler = handler
                    #else
                        action.__sigaction_u.__sa_handler = handler
                    #endif
                    sigemptyset(&action.sa_mask)
                    action.sa_flags = SA_RESTART
                    sigaction(signalNumber, &action, nil)
                }
            }
        }

        /// Kills and reaps every child, then ends the process by `signalNumber`.
        /// All under the lock: the thread that waited for a child blocks on
        /// it, instead of reporting the killed child as a failure, until
        /// the signal ends the process.
        private static func endChildren(thenRaise signalNumber: Int32) {
            children.withLock { children in
                for pid in children {
                    kill(pid, SIGKILL)
                    // Reaped here, so none is left when the command has ended.
                    _ = waitpid(pid, nil, 0)
                }
                signal(signalNumber, SIG_DFL)
                // Unblocked here (a thread may have inherited a mask), the
                // raise ends the process before it returns.
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, signalNumber)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(signalNumber)
                _exit(128 + signalNumber)
            }
        }

        /// posix_spawn with /dev/null as input and errors, `output` as
        /// standard output, SIGPIPE's default action and no signal blocked.
        private static func start(_ executable: String, _ arguments: [String], output: Int32)
            -> pid_t?
        {
            #if canImport(Glibc)
                var actions = posix_spawn_file_actions_t()
                var attributes = posix_spawnattr_t()
            #else
                var actions: posix_spawn_file_actions_t?
                var attributes: posix_spawnattr_t?
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var defaults = sigset_t()
            sigemptyset(&defaults)
            // The command's own handlers end the child on the other signals.
            sigaddset(&defaults, SIGPIPE)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var noMask = sigset_t()
            sigemptyset(&noMask)
            posix_spawnattr_setsigmask(&attributes, &noMask)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
            let argv: [UnsafeMutablePointer<CChar>?] =
                ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            #if canImport(Darwin)
                let environment = _NSGetEnviron().pointee
            #else
                let environment = environ
            #endif
            let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
            return code == 0 ? pid : nil
        }
    }
}
