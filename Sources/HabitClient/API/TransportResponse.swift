import Foundation

/// One HTTP response as a transport hands it back: status, headers and the whole body.
public struct TransportResponse: Hashable, Sendable {
    public var status: Int
    /// Header fields by lower-case name.
    public private(set) var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = [:]
        self.body = body
        for (name, value) in headers { self.headers[name.lowercased()] = value }
    }

    /// The value of header `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
