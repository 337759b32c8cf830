import Foundation

/// Writes `Sources/Configuration/Loading/EmbeddedAssets.swift`: the text of every YAML file in
/// `Sources/Configuration/Assets` (the tenants, the app catalogue, the scenario library, the
/// lessons, the race presets and the comparisons) as Swift string literals, so that hubsim is
/// one self-contained file: a binary copied on its own finds every shipped file (README,
/// Install). `EmbeddedAssetsTests` compares the committed file with this text and re-records it
/// with `HUBSIM_RECORD_GOLDEN=1`, as `CompiledAssetsSource` is.
enum EmbeddedAssetsSource {
    /// The folder of the shipped files, beside this test's sources.
    static let assetsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Configuration/Assets")

    /// Every `.yaml` below `directory`, by its path relative to it (`lessons/x.yaml`), sorted.
    static func files(in directory: URL = assetsDirectory) throws -> [(name: String, text: String)] {
        let root = directory.standardizedFileURL.path + "/"
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        var names: [String] = []
        while let name = walk.nextObject() as? String {
            if name.hasSuffix(".yaml") { names.append(name) }
        }
        return try names.sorted().map { ($0, try String(contentsOfFile: root + $0, encoding: .utf8)) }
    }

    static func text(files: [(name: String, text: String)]) -> String {
        var out = """
        // Generated from the YAML files of Sources/Configuration/Assets by EmbeddedAssetsSource
        // (Tests/ConfigurationTests): do not edit. After adding, removing or changing one, run
        //   HUBSIM_RECORD_GOLDEN=1 swift test --filter EmbeddedAssetsTests
        // review the diff, then run the tests again without the variable.

        /// The shipped files' text, compiled into hubsim so that it needs nothing beside its
        /// binary (`BundledAssets`): each file by its path below `Assets/`, sorted.
        enum EmbeddedAssets {
            static let files: KeyValuePairs<String, String> = [

        """
        for file in files {
            out += "        \(CompiledAssetsSource.literal(file.name)): \(rawLiteral(file.text)),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    /// `text` as a multi-line raw string literal whose value is exactly `text`: delimited by
    /// more `#` than follow any quote or backslash in it (so nothing in it closes the literal
    /// or reads as an escape), the text's lines at the margin (nothing stripped), and a newline
    /// added before the closing quotes (that one is not part of a literal's value).
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }
}
