/// ArgumentParser's refusal of a value outside an option's fixed set (a typed option:
/// `ArgumentChoices.swift`), worded as hubsim words its own: one line naming what was typed,
/// every valid value, and the nearest one when the value looks like a typo of it
/// (`CommandName.nearest`, as for a mistyped command).
///
/// ArgumentParser's message reads `Error: The value 'V' is invalid for '--option <name>'.
/// Please provide one of 'a', 'b' or 'c'.`, or lists six values or more one per line; its
/// error type is not public, so the message is what there is to read.
struct ChoiceRefusal: Equatable {
    /// The value as typed.
    var value: String
    /// What the option chooses, from its value name (`<staging-mode>`: "staging mode").
    var noun: String
    /// Every valid value, in the option's order.
    var valid: [String]
}

extension ChoiceRefusal {
    init?(_ message: String) {
        let lines = message.split(separator: "\n").map(String.init)
        guard let head = lines.first, head.hasPrefix("Error: The value '"),
              let invalid = head.range(of: "' is invalid for '", options: .backwards),
              let list = head.range(of: ". Please provide one of ", options: .backwards) else { return nil }
        value = String(head[head.index(head.startIndex, offsetBy: "Error: The value '".count)..<invalid.lowerBound])
        let option = head[invalid.upperBound..<list.lowerBound]
        guard let open = option.firstIndex(of: "<"), let close = option.lastIndex(of: ">"), open < close else { return nil }
        noun = option[option.index(after: open)..<close].replacingOccurrences(of: "-", with: " ")
        let inline = head[list.upperBound...]
        if inline == "the following:" {
            valid = lines.dropFirst().prefix(while: { $0.hasPrefix("  - ") }).map { String($0.dropFirst(4)) }
        } else {
            // 'a', 'b' or 'c'.
            valid = inline.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        guard !valid.isEmpty else { return nil }
    }

    /// `unknown profile 'entra-io'; valid: workspace-one, entra-ios, entra-android, android-mhs; did you mean 'entra-ios'?`
    /// The nearest value is a typo's (`CommandName.nearest`), or the one value that holds the
    /// typed text, at its start (`multi` for `multi-user`; `android` is in two profiles' names).
    var text: String {
        let typed = value.lowercased()
        let holding = valid.filter { !typed.isEmpty && $0.contains(typed) }
        let guess = CommandName.nearest(to: value, among: valid) ?? (holding.count == 1 && holding[0].hasPrefix(typed) ? holding[0] : nil)
        let nearest = guess.map { "; did you mean '\($0)'?" } ?? ""
        return "unknown \(noun) '\(value)'; valid: \(valid.joined(separator: ", "))\(nearest)"
    }
}
