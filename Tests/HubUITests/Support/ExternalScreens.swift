import Configuration
import HubUI
import Platform
import SessionEngine

/// The pane of a developer's program (Docs/bridge-protocol.md), with the bridge's reports made
/// by hand: the program started with a process id, answered, stored and showed an item; then
/// one that does not answer (hung) and one whose process ended (crashed).
enum ExternalScreens {
    static let all: [(name: String, make: @Sendable () -> HubModel)] = [
        ("pane-external-running", running),
        ("pane-external-hung", hung),
        ("pane-external-crashed", crashed),
    ]

    static let app = AppDefinition(id: "myapp", name: "My app", sdk: .workspaceOne(.none),
                                   external: ExternalProgram(exec: ["python3", "myapp.py"], workingDirectory: "/work/myapp"))

    /// Checked out as cou1, notes and the program opened; the program's events taken by a
    /// bridge that has not started it yet.
    static func launched() -> (HubModel, [AppRequest]) {
        let catalogue = try! BundledAssets.catalogue()
        let device = SharedDevice(profile: DeviceProfile.named(.workspaceOne), tenant: try! BundledAssets.tenant(),
                                  apps: try! catalogue.select(["notes", "scanner"]) + [app],
                                  dependencies: EngineDependencies.seeded(hasher: Fixtures.hasher))
        var m = HubModel(device: device, theme: .colour, width: 80, height: 24)
        m.enrollThroughUI()
        m.checkOutThroughUI(user: "cou1")
        m.press("<Tab>l<Tab><Tab>l")
        var requests: [AppRequest] = []
        m.updateDevice { device in
            requests = device.awaitedRequests
            device.appStarted("myapp", pid: 4242)
            return true
        }
        return (m, requests)
    }

    /// Answered everything, stored cou1's orders under the SDK's key and shows them.
    static func running() -> HubModel {
        let (launchedModel, requests) = launched()
        var m = launchedModel
        m.updateDevice { device in
            for r in requests { device.appAnswered("myapp", serial: r.serial) }
            _ = device.call(.put(key: "orders", owner: UserID("cou1"), protection: .sdk, text: "3 orders of cou1"), from: "myapp")
            _ = device.call(.show(user: UserID("cou1"), items: ["orders"], lines: ["Orders: 3 open", "Last sync 08:02"]), from: "myapp")
            device.appWrote("myapp", "synced 3 orders")
            return true
        }
        return m
    }

    /// The cold launch answered; the initial check never is, past the time limit.
    static func hung() -> HubModel {
        let (launchedModel, requests) = launched()
        var m = launchedModel
        m.updateDevice { device in
            for r in requests.dropLast() { device.appAnswered("myapp", serial: r.serial) }
            if let last = requests.last { device.appHung("myapp", serial: last.serial) }
            return true
        }
        return m
    }

    /// The process ended with status 3, a Python traceback on its standard error.
    static func crashed() -> HubModel {
        var m = launched().0
        m.updateDevice { device in
            device.appWrote("myapp", "Traceback (most recent call last):")
            device.appWrote("myapp", "KeyError: 'userName'")
            device.appExited("myapp", status: "exit 3", lastLines: ["Traceback (most recent call last):", "KeyError: 'userName'"], expected: false)
            return true
        }
        return m
    }
}
