import Configuration
import HubUI
import Platform
import SessionEngine
import Testing

/// Display width by grapheme cluster: emoji sequences, flags, keycaps and combining marks
/// take the columns a terminal following Unicode Technical Standard #51 gives them, and a
/// screen showing them keeps its borders where they belong.
@Suite struct ClusterWidthTests {
    static let clusters: [(text: String, width: Int)] = [
        ("👩‍💻", 2), ("👨‍👩‍👧", 2), ("👨‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("1️⃣", 2), ("❤️", 2), ("👍🏽", 2), ("🏳️‍🌈", 2),
        ("e\u{301}", 1), ("a\u{308}\u{304}", 1), ("漢", 2), ("☺\u{FE0E}", 1), ("A", 1), ("\u{200D}", 0), ("\u{301}", 0),
    ]

    @Test func eachClusterHasItsWidth() {
        for (text, width) in Self.clusters {
            #expect(text.count == 1 || text.isEmpty, "\(text) is one cluster")
            #expect(TextWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// One cluster per cell, whole, and a continuation after a two-column one.
    @Test func theGridStoresOneClusterPerCell() {
        var grid = CellGrid(width: 12, height: 1)
        let used = grid.put("a👩‍💻🇫🇷e\u{301}b", x: 0, y: 0)
        #expect(used == 7)
        #expect(grid.cells.prefix(7).map(\.text) == ["a", "👩‍💻", "", "🇫🇷", "", "e\u{301}", "b"])
        #expect(TextWidth.of(grid.lines[0]) == 12)
    }

    /// A two-column cluster at the last column is replaced by a space, not cut in half.
    @Test func aClusterThatDoesNotFitIsNotSplit() {
        var grid = CellGrid(width: 3, height: 1)
        grid.put("ab👨‍👩‍👧", x: 0, y: 0)
        #expect(grid.cells.map(\.text) == ["a", "b", " "])
    }

    /// The Hub's row and panes with a display name made of such clusters: every row is the
    /// screen's width, and the right border of each box is in the same column as on the
    /// screen with a plain name (golden-style: the grid's text, compared by column).
    @Test(arguments: ["Ana 👩‍💻 Dev", "Family 👨‍👩‍👧", "Élodie 🇫🇷", "Ce\u{301}line 1️⃣"])
    func aHubRowWithClustersKeepsItsBorders(name: String) {
        let plain = Self.home(displayName: "Plain name")
        let fancy = Self.home(displayName: name)
        #expect(fancy.contains { $0.contains(name) }, "the name is shown whole: \(fancy.joined(separator: "\n"))")
        for (row, (a, b)) in zip(plain, fancy).enumerated() {
            #expect(TextWidth.of(b) == 100, "row \(row): \(b)")
            #expect(Self.borderColumns(a) == Self.borderColumns(b), "row \(row):\n\(a)\n\(b)")
        }
    }

    /// The columns of the vertical borders on a row (`│`, `┌`, `┐`, `└`, `┘`).
    static func borderColumns(_ line: String) -> [Int] {
        var columns: [Int] = [], column = 0
        for ch in line {
            if "│┌┐└┘".contains(ch) { columns.append(column) }
            column += TextWidth.of(ch)
        }
        return columns
    }

    /// The Hub home of a device checked out to cou1, whose display name is `displayName`.
    static func home(displayName: String) -> [String] {
        var tenant = try! BundledAssets.tenant()
        let index = tenant.users.firstIndex { $0.id == "cou1" }!
        tenant.users[index].displayName = displayName
        let device = try! SharedDevice.make(profile: .workspaceOne, tenant: tenant, catalogue: BundledAssets.catalogue(), apps: nil,
                                            dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var m = HubModel(device: device, theme: .colour, width: 100, height: 30)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        return m.render(width: 100, height: 30).grid.lines
    }
}
