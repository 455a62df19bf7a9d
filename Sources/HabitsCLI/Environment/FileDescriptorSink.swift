#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a POSIX file descriptor (1 or 2), retrying short writes and EINTR.
///
/// Errors other than EINTR (a closed pipe, a full disk) end the write quietly:
/// a command line has nowhere better to report a failing standard stream.
struct FileDescriptorSink: TextSink {
    let descriptor: Int32

    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, pointer, remaining)
                #else
                    let written = Darwin.write(descriptor, pointer, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                pointer += written
                remaining -= written
            }
        }
    }
}
