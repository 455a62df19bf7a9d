/// Why the server could not start listening, as facts; the program that
/// runs the server words them for its operator.
package enum HTTPServerError: Error, Hashable, Sendable {
    /// `host` is neither an IP address nor a name that resolves to one.
    case invalidHost(String)
    /// The address is taken, needs privileges, or is not on this machine.
    case cannotBind(host: String, port: UInt16, reason: String)
    /// The operating system refused a socket call other than bind.
    case socketFailure(operation: String, reason: String)
    /// `start()` was called on a server that is running or was shut down.
    case alreadyStarted
}
