#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which of the random walks a run takes (Docs/testing.md, "Two tiers"). The whole plan is 16
/// walks of 6,250 inputs: every profile on both bundled tenants, each with the profile's apps
/// and with the whole catalogue. `swift test` takes each profile and tenant once, the app set
/// alternating with the tenant (8 walks, 50,000 inputs), to stay in its budget;
/// `HUBSIM_LONG_WALKS=1`, set by `.ci/run`'s long-walk stage, takes all 16 (100,000 inputs).
/// A walk has the same seed in both, so a failure of either reproduces in the other.
enum WalkTier {
    static let isLong = getenv("HUBSIM_LONG_WALKS").map { String(cString: $0) == "1" } ?? false

    /// Inputs the tier's walks feed in all, at the least.
    static var minimumInputs: Int { isLong ? 100_000 : 50_000 }

    /// Whether the tier takes the walk of this tenant and app set.
    static func takes(strict: Bool, allApps: Bool) -> Bool { isLong || strict == allApps }
}
