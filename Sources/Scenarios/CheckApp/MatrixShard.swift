/// `hubsim check-app --shard I/N`: the I-th of N parts of a matrix, so N CI jobs run one
/// matrix together (the shape of Playwright's `--shard`). The cells, in the matrix's order,
/// are dealt out like cards: cell k (from 0) goes to shard k mod N + 1. Neighbouring cells are
/// one transition in its four app states and cost alike, so dealing spreads each transition's
/// cost over the shards, where cutting the list in N blocks would give one job the slow
/// transitions. The split depends only on the cell ids and N (`CellID`): every job computes
/// the same one.
public struct MatrixShard: Hashable, Sendable, CustomStringConvertible {
    /// From 1 to `count`.
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `2/3` as given on the command line; nil for anything else (`0/3`, `4/3`, `x`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's cells of `cells`, in their order.
    public func cells(of cells: [CellID]) -> [CellID] {
        cells.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
