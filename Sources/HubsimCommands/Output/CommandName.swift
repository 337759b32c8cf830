/// The command a mistyped word most likely meant: the name at the smallest edit distance
/// (letters added, removed, changed or two swapped), if it is close enough to be a typo and
/// no other name is as close.
enum CommandName {
    static func nearest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        // One slip per three letters, at most two: `chek-app`, `lesosn`, `tenat`; not `x`.
        let allowed = min(2, max(1, typed.count / 3))
        let scored = names.map { (name: $0, distance: distance(typed, Array($0))) }.filter { $0.distance <= allowed }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
              scored.filter({ $0.distance == best.distance }).count == 1 else { return nil }
        return best.name
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
