/// The fault seed's generator, a SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014). Its whole state is one integer, so a saved
/// device stores it and a replay draws the same numbers.
public struct FaultGenerator: RandomNumberGenerator, Codable, Equatable, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, drawn without `Int.random(in:using:)`, whose algorithm the standard
    /// library does not promise to keep: a replay on another toolchain draws the same.
    public mutating func draw(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A stable seed from a device's name (64-bit FNV-1a): the same name, the same faults.
    public static func seed(from name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
