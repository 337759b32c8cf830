import HubUI
import SessionEngine

extension Checks {
    /// What a lesson step's `watch` (or title) says an app shows holds on the device it describes: "Notes shows
    /// cou2", "Mail still shows cou1", "Chat, which now shows cou1", "Notes shows cou2's items
    /// only", "… and nothing of cou1's". A sentence the class reads beside the panes must agree
    /// with them, so a lesson whose screen changed fails here instead of telling the class
    /// something the screen contradicts. "Shows" means what `expectApp`'s `shows` means: the
    /// owners of the items the pane displays.
    static func narratedClaims(_ panel: LessonPanel, device: SharedDevice) -> StepFailure? {
        // The step's title is read beside the panes too ("Tasks shows cou1's tasks to cou2").
        for claim in ([panel.title] + [panel.watch].compactMap { $0 }).flatMap({ claims(in: $0, device: device) }) {
            guard let app = device.apps.first(where: { $0.definition.name == claim.app }) else { continue }
            let shown = showing(app, on: device)
            let holds = shown.contains(claim.user.name) && (!claim.only || shown == [claim.user.name])
                && claim.notShown.allSatisfy { !shown.contains($0.name) }
            guard holds else {
                let actual = shown.isEmpty ? "\(claim.app) shows no user's items" : "\(claim.app) shows the items of \(shown.joined(separator: ", "))"
                return StepFailure(message: "the narration says \"\(claim.text)\", but \(actual): make watch say what the screen shows",
                                   expected: claim.text, actual: actual)
            }
        }
        return nil
    }

    /// One claim: the app's display name, the user it is said to show, whether only that
    /// user's items, and users said not to be shown.
    struct ShowsClaim: Equatable {
        var app: String
        var user: UserID
        var only = false
        var notShown: [UserID] = []
        var text: String
    }

    /// The claims of the form "<App> [still|now|which now] shows <user>[’s …]" in `text`, one
    /// per clause (clauses end at `.`, `;`).
    static func claims(in text: String, device: SharedDevice) -> [ShowsClaim] {
        let users = Set(device.tenant.users.map(\.id))
        let appNames = Set(device.apps.map(\.definition.name))
        var out: [ShowsClaim] = []
        for clause in text.split(whereSeparator: { $0 == "." || $0 == ";" }) {
            let words = clause.split(separator: " ").map(String.init)
            for (i, word) in words.enumerated() where word == "shows" && i + 1 < words.count {
                var j = i - 1
                while j >= 0, ["still", "now", "which", "also"].contains(words[j]) { j -= 1 }
                guard j >= 0 else { continue }
                let app = words[j].trimmingSuffix(",")
                guard appNames.contains(app), let user = userWord(words[i + 1], in: users) else { continue }
                let rest = words[(i + 2)...]
                let notShown = rest.indices.compactMap { k -> UserID? in
                    k >= rest.startIndex + 2 && rest[k - 2] == "nothing" && rest[k - 1] == "of" ? userWord(rest[k], in: users) : nil
                }
                let phrase = words[j...].joined(separator: " ")
                out.append(ShowsClaim(app: app, user: user, only: rest.contains("only"), notShown: notShown, text: phrase))
            }
        }
        return out
    }

    /// `cou1`, `cou1's`, `cou1,` as a tenant user; nil for any other word.
    private static func userWord(_ word: String, in users: Set<UserID>) -> UserID? {
        var w = Substring(word)
        while let last = w.last, ",:)".contains(last) { w = w.dropLast() }
        if w.hasSuffix("'s") || w.hasSuffix("’s") { w = w.dropLast(2) }
        let id = UserID(String(w))
        return users.contains(id) ? id : nil
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
