import HabitHTTP

/// Why the server could not start; `description` is one sentence saying what to fix.
package struct ServerStartupError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }

    /// The operator's sentence for a listener that could not start.
    init(_ error: HTTPServerError) {
        switch error {
        case .invalidHost(let host):
            self.init("'\(host)' is not an IP address or a host name that resolves to one.")
        case .cannotBind(let host, let port, let reason):
            self.init("Cannot listen on \(host) port \(port): \(reason).")
        case .socketFailure(let operation, let reason):
            self.init("The socket call \(operation) failed: \(reason).")
        case .alreadyStarted:
            self.init("The server was already started; create a new one to listen again.")
        }
    }
}
