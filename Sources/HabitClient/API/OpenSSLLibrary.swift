#if os(Linux)
    import CTLS
    import Glibc

    /// The libssl functions `ClientConnection` calls, loaded with dlopen on
    /// the first https connection rather than linked.
    ///
    /// Linked, libssl and libcrypto cost every run of `habits` about 5 M
    /// instructions of relocation before `main` (Tests/Load/README.md),
    /// although only server mode over https uses them. The headers (CTLS)
    /// still give the types and constants, checked at build time.
    struct OpenSSLLibrary: Sendable {
        typealias Handle = OpaquePointer?

        let clientMethod: @convention(c) () -> Handle
        let contextNew: @convention(c) (Handle) -> Handle
        let contextFree: @convention(c) (Handle) -> Void
        let contextControl: @convention(c) (Handle, Int32, Int, UnsafeMutableRawPointer?) -> Int
        let loadVerifyLocations:
            @convention(c) (Handle, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
        let setDefaultVerifyPaths: @convention(c) (Handle) -> Int32
        let setVerify: @convention(c) (Handle, Int32, OpaquePointer?) -> Void
        let new: @convention(c) (Handle) -> Handle
        let free: @convention(c) (Handle) -> Void
        let setDescriptor: @convention(c) (Handle, Int32) -> Int32
        let parameters: @convention(c) (Handle) -> Handle
        let setIPAddress: @convention(c) (Handle, UnsafePointer<CChar>?) -> Int32
        let setHostFlags: @convention(c) (Handle, UInt32) -> Void
        let control: @convention(c) (Handle, Int32, Int, UnsafeMutableRawPointer?) -> Int
        let setHost: @convention(c) (Handle, UnsafePointer<CChar>?) -> Int32
        let connect: @convention(c) (Handle) -> Int32
        let verifyResult: @convention(c) (Handle) -> Int
        let write: @convention(c) (Handle, UnsafeRawPointer?, Int32) -> Int32
        let read: @convention(c) (Handle, UnsafeMutableRawPointer?, Int32) -> Int32
        let error: @convention(c) (Handle, Int32) -> Int32
        let clearErrors: @convention(c) () -> Void
        let peekLastError: @convention(c) () -> UInt

        /// libssl, loaded once; `nil` when it cannot be.
        static let shared: OpenSSLLibrary? = OpenSSLLibrary()

        private init?() {
            // RTLD_GLOBAL as if linked: with RTLD_LOCAL the handshake fails
            // when the trust store comes from SSL_CERT_FILE.
            guard let library = dlopen("libssl.so.3", RTLD_NOW | RTLD_GLOBAL) else { return nil }
            struct Missing: Error {}
            func load<T>(_ name: String) throws(Missing) -> T {
                guard let address = dlsym(library, name) else { throw Missing() }
                return unsafeBitCast(address, to: T.self)
            }
            do throws(Missing) {
                clientMethod = try load("TLS_client_method")
                contextNew = try load("SSL_CTX_new")
                contextFree = try load("SSL_CTX_free")
                contextControl = try load("SSL_CTX_ctrl")
                loadVerifyLocations = try load("SSL_CTX_load_verify_locations")
                setDefaultVerifyPaths = try load("SSL_CTX_set_default_verify_paths")
                setVerify = try load("SSL_CTX_set_verify")
                new = try load("SSL_new")
                free = try load("SSL_free")
                setDescriptor = try load("SSL_set_fd")
                parameters = try load("SSL_get0_param")
                setIPAddress = try load("X509_VERIFY_PARAM_set1_ip_asc")
                setHostFlags = try load("SSL_set_hostflags")
                control = try load("SSL_ctrl")
                setHost = try load("SSL_set1_host")
                connect = try load("SSL_connect")
                verifyResult = try load("SSL_get_verify_result")
                write = try load("SSL_write")
                read = try load("SSL_read")
                error = try load("SSL_get_error")
                clearErrors = try load("ERR_clear_error")
                peekLastError = try load("ERR_peek_last_error")
            } catch {
                dlclose(library)
                return nil
            }
        }
    }
#endif
