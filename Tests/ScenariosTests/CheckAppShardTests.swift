import Configuration
import Foundation
import SessionEngine
import Testing
@testable import Scenarios

/// `check-app --shard I/N`, `--cell ID` and `check-app merge`: cell ids that name the same cell
/// everywhere, shards that split a matrix without a gap or an overlap, and a merge of the
/// shards' JUnit files equal to the unsharded run's (times aside), refusing what cannot be one.
@Suite("check-app's shards and merge")
struct CheckAppShardTests {
    static let app = AppDefinition(id: "orders", name: "orders", sdk: .workspaceOne(.none),
                                   external: ExternalProgram(exec: ["python3", "my app.py"]))
    static let rerun = RerunCommand(options: ["--name", "orders"], command: ["python3", "my app.py"])

    /// A report as `ShiftMatrix.run` gives it, without running anything: every cell of the
    /// workspace-one matrix, the check-out of another user LEAKED in every state, the
    /// inactivity lock HUNG in the background, each cell taking `seconds`.
    static func report(shard: MatrixShard? = nil, seconds: Double = 0.2) -> CheckAppReport {
        let ids = CellID.matrix(.workspaceOne)
        let cells = (shard?.cells(of: ids) ?? ids).map { id in
            var verdict = CheckAppCell.Verdict.handled
            if id.transition == .checkOutOfAnotherUser { verdict = .leaked("shows cou1's 'orders-cou1' to cou2 (at foreground)") }
            if id.transition == .inactivityLock && id.state == .background { verdict = .hung("no answer to app/foreground (at unlock)") }
            return CheckAppCell(transition: id.transition, state: id.state, delivered: ["foreground", "wipe"],
                                did: ["shows cou2: orders-cou1 & <more>"], verdict: verdict, notes: [], duration: seconds)
        }
        return CheckAppReport(app: app, profile: .workspaceOne, cells: cells, duration: seconds * Double(cells.count),
                              matrix: ids, shard: shard, rerun: rerun)
    }

    static func withoutTimes(_ xml: String) -> String {
        xml.replacingOccurrences(of: #" time="[0-9.]*""#, with: "", options: .regularExpression)
    }

    @Test func everyCellOfEveryProfileHasAReadableIdThatReadsBack() {
        for profile in ProfileID.allCases {
            let ids = CellID.matrix(profile)
            #expect(Set(ids).count == ids.count)
            #expect(Set(ids.map(\.description)).count == ids.count)
            for id in ids {
                #expect(CellID(id.description) == id, "\(id)")
                #expect(!id.description.contains(" "), "\(id)")
            }
        }
        #expect(CellID.matrix(.entraAndroid).last?.description == "entra-android/sign-out-while-offline/terminated")
        #expect(CellID("entra-android/account-removed-in-settings/suspended")?.transition == .accountRemovedInSettings)
        // A transition of another profile, a state or profile hubsim does not have, the words as the table writes them.
        for text in ["workspace-one/global-sign-out/foreground", "workspace-one/check-in/asleep", "ios/check-in/foreground",
                     "workspace-one/check in/foreground", "workspace-one/check-in", "workspace-one/check-in/foreground/x", ""] {
            #expect(CellID(text) == nil, "\(text)")
        }
    }

    @Test func aShardSpecIsIOfNAndNothingElse() {
        #expect(MatrixShard("2/3") == MatrixShard(index: 2, count: 3))
        #expect(MatrixShard("1/1")?.description == "1/1")
        for text in ["0/3", "4/3", "x", "1/0", "", "1/", "/3", "-1/3", "+1/3", " 1/3", "1/3/3", "٢/٣", "99999999999999999999/1"] {
            #expect(MatrixShard(text) == nil, "\(text)")
        }
    }

    /// However many jobs, every cell runs in exactly one, the parts differ by a cell at most,
    /// and each part keeps the matrix's order.
    @Test func theShardsSplitTheMatrixWithoutAGapOrAnOverlap() throws {
        let ids = CellID.matrix(.workspaceOne)
        for n in 1...30 {
            let parts = (1...n).map { MatrixShard(index: $0, count: n)!.cells(of: ids) }
            #expect(parts.flatMap { $0 }.sorted { ids.firstIndex(of: $0)! < ids.firstIndex(of: $1)! } == ids, "N=\(n)")
            #expect(Set(parts.flatMap { $0 }).count == ids.count, "N=\(n)")
            #expect(parts.map(\.count).max()! - parts.map(\.count).min()! <= 1, "N=\(n)")
            for part in parts { #expect(part == ids.filter(part.contains), "N=\(n)") }
        }
        // Dealt, not cut: two jobs each get half of every transition.
        let first = MatrixShard(index: 1, count: 2)!.cells(of: ids)
        #expect(Set(first.map(\.transition)).count == ShiftTransition.matrix(for: DeviceProfile.named(.workspaceOne)).count)
    }

    @Test func theShardsMergedAreTheUnshardedReportTimesAside() throws {
        let whole = CheckAppJUnit.render(Self.report())
        for n in [1, 2, 3, 5, 24, 30] {
            let files = (1...n).reversed().map { i in
                (path: "shard-\(i).xml", text: CheckAppJUnit.render(Self.report(shard: MatrixShard(index: i, count: n), seconds: Double(i))))
            }
            let merged = try CheckAppMerge.merge(files)
            #expect(Self.withoutTimes(merged.junit) == Self.withoutTimes(whole), "N=\(n)")
            #expect(merged.failed)
            #expect(merged.summary == "orders (workspace-one): 24 cells from \(n) file\(n == 1 ? "" : "s"), 19 handled, 4 LEAKED, 1 HUNG: FAILED")
        }
        // The failures in the matrix's order, each with the command that reruns it.
        let merged = try CheckAppMerge.merge([(path: "a.xml", text: whole)])
        #expect(merged.failures.count == 2 * 5)
        #expect(merged.failures[0] == "check-out of another user / foreground: LEAKED: shows cou1's 'orders-cou1' to cou2 (at foreground)")
        #expect(merged.failures[1] == "  rerun: hubsim check-app --name orders --cell workspace-one/check-out-of-another-user/foreground -- python3 'my app.py'")
        #expect(merged.failures[8] == "inactivity lock / background: HUNG: no answer to app/foreground (at unlock)")
        // The merged file is itself a run's file: merging it again changes nothing.
        #expect(try CheckAppMerge.merge([(path: "m.xml", text: merged.junit)]).junit == merged.junit)
    }

    @Test func filesThatAreNotOneRunsShardsAreRefusedInALine() throws {
        func refusal(_ files: [(path: String, text: String)]) -> String? {
            do { _ = try CheckAppMerge.merge(files); return nil } catch { return error.description }
        }
        func shard(_ i: Int, _ n: Int) -> (path: String, text: String) {
            ("s\(i).xml", CheckAppJUnit.render(Self.report(shard: MatrixShard(index: i, count: n))))
        }
        #expect(refusal([shard(1, 3), shard(3, 3)])
                == "8 of 24 cells have no result, workspace-one/check-out/background first (shard 2/3 not given); give every shard's file")
        #expect(refusal([shard(1, 3), shard(2, 3), shard(3, 3), shard(2, 3)])
                == "the cell workspace-one/check-out/background is in s2.xml and in s2.xml; give each shard's file once")
        var other = Self.report(shard: MatrixShard(index: 2, count: 2))
        other.app.id = "tasks"
        #expect(refusal([shard(1, 2), ("t.xml", CheckAppJUnit.render(other))])
                == "t.xml is from another run than s1.xml ('check-app tasks (workspace-one)', not 'check-app orders (workspace-one)'); merge the shards of one matrix")
        #expect(refusal([shard(1, 2), ("r.xml", JUnitReport.render(RunReport(results: [], duration: 0)))])
                == "r.xml is not a JUnit file of hubsim check-app --junit")
        #expect(refusal([]) != nil)
    }

    @Test func aShardsTableSaysWhichPartItIsAndAFailedCellHowToRerunIt() {
        let text = CheckAppText.render(Self.report(shard: MatrixShard(index: 2, count: 5)))
        #expect(text.hasPrefix("check-app: orders (WS1 SDK), workspace-one, 5 transitions x 4 app states, shard\n2/5: 5 of 24 cells\n"), "\(text)")
        #expect(text.contains("\n  terminated: LEAKED: shows cou1's 'orders-cou1' to cou2 (at foreground)\n"
                              + "    rerun: hubsim check-app --name orders --cell workspace-one/check-out-of-another-user/terminated -- python3 'my app.py'\n"), "\(text)")
        #expect(text.hasSuffix("orders: 5 cells of 24 (shard 2/5), 3 handled, 1 LEAKED, 1 HUNG (1.0 s): FAILED\n"), "\(text)")
        #expect(CheckAppText.render(Self.report(shard: MatrixShard(index: 25, count: 30))).hasSuffix("orders: 0 cells of 24 (shard 25/30), none to run (0.0 s): passed\n"))
    }

    @Test func aRerunLineIsOneAShellReadsBackWordForWord() {
        #expect(RerunCommand.quoted("python3") == "python3")
        #expect(RerunCommand.quoted("workspace-one/check-in/background") == "workspace-one/check-in/background")
        #expect(RerunCommand.quoted("my app.py") == "'my app.py'")
        #expect(RerunCommand.quoted("it's") == #"'it'\''s'"#)
        #expect(RerunCommand.quoted("$HOME;rm") == "'$HOME;rm'")
        #expect(RerunCommand.quoted("") == "''")
    }
}
