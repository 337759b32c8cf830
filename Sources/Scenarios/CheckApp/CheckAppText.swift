import Configuration
import SessionEngine

/// `hubsim check-app`'s report for a terminal or a CI log, at most 80 columns: a heading,
/// the legend of the short event names, then per transition a table (a row per app state:
/// what reached the app, what it did, the verdict) with each failure's line under it, and a
/// one-line summary. A long cell wraps inside its column.
public enum CheckAppText {
    /// The SDK's names the `delivered` column shortens.
    public static func legend(_ profile: ProfileID) -> [String] {
        switch profile.family {
        case .workspaceOne:
            ["wipe = \(API.didWipeCurrentUserData)", "userChange = \(API.didDetectUserChange)",
             "initialCheck = \(API.didFinishInitialCheck)"]
        case .entra:
            switch profile.platform {
            case .iOS: ["accountChanged = \(API.accountChangedNotification)"]
            case .android:
                ["broadcast(TYPE) = \(API.currentAccountChangedBroadcast) with its \(API.broadcastType)",
                 "onAccountLoaded, onAccountChanged = \(API.getCurrentAccountAsync)'s callback",
                 "suspended = a cached process (its broadcasts wait until it resumes)",
                 "terminated = stopped (it gets nothing; it learns at its next start)"]
            }
        }
    }

    static let columns = (state: 10, delivered: 28, did: 27, verdict: 7)
    /// The `delivered` column's names for the Workspace ONE SDK's optional data-access callbacks.
    static let dataAccessNames: Set<String> = ["willLock", "lock", "unlock"]

    public static func render(_ report: CheckAppReport) -> String {
        let states = Set(report.cells.map(\.state)).count
        let transitions = report.cells.reduce(into: [ShiftTransition]()) { if !$0.contains($1.transition) { $0.append($1.transition) } }
        var lines = wrap("check-app: \(report.app.id) (\(report.app.sdk.label)), \(report.profile.rawValue), "
                         + "\(transitions.count) transition\(transitions.count == 1 ? "" : "s") x \(states) app state\(states == 1 ? "" : "s")"
                         + (report.shard.map { ", shard \($0): \(report.cells.count) of \(report.matrix.count) cells" } ?? ""),
                         width: 80)
        lines += legend(report.profile).map { "  " + $0 }
        // Only a program that implements the optional data-access callbacks is sent them: their
        // legend line is there when a cell shows one.
        if report.cells.contains(where: { $0.delivered.contains { Self.dataAccessNames.contains($0) } }) {
            lines += ["  willLock = \(API.willPromptForPasscode)", "  lock = \(API.didLockDataAccess)",
                      "  unlock = \(API.didUnlockDataAccess)"]
        }
        for transition in transitions {
            lines.append("")
            lines += wrap("\(transition.rawValue): \(transition.story)", width: 80)
            lines.append(row("app state", "delivered", "what the app did", "verdict"))
            let cells = report.cells.filter { $0.transition == transition }
            for cell in cells {
                let delivered = cell.delivered.isEmpty ? "nothing" : cell.delivered.joined(separator: ", ")
                let did = cell.did.isEmpty ? "nothing" : cell.did.joined(separator: "; ")
                lines.append(contentsOf: rows(cell.state.rawValue, delivered, did, cell.verdict.word))
            }
            for cell in cells {
                if let failure = cell.failureLine { lines += wrap("\(cell.state.rawValue): \(failure)", width: 78).map { "  " + $0 } }
                if cell.verdict.failed, let advice = cell.advice { lines += wrap(advice, width: 74).map { "      " + $0 } }
                if !cell.verdict.failed, let exposure = cell.exposure {
                    lines += wrap("\(cell.state.rawValue): exposure: \(exposure) (--strict fails on it)", width: 78).map { "  " + $0 }
                }
                for note in cell.notes { lines += wrap("\(cell.state.rawValue): hubsim: \(note)", width: 78).map { "  " + $0 } }
                // Never wrapped: it is pasted into a shell as it is.
                if cell.verdict.failed, let rerun = report.rerun { lines.append("    rerun: " + rerun.line(for: report.id(of: cell))) }
            }
        }
        lines.append("")
        lines.append(summary(report))
        return lines.map(PrintableText.escaped).joined(separator: "\n") + "\n"
    }

    /// `myapp: 24 cells, 20 handled, 4 LEAKED (3.1 s): FAILED`: verdicts that did not occur are left out.
    public static func summary(_ report: CheckAppReport) -> String {
        let counts = report.counts.filter { $0.count > 0 }.map { "\($0.count) \($0.word)" }
        let of = report.shard.map { " of \(report.matrix.count) (shard \($0))" } ?? ""
        return "\(report.app.id): \(report.cells.count) cell\(report.cells.count == 1 ? "" : "s")\(of), "
            + (counts.isEmpty ? "none to run" : counts.joined(separator: ", "))
            + " (\(String(format: "%.1f", report.duration)) s)" + (report.failed ? ": FAILED" : ": passed")
    }

    private static func row(_ a: String, _ b: String, _ c: String, _ d: String) -> String {
        let line = "  " + pad(a, columns.state) + "  " + pad(b, columns.delivered) + "  " + pad(c, columns.did) + "  " + d
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    /// A table row whose cells wrap inside their columns.
    private static func rows(_ state: String, _ delivered: String, _ did: String, _ verdict: String) -> [String] {
        let a = wrap(state, width: columns.state), b = wrap(delivered, width: columns.delivered)
        let c = wrap(did, width: columns.did)
        let count = max(a.count, b.count, c.count, 1)
        return (0..<count).map { i in
            row(i < a.count ? a[i] : "", i < b.count ? b[i] : "", i < c.count ? c[i] : "", i == 0 ? verdict : "")
        }
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// Words wrapped at `width`; a word longer than the width is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty { line = String(word) } else if line.count + 1 + word.count <= width { line += " " + word } else {
                lines.append(line); line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
