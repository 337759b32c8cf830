/// The comparison as plain text for a log or CI: one row per outcome, one column per
/// profile, and every row whose values are not all the same marked with `*` in the first column.
public enum OutcomeTable {
    public static func render(_ rows: [OutcomeRow], profiles: [String]) -> String {
        let header = OutcomeRow(label: "outcome", values: profiles)
        let all = [header] + rows
        let labelWidth = all.map { TextWidth.of($0.label) }.max() ?? 0
        // Every column but the last is padded to its widest value; the last runs to the end.
        let widths = profiles.indices.map { i in all.map { TextWidth.of($0.value(i)) }.max() ?? 0 }
        func line(_ mark: String, _ row: OutcomeRow) -> String {
            var text = mark + " " + pad(row.label, labelWidth)
            for i in profiles.indices {
                text += " | " + (i == profiles.count - 1 ? row.value(i) : pad(row.value(i), widths[i]))
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var rule = "  " + String(repeating: "-", count: labelWidth)
        for i in profiles.indices {
            let width = i == profiles.count - 1 ? max(TextWidth.of(profiles[i]), 8) : widths[i]
            rule += "-+-" + String(repeating: "-", count: width)
        }
        var lines = [line(" ", header), rule]
        lines += rows.map { line($0.differs ? "*" : " ", $0) }
        let count = rows.filter(\.differs).count
        lines.append("")
        lines.append(count == 0 ? "no difference of outcome" : "\(count) row\(count == 1 ? " differs" : "s differ") (marked *)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
}
