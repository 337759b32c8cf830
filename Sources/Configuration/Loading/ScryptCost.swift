import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The least work a tenant file's scrypt hash may ask for: each parameter at least this.
///
/// Files (`hubsim tenant validate`, `--tenant`, a scenario's tenant) are held to `forFiles`:
/// `minimum`, unless the process was started with `HUBSIM_TEST_TENANTS=1`, which the test
/// suite sets to run hubsim on its own test tenants (Tests/Tenants, hashes of ln=4) the way
/// a user passes a tenant, without a special build (Docs/testing.md). Tests that make hashes
/// in-process at a low work factor pass their own cost explicitly.
public struct ScryptCost: Equatable, Sendable, CustomStringConvertible {
    public var logN: Int, r: Int, p: Int

    public init(logN: Int, r: Int, p: Int) { self.logN = logN; self.r = r; self.p = p }

    /// ln=14, r=8, p=1: N=2^14 with 8-block rows (16 MiB per guess), half
    /// the work `ScryptHasher` and the shipped tenants use (ln=15); RFC 7914's interactive figure.
    public static let minimum = ScryptCost(logN: 14, r: 8, p: 1)

    /// scrypt's own floor (N=2, r=1, p=1): what test tenants are held to.
    public static let testing = ScryptCost(logN: 1, r: 1, p: 1)

    /// What a tenant file read by path is held to: `testing` under `HUBSIM_TEST_TENANTS=1`,
    /// else `minimum`. Read once, when the first file is.
    public static let forFiles: ScryptCost = getenv("HUBSIM_TEST_TENANTS").map { String(cString: $0) == "1" } == true ? testing : minimum

    /// Whether every parameter of `hash` is at least this cost's.
    public func isMet(by hash: ScryptPHC) -> Bool { hash.logN >= logN && hash.r >= r && hash.p >= p }

    public var description: String { "ln=\(logN), r=\(r), p=\(p)" }
}
