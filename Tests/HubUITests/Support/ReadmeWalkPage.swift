import Foundation
import HubUI

/// Reads a walk's numbered steps from a Markdown page (README.md's sections for trainers)
/// into what to press and what the screen must show; the rules are listed on
/// `ReadmePageWalkTests`. A step it can read no key from is an error naming the step, so the
/// page cannot drift from the test silently.
enum ReadmeWalkPage {
    struct Step: Equatable {
        var number: Int
        /// The step's own text, bullets left out.
        var text: String
        /// Each profile's bullet (`- entra-ios: …`), by profile name.
        var bullets: [String: String]
    }

    enum Operation: Equatable, CustomStringConvertible {
        case launch(String)
        case type(String)
        case press(String)
        /// Words the screen shows after the keys named before them (at the step's end when
        /// no key comes before: the step's subject, as in "Check out `cou1`").
        case show(String)
        /// Words the screen shows below or right of the words before them ("A, then B").
        case showThen(String)
        /// Words the screen shows before the next key (what it is pressed on).
        case showNow(String)
        /// Words the pane of `app` does not show once the step's keys are pressed ("Chat
        /// shows …, nothing of `cou1`'s"); nil: the whole screen.
        case hide(String, pane: String?)

        var isInput: Bool {
            switch self {
            case .launch, .type, .press: true
            case .show, .showThen, .showNow, .hide: false
            }
        }

        var description: String {
            switch self {
            case let .launch(p): "launch \(p)"
            case let .type(t): "type `\(t)`"
            case let .press(k): "`\(k)`"
            case let .show(w), let .showNow(w): "\"\(w)\""
            case let .showThen(w): "then \"\(w)\""
            case let .hide(w, pane): "nothing of \"\(w)\" on \(pane ?? "the screen")"
            }
        }
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// The numbered steps of the section headed `## title`.
    static func steps(of title: String, in page: String) throws -> [Step] {
        let lines = page.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## " + title) else { throw Unreadable(description: "no section '## \(title)'") }
        var steps: [Step] = []
        var bullet: String?
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            if let r = line.range(of: #"^\d+\. "#, options: .regularExpression) {
                steps.append(Step(number: Int(line[..<r.upperBound].dropLast(2))!, text: String(line[r.upperBound...]), bullets: [:]))
                bullet = nil
                continue
            }
            guard !steps.isEmpty else { continue }
            if line.isEmpty { bullet = nil; continue }
            // A line not indented after the steps ends them.
            guard line.hasPrefix("   ") else { if bullet == nil, !steps.last!.text.isEmpty, !line.hasPrefix(" ") { break }; continue }
            let body = line.trimmingCharacters(in: .whitespaces)
            // `- entra-ios: …`, `- workspace-one, the lock screen: …`, `- entra-ios has no Group ID: …`
            if let r = body.range(of: #"^- [a-z0-9]+-[a-z0-9-]+[^:`]*: "#, options: .regularExpression) {
                let name = String(body.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                steps[steps.count - 1].bullets[name] = String(body[r.upperBound...])
                bullet = name
            } else if let name = bullet {
                steps[steps.count - 1].bullets[name]! += " " + body
            } else {
                steps[steps.count - 1].text += " " + body
            }
        }
        return steps
    }

    /// What the step says to press and to see, for one profile.
    static func operations(_ step: Step, profile: String, steps: [Step]) throws -> [Operation] {
        var ops = try read(step.text, profile: profile, steps: steps)
        if let bullet = step.bullets[profile] { ops += try read(bullet, profile: profile, steps: steps) }
        if !ops.contains(where: \.isInput) {
            throw Unreadable(description: "README step \(step.number) (\(profile)): no key to press could be read from: \(step.text)")
        }
        return ops
    }

    /// The user a step is about: its first quoted word that is neither a key nor typed.
    static func user(of step: Step, profile: String) -> String? {
        for op in (try? read(step.text, profile: profile, steps: [])) ?? [] { if case let .show(w) = op { return w } }
        return nil
    }

    /// The app a clause is about: its first word, when it is capitalised ("Chat shows …").
    private static func subject(of text: String) -> String? {
        let unquoted = text.replacingOccurrences(of: #"`[^`]*`"#, with: "_", options: .regularExpression)
        let clause = unquoted.components(separatedBy: CharacterSet(charactersIn: ":;.")).last ?? unquoted
        let word = clause.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter }
        return word.first?.isUppercase == true ? String(word) : nil
    }

    private static func read(_ text: String, profile: String, steps: [Step]) throws -> [Operation] {
        let pattern = try NSRegularExpression(pattern: #"\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|as in step (\d+)"#)
        let ns = text as NSString
        let matches = pattern.matches(in: text, range: NSRange(location: 0, length: ns.length))
        // Which pair of brackets each offset is in (0: none).
        var group = [Int](repeating: 0, count: ns.length + 1)
        var depth = 0, groups = 0, current = 0
        for i in 0..<ns.length {
            let c = ns.character(at: i)
            if c == 40 { depth += 1; if depth == 1 { groups += 1; current = groups } }   // (
            group[i] = depth > 0 ? current : 0
            if c == 41, depth > 0 { depth -= 1 }                                          // )
        }
        var ops: [Operation] = []
        var keyedGroups: Set<Int> = []
        for (n, m) in matches.enumerated() {
            let between = n + 1 < matches.count
                ? ns.substring(with: NSRange(location: m.range.upperBound, length: matches[n + 1].range.location - m.range.upperBound)) : ""
            let before = ns.substring(to: m.range.location)
            if m.range(at: 4).location != NSNotFound {
                let number = Int(ns.substring(with: m.range(at: 4)))!
                guard let earlier = steps.first(where: { $0.number == number }) else { throw Unreadable(description: "no step \(number) to repeat") }
                let was = user(of: earlier, profile: profile)
                let now = ops.first.flatMap { if case let .show(w) = $0 { w } else { nil } }
                for op in try operations(earlier, profile: profile, steps: steps) {
                    switch op {
                    case let .type(t) where t == was && now != nil: ops.append(.type(now!))
                    case .type, .press: ops.append(op)
                    default: break
                    }
                }
                continue
            }
            if m.range(at: 1).location != NSNotFound {
                let words = ns.substring(with: m.range(at: 1))
                // `Enter` on **Log Out**: the item shows before the key is pressed on it.
                if before.hasSuffix("` on "), case .press = ops.last {
                    ops.insert(.showNow(words), at: ops.count - 1)
                } else {
                    ops.append(.show(words))
                }
                continue
            }
            if m.range(at: 2).location != NSNotFound { ops.append(.show(ns.substring(with: m.range(at: 2)))); continue }
            let code = ns.substring(with: m.range(at: 3))
            if code.hasPrefix("swift run hubsim") {
                let words = code.split(separator: " ").map(String.init)
                let chosen = words.firstIndex(of: "--profile").map { words[$0 + 1] } ?? "workspace-one"
                if chosen == profile { ops.append(.launch(chosen)) }
                continue
            }
            let nextIsEnter = n + 1 < matches.count && ns.substring(with: matches[n + 1].range) == "`Enter`"
                && between.trimmingCharacters(in: .whitespaces).isEmpty
            if Key(name: code) != nil, !nextIsEnter || code.count > 1 {
                let g = group[m.range.location]
                if g != 0 { if keyedGroups.contains(g) { continue }; keyedGroups.insert(g) }
                ops.append(.press(code))
            } else if nextIsEnter {
                ops.append(.type(code))
            } else if before.hasSuffix("nothing of ") {
                ops.append(.hide(code, pane: subject(of: before)))
            } else if before.hasSuffix(", then "), case .show = ops.last {
                ops.append(.showThen(code))
            } else if before.hasSuffix(", then "), case .showThen = ops.last {
                ops.append(.showThen(code))
            } else {
                ops.append(.show(code))
            }
        }
        return ops
    }
}
