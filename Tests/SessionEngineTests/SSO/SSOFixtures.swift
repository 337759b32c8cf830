import Testing
@testable import SessionEngine

/// Devices for the single sign-on tests, and a reader of what happened since the last look.
enum SSO {
    static let suiteClient = "6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01"
    static let suiteGroup = "com.contoso.frontline"

    /// The catalogue's app `id`, with its SSO configuration changed by `change`.
    static func app(_ id: AppID, _ change: (inout SSOConfiguration) -> Void = { _ in }) -> AppDefinition {
        var app = Fixtures.catalogue.app(id)!
        change(&app.sso!)
        return app
    }

    /// An enrolled device of `profile` with `apps` (workspace-one: cou1 checked out).
    static func device(_ profile: ProfileID, _ apps: [AppDefinition], checkOut: Bool = true) -> SharedDevice {
        var d = SharedDevice(profile: .named(profile), tenant: Fixtures.tenant, apps: apps, dependencies: Fixtures.dependencies())
        let group = profile == .workspaceOne ? "FRONTLINE" : nil
        #expect(d.enroll(group: group, user: "stage", password: "stage") == .success(d.state))
        #expect(d.completeEnrollment() == .success(.checkedIn))
        if checkOut && profile == .workspaceOne { #expect(d.checkOut("cou1") == .success(.checkedOut("cou1"))) }
        return d
    }

    static func device(_ profile: ProfileID, _ ids: [AppID], checkOut: Bool = true) -> SharedDevice {
        device(profile, ids.map { app($0) }, checkOut: checkOut)
    }
}

/// The event log's lines since the previous call: every state change and delivery, in order.
struct Trail {
    private var seq = 0

    init(_ device: SharedDevice) { seq = device.log.nextSeq - 1 }

    mutating func take(_ device: SharedDevice) -> [String] {
        defer { seq = device.log.nextSeq - 1 }
        return device.log.entries(after: seq).map(\.text)
    }
}

extension TokenOutcome {
    static func token(_ account: UserID, _ source: TokenSource, fellBack: SSOMisconfiguration? = nil) -> TokenOutcome {
        .token(TokenGrant(account: account, source: source, fellBack: fellBack))
    }
}
