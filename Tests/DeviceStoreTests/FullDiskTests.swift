import Foundation
import FuzzSupport
import SessionEngine
import Testing
@testable import DeviceStore

/// A full disk, on a real file system: a tmpfs mounted by the test (`SmallDisk`), filled to
/// the last byte by a filler file, which is deleted to give the space back.
@Suite("Reliability: a full disk", .enabled(if: SmallDisk.isAvailable, "mounting a tmpfs needs root"))
struct FullDiskTests {
    /// A new device on a full disk: its database cannot be made, nothing is left (a 0-byte file
    /// used to be, which the next start refused as damaged), and the message says the disk is full.
    @Test func aNewDeviceOnAFullDiskLeavesNothingAndSaysSo() throws {
        let disk = try SmallDisk(kilobytes: 256)
        defer { disk.unmount() }
        #expect(try disk.fill() == ENOSPC)
        guard case let .new(file) = try DeviceStore.openForStart(stateDir: disk.path, device: "till", environment: [:]) else {
            Issue.record("not a new device"); return
        }
        do throws(StoreError) {
            _ = try file.create()
            Issue.record("a device was made on a full disk")
        } catch {
            #expect(error.kind == .full, "\(error)")
            #expect(error.description == "cannot create \(disk.path)/till.sqlite: the disk is full: free space on it (or choose another --state-dir), or run with --ephemeral")
            #expect(error.exitCode == 2)
        }
        #expect(disk.files == ["filler"])
        // With space back, the same start makes the device.
        disk.free()
        guard case let .new(again) = try DeviceStore.openForStart(stateDir: disk.path, device: "till", environment: [:]) else {
            Issue.record("not a new device the second time"); return
        }
        let store = try again.create()
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, Array(Fixtures.walk.prefix(3)), store: store)
        try store.close()
        #expect(disk.files == ["till.sqlite"])
    }

    /// Saves that start failing mid-walk fail with `.full` (the rolled-back transaction leaves
    /// the file as the last good save), and once space comes back the retry saves everything:
    /// a fresh open reads the device as it is in memory.
    @Test func savesFailWhenTheDiskFillsAndTheRetrySavesWhenSpaceComesBack() throws {
        let disk = try SmallDisk(kilobytes: 2048)
        defer { disk.unmount() }
        let url = URL(fileURLWithPath: disk.path + "/till.sqlite")
        let store = try DeviceStore.open(at: url)
        var device = try Fixtures.newDevice()
        try Fixtures.drive(&device, Array(Fixtures.walk.prefix(4)), store: store)
        try disk.fill()
        var failures: [StoreError] = []
        for action in Fixtures.walk.dropFirst(4) {
            _ = device.apply(action)
            do { try store.save(device) } catch { failures.append(error) }
        }
        #expect(!failures.isEmpty, "no save failed on a full disk")
        #expect(failures.allSatisfy { $0.kind == .full && $0.shortReason == "disk full" }, "\(failures)")
        disk.free()
        try store.save(device)
        try store.close()
        let reopened = try DeviceStore.open(at: url)
        defer { try? reopened.close() }
        #expect(try reopened.load() == Fixtures.persisted(device.snapshot))
    }
}
