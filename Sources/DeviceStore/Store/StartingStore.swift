import Logging

/// What `hubsim`'s start finds for its device (`DeviceStore.openForStart`).
public enum StartingStore {
    /// The device's file exists: open, its device read as a start needs it.
    case existing(DeviceStore, SavedDevice)
    /// No file yet: a new device, whose database is made after the first frame.
    case new(NewDeviceFile)
}

/// A new device's database, not made yet: its directory has been made and checked writable.
///
/// A new device has nothing to save until its first change, so a start draws the first frame
/// from the device built in memory and calls `create` right after, before it reads the first
/// key: making the file, entering WAL and creating the tables (2.5 ms on the benchmark
/// machine) is then not part of the first frame (Docs/performance.md, "Fifth pass").
/// A usage problem still fails before the screen is taken over: the device name, the
/// directory and a file in its place are all checked by `openForStart`.
public struct NewDeviceFile: Sendable {
    /// Where the database will be.
    public let path: String
    let logger: Logger

    /// Makes the database, empty and current, held by this process from now on. `.inUse` when
    /// the file appeared since the start looked: another hubsim started the same new device,
    /// and the first to create it keeps it.
    public func create() throws(StoreError) -> DeviceStore {
        do { return try DeviceStore.create(path, logger: logger) } catch {
            logger.error("cannot create the device database", metadata: ["path": "\(path)", "kind": "\(error.kind.rawValue)"])
            throw error
        }
    }
}
