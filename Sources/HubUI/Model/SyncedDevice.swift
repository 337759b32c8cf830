import SessionEngine

/// What the model saw of the device at its last sync (`HubModel.syncWithDevice`), so that
/// a change of it moves the keyboard once.
struct SyncedDevice: Sendable {
    /// The device's state (a lock arriving moves the keyboard to the Hub).
    var state: DeviceState.Kind?
    /// The app whose token request was waiting (its prompt had the keyboard).
    var prompt: AppID?
}
