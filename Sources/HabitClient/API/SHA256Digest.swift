import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#elseif canImport(Glibc)
    import Glibc
#endif

/// SHA-256 from the platform: CryptoKit on Apple systems, libcrypto (loaded
/// with dlopen, as libssl is, so `habits` does not link it) elsewhere.
package enum SHA256Digest {
    /// The digest of `data` in lowercase hex; `nil` when the platform has no
    /// SHA-256 to offer (libcrypto missing).
    package static func hex(_ data: Data) -> String? {
        #if canImport(CryptoKit)
            return CryptoKit.SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        #else
            guard let function = oneShot else { return nil }
            var digest = [UInt8](repeating: 0, count: 32)
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { input in
                digest.withUnsafeMutableBufferPointer { output in
                    function(input.baseAddress, input.count, output.baseAddress)
                }
            }
            return digest.map { String(format: "%02x", $0) }.joined()
        #endif
    }

    #if !canImport(CryptoKit)
        private typealias OneShot =
            @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) ->
            UnsafeMutablePointer<UInt8>?

        /// libcrypto's `SHA256()`, loaded once.
        nonisolated(unsafe) private static let oneShotAddress: UnsafeMutableRawPointer? = {
            guard let library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL) else { return nil }
            return dlsym(library, "SHA256")
        }()

        private static var oneShot: OneShot? {
            oneShotAddress.map { unsafeBitCast($0, to: OneShot.self) }
        }
    #endif
}
