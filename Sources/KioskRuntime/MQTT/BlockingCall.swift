import FoundationEssentials
import Glibc
import KioskPlatform

/// Runs one call that may block (a name lookup) on a thread of its own and hands its result to the
/// loop, through a pipe the loop watches. Whoever started it need not wait: the pipe and the
/// completion stay registered until the result arrives, then both go.
enum BlockingCall {
    /// The result crosses threads once: written before the byte on the pipe, read after it.
    nonisolated private final class ResultBox: @unchecked Sendable {
        var value: Int32 = 0
    }

    static func run(on scheduler: any Scheduler, _ work: @escaping @Sendable () -> Int32,
                    completion: @escaping (Int32) -> Void) throws(MQTTError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw MQTTError("no pipe for the connect thread: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Not inherited by the programs `command` sources run.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let box = ResultBox()
        var source: EventSourceID?
        do {
            source = try scheduler.addReadable(fileDescriptor: readEnd) {
                var byte: UInt8 = 0
                guard read(readEnd, &byte, 1) == 1 else { return }
                if let source { scheduler.remove(source) }
                close(readEnd)
                close(writeEnd)
                completion(box.value)
            }
        } catch {
            close(readEnd)
            close(writeEnd)
            throw MQTTError("the loop cannot watch the connect thread: \(error)")
        }
        let call: @Sendable () -> Void = {
            box.value = work()
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
        guard startDetachedThread(call) else {
            if let source { scheduler.remove(source) }
            close(readEnd)
            close(writeEnd)
            throw MQTTError("no thread for the connect call: \(String(cString: strerror(errno)))")
        }
    }

    /// Starts `body` on a thread nobody joins. False when the system has no thread to give.
    nonisolated private static func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            errno = started
            return false
        }
        return true
    }

    nonisolated private final class ThreadBody: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
