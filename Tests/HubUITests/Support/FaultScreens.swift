import HubUI
import SessionEngine

/// Faults on screen (Docs/faults.md), each reached by keys as a person reaches it: the faults
/// menu, a pane with a fault armed, the pane after its dropped notification let the next user
/// see the previous one's data, and the event log and F3 after it.
enum FaultScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("faults-menu", menu),
        ("pane-fault-armed", armed),
        ("pane-fault-dropped", dropped),
        ("event-log-fault", eventLog),
        ("diagram-faults", diagram),
        ("pane-fault-crash", crashInClear),
    ]

    /// entra-ios with Chat and Roster (both listen for the account change), cou1 signed in,
    /// both started (Roster in front) and Chat's pane focused, holding cou1's messages.
    static func chatFocused() -> HubModel {
        var m = Fixtures.model(.entraIOS, apps: ["chat", "roster"])
        m.enrollThroughUI()
        m.press("cou1<Enter>cou1<Enter>")
        m.press("<Tab>l<Tab>l<S-Tab>")
        return m
    }

    /// `!` on Chat's pane: the menu, with delay chosen and made a minute long.
    static func menu() -> HubModel {
        var m = chatFocused()
        m.press("!<Down>+")
        return m
    }

    /// drop armed on Chat (the first row, Enter): the pane's badge.
    static func armed() -> HubModel {
        var m = chatFocused()
        m.press("!<Enter>")
        return m
    }

    /// Then cou1 signs out from the broker: Chat's notification is dropped, Roster's arrives.
    static func dropped() -> HubModel {
        var m = armed()
        m.press("h<Enter>y")
        return m
    }

    static func eventLog() -> HubModel {
        var m = dropped()
        m.press("<F2>")
        return m
    }

    static func diagram() -> HubModel {
        var m = dropped()
        m.press("<F3>")
        return m
    }

    /// crash-in-callback armed on Chat, then cou1 signs out: Chat crashes inside its clear of
    /// cou1's data, part of it deleted, the rest kept (the device's fault seed chooses how much).
    static func crashInClear() -> HubModel {
        var m = chatFocused()
        m.press("!<Down><Down><Down><Down><Enter>")
        m.press("h<Enter>y")
        return m
    }
}
