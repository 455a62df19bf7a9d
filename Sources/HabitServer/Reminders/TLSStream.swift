import Foundation

#if os(Linux)
    import CTLS
    import Glibc

    /// A TLS client connection over a connected socket, by OpenSSL: the
    /// system's trust store, TLS 1.2 at least, the certificate checked
    /// against the host name (or the IP address of a literal). The socket
    /// is non-blocking: a call OpenSSL says must wait for the socket
    /// (`SSL_ERROR_WANT_READ`, `_WRITE`) waits for what is left of
    /// `deadline` and is made again.
    final class TLSStream: ByteStream {
        /// One client context for the process.
        private struct Context: @unchecked Sendable {
            // Safe to share: an SSL_CTX is only read once set up here, and
            // OpenSSL makes SSL_new on one context safe from any thread.
            let pointer: OpaquePointer?
        }

        private static let context: Context = {
            let context = SSL_CTX_new(TLS_client_method())
            SSL_CTX_set_default_verify_paths(context)
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
            _ = SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_2_VERSION), nil)
            return Context(pointer: context)
        }()

        private let ssl: OpaquePointer
        private let socket: Int32
        private let deadline: ExchangeDeadline

        private init(ssl: OpaquePointer, socket: Int32, deadline: ExchangeDeadline) {
            self.ssl = ssl
            self.socket = socket
            self.deadline = deadline
        }

        deinit {
            SSL_free(ssl)
        }

        static func open(socket: Int32, host: String, deadline: ExchangeDeadline) -> Result<
            TLSStream, PostFailure
        > {
            guard let context = context.pointer, let ssl = SSL_new(context) else {
                return .failure(PostFailure("TLS is not available on this server."))
            }
            let stream = TLSStream(ssl: ssl, socket: socket, deadline: deadline)
            SSL_set_fd(ssl, socket)
            if IPAddress(host) != nil {
                X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
            } else {
                _ = host.withCString {
                    SSL_ctrl(
                        ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name),
                        UnsafeMutableRawPointer(mutating: $0))
                }
                SSL_set1_host(ssl, host)
            }
            ERR_clear_error()
            guard stream.retrying({ SSL_connect(ssl) }) == 1 else {
                let verified = SSL_get_verify_result(ssl)
                if verified != X509_V_OK {
                    let reason = X509_verify_cert_error_string(verified).map { String(cString: $0) }
                    return .failure(
                        PostFailure(
                            "The certificate of \(host) was refused (\(reason ?? "not trusted"))."))
                }
                return .failure(PostFailure("The TLS handshake with \(host) failed."))
            }
            return .success(stream)
        }

        func write(_ data: Data) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let chunk = Int32(min(buffer.count - offset, 1 << 20))
                    let written = retrying { SSL_write(ssl, buffer.baseAddress! + offset, chunk) }
                    guard written > 0 else { return false }
                    offset += Int(written)
                }
                return true
            }
        }

        func read(maximum: Int) -> Data? {
            var buffer = [UInt8](repeating: 0, count: maximum)
            let count = buffer.withUnsafeMutableBytes { bytes in
                retrying { SSL_read(ssl, bytes.baseAddress, Int32(maximum)) }
            }
            if count > 0 { return Data(buffer.prefix(Int(count))) }
            return SSL_get_error(ssl, count) == SSL_ERROR_ZERO_RETURN ? Data() : nil
        }

        /// `call`'s result once it no longer asks to wait for the socket,
        /// or its last result when the deadline passed while waiting.
        private func retrying(_ call: () -> Int32) -> Int32 {
            while true {
                // SSL_get_error reads the thread's error queue: only this call's.
                ERR_clear_error()
                let result = call()
                guard result <= 0 else { return result }
                let events: Int16
                switch SSL_get_error(ssl, result) {
                case SSL_ERROR_WANT_READ: events = Int16(POLLIN)
                case SSL_ERROR_WANT_WRITE: events = Int16(POLLOUT)
                default: return result
                }
                guard deadline.wait(socket, for: events) else { return result }
            }
        }
    }
#else
    /// TLS delivery is built on OpenSSL, on Linux only for now.
    final class TLSStream: ByteStream {
        static func open(socket: Int32, host: String, deadline: ExchangeDeadline) -> Result<
            TLSStream, PostFailure
        > {
            .failure(PostFailure("https delivery needs OpenSSL, which this build lacks."))
        }

        func write(_ data: Data) -> Bool { false }
        func read(maximum: Int) -> Data? { nil }
    }
#endif
