/// A device's injected faults: what is armed, what fired and what is still under way. Saved
/// with the device (`DeviceSnapshot.faults`, nil until the first fault is armed or a seed is
/// set, so devices without faults keep their shape).
public struct FaultBook: Codable, Equatable, Sendable {
    /// The seed the generator started from (`SharedDevice.setFaultSeed`; by default one
    /// derived from the device's name).
    public var seed: UInt64
    /// The seeded generator as it stands: a restored device draws on from here.
    public var generator: FaultGenerator
    /// The next fault's number (1, 2, …), never reused.
    public var nextID = 1
    /// Waiting to fire, in arming order.
    public var armed: [ArmedFault] = []
    /// What fired, oldest first; the oldest go past `firedLimit`.
    public var fired: [FaultEffect] = []
    /// Deliveries a `delay` holds until their time.
    public var delayed: [DelayedDelivery] = []
    /// Deliveries a `reorder` holds until the next delivery has arrived.
    public var heldBack: [HeldBackDelivery] = []
    /// Wipes and clears a `slow-callback` is still performing.
    public var slowCallbacks: [SlowCallback] = []
    /// The last transition the device took: what a fault firing now hit (`FaultEffect.during`).
    public var lastTransition: Transition?
    /// Silent token requests a `token-in-flight` keeps under way until the session ends (nil
    /// when none ever was, so a saved book keeps its shape).
    public var tokensInFlight: [TokenInFlight]?

    public init(seed: UInt64) {
        self.seed = seed
        generator = FaultGenerator(seed: seed)
    }

    /// The fired faults kept: enough for any walk's report; a random walk of thousands of
    /// steps keeps the latest.
    public static let firedLimit = 200

    /// Whether anything is armed or under way (a device with neither behaves as without faults).
    public var isIdle: Bool { armed.isEmpty && delayed.isEmpty && heldBack.isEmpty && slowCallbacks.isEmpty && (tokensInFlight ?? []).isEmpty }
}

/// A delivery a `delay` holds: it joins the deliveries (or step mode's queue) at `due`.
public struct DelayedDelivery: Codable, Equatable, Sendable {
    public var delivery: Delivery
    public var due: SimInstant
    public var faultID: Int
    /// The transition it was part of.
    public var during: Transition?
}

/// A delivery a `reorder` holds until another delivery has arrived.
public struct HeldBackDelivery: Codable, Equatable, Sendable {
    public var delivery: Delivery
    public var faultID: Int
    public var during: Transition?
}

/// A wipe or clear a `slow-callback` is performing: until `due` the app still holds, and shows,
/// what it held; at `due` it deletes by the same rule from what it holds then.
public struct SlowCallback: Codable, Equatable, Sendable {
    public enum Work: Codable, Equatable, Sendable {
        /// Workspace ONE `controllerDidWipeCurrentUserData`.
        case wipe
        /// An MSAL app clearing every user's data but `keeping`'s (the account it changed to).
        case clear(keeping: UserID?)
    }
    public var app: AppID
    public var faultID: Int
    public var work: Work
    public var startedAt: SimInstant
    public var due: SimInstant
    /// The user whose data the app held when it began.
    public var previous: UserID?
}
