import Foundation
import GoldenSupport
import Testing
@testable import Configuration

/// The shipped files compiled into hubsim (`EmbeddedAssets`) are the files of
/// `Sources/Configuration/Assets`, byte for byte: the YAML stays the source of truth, and a
/// file added there is in the binary or this suite fails.
@Suite struct EmbeddedAssetsTests {
    static let sourceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Configuration/Loading/EmbeddedAssets.swift")

    /// The committed file is the generator's output for today's files (`GoldenFile`: 1 writes
    /// and fails, naming it; accept writes and warns; neither under CI).
    @Test func theCommittedSourceIsTheGeneratorsOutput() throws {
        let expected = EmbeddedAssetsSource.text(files: try EmbeddedAssetsSource.files())
        GoldenFile.check(expected, file: Self.sourceFile, name: "Sources/Configuration/Loading/EmbeddedAssets.swift")
    }

    /// What the program reads is each file's text exactly, folder by folder.
    @Test func everyShippedFileReadsAsOnDisk() throws {
        let onDisk = try EmbeddedAssetsSource.files()
        #expect(onDisk.count >= 60)
        for file in onDisk { #expect(try BundledAssets.text(file.name) == file.text, "Assets/\(file.name)") }
        for folder in ["scenarios", "lessons", "races", "comparisons"] {
            let shipped = onDisk.filter { $0.name.hasPrefix(folder + "/") }
            let bundled = BundledAssets.files(in: folder)
            #expect(!shipped.isEmpty)
            #expect(bundled.map(\.shownPath) == shipped.map { "Assets/" + $0.name })
            #expect(bundled.map(\.text) == shipped.map(\.text))
        }
    }

    @Test func aRawLiteralKeepsTheTextExactly() {
        #expect(EmbeddedAssetsSource.rawLiteral("a \\(b) \"c\"\n") == "#\"\"\"\na \\(b) \"c\"\n\n\"\"\"#")
        #expect(EmbeddedAssetsSource.rawLiteral("x\"#y").hasPrefix("##\"\"\""))
        #expect(EmbeddedAssetsSource.rawLiteral("no newline") == "#\"\"\"\nno newline\n\"\"\"#")
    }
}
