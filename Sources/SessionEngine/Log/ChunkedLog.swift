/// An append-only sequence kept in chunks of a fixed capacity.
///
/// An array that doubles copies everything it holds into memory never touched before (the
/// copy faults every page in again) and frees the old block: the event log of a long
/// session reached ~880,000 lines and each doubling moved all of them. Here an append
/// writes the next slot of the last chunk; a full chunk stays where it is and a new one is
/// started, so what is written once is never moved.
public struct ChunkedLog<Element> {
    /// Elements per chunk, a power of two so that an index splits with a shift and a mask.
    static var chunkShift: Int { 10 }
    static var chunkCapacity: Int { 1 << chunkShift }

    private var chunks: [ContiguousArray<Element>] = []
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkCapacity - 1) == 0 {
            var chunk = ContiguousArray<Element>()
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedLog: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ChunkedLog index out of range")
        return chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)]
    }
}

extension ChunkedLog: Sendable where Element: Sendable {}
