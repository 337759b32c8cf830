import Foundation
import HubUI
import SessionEngine

/// What must hold after every input of a random walk, whatever the input was. Each check
/// returns the problems it found, as sentences; an empty list means the state is sound.
enum WalkInvariants {
    /// The engine: one session at most, consistent with its history; the apps and the
    /// deliveries consistent with the foreground; the attempt counters within the policy.
    static func engine(_ d: SharedDevice) -> [String] {
        var problems: [String] = []
        let s = d.snapshot
        let user = d.state.user
        if s.session?.user != user { problems.append("the session (\(s.session?.user.name ?? "none")) and the state (\(d.state)) disagree on who is signed in") }
        let open = s.history.filter { $0.endedAt == nil }
        if open.count > 1 { problems.append("\(open.count) sessions are open at once: \(open.map(\.user.name))") }
        if let user {
            if s.history.last?.endedAt != nil || s.history.last?.user != user {
                problems.append("\(user) is signed in but the last session record is \(String(describing: s.history.last))")
            }
            if d.tenant.user(user) == nil { problems.append("\(user), signed in, is not a user of the tenant") }
        } else if !open.isEmpty {
            problems.append("no one is signed in but a session of \(open[0].user) is open")
        }
        if s.marks.checkOuts != s.history.count {
            problems.append("\(s.marks.checkOuts) check-outs counted for \(s.history.count) sessions")
        }
        if s.enrollment?.mode == .singleUser, let owner = s.enrollment?.assignedUser,
           let other = s.history.first(where: { $0.user != owner }) {
            problems.append("a Single User Device assigned to \(owner) was checked out to \(other.user)")
        }

        let inFront = d.apps.filter { $0.lifecycle == .foreground }
        if inFront.count > 1 { problems.append("\(inFront.count) apps in the foreground: \(inFront.map(\.id))") }
        if let app = inFront.first, d.foreground != .app(app.id) {
            problems.append("\(app.id) is in the foreground but the device shows \(d.foreground)")
        }
        if let id = d.foreground.appID, d.lifecycle(of: id) != .foreground {
            problems.append("the device shows \(id), whose lifecycle is \(String(describing: d.lifecycle(of: id)))")
        }
        if d.deliveryMode == .immediate, !d.heldDeliveries.isEmpty {
            problems.append("\(d.heldDeliveries.count) deliveries held outside step mode")
        }
        for held in d.heldDeliveries where d.lifecycle(of: held.app)?.isRunning != true {
            problems.append("a delivery is held for \(held.app), which is not running")
        }
        for (who, record) in s.failedAttempts {
            if record.count < 0 || record.count > d.policy.failedAttemptLimit {
                problems.append("\(who) has \(record.count) failed attempts (limit \(d.policy.failedAttemptLimit))")
            }
            if record.lockedUntil != nil, record.count < d.policy.failedAttemptLimit {
                problems.append("\(who) is locked out after only \(record.count) failed attempts")
            }
        }
        return problems
    }

    /// The device saved and restored (its snapshot through JSON, as a store keeps it): the same
    /// snapshot, armed faults and deliveries under way included, and a restored device whose
    /// engine and audit hold. A fault may cause a leak; it must never cost the device.
    static func restored(_ d: SharedDevice, dependencies: EngineDependencies) -> [String] {
        let back: DeviceSnapshot
        do {
            back = try JSONDecoder().decode(DeviceSnapshot.self, from: JSONEncoder().encode(d.snapshot))
        } catch {
            return ["the snapshot does not survive saving: \(error)"]
        }
        // An app's external keys are held in memory only, never saved (Docs/decisions.md): a
        // restored app fetches them again; so is an unsaved draft (`AppRuntime.draft`: it lives
        // in the app's memory and is lost with it). Everything else must come back as it was.
        var saved = d.snapshot
        for i in saved.apps.indices { saved.apps[i].keychain.externalKeys = [:]; saved.apps[i].draft = nil }
        guard back == saved else {
            // Name the fields that differ, so a failure says what did not survive.
            let fields = zip(Mirror(reflecting: saved).children, Mirror(reflecting: back).children).filter { a, b in (a.value as? any Equatable)?.isEqual(to: b.value) == false }.map { $0.0.label ?? "?" }
            var detail = ""
            for (a, b) in zip(saved.apps, back.apps) where a != b {
                let differing = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children)
                    .filter { x, y in (x.value as? any Equatable)?.isEqual(to: y.value) == false }.map { $0.0.label ?? "?" }
                detail += " (\(a.id): \(differing.joined(separator: ", ")))"
            }
            return ["the restored snapshot is not the saved one: \(fields.isEmpty ? "it differs" : fields.joined(separator: ", ") + " differ")\(detail)"]
        }
        // Restored as hubsim reopens a device: the running apps get back what they held in memory.
        var restored = SharedDevice(snapshot: back, tenant: d.tenant, dependencies: dependencies)
        restored.resumeAfterRestart()
        return (engine(restored) + audit(restored)).map { "restored: \($0)" }
    }

    /// The leak audit, derived again from the apps' items and owners: the device's findings
    /// must be exactly these (none missing, none extra). Also no leak the audit cannot see:
    /// an app on screen that can decrypt another user's sealed item (Docs/decisions.md, "Leak audit and step mode") must be a
    /// visible leak even when its list filters the item out.
    static func audit(_ d: SharedDevice) -> [String] {
        var problems: [String] = []
        let held = Set(d.heldDeliveries.map(\.app))
        let alone = d.tokenStore.signedInAlone ?? []
        var leaks: [LeakFinding] = [], exposures: [LeakFinding] = []
        for app in d.apps {
            // Who uses the app: the device's user; with nobody signed in, the account the app
            // was signed in to by that person with nobody signed in (your own sign-in is not a leak).
            var user = d.state.user
            if user == nil, let account = app.token?.account, alone.contains(account) { user = account }
            let onScreen = app.lifecycle == .foreground && d.block(of: app) == nil && !held.contains(app.id)
            // An app signed in (holding a token) as another account than its user: part of its
            // leak while it is on screen, else of its exposure (one finding of each per app).
            let tokenOwner = app.token?.account.flatMap { $0 != user ? $0 : nil }
            if onScreen {
                let readable = app.storage.filter { d.open($0, in: app) != nil }
                // A well-written app lists common items and its shown user's; a faulty one lists all it can read.
                // The editor shows an unsaved draft too, whoever typed it (Docs/faults.md, unsaved work).
                let listed = (app.definition.faults.isEmpty ? readable.filter { $0.owner == nil || $0.owner == app.currentUser } : readable)
                    + [app.draft].compactMap { $0 }
                let foreign = listed.filter { $0.owner != nil && $0.owner != user }
                if !foreign.isEmpty || tokenOwner != nil {
                    leaks.append(LeakFinding(app: app.id, severity: .visibleLeak,
                                             owners: Set(foreign.compactMap(\.owner) + [tokenOwner].compactMap { $0 }).sorted(),
                                             currentUser: user, itemCount: foreign.count, token: tokenOwner != nil ? true : nil))
                }
                let unseen = readable.filter { $0.dataClass.isSealed && $0.owner != nil && $0.owner != user && !foreign.contains($0) }
                if !unseen.isEmpty, foreign.isEmpty {
                    problems.append("\(app.id), on screen, can decrypt \(unseen.count) sealed item(s) of \(Set(unseen.compactMap(\.owner)).sorted()) while \(user?.name ?? "no one") is signed in, and the audit does not see it")
                }
            }
            let plain = app.storage.filter { item in
                guard let owner = item.owner, owner != user, case .plaintext = item.payload else { return false }
                return true
            }
            let kept = onScreen ? nil : tokenOwner
            if !plain.isEmpty || kept != nil {
                exposures.append(LeakFinding(app: app.id, severity: .atRestExposure,
                                             owners: Set(plain.compactMap(\.owner) + [kept].compactMap { $0 }).sorted(),
                                             currentUser: user, itemCount: plain.count, token: kept != nil ? true : nil))
            }
        }
        let expected = leaks + exposures
        if d.findings != expected {
            let missing = expected.filter { !d.findings.contains($0) }.map { $0.message(d.profile.id) }
            let extra = d.findings.filter { !expected.contains($0) }.map { $0.message(d.profile.id) }
            problems.append("the leak audit disagrees with the apps' items: missing \(missing), not derived \(extra)")
        }
        return problems
    }

    /// The frame: exactly the terminal's size, every row as wide as the grid (a wide
    /// character's second cell is its continuation, nothing else is), no control character,
    /// the cursor and every clickable region inside the grid.
    static func frame(_ f: Frame, width: Int, height: Int, secrets: [String] = []) -> [String] {
        var problems: [String] = []
        let g = f.grid
        // The screen's text as bytes (printable ASCII; 0 for anything else), for the secrets.
        var text = [UInt8](repeating: 0, count: g.cells.count + g.height)
        guard g.width == max(0, width), g.height == max(0, height) else {
            return ["the frame is \(g.width)x\(g.height) for a \(width)x\(height) terminal"]
        }
        for y in 0..<g.height {
            var x = 0, used = 0
            while x < g.width {
                let cell = g.cells[y * g.width + x]
                // Printable ASCII, most of every frame: one column, nothing more to check.
                if cell.text.utf8.count == 1, let byte = cell.text.utf8.first, byte >= 0x20, byte < 0x7F {
                    text[y * (g.width + 1) + x] = byte
                    x += 1; used += 1; continue
                }
                if cell.isContinuation {
                    problems.append("row \(y): a continuation cell at column \(x) follows no wide character")
                    x += 1; continue
                }
                guard cell.text.count == 1, let ch = cell.text.first else {
                    problems.append("row \(y), column \(x): the cell holds \(cell.text.count) characters (\(cell.text.debugDescription))")
                    x += 1; continue
                }
                if ch.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                    problems.append("row \(y), column \(x): a control character \(cell.text.debugDescription)")
                }
                let w = TextWidth.of(ch)
                if w == 2 {
                    if x + 1 >= g.width || !g[x + 1, y].isContinuation {
                        problems.append("row \(y): the wide character \(cell.text) at column \(x) has no continuation cell")
                        x += 1; used += 1; continue
                    }
                    x += 2; used += 2
                } else {
                    if w != 1 { problems.append("row \(y), column \(x): \(cell.text.debugDescription) is \(w) columns wide") }
                    x += 1; used += 1
                }
            }
            if used > g.width { problems.append("row \(y) is \(used) columns wide in a \(g.width)-column grid") }
            if problems.count > 5 { break }
        }
        if let c = f.cursor, !(0..<g.width).contains(c.x) || !(0..<g.height).contains(c.y) {
            problems.append("the cursor (\(c.x), \(c.y)) is outside the \(g.width)x\(g.height) grid")
        }
        for r in f.hitMap.regions where r.rect.x < 0 || r.rect.y < 0 || r.rect.maxX > g.width || r.rect.maxY > g.height {
            problems.append("the clickable region \(r.rect) (\(r.target)) reaches outside the \(g.width)x\(g.height) grid")
        }
        // No wrong password or passcode typed into a masked field is on screen.
        for secret in secrets where contains(text, Array(secret.utf8)) {
            problems.append("a secret typed into a masked field is on screen (\(secret.count) characters)")
        }
        return problems
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        // Plain loops over buffers: slices and generic search cost ten times as much in a debug build.
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                let first = n[0], last = h.count - n.count
                var i = 0
                while i <= last {
                    if h[i] == first {
                        var j = 1
                        while j < n.count && h[i + j] == n[j] { j += 1 }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}

private extension Equatable {
    /// `==` across an `Any`: false when `other` is not of the same type.
    func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
