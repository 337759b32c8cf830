import Platform

/// The least work a tenant file's scrypt hash may ask for: each parameter at least this.
///
/// Files (`hubsim tenant validate`, `--tenant`, a scenario's tenant) are held to `minimum`.
/// Tests that make hashes in-process at a low work factor pass their own cost explicitly, so
/// the rule for files is never weakened to suit them.
public struct ScryptCost: Equatable, Sendable, CustomStringConvertible {
    public var logN: Int, r: Int, p: Int

    public init(logN: Int, r: Int, p: Int) { self.logN = logN; self.r = r; self.p = p }

    /// ln=14, r=8, p=1: N=2^14 with 8-block rows (16 MiB per guess), half
    /// the work `ScryptHasher` and the shipped tenants use (ln=15); RFC 7914's interactive figure.
    public static let minimum = ScryptCost(logN: 14, r: 8, p: 1)

    /// Whether every parameter of `hash` is at least this cost's.
    public func isMet(by hash: ScryptPHC) -> Bool { hash.logN >= logN && hash.r >= r && hash.p >= p }

    public var description: String { "ln=\(logN), r=\(r), p=\(p)" }
}
