#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Work started on a thread of its own now, its outcome taken later with `wait`: the start
/// reads the device's store on it while the main thread decodes the tenant (issue 13).
///
/// A plain POSIX thread rather than Dispatch or `Thread`: their first use (a thread pool,
/// Foundation's thread object) costs more than the overlap wins. If no thread can be made,
/// the work runs at once on the caller's, so the outcome is the same either way.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // Written by the worker thread only, read only after `pthread_join` (which orders the two).
    private var outcome: Result<Value, any Error>?
    #if canImport(Glibc)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif
    private var joinable = false

    init(_ body: @escaping @Sendable () throws -> Value) {
        let task = ThreadBody { [unowned(unsafe) self] in self.outcome = Result { try body() } }
        let context = Unmanaged.passRetained(task).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if started == 0 {
            joinable = true
        } else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            outcome = Result { try body() }
        }
    }

    /// The work's value, or its error, once it has finished (waits for it).
    func wait() throws -> Value {
        if joinable {
            #if canImport(Glibc)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
            joinable = false
        }
        guard let outcome else { preconditionFailure("the background work ended without an outcome") }
        return try outcome.get()
    }

    deinit {
        // Never left running: its closure refers to this object.
        if joinable { _ = try? wait() }
    }
}

/// The closure a thread runs, boxed for `pthread_create`'s context pointer (a C function
/// cannot capture a generic type's parameters).
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
