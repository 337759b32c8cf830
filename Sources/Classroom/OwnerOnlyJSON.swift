import Foundation

/// The class folder's small JSON files (a seat, the lead): written whole, owner-only.
enum OwnerOnlyJSON {
    /// Writes `value` as one line of JSON (sorted keys) to a sibling `.new` file renamed over
    /// `path`, so a crash mid-write leaves the last good one; the file is 0600.
    static func write(_ value: some Encodable, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(value)
        data.append(0x0A)
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
