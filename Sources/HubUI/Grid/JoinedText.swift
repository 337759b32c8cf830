/// Texts joined with a separator, for the views. The standard library's
/// `joined(separator:)` is not inlinable: its first call in a process resolves the array's
/// conformances at run time, a scan of every conformance record of the binary (about 0.1 ms
/// of the first frame; Docs/performance.md, Benchmarks). This loop is specialized where it is compiled.
extension Array where Element == String {
    func joinedText(separator: String = "") -> String { self[...].joinedText(separator: separator) }
}

extension ArraySlice where Element == String {
    func joinedText(separator: String = "") -> String {
        var out = ""
        for (i, text) in enumerated() {
            if i > 0 { out += separator }
            out += text
        }
        return out
    }
}
