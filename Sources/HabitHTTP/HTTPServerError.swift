/// Why the server could not start listening.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `host` is neither an IP address nor a name that resolves to one.
    case invalidHost(String)
    /// The address is taken, needs privileges, or is not on this machine.
    case cannotBind(host: String, port: UInt16, reason: String)
    /// The operating system refused a socket call other than bind.
    case socketFailure(operation: String, reason: String)
    /// `start()` was called on a server that is running or was shut down.
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "'\(host)' is not an IP address or a host name that resolves to one."
        case .cannotBind(let host, let port, let reason):
            return "Cannot listen on \(host) port \(port): \(reason)."
        case .socketFailure(let operation, let reason):
            return "The socket call \(operation) failed: \(reason)."
        case .alreadyStarted:
            return "The server was already started; create a new one to listen again."
        }
    }
}
