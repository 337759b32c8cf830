/// The engine's counters (item serials, session marks, attempt counts, coverage, leak counts,
/// log sequence numbers) add one at a time, and their starting values can come from a saved
/// device. A store refuses a stored counter beyond 2^53 (Docs/stored-values.md), which no
/// session can add its way past to `Int.max`; the increment saturates anyway, so a counter
/// that reaches `Int.max` some other way stays there instead of trapping.
extension Int {
    /// `self + 1`, or `Int.max` when `self` is already there.
    var incremented: Int { self == .max ? self : self + 1 }
}
