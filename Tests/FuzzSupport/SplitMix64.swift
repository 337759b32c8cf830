import SessionEngine

/// A small seeded random number generator (SplitMix64, Steele, Lea and Flood 2014) for the
/// random-input and fuzz tests: the same seed gives the same run on every platform and
/// Swift version, so a failure is reproduced from the seed it prints.
///
/// The helpers below draw numbers with their own arithmetic rather than the standard
/// library's `random(in:using:)`, whose algorithm is not promised to stay the same.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The engine's own SplitMix64 (the one its injected faults draw from): one implementation
    /// of the algorithm in the project.
    private var generator: FaultGenerator

    public var state: UInt64 { generator.state }

    public init(seed: UInt64) { generator = FaultGenerator(seed: seed) }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (0 when `bound` is not positive), by Lemire's multiply-shift.
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// A random element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ c: C) -> C.Element where C.Index == Int {
        c[c.startIndex + below(c.count)]
    }

    /// One of `choices`, each drawn in proportion to its weight.
    public mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var r = below(choices.reduce(0) { $0 + $1.weight })
        for c in choices {
            if r < c.weight { return c.value }
            r -= c.weight
        }
        return choices[choices.count - 1].value
    }

    /// A seed for the `index`-th of several independent runs derived from one base seed.
    public static func derive(_ base: UInt64, _ index: Int) -> UInt64 {
        var g = SplitMix64(seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        return g.next()
    }
}
