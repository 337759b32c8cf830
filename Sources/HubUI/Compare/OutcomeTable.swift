/// The comparison as plain text for a log or CI: one row per outcome, the two profiles in
/// columns, and every row whose values differ marked with `*` in the first column.
public enum OutcomeTable {
    public static func render(_ rows: [OutcomeRow], left: String, right: String) -> String {
        let header = OutcomeRow(label: "outcome", left: left, right: right)
        let labelWidth = ([header] + rows).map { TextWidth.of($0.label) }.max() ?? 0
        let leftWidth = ([header] + rows).map { TextWidth.of($0.left) }.max() ?? 0
        func line(_ mark: String, _ row: OutcomeRow) -> String {
            var text = mark + " " + pad(row.label, labelWidth) + " | " + pad(row.left, leftWidth) + " | " + row.right
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [line(" ", header), "  " + String(repeating: "-", count: labelWidth) + "-+-" + String(repeating: "-", count: leftWidth) + "-+-" + String(repeating: "-", count: max(TextWidth.of(right), 8))]
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
