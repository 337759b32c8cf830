import Foundation
import Testing

/// Every page of Docs/ the repository names exists: a reader who follows a page's path from a
/// comment, a message or another page finds it (a link to a page that was never written is a
/// dead end for the person who needed it).
@Suite struct DocPageReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyNamedDocsPageExists() throws {
        let named = try NSRegularExpression(pattern: #"Docs/[A-Za-z0-9_.-]+\.md"#)
        let linked = try NSRegularExpression(pattern: #"\]\(([A-Za-z0-9_.-]+\.md)"#)
        var missing: [String] = []
        let manager = FileManager.default
        for folder in ["Docs", "Sources", "Examples", "Assets", "Scripts", "Tests"] {
            guard let walker = manager.enumerator(atPath: Self.root.appendingPathComponent(folder).path) else { continue }
            for case let path as String in walker where [".md", ".swift", ".py", ".java", ".yaml", ".sh"].contains(where: path.hasSuffix) {
                guard !path.contains(".build/"), !path.contains("/Golden/") else { continue }
                let file = folder + "/" + path
                guard let text = try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) else { continue }
                let range = NSRange(text.startIndex..., in: text)
                for match in named.matches(in: text, range: range) {
                    let page = String(text[Range(match.range, in: text)!])
                    if !manager.fileExists(atPath: Self.root.appendingPathComponent(page).path) { missing.append("\(file): \(page)") }
                }
                guard folder == "Docs" else { continue }
                for match in linked.matches(in: text, range: range) {
                    let page = "Docs/" + String(text[Range(match.range(at: 1), in: text)!])
                    if !manager.fileExists(atPath: Self.root.appendingPathComponent(page).path) { missing.append("\(file): \(page)") }
                }
            }
        }
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for match in named.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            let page = String(readme[Range(match.range, in: readme)!])
            if !manager.fileExists(atPath: Self.root.appendingPathComponent(page).path) { missing.append("README.md: \(page)") }
        }
        #expect(missing.isEmpty, "named but missing: \(missing)")
    }

    /// The README is the first page a newcomer reads: what hubsim is, the two commands, the first
    /// shift change and where to read on. Everything else lives in Docs/ by reader, so the README
    /// stays short enough to be read; and Docs/performance.md holds today's budget, how to measure
    /// and the latest figures, its history being in git (`git log -- Docs/performance.md`).
    @Test(arguments: [("README.md", 200), ("Docs/performance.md", 300)])
    func aPageStaysWithinItsLength(page: String, limit: Int) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= limit, "\(page) has \(lines) lines, over its \(limit): move a section into the Docs page of its reader")
    }
}
