import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages for one event loop from other threads, with a pipe that wakes
/// the loop's poller when the first message of a batch arrives.
///
/// Only the first post after the loop took the batch writes to the pipe, so
/// a burst of responses costs one wake-up. The pipe's ends are non-blocking:
/// a full pipe already means "wake up".
final class LoopInbox: Sendable {
    enum Message: Sendable {
        /// Serve this accepted connection, admitted as `id`.
        case adopt(fd: Int32, id: ConnectionAdmission.ID, client: ClientAddress?)
        /// The responder answered connection `id`'s request.
        case responded(id: ConnectionAdmission.ID, HTTPResponse)
        /// Close connection `id` if it is idle (the server needs room), else after its request.
        case evict(ConnectionAdmission.ID)
        /// The server is stopping.
        case shutdown
    }

    /// The end the loop watches for input.
    let readEnd: Int32
    private let writeEnd: Int32
    private let queue = Locked((messages: [Message](), wakePending: false))

    init() throws(HTTPServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .socketFailure(operation: "pipe", reason: SystemCall.errorText(errno))
        }
        for end in ends {
            SystemCall.setCloseOnExec(end)
            SystemCall.setNonBlocking(end, true)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        SystemCall.close(readEnd)
        SystemCall.close(writeEnd)
    }

    func post(_ message: Message) {
        let wake = queue.withLock { queue in
            queue.messages.append(message)
            defer { queue.wakePending = true }
            return !queue.wakePending
        }
        if wake {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Everything posted since the last call, in order (from the loop's thread).
    func take() -> [Message] {
        var scratch =
            (0, 0, 0, 0, 0, 0, 0, 0)
            as (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        // Empty the pipe first: a post after this either is in the batch or writes anew.
        while withUnsafeMutableBytes(of: &scratch, { read(readEnd, $0.baseAddress, $0.count) }) > 0
        {}
        return queue.withLock { queue in
            queue.wakePending = false
            defer { queue.messages.removeAll(keepingCapacity: true) }
            return queue.messages
        }
    }
}
