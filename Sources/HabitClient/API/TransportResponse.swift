import Foundation

/// One HTTP response as a transport hands it back: status, headers and the whole body.
package struct TransportResponse: Hashable, Sendable {
    package var status: Int
    /// Header fields by lower-case name.
    package private(set) var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = [:]
        self.body = body
        for (name, value) in headers { self.headers[name.lowercased()] = value }
    }

    /// The value of header `name`, compared without regard to case.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
