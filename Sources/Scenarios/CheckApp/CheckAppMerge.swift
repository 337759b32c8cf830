import Foundation

/// `hubsim check-app merge A.xml B.xml …`: the JUnit files of one matrix's shards
/// (`--shard I/N`, one CI job each) as one report with the same test cases, in the same order
/// and with the same verdicts as the unsharded run's (the shape of Playwright's
/// `merge-reports`). It reads what `CheckAppJUnit` writes and nothing else, and refuses, in a
/// line, files of different runs, a cell given twice and a cell no file has, so a job that
/// died cannot pass as a green merge.
public enum CheckAppMerge {
    /// The merged report: the JUnit document, and the lines the command prints.
    public struct Merged: Sendable {
        public var junit: String
        /// Each failed cell: its name and failure line, then the command that reruns it.
        public var failures: [String]
        /// `store (workspace-one): 24 cells from 3 files, 20 handled, 4 LEAKED: FAILED`
        public var summary: String
        public var failed: Bool
    }

    /// Why the files cannot be merged, in a line.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// One test case as a file holds it: its lines, and its failure's type, message and body.
    struct Case {
        var name: String
        var xml: String
        var failure: (type: String, message: String, body: String)?
    }

    /// What a shard's file says.
    struct ShardFile {
        var path: String
        var suite: String
        var cells: [String]
        var shard: String?
        var time: Double
        var cases: [Case]
    }

    /// The files' texts, with their paths for the messages, in any order.
    public static func merge(_ files: [(path: String, text: String)]) throws(Refusal) -> Merged {
        guard let first = files.first else { throw Refusal("give the JUnit files of the shards, e.g. hubsim check-app merge --junit all.xml shard-*.xml") }
        var shards: [ShardFile] = []
        for file in files { shards.append(try read(file.path, file.text)) }
        let head = try read(first.path, first.text)
        for s in shards where s.suite != head.suite || s.cells != head.cells {
            throw Refusal("\(s.path) is from another run than \(head.path) (\(s.suite != head.suite ? "'\(s.suite)', not '\(head.suite)'" : "other cells")); merge the shards of one matrix")
        }
        // Each cell's case, from whichever file has it.
        var found: [String: (file: String, case: Case)] = [:]
        let byName = Dictionary(head.cells.compactMap { id in CellID(id).map { ($0.name, id) } }, uniquingKeysWith: { a, _ in a })
        for s in shards {
            for c in s.cases {
                guard let id = byName[c.name] else { throw Refusal("\(s.path): the test case '\(c.name)' is no cell of its run's matrix") }
                if let earlier = found[id] {
                    throw Refusal("the cell \(id) is in \(earlier.file) and in \(s.path); give each shard's file once")
                }
                found[id] = (s.path, c)
            }
        }
        let missing = head.cells.filter { found[$0] == nil }
        if let gap = missing.first {
            let counts = Set(shards.compactMap { $0.shard.flatMap(MatrixShard.init)?.count })
            var which = ""
            if counts.count == 1, let n = counts.first {
                let given = Set(shards.compactMap { $0.shard.flatMap(MatrixShard.init)?.index })
                let absent = (1...n).filter { !given.contains($0) }.map { "\($0)/\(n)" }
                if !absent.isEmpty { which = " (shard\(absent.count == 1 ? "" : "s") \(absent.joined(separator: ", ")) not given)" }
            }
            throw Refusal("\(missing.count) of \(head.cells.count) cells have no result, \(gap) first\(which); give every shard's file")
        }
        let cases = head.cells.map { found[$0]!.case }
        let failed = cases.filter { $0.failure != nil }
        let junit = CheckAppJUnit.document(suite: head.suite, cells: head.cells, shard: nil, cases: cases.map(\.xml),
                                           failures: failed.count, time: shards.map(\.time).max() ?? 0)
        var lines: [String] = []
        for c in failed {
            lines.append("\(c.name): \(c.failure!.message)")
            if let rerun = c.failure!.body.split(separator: "\n").first(where: { $0.hasPrefix("rerun: ") }) { lines.append("  " + rerun) }
        }
        var words = ["handled", "LEAKED", "HUNG", "CRASHED", "FAULTED"]
        for c in failed where !words.contains(c.failure!.type.uppercased()) { words.append(c.failure!.type.uppercased()) }
        let counts = words.compactMap { word -> String? in
            let n = word == "handled" ? cases.count - failed.count : failed.filter { $0.failure!.type.uppercased() == word }.count
            return n == 0 ? nil : "\(n) \(word)"
        }
        let app = head.suite.hasPrefix("check-app ") ? String(head.suite.dropFirst("check-app ".count)) : head.suite
        let summary = "\(app): \(cases.count) cells from \(files.count) file\(files.count == 1 ? "" : "s"), " + counts.joined(separator: ", ")
            + (failed.isEmpty ? ": passed" : ": FAILED")
        return Merged(junit: junit, failures: lines, summary: summary, failed: !failed.isEmpty)
    }

    /// A file as `CheckAppJUnit` wrote it.
    static func read(_ path: String, _ text: String) throws(Refusal) -> ShardFile {
        let notOurs = Refusal("\(path) is not a JUnit file of hubsim check-app --junit")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(where: { $0.hasPrefix("<testsuites name=\"hubsim check-app\"") }),
              let suiteLine = lines.first(where: { $0.hasPrefix("  <testsuite ") }),
              let suite = attribute("name", in: suiteLine),
              let cellsLine = lines.first(where: { $0.contains("<property name=\"hubsim.cells\"") }),
              let cells = attribute("value", in: cellsLine) else { throw notOurs }
        let shard = lines.first { $0.contains("<property name=\"hubsim.shard\"") }.flatMap { attribute("value", in: $0) }
        var cases: [Case] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            guard line.hasPrefix("    <testcase ") else { continue }
            guard let name = attribute("name", in: line) else { throw notOurs }
            if line.hasSuffix("/>") {
                cases.append(Case(name: name, xml: line))
                continue
            }
            guard i + 1 < lines.count, lines[i + 1] == "    </testcase>", let failure = failure(lines[i]) else { throw notOurs }
            cases.append(Case(name: name, xml: [line, lines[i], lines[i + 1]].joined(separator: "\n"), failure: failure))
            i += 2
        }
        return ShardFile(path: path, suite: suite, cells: cells.split(separator: " ").map(String.init), shard: shard,
                         time: attribute("time", in: suiteLine).flatMap(Double.init) ?? 0, cases: cases)
    }

    /// `<failure message="…" type="leaked">body</failure>`, read back.
    static func failure(_ line: String) -> (type: String, message: String, body: String)? {
        guard line.hasPrefix("      <failure "), let message = attribute("message", in: line), let type = attribute("type", in: line),
              let open = line.firstIndex(of: ">"), let close = line.range(of: "</failure>")?.lowerBound, open < close else { return nil }
        return (type, message, unescape(String(line[line.index(after: open)..<close])))
    }

    /// An attribute's value in an element's line: ` name="…"`, unescaped.
    static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"")?.upperBound,
              let end = line[start...].firstIndex(of: "\"") else { return nil }
        return unescape(String(line[start..<end]))
    }

    /// `JUnitReport.escape` undone: the five entities and numeric character references.
    static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            out += rest[..<amp]
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(v) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
