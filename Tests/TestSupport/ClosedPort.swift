import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 127.0.0.1 port that refuses connections for as long as the value lives.
///
/// The port is held by a bound socket that never listens: a connection to it
/// is refused, and no other test's server (all bind port 0, in parallel) can
/// be given it meanwhile. A test that stops a server and then expects its
/// port to be unreachable must hold the port this way, or it may reach
/// whichever server the kernel handed the freed port to.
package final class ClosedPort: Sendable {
    package let port: UInt16
    private let socketFD: Int32

    /// Any free port.
    package convenience init() throws {
        try self.init(reserving: 0)
    }

    /// `port` itself, just released by a stopped server. SO_REUSEADDR lets
    /// the bind succeed beside the stopped server's TIME_WAIT connections;
    /// it still fails if another server has started listening there.
    package init(reserving port: UInt16) throws {
        #if canImport(Glibc)
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socketFD = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketFD >= 0 else { throw Failure(step: "socket", code: errno) }
        if port != 0 {
            var one: Int32 = 1
            _ = setsockopt(
                socketFD, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, length) == 0 && getsockname(socketFD, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(socketFD)
            throw Failure(step: "bind", code: code)
        }
        self.socketFD = socketFD
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(socketFD)
    }

    /// A socket call that failed, with its errno.
    package struct Failure: Error, CustomStringConvertible {
        package let step: String
        package let code: Int32
        package var description: String { "\(step): \(String(cString: strerror(code)))" }
    }
}
