/// Why the server could not start; `description` is one sentence saying what to fix.
public struct ServerStartupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
