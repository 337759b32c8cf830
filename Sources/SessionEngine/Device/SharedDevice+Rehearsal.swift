import Synchronization

extension SharedDevice {
    /// A copy of the device to try a step on before it is taken: the forecast-and-confirm
    /// dialog runs the step on it and reads what each app did, so what the dialog says is what
    /// the engine does. The device is a value, so the copy shares nothing the step changes;
    /// only its key source is its own, so that a rehearsal does not use up keys and nonces of
    /// the device's source (a seeded source would otherwise hand the real step other keys than
    /// a run without the question).
    public func rehearsal() -> SharedDevice {
        SharedDevice(snapshot: snapshot, tenant: tenant,
                     dependencies: EngineDependencies(keys: RehearsalKeys(), hasher: deps.hasher, cipher: deps.cipher))
    }
}

/// Keys and nonces for a rehearsal: distinct from one another (a counter) and marked, so no
/// key the device already holds can equal one (a wiped key must not open data again).
/// A rehearsal runs on one thread and is thrown away after it; the counter is behind a `Mutex`
/// all the same, so the compiler proves the source `Sendable` as `KeySource` requires.
final class RehearsalKeys: KeySource, Sendable {
    private let counter = Mutex<UInt64>(0)
    /// "hubsim rehearsal" in ASCII: the first 16 bytes of every rehearsal key.
    private static let mark: [UInt8] = Array("hubsim rehearsal".utf8)

    private func next() -> [UInt8] {
        let count = counter.withLock { count in
            count += 1
            return count
        }
        return withUnsafeBytes(of: count.bigEndian) { Array($0) }
    }

    func makeKey() -> KeyMaterial { KeyMaterial(bytes: Self.mark + next() + [UInt8](repeating: 0, count: 8)) }
    func makeNonce() -> [UInt8] { [0x72, 0x68, 0x73, 0x6C] + next() }
}
