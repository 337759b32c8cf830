/// An append-only sequence kept in small blocks, gathered into chunks of a fixed capacity.
///
/// An array that doubles copies everything it holds into memory never touched before (the
/// copy faults every page in again) and frees the old block: the event log of a long
/// session reached ~880,000 lines and each doubling moved all of them. Here an append
/// writes the next slot of the tail block; a full block joins the last chunk and stays where
/// it is, so what is written once is never moved.
///
/// Copies share storage. A copy that is kept (a lesson keeps the state of every step, for its
/// step back) costs the next append of either side only its tail — at most `blockCapacity`
/// elements — and, when a block fills, one chunk's list of blocks and the list of chunks
/// (a pointer per 1,024 elements): never the whole log. With one array, or with chunks of
/// 1,024 written in place, every step's copy paid for everything before it, and a lesson's
/// memory grew with the square of its steps.
public struct ChunkedLog<Element> {
    /// Elements per block, and blocks per chunk: powers of two so that an index splits with
    /// shifts and masks.
    static var blockShift: Int { 5 }
    static var blockCapacity: Int { 1 << blockShift }
    static var chunkShift: Int { 2 * blockShift }
    static var chunkCapacity: Int { 1 << chunkShift }

    /// Full blocks, `blockCapacity` of them to a chunk (the last chunk may hold fewer).
    private var chunks: [ContiguousArray<ContiguousArray<Element>>] = []
    /// The last, partly filled block (never full: a full one joins `chunks`).
    private var tail = ContiguousArray<Element>()
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    /// Elements held in `chunks`, before the tail.
    private var blockedCount: Int { count - tail.count }

    public mutating func append(_ element: Element) {
        if tail.isEmpty { tail.reserveCapacity(Self.blockCapacity) }
        tail.append(element)
        count += 1
        guard tail.count == Self.blockCapacity else { return }
        if let last = chunks.indices.last, chunks[last].count < Self.blockCapacity {
            chunks[last].append(tail)
        } else {
            var chunk = ContiguousArray<ContiguousArray<Element>>()
            chunk.reserveCapacity(Self.blockCapacity)
            chunk.append(tail)
            chunks.append(chunk)
        }
        tail = []
    }

    /// Replaces the last element (the simulator merges consecutive clock ticks into one).
    public mutating func replaceLast(with element: Element) {
        precondition(count > 0, "ChunkedLog.replaceLast on an empty log")
        if !tail.isEmpty {
            tail[tail.count - 1] = element
        } else {
            let c = chunks.count - 1, b = chunks[c].count - 1
            chunks[c][b][Self.blockCapacity - 1] = element
        }
    }
}

extension ChunkedLog {
    /// How many of this log's full blocks are the very storage of `other`'s (tests: a kept
    /// copy shares what it had, rather than holding a copy of it).
    func sharedBlocks(with other: ChunkedLog) -> Int {
        var shared = 0
        for (mine, theirs) in zip(chunks, other.chunks) {
            for (a, b) in zip(mine, theirs) {
                let same = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
                if same { shared += 1 }
            }
        }
        return shared
    }
}

extension ChunkedLog: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ChunkedLog index out of range")
        let blocked = blockedCount
        if position >= blocked { return tail[position - blocked] }
        return chunks[position >> Self.chunkShift][(position >> Self.blockShift) & (Self.blockCapacity - 1)][position & (Self.blockCapacity - 1)]
    }
}

extension ChunkedLog: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedLog: Equatable where Element: Equatable {
    public static func == (a: ChunkedLog, b: ChunkedLog) -> Bool { a.count == b.count && a.elementsEqual(b) }
}

/// Coded as the array it reads as.
extension ChunkedLog: Codable where Element: Codable {
    public init(from decoder: any Decoder) throws { self.init(try [Element](from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

extension ChunkedLog: Sendable where Element: Sendable {}
