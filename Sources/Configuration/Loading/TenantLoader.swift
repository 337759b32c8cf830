import Platform
import SessionEngine

/// Reads a tenant from YAML. Passwords must be PHC hashes; plaintext is refused with a
/// message that says how to hash it, and each must cost at least `minimumCost` (tests that
/// hash in-process at a low work factor pass theirs; files are held to `ScryptCost.forFiles`).
public enum TenantLoader {
    public static func load(yaml text: String, file: String, minimumCost: ScryptCost = .minimum) throws(ConfigError) -> Tenant {
        let root = try YAMLValue.parse(text, file: file)
        let top = try root.fields("the tenant", allowed: ["tenant", "promptForGroupID", "groups", "users", "policy", "appRegistrations",
                                                                 "sharedDeviceSetup", "managedHomeScreen"])

        var groups: [OrganizationGroup] = []
        if let list = top["groups"] {
            for g in try list.items("groups") {
                let f = try g.fields("a group", allowed: ["id", "name"])
                let id = try f.name("id")
                groups.append(OrganizationGroup(id: id, name: try f["name"]?.name("name") ?? id))
            }
        }
        guard !groups.isEmpty else { throw root.error("the tenant needs at least one group under 'groups'") }

        var users: [TenantUser] = []
        for u in try top.required("users").items("users") {
            let user = try readUser(u, groups: groups, minimumCost: minimumCost)
            if users.contains(where: { $0.id == user.id }) { throw u.error("user '\(user.id)' is defined twice") }
            users.append(user)
        }
        guard users.contains(where: \.isStagingUser) else {
            throw root.error("the tenant needs a staging user (role: staging) to enroll devices")
        }

        return Tenant(
            name: try top["tenant"]?.name("tenant") ?? "Tenant",
            promptsForGroupID: try top.bool("promptForGroupID", default: true),
            groups: groups, users: users,
            policy: try top["policy"].map(readPolicy) ?? SecurityPolicy(),
            appRegistrations: try top["appRegistrations"].map(SSOReader.registrations) ?? [],
            sharedDeviceSetup: try top["sharedDeviceSetup"].map { v throws(ConfigError) in try SharedDeviceSetupReader.read(v) } ?? SharedDeviceSetup(),
            managedHomeScreen: try top["managedHomeScreen"].map { v throws(ConfigError) in try ManagedHomeScreenReader.read(v) }
                ?? ManagedHomeScreenPolicy())
    }

    /// Reads the tenant file at `path` (plain system calls: `hubsim --tenant` reads it before
    /// the first frame).
    public static func load(path: String, minimumCost: ScryptCost = .forFiles) throws(ConfigError) -> Tenant {
        try load(yaml: ConfigFile.text(at: path, what: "the tenant file"), file: path, minimumCost: minimumCost)
    }

    private static func readUser(_ u: YAMLValue, groups: [OrganizationGroup], minimumCost: ScryptCost) throws(ConfigError) -> TenantUser {
        let f = try u.fields("a user", allowed: ["name", "displayName", "group", "role", "staging", "passwordHash", "password"])
        let name = try f.name("name")
        guard UserID.isValidName(name) else {
            throw (f["name"] ?? u).error("\(name.debugDescription) cannot be a user name: use \(UserID.nameRule)")
        }
        if let plain = f["password"] {
            throw plain.error("user '\(name)' has a plaintext password; store only a hash: run `hubsim tenant hash-password` and put its output under 'passwordHash'")
        }
        let hashNode = try f.required("passwordHash")
        let hash = PasswordHash(phc: try hashNode.string("passwordHash"))
        // The engine keeps hashes opaque; the hasher's PHC parser says whether this one is usable.
        guard let scrypt = hash.scrypt else {
            throw hashNode.error("the passwordHash of '\(name)' is not a scrypt PHC string ($scrypt$ln=..,r=..,p=..$salt$hash); make one with `hubsim tenant hash-password`")
        }
        guard minimumCost.isMet(by: scrypt) else {
            throw hashNode.error("the passwordHash of '\(name)' is too cheap to guard a password (ln=\(scrypt.logN), r=\(scrypt.r), p=\(scrypt.p); at least \(minimumCost) is needed); make a new one with `hubsim tenant hash-password`")
        }
        let groupID = try f.optionalString("group") ?? groups[0].id
        guard let group = groups.first(where: { $0.id.lowercased() == groupID.lowercased() }) else {
            throw (f["group"] ?? u).error("unknown group '\(groupID)'; groups: \(groups.map(\.id).joined(separator: ", "))")
        }
        let role: TenantUser.Role
        switch try f.optionalString("role") ?? "end-user" {
        case "staging":
            let modeText = try f.optionalString("staging") ?? StagingMode.multiUser.rawValue
            guard let mode = StagingMode(rawValue: modeText) else {
                throw (f["staging"] ?? u).error("staging must be multi-user or single-user, not '\(modeText)'")
            }
            role = .staging(mode)
        case "end-user": role = .endUser
        case let other: throw (f["role"] ?? u).error("role must be staging or end-user, not '\(other)'")
        }
        return TenantUser(id: UserID(name), displayName: try f["displayName"]?.name("displayName") ?? name,
                          group: group.id, role: role, passwordHash: hash)
    }

    private static func readPolicy(_ p: YAMLValue) throws(ConfigError) -> SecurityPolicy {
        let f = try p.fields("the policy", allowed: ["appPasscode", "inactivityTimeout", "failedAttemptLimit", "lockoutSeconds"])
        var policy = SecurityPolicy()
        if let passcode = f["appPasscode"] {
            let pf = try passcode.fields("appPasscode", allowed: ["required", "minLength"])
            if try pf.bool("required", default: false) {
                policy.appPasscodeMinLength = try pf.integer("minLength", in: 1...16, unit: "digits", default: 4)
            }
        }
        // Whole seconds within `Limits` (Docs/qa.md, tenant files): validate and the app
        // read the same values, and the clock arithmetic on them cannot overflow.
        policy.inactivityTimeout = Double(try f.integer("inactivityTimeout", in: 1...Limits.durationSeconds, unit: "seconds", default: 300))
        policy.failedAttemptLimit = try f.integer("failedAttemptLimit", in: 1...Limits.attempts, default: 5)
        policy.lockoutDuration = Double(try f.integer("lockoutSeconds", in: 0...Limits.durationSeconds, unit: "seconds", default: 60))
        return policy
    }
}
