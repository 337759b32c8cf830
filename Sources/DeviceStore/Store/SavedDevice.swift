import SessionEngine

/// A stored device as a start needs it (`DeviceStore.loadForStart`).
public enum SavedDevice: Equatable, Sendable {
    /// No device yet: a new or reset file.
    case none
    /// A device that is not enrolled. A start makes it afresh, so only the profile it was
    /// set up with is read, not the rest (its app set's JSON alone costs a millisecond to
    /// decode, before the first frame).
    case unenrolled(ProfileID)
    /// An enrolled device, whole, to be resumed.
    case enrolled(DeviceSnapshot)
}
