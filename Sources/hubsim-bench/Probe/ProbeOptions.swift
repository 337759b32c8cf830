import Foundation

/// What `hubsim-bench probe` is asked to do: the command, the terminal it gets, the steps and
/// the windows that say when output has settled. `Probe` reads it from the command line; the
/// defaults are those of the Python probe the scripts used before (Scripts/first-frame,
/// Scripts/benchmark and Scripts/symbol-order pass them).
struct ProbeOptions: Equatable {
    /// One measured step after the start-up: bytes written to the terminal, or a new size.
    enum Step: Equatable {
        case key(label: String, bytes: [UInt8])
        case resize(columns: Int, rows: Int)

        var kind: String {
            if case .resize = self { return "resize" }
            return "key"
        }

        var label: String {
            switch self {
            case let .key(label, _): label
            case let .resize(columns, rows): "\(columns)x\(rows)"
            }
        }
    }

    var command: [String] = []
    var size = (columns: 80, rows: 24)
    var term = "xterm-256color"
    /// Extra `K=V` entries of the child's environment, in order.
    var environment: [String] = []
    /// Milliseconds without output after which a phase has settled.
    var quietMs = 150.0
    /// The same for a resize step (a program may redraw well after the signal).
    var resizeQuietMs = 1000.0
    /// Seconds of idle reading after the start-up settled (0: none).
    var idleSeconds = 2.0
    /// Seconds a phase may take to settle.
    var timeoutSeconds = 5.0
    /// Seconds a whole run may take.
    var maxTimeSeconds = 60.0
    /// Unmeasured milliseconds of reading before each step.
    var gapMs = 0.0
    var steps: [Step] = []
    var noResize = false
    /// The bytes that quit the program, sent after the steps.
    var quit: [UInt8]?
    var quitTimeoutSeconds = 2.0
    var runs = 1
    var warmup = 0
    /// Seconds between runs.
    var pauseSeconds = 0.2
    /// Keys as given, even while the program has asked for application cursor keys.
    var rawKeys = false
    /// Leave the terminal's status and cursor-position queries unanswered.
    var noAnswer = false
    /// Leave each run's own figures out of the report.
    var noPerRun = false

    static func == (a: ProbeOptions, b: ProbeOptions) -> Bool {
        a.command == b.command && a.size == b.size && a.term == b.term && a.environment == b.environment
            && a.quietMs == b.quietMs && a.resizeQuietMs == b.resizeQuietMs && a.idleSeconds == b.idleSeconds
            && a.timeoutSeconds == b.timeoutSeconds && a.maxTimeSeconds == b.maxTimeSeconds && a.gapMs == b.gapMs
            && a.steps == b.steps && a.noResize == b.noResize && a.quit == b.quit && a.quitTimeoutSeconds == b.quitTimeoutSeconds
            && a.runs == b.runs && a.warmup == b.warmup && a.pauseSeconds == b.pauseSeconds && a.rawKeys == b.rawKeys
            && a.noAnswer == b.noAnswer && a.noPerRun == b.noPerRun
    }

    /// The steps a run takes: the ones asked for, and a 100x30 resize at the end unless one was
    /// asked for or `--no-resize` was given.
    var plannedSteps: [Step] {
        if noResize || steps.contains(where: { $0.kind == "resize" }) { return steps }
        return steps + [.resize(columns: 100, rows: 30)]
    }

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Reads the arguments after `probe` (ArgumentParser, through `Probe`); a mistake is the
    /// one line `hubsim-bench probe` prints for it.
    static func parse(_ arguments: [String]) throws -> ProbeOptions {
        do {
            return try Probe.parse(arguments).options(arguments: arguments)
        } catch {
            throw UsageError(description: Probe.message(for: error))
        }
    }

    /// The kinds of step (`keys`, `type`, `resize`) in the order their options appear before
    /// the command: ArgumentParser keeps each option's values in order, not the order between
    /// options, and a run plays its steps as they were given.
    static func stepOrder(in arguments: [String]) -> [String] {
        var order: [String] = []
        for argument in arguments {
            if argument == "--" { break }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if ["--keys", "--type", "--resize"].contains(name) { order.append(String(name.dropFirst(2))) }
        }
        return order
    }

    /// The steps of `keys`, `type` (one step per character) and `resize`, interleaved in `order`.
    static func steps(keys: [String], type: [String], resize: [TerminalSize], order: [String]) -> [Step] {
        var keys = keys[...], type = type[...], resize = resize[...]
        var out: [Step] = []
        for kind in order {
            switch kind {
            case "keys":
                guard let text = keys.popFirst() else { continue }
                out.append(.key(label: text, bytes: keyBytes(text)))
            case "type":
                guard let text = type.popFirst() else { continue }
                // One step per character, each its own write.
                for character in String(decoding: keyBytes(text), as: UTF8.self) {
                    out.append(.key(label: label(of: character), bytes: Array(String(character).utf8)))
                }
            default:
                guard let size = resize.popFirst() else { continue }
                out.append(.resize(columns: size.columns, rows: size.rows))
            }
        }
        return out
    }

    /// `80x24` (or `80X24`, `80,24`), each side 1 to 1,000.
    static func size(_ text: String) throws -> TerminalSize {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "," })
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...1000).contains(c), (1...1000).contains(r) else {
            throw UsageError(description: "a size looks like COLSxROWS, e.g. 80x24 (each 1 to 1000): \(text)")
        }
        return TerminalSize(columns: c, rows: r)
    }

    /// The bytes of a key argument: Python-style escapes (`\r`, `\t`, `\n`, `\\`, `\xNN` a raw
    /// byte, …); an unknown escape stays as written; other text is sent as UTF-8.
    static func keyBytes(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "r"): 13, UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "a"): 7,
            UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "v"): 11, UInt8(ascii: "0"): 0,
            UInt8(ascii: "\\"): 92, UInt8(ascii: "'"): 39, UInt8(ascii: "\""): 34,
        ]
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else { out.append(bytes[i]); i += 1; continue }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "x"), i + 3 < bytes.count,
               let byte = UInt8(String(decoding: bytes[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
                out.append(byte)
                i += 4
            } else if let byte = simple[next] {
                out.append(byte)
                i += 2
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// A typed character as a step's label: itself when printable, else an escape
    /// (`\r`, `\x1b`), as the Python probe labelled them.
    static func label(of character: Character) -> String {
        switch character {
        case "\r": return "\\r"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\\": return "\\\\"
        default:
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 || scalar.value == 0x7f {
                let hex = String(scalar.value, radix: 16)
                return "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
            return String(character)
        }
    }
}
