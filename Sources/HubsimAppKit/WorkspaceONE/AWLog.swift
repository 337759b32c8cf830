import Foundation

// The Workspace ONE SDK's log functions (`AWLogError`, `AWLogInfo`, …): each writes one line to
// the pane's log (standard error), marked with its level, as the SDK's console log does.

public func AWLogError(_ message: @autoclosure () -> String) { awLog("error", message()) }
public func AWLogWarning(_ message: @autoclosure () -> String) { awLog("warning", message()) }
public func AWLogInfo(_ message: @autoclosure () -> String) { awLog("info", message()) }
public func AWLogDebug(_ message: @autoclosure () -> String) { awLog("debug", message()) }
public func AWLogVerbose(_ message: @autoclosure () -> String) { awLog("verbose", message()) }

private func awLog(_ level: String, _ message: String) {
    HubsimBridge.current.log("[\(level)] \(message)")
}
