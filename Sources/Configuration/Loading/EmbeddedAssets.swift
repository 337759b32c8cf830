// Generated from the YAML files of Sources/Configuration/Assets by EmbeddedAssetsSource
// (Tests/ConfigurationTests): do not edit. After adding, removing or changing one, run
//   HUBSIM_RECORD_GOLDEN=1 swift test --filter EmbeddedAssetsTests
// review the diff, then run the tests again without the variable.

/// The shipped files' text, compiled into hubsim so that it needs nothing beside its
/// binary (`BundledAssets`): each file by its path below `Assets/`, sorted.
enum EmbeddedAssets {
    static let files: KeyValuePairs<String, String> = [
        "apps.yaml": #"""
# The app catalogue: every managed app is data, not code. Each shows one behaviour of the
# reference documents, so they can be watched side by side.
#   sdk: workspace-one (support: none | retain-preferences | cache-common-data |
#        external-encryption | shared-device-mode), msal (backgroundCapability, listens,
#        checksOnForeground, receiver), or none.
#   receiver (msal, Android profiles only): how the app listens for the broker's
#        CURRENT_ACCOUNT_CHANGED broadcast: runtime (registered while it runs: it receives it),
#        manifest (declared in the manifest: Android 8+ never delivers it), or none. Absent:
#        runtime when listens is true, else none. iOS reads listens as before.
#   intuneClearsData (Android profiles only): Intune clears the app's local data at every
#        global sign-out ("Clear local data in apps not optimized for Shared device mode").
#   userItems / preferences: created for each user the app shows ({user} is replaced).
#   commonItems: shared by all users.
#   faults: ignores-wipe-callback, keeps-previous-user-data (deliberate, for teaching), and
#        delivery faults armed once when the app is installed: drop, delay 30s, duplicate,
#        reorder, crash-in-callback [after N], slow-callback 2m (Docs/faults.md).
#   sso (msal apps only, reference 003): clientID, bundleID, redirectURIs (the one told to
#        the SDK first; a certificate-auth msauth://code/... may follow), keychainGroup
#        (defaultKeychainSharingGroup; none: the app's own keychain), credentialMode
#        (auto = AD_CREDENTIALS_AUTO | embedded = AD_CREDENTIALS_EMBEDDED, the default),
#        urlSchemes (CFBundleURLSchemes), querySchemes (LSApplicationQueriesSchemes),
#        certificateAuth; android (the Android profiles): packageName, signatureHash (Base64
#        SHA-1 of the signing certificate) and redirectURI (its MSAL configuration's
#        redirect_uri; default msauth://<packageName>/<URL-encoded signatureHash>). The
#        tenant's appRegistrations say which redirect URIs each client ID has registered.
#        `hubsim` shows the rules an app breaks on the SSO map.
apps:
  - id: notes
    name: Notes
    sdk: workspace-one
    support: none
    summary: No shared-device support; wipes everything on check-in (004 default).
    userItems: ["Handover note by {user}", "Call back customer #1042", "Till float counted"]
    commonItems: ["Store opening checklist"]

  - id: scanner
    name: Scanner
    sdk: workspace-one
    support: retain-preferences
    summary: Keeps each user's preferences, unencrypted, and re-applies them at check-out.
    userItems: ["Scan log of {user}: 42 items"]
    preferences: ["Beep volume 7 ({user})", "Default aisle 12 ({user})"]

  - id: inventory
    name: Inventory
    sdk: workspace-one
    support: cache-common-data
    summary: Keeps the common catalogue across check-ins; deletes user data.
    userItems: ["Stock count by {user}: bay 4"]
    commonItems: ["Product catalogue (2,400 SKUs)", "Price list week 47"]

  - id: reports
    name: Reports
    sdk: workspace-one
    support: external-encryption
    summary: Data sealed with the user's off-device key; key discarded at check-in.
    userItems: ["Incident report by {user}", "Shift summary of {user}"]

  - id: timeclock
    name: Timeclock
    sdk: workspace-one
    support: shared-device-mode
    summary: Detects the shared device at start-up and hides sign-up.
    userItems: ["{user} clocked in"]

  - id: handbook
    name: Handbook
    sdk: workspace-one
    support: none
    faults: [ignores-wipe-callback]
    summary: "Deliberate fault: ignores controllerDidWipeCurrentUserData and keeps a plaintext copy."
    userItems: ["Bookmarks of {user}", "Training progress of {user}"]

  - id: chat
    name: Chat
    sdk: msal
    backgroundCapability: true
    listens: true
    checksOnForeground: true
    summary: Background capability and a listener; clears data as soon as the account changes.
    userItems: ["Messages of {user}", "Team channel draft by {user}"]
    sso:                     # the Contoso suite (chat, mail, tasks): one client ID, one keychain group
      clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
      bundleID: com.contoso.chat
      redirectURIs: ["x-msauth-contoso://com.contoso.chat"]
      keychainGroup: com.contoso.frontline
      credentialMode: auto
      urlSchemes: [x-msauth-contoso]
      querySchemes: [msauth]
      android: {packageName: com.contoso.chat, signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c="}

  - id: mail
    name: Mail
    sdk: msal
    backgroundCapability: false
    listens: true
    checksOnForeground: true
    receiver: manifest       # Android: misses CURRENT_ACCOUNT_CHANGED, notices in front
    summary: No background capability; notices the change when it comes to the foreground.
    userItems: ["Inbox of {user} (12 unread)"]
    sso:
      clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
      bundleID: com.contoso.mail
      redirectURIs: ["x-msauth-contoso://com.contoso.mail"]
      keychainGroup: com.contoso.frontline
      credentialMode: auto
      urlSchemes: [x-msauth-contoso]
      querySchemes: [msauth]
      android: {packageName: com.contoso.mail, signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c="}

  - id: tasks
    name: Tasks
    sdk: msal
    backgroundCapability: false
    listens: false
    checksOnForeground: false
    summary: "Deliberate fault: never checks getCurrentAccount after start-up, so it leaks."
    userItems: ["Tasks of {user}: restock aisle 3", "Tasks of {user}: price labels"]
    sso:                     # broken broker set-up: msauth is missing from querySchemes
      clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
      bundleID: com.contoso.tasks
      redirectURIs: ["x-msauth-contoso://com.contoso.tasks"]
      keychainGroup: com.contoso.frontline
      credentialMode: auto
      urlSchemes: [x-msauth-contoso]
      querySchemes: []
      android:               # released with the debug keystore's hash in its configuration
        packageName: com.contoso.tasks
        signatureHash: "qY7zrGhSyDi2LMaIdvzLJPm4k2c="
        redirectURI: "msauth://com.contoso.tasks/bzfB6hJM4njpC0bJJPoYO61tGEY%3D"

  - id: roster
    name: Roster
    sdk: msal
    backgroundCapability: true
    listens: true
    checksOnForeground: true
    summary: "Broker app, set up as 003 says: URL scheme, <scheme>://<bundle id>, msauth queried, certificate auth."
    userItems: ["Shifts of {user} this week"]
    sso:
      clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02
      bundleID: com.contoso.roster
      redirectURIs: ["x-msauth-roster://com.contoso.roster", "msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster"]
      credentialMode: auto
      urlSchemes: [x-msauth-roster]
      querySchemes: [msauth]
      certificateAuth: true
      android: {packageName: com.contoso.roster, signatureHash: "ne/SZgTSxCPBWUtLNusMHI23y4M="}

  - id: till
    name: Till
    sdk: msal
    backgroundCapability: false
    listens: false
    checksOnForeground: false
    intuneClearsData: true   # Android: Intune clears it at every global sign-out
    summary: "Embedded only (AD_CREDENTIALS_EMBEDDED): keeps its own sign-in through a global sign-out."
    userItems: ["Till session of {user}: float counted"]
    sso:
      clientID: b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703
      bundleID: com.contoso.till
      redirectURIs: ["x-msauth-till://com.contoso.till"]
      credentialMode: embedded
      android: {packageName: com.contoso.till, signatureHash: "CJHCsylGdqFyLYrArcbaCK2MP0w="}

  - id: forms
    name: Forms
    sdk: none
    summary: "No SDK and no user data: blank forms only, submitted straight to the server."
    commonItems: ["Delivery receipt form", "Damage report form"]

"""#,
        "comparisons/android-broadcast.yaml": #"""
# The delivery matrix of Microsoft's shared device mode for iOS, played on Android too. On
# entra-ios the Darwin notification SHARED_MODE_CURRENT_ACCOUNT_CHANGED reaches an app in the
# foreground, or in the background with a background capability (000). On Android the broker
# sends the broadcast CURRENT_ACCOUNT_CHANGED with BROADCAST_TYPE GLOBAL_SIGN_OUT at a global
# sign-out only (Microsoft Learn, "Shared device mode for Android devices"; MSAL for Android's
# shared-mode sample registers its receiver at run time): every running app with a receiver
# registered at run time gets it, background capability or not (chat, suspended on iOS, gets
# it too); mail's receiver is declared in its manifest, so it misses every one (Android 8's
# limits on implicit broadcasts) where on iOS it missed them for want of a background
# capability; an app learns of a sign-in when it next calls getCurrentAccountAsync
# (onAccountLoaded, onAccountChanged). Managed Home Screen changes nothing here: the same steps
# within its idle time.
name: Who is told of an account change on iOS and on Android
scenario: ../scenarios/entra-delivery-matrix.yaml
profiles: [entra-ios, entra-android, android-mhs]
differ: ["chat: received", "chat: missed", "mail: received", "mail: missed", "tasks: missed", "forms: missed"]

"""#,
        "comparisons/coalescing-both-systems.yaml": #"""
# The same shift changes on both systems, the same Workspace ONE SDK apps. Beside the Hub
# (workspace-one) nothing is broadcast: notes gets one wipe and one user-change callback at its
# foreground however many check-ins came first (the Workspace ONE SDK documentation, shared
# devices). On entra-ios there is no Hub, so no check-in or check-out reaches the Workspace ONE
# SDK: notes finishes its initial check without an error, keeps its first user (cou1) and shows
# cou1's data to cou2 (Docs/sdk-rules.md). The 7 SHARED_MODE_CURRENT_ACCOUNT_CHANGED
# notifications are for MSAL listeners: forms, with no SDK, misses them; the Workspace ONE apps
# register no listener at all.
name: Callbacks coalesce beside the Hub; on entra-ios no Hub tells the Workspace ONE SDK, and notes shows cou1's data to cou2
scenario: ../scenarios/ws1-coalescing.yaml
profiles: [workspace-one, entra-ios]
differ: ["notes: received", "notes: shows", "notes: leak", "forms: missed"]

"""#,
        "comparisons/entra-missed-notification.yaml": #"""
# Microsoft's shared device mode for iOS: on entra-ios a suspended app (chat, twice), an app in
# the background without a background capability (mail) and apps without a listener or an SDK
# (tasks, forms) miss SHARED_MODE_CURRENT_ACCOUNT_CHANGED and learn at their next foreground, if
# ever; mail, in front for cou2's sign-in, shows cou2. The same steps beside the Workspace ONE
# Hub tell these MSAL apps nothing: the device is not in shared device mode and nobody signed in
# to them, so getCurrentAccount finds no account and they show nobody's data (Docs/sdk-rules.md).
name: Who misses the account-change notification on entra-ios, and why MSAL apps beside the Hub hear nothing
scenario: ../scenarios/entra-delivery-matrix.yaml
profiles: [workspace-one, entra-ios]
differ: ["in front", "chat: received", "chat: missed", "mail: received", "mail: missed", "mail: shows", "tasks: missed", "forms: missed"]

"""#,
        "comparisons/idle-shift-four-systems.yaml": #"""
# The same idle shift on every profile: 300 s without input, a dismissed countdown, then
# 360 s more. Only Managed Home Screen signs the worker out (Microsoft Learn, "Configure the
# Microsoft Managed Home Screen app for Android Enterprise": enable_auto_signout,
# inactive_time_to_signout 300 s, auto_signout_time_to_give_user_notice 60 s), with the
# GLOBAL_SIGN_OUT broadcast every running receiver gets; Workspace ONE's SDK locks the app UIs
# after the tenant's inactivity timeout and keeps the session (004); entra-ios and
# entra-android, without a launcher, keep cou1 signed in however long the device sits idle.
# Mail's receiver is declared in its manifest: on android-mhs it misses GLOBAL_SIGN_OUT.
name: An idle worker on four systems, and why only Managed Home Screen signs them out
scenario: ../scenarios/android-mhs-idle-sign-out.yaml
profiles: [workspace-one, entra-ios, entra-android, android-mhs]
differ: ["device state", "not in profile", "chat: received", "chat: missed", "chat: shows",
         "mail: received", "mail: missed", "mail: shows", "tasks: missed", "forms: missed"]

"""#,
        "lessons/android-broadcast-running-apps.yaml": #"""
# Microsoft Entra shared device mode on Android: the broker's CURRENT_ACCOUNT_CHANGED broadcast
# reaches only running apps whose receiver was registered at run time; a manifest receiver and
# a stopped app learn when they next call getCurrentAccountAsync; Intune clears an app not
# written for shared device mode; a removal in Settings tells nobody. Sources: Microsoft Learn,
# "Shared device mode for Android devices" and Intune's "Clear local data in apps not optimized
# for Shared device mode"; MSAL common for Android, SharedDeviceModeConstants.kt; Android
# Developers, "Implicit broadcast exceptions"; the MSAL for Android Settings removal test.
lesson: "Android: the broadcast only running apps hear"
description: cou1 signs out globally. Only Chat hears it; the others learn later, or never.
profile: entra-android
apps: [chat, mail, tasks, till]
steps:
  - title: cou1 signs in once for every app
    do:
      - enroll: {user: stage, password: stage}
      - signIn: {user: cou1, password: cou1}
    check:
      - expect: {state: checkedOut, user: cou1}
    watch: The Authenticator shows cou1 signed in. No app was told.
    why: There is no broadcast at sign-in; apps learn the account when they ask.
    ref: MSAL common for Android, SharedDeviceModeConstants

  - title: cou1 uses all four apps
    do:
      - launch: chat
      - launch: mail
      - launch: tasks
      - launch: till
      - openBroker
    check:
      - expectApp: {app: chat, shows: cou1, onAccountLoaded: cou1, lifecycle: background}
      - expectApp: {app: mail, shows: cou1, lifecycle: background}
      - expectApp: {app: tasks, shows: cou1, lifecycle: background}
      - expectApp: {app: till, shows: cou1, lifecycle: background}
    watch: Four apps hold cou1's data, all running in the background.
    why: "At start each asked getCurrentAccountAsync; panes show ← changed: nil → cou1."
    ref: Shared device mode for Android, get the user

  - title: Android stops Tasks' process
    do:
      - terminate: tasks
    check:
      - expectApp: {app: tasks, lifecycle: terminated, shows: cou1}
    watch: Tasks is not running now; its pane keeps what it stored.
    why: A stopped app has no receiver at all until it is started again.
    ref: Shared device mode for Android, the broadcast

  - title: cou1 signs out globally
    try: Enter on Sign out, then Enter to confirm
    do:
      - signOut: {from: broker}
    check:
      - expect: {state: checkedIn}
      - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, shows: none}
      - expectApp: {app: mail, broadcast: none, shows: cou1}
      - expectApp: {app: tasks, broadcast: none, shows: cou1}
      - expectApp: {app: till, broadcast: none, shows: none}
    watch: Chat and Till are clear. Mail and Tasks still hold cou1's data.
    why: Only Chat registered its receiver at run time. Intune cleared Till.
    ref: Intune, clear data of apps not optimized

  - title: cou2 signs in and opens Chat and Mail
    do:
      - signIn: {user: cou2, password: cou2}
      - launch: chat
      - launch: mail
    check:
      - expectApp: {app: mail, onAccountChanged: "cou1 → cou2", shows: cou2}
      - expectNoLeak
    watch: Mail now shows cou2 and nothing of cou1's.
    why: Its manifest receiver missed the broadcast (Android 8); it asked on coming back.
    ref: Android, implicit broadcast exceptions

  - title: cou2 opens Tasks
    try: Tab to Tasks, then Enter
    do:
      - launch: tasks
    check:
      - expectApp: {app: tasks, shows: cou2}
      - expectNoLeak
    watch: Tasks shows cou2 and nothing of cou1's.
    why: "A cold start asks getCurrentAccountAsync; ← changed: cou1 → cou2 says clear."
    ref: Shared device mode for Android, get the user

  - title: cou2's account is removed in Settings
    do:
      - openBroker
      - removeAccountFromSettings
    check:
      - expect: {state: checkedIn, user: none}
      - expectApp: {app: chat, broadcast: none, shows: cou2}
    watch: Nobody is signed in, yet Chat still shows cou2. No app was told.
    why: A known issue, the broker sends no broadcast for a removal in Settings.
    ref: MSAL for Android, Settings removal test

"""#,
        "lessons/entra-cross-app-sign-on.yaml": #"""
# Cross-app sign-on on an Entra shared device (references 003, and 000 for shared device
# mode): one prompt through the Authenticator signs the suite in, the suite's keychain group
# serves an app whose broker set-up is broken, a remove in one suite app wipes the group,
# and the global sign-out misses the app that only ever signed in on its own (the leak).
lesson: Entra cross-app sign-on
description: One prompt for the suite, a broken broker set-up, and the app sign-out misses.
profile: entra-ios
apps: [chat, mail, tasks, till]
steps:
  - title: The device waits for its first user
    do:
      - enroll: {user: stage, password: stage}
      - launch: chat
      - acquireTokenSilently: chat
    check:
      - expect: {state: checkedIn}
      - expectToken: {app: chat, fails: no-token, account: none}
    watch: Chat asked for a token silently and got none. Nobody is signed in.
    why: A silent request never prompts; with no account anywhere it fails.
    ref: 003 Broker assisted logins

  - title: Chat's first prompt goes to the Authenticator
    do:
      - acquireTokenInteractively: chat
    check:
      - expect: {foreground: broker, state: checkedIn}
      - expectApp: {app: chat, lifecycle: background}
      - expectToken: {app: chat, status: in-flight}
    watch: Chat went to the background; the Authenticator is in front.
    why: Chat uses the broker, so the SDK opens the Authenticator through its URL scheme.
    ref: 003 How the broker gets invoked

  - title: cou1 signs in once, for the whole device
    do:
      - completeTokenRequest: {user: cou1, password: cou1}
    check:
      - expect: {state: checkedOut(cou1), foreground: chat}
      - expectToken: {app: chat, source: broker-prompt, account: cou1}
    watch: The Authenticator returned to Chat, which now shows cou1.
    why: In shared device mode this sign-in makes cou1 the account of every app.
    ref: 000 Globally sign in a user

  - title: Mail signs in silently
    do:
      - launch: mail
      - acquireTokenSilently: mail
    check:
      - expectToken: {app: mail, source: broker, account: cou1}
    watch: No prompt. Mail got cou1's token from the broker.
    why: Same client ID and keychain group as Chat, and the broker knows cou1.
    ref: 003 Using the same Client ID for all the applications in your suite

  - title: Tasks reads the suite's keychain group
    do:
      - launch: tasks
      - acquireTokenSilently: tasks
    check:
      - expectToken: {app: tasks, source: keychain-group, group: com.contoso.frontline, account: cou1}
    watch: Tasks got cou1 silently too, from the suite's keychain group.
    why: Tasks shares the suite's client ID and group, so Chat's token serves it.
    ref: 003 Create keychain sharing between applications

  - title: Tasks' broken broker set-up
    do:
      - acquireTokenInteractively: {app: tasks, user: cou1, password: cou1}
    check:
      - expectToken: {app: tasks, source: in-app-prompt, fellBack: msauth-not-queried, account: cou1}
    watch: Asked to sign in, Tasks prompts in the app, not in the Authenticator.
    why: msauth is missing from its query schemes; the SDK falls back to its own prompt.
    ref: "003 Step 4: iOS9: Add a configuration parameter to your app"

  - title: Till signs in on its own
    do:
      - launch: till
      - acquireTokenInteractively: till
      - completeTokenRequest: {user: cou1, password: cou1}
    check:
      - expectToken: {app: till, source: in-app-prompt, fellBack: none, account: cou1}
    watch: Till showed its own sign-in page; cou1 typed the password again.
    why: Till uses the embedded flow only; it never asks the broker.
    ref: 003 Non-broker assisted logins

  - title: A remove in Mail wipes the suite's group
    do:
      - removeAccount: mail
      - refreshInBackground: tasks
    check:
      - expectToken: {app: tasks, fails: tokens-removed, account: none}
      - expectToken: {app: chat, source: broker-prompt, account: cou1}
    watch: Tasks lost cou1 at its next refresh; Chat kept the broker's.
    why: Removing an account deletes its tokens in the whole keychain group.
    ref: 003 Create keychain sharing between applications

  - title: cou1 signs out globally
    do:
      - openBroker
      - signOut: {from: broker}
    check:
      - expect: {state: checkedIn}
      - expectToken: {app: chat, account: none}
      - expectToken: {app: mail, account: none}
      - expectToken: {app: till, account: cou1}
      - expectExposure: {app: till, owner: cou1}
    watch: Chat and Mail lost cou1. Till still holds cou1's token.
    why: The global sign-out reaches the apps that use the broker, not an embedded one.
    ref: 000 Globally sign out a user

  - title: cou2 opens Till and sees cou1
    do:
      - signIn: {user: cou2, password: cou2}
      - launch: till
    check:
      - expect: {state: checkedOut(cou2)}
      - expectLeak: {app: till, owner: cou1}
    watch: A red LEAK. Till shows cou1 to cou2.
    why: Till never joined the device-wide sign-in, so nothing signed it out.
    ref: 000 Receive broadcast to detect global sign out

"""#,
        "lessons/entra-shared-device-mode.yaml": #"""
# Microsoft Entra shared device mode on iOS: the global sign-out notification reaches only
# apps that can hear it, and an app that never checks the account leaks. Source: 000.
lesson: Entra shared device mode
description: cou1 signs out globally. Chat hears it, Mail learns later, Tasks never checks.
profile: entra-ios
apps: [chat, mail, tasks, forms]
steps:
  - title: cou1 signs in once for every app
    do:
      - enroll: {user: stage, password: stage}
      - signIn: {user: cou1, password: cou1}
    check:
      - expect: {state: checkedOut, user: cou1}
    watch: The Authenticator shows cou1 signed in; no app has started.
    why: A global sign-in makes cou1 the current account for every app.
    ref: 000 Globally sign in a user

  - title: cou1 uses Chat, Mail and Tasks
    do:
      - launch: chat
      - launch: mail
      - launch: tasks
      - openBroker
    check:
      - expectApp: {app: chat, shows: cou1, lifecycle: background}
      - expectApp: {app: mail, shows: cou1, lifecycle: background}
      - expectApp: {app: tasks, shows: cou1, lifecycle: background}
    watch: Three apps hold cou1's data, all in the background now.
    why: Each app read the current account at start-up.
    ref: 000 Get the signed-in user

  - title: cou1 signs out globally
    try: Enter on Sign out, then Enter to confirm
    do:
      - signOut: {from: broker}
    check:
      - expect: {state: checkedIn}
      - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: none}
      - expectApp: {app: mail, notifications: [], shows: cou1, pending: true}
      - expect: {screen: "✗ missed notification"}
    watch: Chat cleared at once; Mail still shows cou1 and says missed.
    why: Only an app with a background capability and a listener gets the notification.
    ref: 000 Receive broadcast to detect global sign out

  - title: Mail learns at its next foreground
    try: Tab to Mail, then Enter
    do:
      - launch: mail
    check:
      - expectApp: {app: mail, calls: [getCurrentAccount], shows: none, pending: false}
      - expectNoLeak
    watch: Mail asks for the current account, finds none, and clears.
    why: An app that missed the notification checks the account when it comes back.
    ref: 000 Get the signed-in user

  - title: cou2 signs in
    do:
      - openBroker
      - signIn: {user: cou2, password: cou2}
    check:
      - expect: {state: checkedOut, user: cou2}
      - expectApp: {app: tasks, notifications: [], calls: [], shows: cou1}
    watch: Tasks in the background still holds cou1's tasks (WILL LEAK).
    why: Global sign-out removes accounts and tokens, not app data.
    ref: 000 Globally sign out a user

  - title: Tasks shows cou1's tasks to cou2
    try: Tab to Tasks, then Enter
    do:
      - launch: tasks
    check:
      - expectLeak: {app: tasks, owner: cou1}
    watch: A red LEAK. Tasks never listened and never checked the account again.
    why: Without a listener or a check at foreground, the old data stays in front.
    ref: 000 Receive broadcast to detect global sign out

"""#,
        "lessons/mhs-pin-and-auto-sign-out.yaml": #"""
# Intune's Managed Home Screen on an Android device in shared device mode: a session PIN after
# sign-in, the screensaver that asks for it, the last wrong PIN signing out, and the automatic
# sign-out with its countdown dialog. Source: Microsoft Learn, "Configure the Microsoft
# Managed Home Screen app for Android Enterprise" (its keys and their defaults).
lesson: "Managed Home Screen: PIN and automatic sign-out"
description: cou1 sets a session PIN, idles, mistypes it, then walks away from the device.
profile: android-mhs
managedHomeScreen:
  enable_session_PIN: true
  session_PIN_complexity: complex-numeric-only
  minimum_length_for_session_PIN: 4
  max_number_of_attempts_for_session_PIN: 3
  show_screen_saver: true
  inactive_time_to_show_screen_saver: 30
  enable_PIN_to_resume: true
apps: [chat, forms]
steps:
  - title: cou1 signs in on Managed Home Screen
    do:
      - enroll: {user: stage, password: stage}
      - signIn: {user: cou1, password: cou1}
    check:
      - expect: {state: checkedOut, user: cou1, sessionPIN: needed}
    watch: Managed Home Screen asks cou1 to create a session PIN.
    why: With shared device mode, signing in to MHS signs in every shared-mode app.
    ref: Managed Home Screen, Enable sign in

  - title: cou1 creates a session PIN
    do:
      - setSessionPIN: "1234"
        refused: session-pin-too-simple
      - setSessionPIN: "1739"
    check:
      - expect: {sessionPIN: set}
    watch: 1234 is refused as an ordered run; 1739 is taken.
    why: Complexity and minimum length are tenant knobs; the PIN lasts one sign-in.
    ref: Managed Home Screen, Complexity of session PIN

  - title: Thirty seconds without a touch
    do:
      - launch: chat
      - advanceClock: 30
    check:
      - expect: {screensaver: true, pinAttemptsLeft: 3}
    watch: The screensaver covers the home screen and asks for the PIN.
    why: The screensaver shows after 30 s idle; the PIN is asked to resume.
    ref: Managed Home Screen, PIN after screensaver

  - title: A wrong PIN, then the right one
    do:
      - enterSessionPIN: "0000"
        refused: "2 attempts left"
      - enterSessionPIN: "1739"
    check:
      - expect: {screensaver: false, state: checkedOut, user: cou1, pinAttemptsLeft: 3}
    watch: Two attempts were left; the right PIN resumes and resets the count.
    why: After the maximum number of wrong PINs MHS signs the worker out.
    ref: Managed Home Screen, maximum attempts

  - title: cou1 walks away; the countdown starts
    do:
      - advanceClock: 300
    check:
      - expect: {countdown: 60, screensaver: true, user: cou1}
    watch: The dialog counts down from 60 seconds over the screensaver.
    why: 300 s without input (the default) brings a 60 s notice before sign-out.
    ref: Managed Home Screen, Auto sign-out time

  - title: Nobody stays signed in
    do:
      - advanceClock: 60
    check:
      - expect: {state: checkedIn, user: none, sessionPIN: none}
      - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, shows: none}
    watch: Signed out everywhere. Chat heard GLOBAL_SIGN_OUT; the PIN is gone.
    why: MHS's automatic sign-out is global; the PIN is cleared at sign-out.
    ref: Managed Home Screen, countdown dialog

"""#,
        "lessons/ws1-cross-app-sign-on.yaml": #"""
# Cross-app sign-on beside the Workspace ONE Hub (reference 003): the Contoso suite shares
# one client ID and keychain group, so one prompt through the Authenticator signs it in;
# roster has its own and gets cou1 from the broker; a remove in one suite app wipes the
# group; and the Hub's check-in tells no Microsoft-SDK app, so roster leaks to cou2.
lesson: Workspace ONE cross-app sign-on
description: One prompt for the suite, a remove that wipes the group, a check-in nobody hears.
profile: workspace-one
apps: [chat, mail, tasks, roster]
steps:
  - title: cou1 checks the device out
    do:
      - enroll: {group: FRONTLINE, user: stage, password: stage}
      - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
      - launch: chat
      - acquireTokenSilently: chat
    check:
      - expect: {state: checkedOut, user: cou1}
      - expectToken: {app: chat, fails: no-token, account: none, status: failed}
    watch: The Hub is cou1's, but Chat got no token silently.
    why: The Hub's check-out signs no Microsoft-SDK app in; each asks its own way.
    ref: 003 Patterns for logging in on mobile devices

  - title: Chat's prompt goes to the Authenticator
    do:
      - acquireTokenInteractively: chat
    check:
      - expect: {foreground: authenticator}
      - expectApp: {app: chat, lifecycle: background}
      - expectToken: {app: chat, status: in-flight}
    watch: Chat went to the background; the Authenticator is in front.
    why: Chat uses the broker, so the SDK opens the Authenticator through its URL scheme.
    ref: 003 How the broker gets invoked

  - title: cou1 signs in once
    do:
      - completeTokenRequest: {user: cou1, password: cou1}
    check:
      - expect: {foreground: chat}
      - expectToken: {app: chat, source: broker-prompt, account: cou1, status: valid}
      - expectApp: {app: chat, shows: cou1, lifecycle: foreground}
    watch: The Authenticator returned to Chat through its redirect URI.
    why: The broker answers on the redirect URI Chat registered for its bundle ID.
    ref: "003 Step 3: Establish a new redirect URI with your URL Scheme"

  - title: Mail and Tasks sign in silently
    do:
      - launch: mail
      - acquireTokenSilently: mail
      - launch: tasks
      - acquireTokenSilently: tasks
    check:
      - expectToken: {app: mail, source: keychain-group, group: com.contoso.frontline, account: cou1}
      - expectToken: {app: tasks, source: keychain-group, group: com.contoso.frontline}
    watch: No prompt. Both read cou1's token from the suite's keychain group.
    why: Same client ID, each its own redirect URI, the same keychain group.
    ref: 003 Using the same Client ID for all the applications in your suite

  - title: Roster has its own client ID
    do:
      - launch: roster
      - acquireTokenSilently: roster
      - acquireTokenInteractively: {app: roster, user: cou1}
    check:
      - expectToken: {app: roster, source: broker, account: cou1}
    watch: The Authenticator offered cou1 to Roster, with no password.
    why: Not in the suite's group, but the broker already holds cou1.
    ref: 003 Broker assisted logins

  - title: A remove in Mail wipes the suite's group
    do:
      - removeAccount: mail
      - refreshInBackground: chat
      - refreshInBackground: roster
    check:
      - expectToken: {app: chat, fails: tokens-removed, account: none}
      - expectToken: {app: roster, source: keychain-group, group: com.contoso.roster, account: cou1}
    watch: Chat lost cou1 at its next refresh; Roster kept its own token.
    why: Removing an account deletes its tokens in the whole keychain group.
    ref: 003 Create keychain sharing between applications

  - title: cou1 checks in
    do:
      - openHub
      - checkIn
    check:
      - expect: {state: checkedIn}
      - expectExposure: {app: roster, owner: cou1}
      - expectExposure: {app: tasks, owner: cou1}
    watch: The device is checked in, yet Roster and Tasks still hold cou1.
    why: The Hub tells its SDK apps; Microsoft-SDK apps beside it hear nothing.
    ref: 003 Patterns for logging in on mobile devices

  - title: cou2 opens Roster, still signed in as cou1
    do:
      - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
      - launch: roster
    check:
      - expectLeak: {app: roster, owner: cou1}
      - expectToken: {app: roster, account: cou1}
      - expectApp: {app: roster, shows: cou1}
    watch: "A red LEAK: Roster still shows cou1's shifts to cou2."
    why: Nothing signed Roster out; only a remove in the app itself would have.
    ref: 003 Create keychain sharing between applications

"""#,
        "lessons/ws1-offline.yaml": #"""
# Offline on a Workspace ONE shared device: check-out needs the console, check-in does not;
# an offline unlock goes through the Hub and back. Source: 004 (Notes).
lesson: Offline check-out and offline unlock
description: The device loses its network. What still works, what does not, and what the class sees.
profile: workspace-one
apps: [notes, inventory, forms]
steps:
  - title: The device is staged, then goes offline
    do:
      - enroll: {group: FRONTLINE, user: stage, password: stage}
      - goOffline
    check:
      - expect: {state: checkedIn, online: false}
    watch: The status line says offline. The lock screen still asks for a user.
    why: A shared device loses its network like any other.
    ref: 004 Notes

  - title: Check-out is refused offline
    do:
      - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
        refused: offline
    check:
      - expect: {state: checkedIn, user: none, error: "needs a connection to the console"}
    watch: The Hub refuses with its reason; the device stays checked in.
    why: Check-out validates the user with the console; it needs a connection.
    ref: 004 Notes

  - title: Online again, cou1 checks out
    do:
      - goOnline
      - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
      - launch: inventory
    check:
      - expect: {state: checkedOut, user: cou1, foreground: inventory}
    watch: cou1 is checked out; Inventory is in front with cou1's stock.
    why: With the console reachable the same credentials are accepted.
    ref: 004 Device Check Out and Check In

  - title: Inactivity locks the app, the network drops
    do:
      - advanceClock: 5m
      - goOffline
    check:
      - expect: {state: locked, foreground: inventory, online: false}
    watch: The unlock prompt covers the device. Still checked out to cou1.
    why: The SDK locks a managed app after inactivity; a general SDK feature.
    ref: 004 Notes (Offline unlock switches to Hub)

  - title: Offline unlock goes through the Hub
    try: type cou1's password, then Enter
    do:
      - unlock: {password: cou1}
    check:
      - expect: {state: checkedOut, user: cou1, foreground: inventory, logged: ["offline unlock: the UI switched to the Intelligent Hub", "switched back to inventory"]}
      - expectNoLeak
    watch: The log (F2) shows the switch to the Hub and back to Inventory.
    why: Offline, the UI first switches to the Hub; checked out, it switches back.
    ref: 004 Notes

  - title: Check-in works offline
    do:
      - openBroker
      - checkIn
    check:
      - expect: {state: checkedIn, online: false}
    watch: The device is checked in though offline.
    why: Only check-out needs the console; logging out does not.
    ref: 004 Notes

"""#,
        "lessons/ws1-shift-change.yaml": #"""
# A Workspace ONE shift change, step by step: cou1 checks out and works, logs out after the
# Hub's forecast, cou2 checks out, and Notes notices only when it comes to the front.
# Source: 004 (Notes; Device Check Out and Check In; Initialization and Notifications).
lesson: Workspace ONE shift change
description: cou1 checks out, works and logs out; cou2 checks out. Watch who tells the apps.
profile: workspace-one
apps: [notes, scanner, inventory, forms]
steps:
  - title: The device is staged and checked in
    do:
      - enroll: {group: FRONTLINE, user: stage, password: stage}
    check:
      - expect: {state: checkedIn, user: none}
    watch: The Hub shows its lock screen. No app has started.
    why: The staging user enrolled the device; between shifts it waits checked in.
    ref: 004 Device Enrollment

  - title: cou1 checks the device out
    try: type FRONTLINE, cou1, cou1 (Enter after each)
    do:
      - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
    check:
      - expect: {state: checkedOut, user: cou1}
    watch: The status line names cou1. The apps still sleep.
    why: The console checked cou1's credentials; the Hub is checked out at once.
    ref: 004 Device Check Out and Check In

  - title: Notes starts for cou1
    try: Tab to the Notes pane, then Enter
    do:
      - launch: notes
    check:
      - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
    watch: Notes shows cou1's items; its pane lists the initial check.
    why: "On a cold start the SDK finishes its initial check. No earlier user, no other callback."
    ref: 004 Initialization and Notifications

  - title: Scanner starts too
    do:
      - launch: scanner
    check:
      - expectApp: {app: scanner, shows: cou1}
    watch: Scanner is in front now; Notes waits in the background.
    why: Both apps hold cou1's data. Each will learn of the next user on its own.
    ref: 004 Use Cases

  - title: cou1 opens the Hub to log out
    try: on a pane press h (open Hub)
    do:
      - openBroker
    check:
      - expect: {state: checkedOut, foreground: hub}
      - expectApp: {app: notes, lifecycle: background}
      - expectApp: {app: scanner, lifecycle: background}
    watch: The Hub is in front; Notes and Scanner are in the background.
    why: To end a session the user opens the Hub and logs out there.
    ref: 004 Description

  - title: The Hub forecasts the log-out
    do:
      - press: "<Esc><Enter><Enter>"
    check:
      - expect: {state: checkedOut, screen: ["Log out cou1?", "Notes     not told: holds cou1's 3 items; next foreground: gets"]}
    watch: "Each app is forecast: Notes is not told; it wipes at next foreground."
    why: Check-in is not broadcast. Each app learns at its next launch or foreground.
    ref: 004 Notes

  - title: cou1 logs out
    try: Enter on Log out
    do:
      - press: "<Enter>"
    check:
      - expect: {state: checkedIn, user: none}
      - expectApp: {app: notes, callbacks: [], lifecycle: background, shows: cou1}
    watch: Checked in, yet Notes still holds cou1's items and heard nothing.
    why: The Hub enters checked-in at once but cannot tell the other apps.
    ref: 004 Notes (Check-in isn't broadcast)

  - title: cou2 checks out
    try: type FRONTLINE, cou2, cou2 (Enter after each)
    do:
      - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
    check:
      - expect: {state: checkedOut, user: cou2}
      - expectApp: {app: notes, callbacks: []}
    watch: cou2 is checked out; Notes in the background still heard nothing.
    why: Check-out is not broadcast either.
    ref: 004 Notes (Check-out isn't broadcast)

  - title: Notes comes to the front and notices
    try: Tab to the Notes pane, then Enter
    do:
      - launch: notes
    check:
      - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2}
      - expectNoLeak
    watch: Wipe first, then user change. Notes shows cou2 and nothing of cou1's.
    why: At its next chance the SDK calls wipe, then user change; no initial check (no cold start).
    ref: 004 Initialization and Notifications

"""#,
        "lessons/ws1-support-levels.yaml": #"""
# What each level of shared-device support keeps when the next user checks out, and an app
# that ignores the wipe callback. Source: 004 (Use Cases; Initialization and Notifications).
lesson: Support levels and a leaking app
description: Four Workspace ONE apps hold cou1's data; cou2 checks out. Who keeps what, and who leaks.
profile: workspace-one
apps: [notes, scanner, reports, handbook]
steps:
  - title: cou1 works in four apps
    do:
      - enroll: {group: FRONTLINE, user: stage, password: stage}
      - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
      - launch: notes
      - launch: scanner
      - launch: reports
      - launch: handbook
    check:
      - expect: {state: checkedOut, user: cou1}
      - expectApp: {app: notes, shows: cou1}
      - expectApp: {app: handbook, shows: cou1}
      - expectNoLeak
    watch: Every pane shows cou1's items, coloured as cou1's.
    why: Each app integrates the SDK at a different support level.
    ref: 004 Application Support

  - title: cou1 logs out, cou2 checks out
    do:
      - openBroker
      - checkIn
      - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
    check:
      - expect: {state: checkedOut, user: cou2, screen: ["notices at foreground", "WILL LEAK cou1's data"]}
    watch: The verdicts say notices at foreground; Handbook says WILL LEAK.
    why: Nothing is broadcast; each app acts at its next foreground or start.
    ref: 004 Notes

  - title: Notes wipes everything
    try: Tab to Notes, then Enter
    do:
      - launch: notes
    check:
      - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2}
    watch: Wipe, then user change. Notes shows cou2's items only.
    why: No shared-device support needed; the SDK deleted its keys and Notes its data.
    ref: 004 Use Case - No Shared Device Support

  - title: Scanner keeps cou1's preferences
    try: Tab to Scanner, then Enter
    do:
      - launch: scanner
    check:
      - expectApp: {app: scanner, shows: cou2}
      - expectExposure: {app: scanner, owner: cou1}
    watch: Scanner shows cou2; the audit (a) lists cou1's preferences at rest.
    why: Retain Preferences keeps each user's preferences on the device.
    ref: 004 Use Case - Retain Preferences

  - title: Reports keeps sealed data it cannot open
    try: Tab to Reports, then Enter
    do:
      - launch: reports
    check:
      - expectApp: {app: reports, shows: cou2}
      - expectNoLeak
    watch: Reports shows cou2; cou1's reports stay, sealed.
    why: External Encryption seals data with an off-device key; the key left with cou1.
    ref: 004 Use Case - External Encryption

  - title: Handbook leaks cou1's data
    try: Tab to Handbook, then Enter
    do:
      - launch: handbook
    check:
      - expectApp: {app: handbook, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: [cou1, cou2]}
      - expectLeak: {app: handbook, owner: cou1}
    watch: A red LEAK. Handbook shows cou1's items to cou2.
    why: It got the wipe callback and ignored it. The SDK cannot clean the app's own copy.
    ref: 004 Initialization and Notifications

"""#,
        "races/account-removed-behind-sdk.yaml": #"""
# The device's account removed in the Authenticator (or by an administrator), not signed out
# through MSAL: no SHARED_MODE_CURRENT_ACCOUNT_CHANGED is posted, so no app is told. Each app
# keeps what it shows until its own code asks getCurrentAccount, which Microsoft Learn (shared
# device mode for iOS) asks apps to do on every foreground: Chat does and clears; Tasks never
# checks after start-up and shows cou1's tasks to whoever holds the device (Docs/faults.md).
race:
  title: The account is removed in the Authenticator behind the SDK's back; no app is told
  source: "Microsoft Learn, shared device mode for iOS: check getCurrentAccount, clear data when there is no user"
  lookFor: "Tasks shows cou1's tasks to nobody (LEAK); Chat clears only at its check"
profile: entra-ios
apps: [chat, tasks, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - launch: tasks
  - background: tasks
  - expectApp: {app: chat, shows: cou1}
  - expectApp: {app: tasks, shows: cou1}
  - removeAccountInAuthenticator
  - expect: {state: checkedIn, logged: ["no SHARED_MODE_CURRENT_ACCOUNT_CHANGED posted", "chat, tasks still show cou1's data: no app was told"]}
  - expectApp: {app: chat, notifications: [], shows: cou1}
  - expectApp: {app: tasks, notifications: [], shows: cou1}
  - setDeliveryMode: held
  - walk: "Open Tasks, then Chat, and F8 releases Chat's account check"
  - launch: tasks
  - expectLeak: {app: tasks, owner: cou1}
  - launch: chat
  - expectApp: {app: chat, shows: cou1}
  - releaseDelivery
  - expectApp: {app: chat, calls: ["getCurrentAccount(foreground → current: nil, previous: cou1)"], shows: none}
  - expectApp: {app: tasks, shows: cou1}

"""#,
        "races/broker-interrupted-by-check-in.yaml": #"""
# github.com/AzureAD/microsoft-authentication-library-for-objc/issues/1109 (-42700).
# A broker round trip (003: the app in the background, the Authenticator in front) outlives
# the session that started it: the Hub's check-in does not reach the Authenticator. When the
# next user opens Chat, it comes to the front without the broker's response, and MSAL ends
# the request with "application did not receive response from broker" (the MSAL for iOS issue
# threads of that title; ADAL for iOS did the same, Docs/faults.md). Nothing of cou1's reaches
# cou2; cou1's sign-in is simply lost. On entra-ios the global sign-out also withdraws the
# account the Authenticator offered (Docs/faults.md).
race:
  title: A check-in interrupts Chat's sign-in through the Authenticator; the next user opens Chat
  source: "MSAL for iOS thread: application did not receive response from broker"
  lookFor: "Chat's token: no broker response, no token; cou1's sign-in lost"
profile: workspace-one
apps: [notes, chat]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: chat
  - acquireTokenInteractively: chat
  - expect: {foreground: authenticator}
  - expectToken: {app: chat, status: in-flight}
  - setDeliveryMode: held
  - walk: "Open the Hub, log out cou1, check out cou2; open Chat, F8"
  - openHub
  - checkIn
  - expect: {state: checkedIn, logged: ["chat's round trip still waits in Authenticator"]}
  - expectToken: {app: chat, status: in-flight}
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: chat
  - expect: {logged: ["chat came to the front without Authenticator's response: MSAL ends the request"]}
  - expectToken: {app: chat, fails: broker-response-not-received, account: none}
  - releaseDelivery
  - expectApp: {app: chat, shows: none}
  - expectNoLeak

"""#,
        "races/check-in-while-suspended-with-unsaved-data.yaml": #"""
# Notes is suspended with cou1's unsaved draft in memory when the device is checked in. The
# wipe callback comes only at Notes' next foreground (004: check-in is not broadcast), and it
# deletes stored data (004, Programming Interface): the draft in memory survives, and the
# editor Notes restores on resume shows it to cou2. cou1's work is lost either way: it was
# never saved, and it ends with the process (Docs/faults.md).
race:
  title: Notes is suspended with cou1's unsaved draft when the device is checked in
  source: "004 Workspace ONE SDK for iOS, shared devices: controllerDidWipeCurrentUserData (stored data only)"
  lookFor: "Notes shows cou1's draft to cou2 after its wipe (LEAK); ending it loses it"
profile: workspace-one
apps: [notes, scanner]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - writeDraft: notes
  - suspend: notes
  - expectApp: {app: notes, lifecycle: suspended, shows: cou1}
  - setDeliveryMode: held
  - walk: "Log out cou1, check out cou2, open Notes, F8; then end Notes"
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: notes
  - releaseDelivery
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: [cou1, cou2]}
  - expectLeak: {app: notes, owner: cou1}
  - terminate: notes
  - expect: {logged: ["cou1's unsaved draft in notes is lost: it was never saved"]}
  - expectApp: {app: notes, shows: cou2}

"""#,
        "races/check-out-before-wipe-finished.yaml": #"""
# 004 (Workspace ONE SDK for iOS, shared devices): at the next foreground after a new check-out,
# the SDK deletes its keys and calls controllerDidWipeCurrentUserData; the app deletes its own
# data in that callback. Here Notes takes two minutes inside the callback (an injected
# slow-callback) and the device goes on: cou2 is checked out and works in Notes meanwhile, and
# the wipe, when it finishes, deletes what Notes holds then: cou2's notes as well as cou1's.
race:
  title: The next user checks out before Notes finished wiping the previous one
  source: "004 Workspace ONE SDK for iOS, shared devices: controllerDidWipeCurrentUserData"
  lookFor: "Notes' wipe runs two minutes behind: when it ends it deletes cou2's notes too, written meanwhile"
profile: workspace-one
apps: [notes, scanner]
steps:
  # The set-up: `hubsim race check-out-before-wipe-finished` plays these, then hands over.
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - expectApp: {app: notes, shows: cou1}
  - openHub
  - checkIn
  - fault: {app: notes, arm: "slow-callback 2m"}
  - setDeliveryMode: held
  - walk: "Check out cou2, Tab to Notes, Enter, F8, then F5 twice"
  # The race: what the person does, and what it causes.
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: notes
  - releaseDelivery
  # The SDK deleted its keys before calling back: cou1's notes are unreadable at once, and
  # Notes shows cou2's. Its own wipe is still under way.
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2}
  - expectFault: {app: notes, fired: slow-callback, during: checkOut}
  - expectNoLeak
  # Two minutes later the wipe finishes on what Notes holds then: cou2's notes too.
  - advanceClock: 60
  - advanceClock: 60
  - expectApp: {app: notes, shows: none}
  - expectFault: {app: notes, fired: slow-callback, consequence: "cou2's data too, written meanwhile"}

"""#,
        "races/current-and-previous-both-nil.yaml": #"""
# The MSAL for iOS and macOS issue threads "Returning Account name as nil" and "Get Account
# returning NULL" (github.com/AzureAD/microsoft-authentication-library-for-objc/issues/1357
# and /1222): getCurrentAccount answered current nil and previous nil. 000 (shared device mode for iOS) tells an app to query getCurrentAccount when
# it comes back and to clear its data when the user changed or no one is signed in. Here Mail
# (no background capability) misses the session switch from cou1 to cou2, and its check at the
# next foreground gets nil, nil (the injected nil-accounts fault): Mail believes no one is
# signed in. No data leaks, but cou2, signed in on the device, is shown a signed-out Mail.
race:
  title: getCurrentAccount answers current and previous both nil after a session switch
  source: "MSAL for iOS threads \"Returning Account name as nil\", \"Get Account returning NULL\""
  lookFor: "Mail clears cou1's mail and shows nobody though cou2 is signed in"
profile: entra-ios
apps: [chat, mail]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: mail
  - expectApp: {app: mail, shows: cou1}
  - launch: chat
  - expectApp: {app: mail, lifecycle: background, shows: cou1}
  - fault: {app: mail, arm: nil-accounts}
  - setDeliveryMode: held
  - walk: "Sign out, sign in cou2, Tab to Mail, Enter; F8 releases each"
  - signOut: {from: broker}
  - signIn: {user: cou2, password: cou2}
  - launch: mail
  # Chat's two notifications, then Mail's account check at its foreground.
  - expect: {held: 3}
  - releaseDelivery
  - releaseDelivery
  - expectApp: {app: chat, shows: cou2}
  - releaseDelivery
  - expectApp: {app: mail, calls: [getCurrentAccount], shows: none, lifecycle: foreground}
  - expect: {user: cou2, logged: "fault #1 (nil-accounts) fired: mail → getCurrentAccount answered current nil, previous nil (injected)"}
  - expectNoLeak
  # One-shot: Mail's next check, at its next foreground, answers cou2 (previous cou1).
  - launch: chat
  - launch: mail
  - expect: {held: 2}
  - releaseDelivery
  - releaseDelivery
  - expectApp: {app: mail, calls: [getCurrentAccount], shows: cou2}
  - expectNoLeak

"""#,
        "races/inactivity-lock-during-token-prompt.yaml": #"""
# github.com/AzureAD/microsoft-authentication-library-for-objc/issues/1183 and /760.
# Till (embedded flow, its own sign-in prompt) is waiting for cou1's credentials when the
# inactivity lock fires. The lock dismisses the prompt, but MSAL is never told: its
# interactive session stays under way (the MSAL for iOS issue thread "iOS Alert Pop Up
# Disappears"), so every new sign-in in Till fails with "Only one interactive session is
# allowed at a time" (-42402, the thread of that title) until Till's process ends. A prompt in the Authenticator is its own app and survives the
# lock (Docs/faults.md).
race:
  title: The inactivity lock fires while Till's own sign-in prompt is open
  source: "MSAL for iOS threads: iOS Alert Pop Up Disappears; one interactive session"
  lookFor: "After the unlock Till's prompt is gone; i fails until t ends Till"
profile: workspace-one
apps: [notes, till]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: till
  - acquireTokenInteractively: till
  - expectToken: {app: till, status: in-flight}
  - advanceClock: 5m
  - expect: {state: locked(cou1), logged: ["the inactivity lock dismissed till's sign-in prompt"]}
  - setDeliveryMode: held
  - walk: "Unlock as cou1: the prompt is gone. On Till press i, then t and i"
  - unlock: {password: cou1}
  - expect: {state: checkedOut(cou1)}
  - expectToken: {app: till, status: in-flight}
  - acquireTokenSilently: till
  - acquireTokenInteractively: till
  - expectToken: {app: till, fails: interactive-session-in-progress}
  - terminate: till
  - launch: till
  - acquireTokenSilently: till
  - acquireTokenInteractively: till
  - expectToken: {app: till, status: in-flight}

"""#,
        "races/network-lost-during-check-out.yaml": #"""
# The Hub authenticated cou2 (check-out needs the console), then the network dropped before
# Reports, an external-encryption app, fetched cou2's key from the key server (004, Use Case:
# External Encryption: "On check-out, obtain the encryption key"). Reports gets its wipe and
# user-change callbacks, cannot fetch the key, and shows nobody's data: cou2 sees an empty
# app, cou1's reports stay sealed. Online again, its next foreground fetches the key (Docs/faults.md).
race:
  title: The network drops after the Hub checked cou2 out, before Reports fetched cou2's key
  source: "004 Workspace ONE SDK for iOS, shared devices: Use Case External Encryption"
  lookFor: "Reports shows cou2 nothing (key server unreachable), nor cou1's data"
profile: workspace-one
apps: [reports, notes]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: reports
  - expectApp: {app: reports, shows: cou1}
  - openHub
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - setDeliveryMode: held
  - walk: "Open Reports, F4 offline, F8; F4 online, b, open Reports, F8"
  - launch: reports
  - goOffline
  - releaseDelivery
  - expectApp: {app: reports, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: none, items: 0}
  - expectNoLeak
  - goOnline
  - background: reports
  - launch: reports
  - releaseDelivery
  - expectApp: {app: reports, callbacks: [], shows: cou2}
  - expectNoLeak

"""#,
        "races/silent-token-during-sign-out.yaml": #"""
# A silent token request in flight when the global sign-out comes. In shared device mode the
# broker cancels the silent requests it has pending before it signs out, so none can write the
# signed-out account's token back (MSAL common for Android, pull request "Add CommandDispatcher
# methods to stop and reset silent request executor", and its test "sdm signout clears user
# data properly if there is pending silent request"): the app's request fails, seen by apps as
# "thread interrupted". Roster asked for a token just before cou1 signed out (an injected
# token-in-flight): it gets the error, no token of cou1's survives, and it must ask cou2.
# `hubsim compare --race silent-token-during-sign-out` shows Workspace ONE, whose check-in
# tells no broker: there the request comes back after the check-in with cou1's token.
race:
  title: A silent token request is in flight when the global sign-out comes
  source: "MSAL common for Android: stop and reset silent request executor at sign-out"
  lookFor: "Roster's token line says interrupted by cou1's sign-out; no token of cou1's is left"
profile: entra-ios
apps: [roster, chat]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - launch: roster
  - expectApp: {app: roster, shows: cou1}
  - fault: {app: roster, arm: token-in-flight}
  - acquireTokenSilently: roster
  - expectToken: {app: roster, fails: in-flight}
  - expectFault: {app: roster, fired: token-in-flight}
  - setDeliveryMode: held
  - walk: "Sign out (global) in the Authenticator, then F8 for each"
  - signOut: {from: broker}
  # The broker cancelled Roster's request before signing out: an error, no token written back.
  - expectToken: {app: roster, fails: interrupted, account: none}
  - expectFault: {app: roster, fired: token-in-flight, consequence: "no token of cou1's was written back"}
  - expect: {state: checkedIn, held: 2}
  - releaseDelivery
  - releaseDelivery
  - expectApp: {app: roster, shows: none}
  - expectApp: {app: chat, shows: none}
  - expectNoLeak

"""#,
        "races/stays-shared-after-configuration-removed.yaml": #"""
# The MSAL for iOS thread "Microsoft Authenticator App always in Shared Mode on the device even
# after Shared Device Mode configuration removed"
# (github.com/AzureAD/microsoft-authentication-library-for-objc/issues/987): the MDM removed the
# SSO extension's sharedDeviceMode and the Authenticator stayed in shared mode. Microsoft Learn
# ("Set up an iOS device in shared device mode") registers only a device reset to factory
# settings. Here the MDM removes the Enterprise SSO plug-in profile (^R) from a device in shared
# device mode while cou1 is signed in: the device stays in shared device mode, and cou1's sign-out
# is still global: Chat is told, Roster loses its token. A QA engineer who expects the device to
# leave shared device mode when the profile goes will not see it until it is re-registered.
race:
  title: The device stays in shared device mode after its configuration was removed
  source: "MSAL for iOS thread \"Authenticator always in Shared Mode ... configuration removed\""
  lookFor: "The Authenticator still says Shared device mode; the sign-out still reaches every app"
profile: entra-ios
apps: [chat, roster]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - acquireTokenInteractively: {app: roster, user: cou1}
  - expectToken: {app: roster, source: broker, account: cou1}
  - openBroker
  - setDeliveryMode: held
  - walk: "^R Enter removes the SSO profile; sign out; F8 releases each"
  - removeSharedDeviceConfiguration: sso-extension
  - expect:
      logged: "known issue (MSAL for iOS: the Authenticator stays in shared mode"
      screen: ["Shared device mode", "config removed, still shared"]
  - signOut: {from: broker}
  - expect: {state: checkedIn, held: 2, logged: "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED"}
  - expectToken: {app: roster, account: none}
  - releaseDelivery
  - releaseDelivery
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: none}
  - expectNoLeak

"""#,
        "scenarios/android-faults-on-the-broadcast.yaml": #"""
# Docs/faults.md on the Android profiles: an injected fault acts on the CURRENT_ACCOUNT_CHANGED
# broadcast as on any delivery. Dropped, Chat keeps cou1's data although its run-time receiver
# is registered, until its next getCurrentAccountAsync (Shared device mode for Android devices,
# Microsoft Learn: check "each time your app is used"); delayed, it arrives 30 s later.
name: Android faults drop and delay the broadcast
profile: entra-android
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - openBroker
  - fault: {app: chat, arm: drop}
  - signOut
  - expectApp: {app: chat, broadcast: none, shows: cou1}
  - signIn: {user: cou2, password: cou2}
  - launch: chat
  - expectApp: {app: chat, onAccountChanged: "cou1 → cou2", shows: cou2}
  - expectNoLeak
  - openBroker
  - fault: {app: chat, arm: delay 30s}
  - signOut
  - expectApp: {app: chat, broadcast: none, shows: cou2}
  - advanceClock: 29
  - expectApp: {app: chat, broadcast: none, shows: cou2}
  - advanceClock: 1
  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, onAccountChanged: "cou2 → none", shows: none}
  - expectNoLeak

"""#,
        "scenarios/android-intune-clears-data.yaml": #"""
# Microsoft Learn (Intune), Android Enterprise dedicated devices: "Clear local data in apps not
# optimized for Shared device mode": the listed app's local data is cleared whenever a user
# signs out of an app that is optimized for shared device mode. Till keeps its own embedded
# sign-in and hears nothing, yet Intune clears cou1's till session at the global sign-out;
# Tasks, not on the list and never asking, keeps cou1's tasks (MSAL clears tokens only).
name: Android Intune clears an app not optimized for shared device mode
profile: entra-android
apps: [till, tasks, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: till
  - launch: tasks
  - openBroker
  - expectApp: {app: till, shows: cou1}
  - signOut: {from: broker}
  - expectApp: {app: till, broadcast: none, shows: none}
  - expectApp: {app: tasks, broadcast: none, shows: cou1}
  - signIn: {user: cou2, password: cou2}
  - launch: till
  - expectApp: {app: till, shows: none}
  - launch: tasks
  - expectLeak: {app: tasks, owner: cou1}

"""#,
        "scenarios/android-is-shared-device-stale.yaml": #"""
# Shared device mode for Android devices (Microsoft Learn): an app reads isSharedDevice() on
# its PublicClientApplication, created once per process; the MSAL for Android issue thread "MSFT
# apps do not get SDM state updates": the value stays as read until the app is recreated.
# Chat starts while the device enrolls, before the Authenticator registered it: it reads false,
# hears SDM_REGISTRATION_START and SDM_REGISTERED through its run-time receiver, and still says
# false until it is terminated and launched again.
name: Android isSharedDevice() stays stale until the app is recreated
profile: entra-android
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage, complete: false}
  # Validate, install the Authenticator, apply the enrollment profile, push Chat and Forms.
  - installProfileStep
  - installProfileStep
  - installProfileStep
  - installProfileStep
  - launch: chat
  - expectApp: {app: chat, isSharedDevice: false}
  - completeEnrollment
  - expect: {state: checkedIn, user: none}
  - expectApp: {app: chat, broadcast: [SDM_REGISTRATION_START, SDM_REGISTERED], isSharedDevice: false}
  - terminate: chat
  - launch: chat
  - expectApp: {app: chat, isSharedDevice: true}

"""#,
        "scenarios/android-manifest-receiver-misses.yaml": #"""
# Android Developers, "Implicit broadcast exceptions": since Android 8.0 an app cannot declare a
# receiver for an implicit broadcast in its manifest; CURRENT_ACCOUNT_CHANGED is not among the
# exceptions. Mail declares its receiver in the manifest: running in the background it still
# misses GLOBAL_SIGN_OUT, and learns only when it comes to the foreground and asks
# getCurrentAccountAsync (Shared device mode for Android devices, Microsoft Learn).
name: Android manifest receiver misses GLOBAL_SIGN_OUT
profile: entra-android
apps: [chat, mail, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - launch: mail
  - openBroker
  - expectApp: {app: mail, lifecycle: background, shows: cou1}
  - signOut: {from: broker}
  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, shows: none}
  - expectApp: {app: mail, broadcast: none, missedBroadcast: {type: GLOBAL_SIGN_OUT, reason: manifest}, shows: cou1}
  - signIn: {user: cou2, password: cou2}
  - launch: mail
  - expectApp: {app: mail, onAccountChanged: "cou1 → cou2", shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/android-mhs-idle-sign-out.yaml": #"""
# Microsoft Learn, "Configure the Microsoft Managed Home Screen app for Android Enterprise":
# with enable_auto_signout, Managed Home Screen signs the worker out after
# inactive_time_to_signout (300 s) without input, after a countdown dialog of
# auto_signout_time_to_give_user_notice (60 s) the worker can dismiss. The sign-out is the
# global sign-out of shared device mode for Android ("Shared device mode for Android
# devices"): the broker sends CURRENT_ACCOUNT_CHANGED with BROADCAST_TYPE GLOBAL_SIGN_OUT.
# Compared (Assets/comparisons/idle-shift-four-systems.yaml): on workspace-one the same idle
# time locks the apps (004, the SDK's inactivity lock) and keeps the session; on entra-ios and
# entra-android without a launcher nothing happens at all.
name: Managed Home Screen signs an idle worker out
profile: android-mhs
apps: [chat, mail, tasks, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: mail
  - launch: chat
  - advanceClock: 299
  - expect: {state: checkedOut(cou1)}
  - advanceClock: 1                  # 300 s idle: the countdown dialog, the session still on
  - expect: {state: checkedOut(cou1)}
  - dismissAutoSignOut               # "Stay signed in": the inactivity timer starts again
  - advanceClock: 300
  - advanceClock: 60                 # the countdown ran out: a global sign-out
  - expect: {state: checkedIn}
  - expectApp: {app: chat, shows: none}
  # Mail's receiver is declared in its manifest: it missed GLOBAL_SIGN_OUT and still shows
  # cou1's inbox in the background until it next calls getCurrentAccountAsync in front.
  - expectApp: {app: mail, shows: cou1}
  - launch: mail
  - expectApp: {app: mail, shows: none}

"""#,
        "scenarios/android-runtime-receiver-sign-out.yaml": #"""
# Shared device mode for Android devices (Microsoft Learn): at a global sign-out the broker
# sends com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED with BROADCAST_TYPE
# GLOBAL_SIGN_OUT. Chat registered its receiver at run time and is running in the background:
# it hears the broadcast at once, asks getCurrentAccountAsync, is told onAccountChanged and
# clears cou1's data before anyone brings it back.
name: Android runtime receiver hears GLOBAL_SIGN_OUT in the background
profile: entra-android
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - expectApp: {app: chat, shows: cou1, onAccountLoaded: cou1}
  - openBroker
  - expectApp: {app: chat, lifecycle: background}
  - signOut: {from: broker}
  - expect: {state: checkedIn, user: none}
  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, missedBroadcast: none, onAccountChanged: "cou1 → none", shows: none}
  # No broadcast at a sign-in (MSAL common for Android, SharedDeviceModeConstants.kt has no
  # such type): Chat learns of cou2 when it next asks.
  - signIn: {user: cou2, password: cou2}
  - expectApp: {app: chat, broadcast: none, shows: none}
  - launch: chat
  - expectApp: {app: chat, onAccountChanged: "none → cou2", shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/android-settings-removal-no-broadcast.yaml": #"""
# The MSAL for Android shared-device automation test that removes the account in Settings:
# "Removing account from settings page does not trigger the signout broadcast from broker".
# The account and its tokens go; no app is told. Chat, listening at run time in the
# background, still shows cou1 until it next asks (getCurrentAccountAsync at its foreground).
name: Android account removed in Settings sends no broadcast
profile: entra-android
apps: [chat, mail, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - launch: mail
  - openBroker
  - removeAccountFromSettings
  - expect: {state: checkedIn, user: none, logged: "no broadcast sent"}
  - expectApp: {app: chat, broadcast: none, shows: cou1}
  - expectApp: {app: mail, broadcast: none, shows: cou1}
  - launch: chat
  - expectApp: {app: chat, onAccountChanged: "cou1 → none", shows: none}
  - launch: mail
  - expectApp: {app: mail, onAccountChanged: "cou1 → none", shows: none}
  - expectNoLeak
  - removeAccountFromSettings:
    refused: true

"""#,
        "scenarios/android-stopped-app-learns-at-resume.yaml": #"""
# Shared device mode for Android devices (Microsoft Learn): a stopped app has no receiver, so
# the GLOBAL_SIGN_OUT broadcast reaches nothing; "you're responsible for checking the user's
# state on the device each time your app is used". At its next launch Chat calls
# getCurrentAccountAsync and is told onAccountChanged(prior: cou1, current: cou2), and clears.
name: Android stopped app learns at resume through onAccountChanged
profile: entra-android
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - expectApp: {app: chat, shows: cou1}
  - terminate: chat
  - openBroker
  - signOut: {from: broker}
  - expectApp: {app: chat, broadcast: none, missedBroadcast: {type: GLOBAL_SIGN_OUT, reason: stopped}, lifecycle: terminated}
  - signIn: {user: cou2, password: cou2}
  - launch: chat
  - expectApp: {app: chat, onAccountChanged: {prior: cou1, current: cou2}, shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/entra-broker-keyboard.yaml": #"""
# The Authenticator (broker) in shared device mode, driven by keys as the terminal does:
# registration, global sign-in from the broker, sign-out from inside an app through the
# browser (signoutFromBrowser), and sign-in from inside an app.
name: Entra broker by keyboard
profile: entra-ios
steps:
  - press: "stage<Enter>stage<Enter>"
  - expect: {state: checkedIn}
  - press: "cou1<Enter>cou1<Enter>"
  - expect: {state: checkedOut, user: cou1, screen: cou1}
  # Focus chat (the first pane), launch it, then sign out from inside it via the browser.
  - press: "<Tab><Enter>wu"
  - expect: {state: checkedIn, foreground: chat, logged: "signoutFromBrowser"}
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: none}
  # Sign in from inside chat: the Hub's prompt takes the credentials.
  - press: "i"
  - press: "cou2<Enter>cou2<Enter>"
  - expect: {state: checkedOut, user: cou2}
  - expectApp: {app: chat, shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/entra-chat-no-leak.yaml": #"""
# 000: chat is written as the document asks: a background capability, a listener for
# SHARED_MODE_CURRENT_ACCOUNT_CHANGED, and getCurrentAccount at every foreground. It clears
# the previous user's data as soon as the account changes, so the next user never sees it.
name: Entra chat clears data on account change, no leak
profile: entra-ios
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1, from: chat}
  - expectApp: {app: chat, shows: cou1, items: 2, lifecycle: foreground}
  - signOut: {from: chat}
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: none, stored: 0}
  - background: chat
  - signIn: {user: cou2, password: cou2}
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: cou2, items: 2}
  - launch: chat
  - expectApp: {app: chat, shows: cou2, stored: 2}
  - expectNoLeak: {exposures: true}

"""#,
        "scenarios/entra-delivery-matrix.yaml": #"""
# 000 (Entra shared device mode on iOS): every account change posts the Darwin notification
# SHARED_MODE_CURRENT_ACCOUNT_CHANGED. It reaches an app at once only when the app runs in
# the foreground, or in the background with a background capability and a listener; a
# suspended or not-running app misses it and learns at its next foreground, if it checks
# getCurrentAccount then.
#   chat   background capability, listener      mail   listener, no background capability
name: Entra delivery matrix
profile: entra-ios
apps: [chat, mail, tasks, forms]
steps:
  - enroll: {user: stage, password: stage}
  - launch: chat
  - launch: mail
  - openBroker                       # both in the background now
  - expectApp: {app: chat, calls: [getCurrentAccount], lifecycle: background, shows: none}
  - expectApp: {app: mail, calls: [getCurrentAccount], lifecycle: background, shows: none}
  - signIn: {user: cou1, password: cou1}
  # Background with capability and listener: delivered at once.
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], calls: [getCurrentAccount], shows: cou1, pending: false}
  # Background without capability: missed; the app learns at its next foreground.
  - expectApp: {app: mail, notifications: [], calls: [], shows: none, pending: true}
  - launch: mail
  - expectApp: {app: mail, notifications: [], calls: [getCurrentAccount], shows: cou1, pending: false}
  # Foreground: delivered, even without a background capability.
  - suspend: chat
  - signOut: {from: broker}
  - expectApp: {app: mail, notifications: [], calls: [], shows: cou1}
  - expect: {state: checkedIn, foreground: hub}
  - signIn: {user: cou2, password: cou2, from: mail}   # interactive sign-in from inside mail
  - expectApp: {app: mail, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: cou2, lifecycle: foreground}
  # Suspended: missed both changes; it notices at its next foreground.
  - expectApp: {app: chat, notifications: [], calls: [], shows: cou1, pending: true, lifecycle: suspended}
  - launch: chat
  - expectApp: {app: chat, notifications: [], calls: [getCurrentAccount], shows: cou2, pending: false}
  # Global sign-out from an app in the foreground, through the browser (signoutFromBrowser).
  - signOut: {from: chat, browser: true}
  - expect: {state: checkedIn, foreground: chat}
  - expectApp: {app: chat, notifications: [SHARED_MODE_CURRENT_ACCOUNT_CHANGED], shows: none}
  - expectNoLeak

"""#,
        "scenarios/entra-device-transitions.yaml": #"""
# 002/000: a device registered in shared device mode; global sign-in and sign-out from the
# broker and from an app. State names are shared with workspace-one: signed out is
# checkedIn, signed in is checkedOut(user). checkOut/checkIn are accepted as the broker's
# sign-in/sign-out.
name: Entra shared device mode transitions
profile: entra-ios
steps:
  - expect: {state: unenrolled}
  - signIn: {user: cou1, password: cou1}
    refused: not-enrolled
  - enroll: {user: cou1, password: cou1}
    refused: not-a-staging-user
  - enroll: {user: stage, password: stage}
  - expect: {state: checkedIn, user: none}
  - signIn: {user: cou1, password: cou1}
  - expect: {state: checkedOut(cou1), foreground: broker}
  - signIn: {user: cou2, password: cou2}
    refused: already-checked-out
  - signOut
  - expect: {state: checkedIn}
  - checkOut: {user: cou2, password: cou2}      # the same global sign-in, from the broker
  - expect: {state: checkedOut, user: cou2}
  - checkIn                                     # global sign-out from the broker
  - signIn: {user: cou1, password: cou1, from: mail}
  - expect: {state: checkedOut, user: cou1, foreground: mail}
  - expectApp: {app: mail, calls: [getCurrentAccount, acquireToken, getCurrentAccount], shows: cou1}
  - signOut: {from: mail}
  - expect: {state: checkedIn, foreground: mail}
  - expectNoLeak

"""#,
        "scenarios/entra-lockout.yaml": #"""
# Docs/decisions.md, "Failed attempts": failed-attempt limits apply to the broker's global sign-in too. (The
# limit is 1 here to keep the run fast: every failed attempt costs a full scrypt derivation;
# ws1-lockout.yaml shows the attempts counting down.)
name: Entra global sign-in lockout
profile: entra-ios
policy: {failedAttemptLimit: 1, lockoutSeconds: 30}
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: wrong}
    refused: locked-out
  - expect: {state: checkedIn, user: none, error: "locked out until 08:00:30"}
  # Locked out: the right password is refused too, without a credential check.
  - signIn: {user: cou1, password: cou1}
    refused: locked-out
  - signIn: {user: cou2, password: cou2}
  - signOut
  - advanceClock: 30s
  - signIn: {user: cou1, password: cou1}
  - expect: {state: checkedOut, user: cou1}

"""#,
        "scenarios/entra-offline-signin.yaml": #"""
# Global sign-in validates credentials online, as Workspace ONE check-out does; sign-out
# works offline.
name: Entra sign-in needs a connection
profile: entra-ios
steps:
  - enroll: {user: stage, password: stage}
  - goOffline
  - signIn: {user: cou1, password: cou1}
    refused: offline
  - expect: {state: checkedIn, online: false, error: offline}
  - goOnline
  - signIn: {user: cou1, password: cou1}
  - goOffline
  - signOut
  - expect: {state: checkedIn, online: false}

"""#,
        "scenarios/entra-setup-authenticator.yaml": #"""
# Reference 002's second MDM step, broken: the Microsoft Authenticator is pushed without its
# app configuration sharedDeviceMode = true (rule authenticator-shared-mode-off; not pushed at
# all is authenticator-not-pushed). Not in shared device mode, a sign-out in one app signs
# out that app only: the Authenticator and every other app keep the account.
name: Entra set-up — Authenticator without sharedDeviceMode
profile: entra-ios
sharedDeviceSetup:
  authenticator: {sharedDeviceMode: false}
steps:
  - enroll: {user: stage, password: stage}
  - expect: {logged: "(authenticator-shared-mode-off)", screen: "authenticator-shared-mode-off"}
  - signIn: {user: cou1, password: cou1}
  - acquireTokenInteractively: {app: chat, user: cou1}
  - acquireTokenInteractively: {app: roster, user: cou1}
  - expectToken: {app: chat, source: broker, account: cou1}
  # MSAL's signOut in roster: roster alone loses the account.
  - signOut: {from: roster}
  - expect: {state: checkedOut(cou1), logged: "so it signs cou1 out of roster only"}
  - expectToken: {app: roster, account: none}
  - expectToken: {app: chat, account: cou1}
  - acquireTokenSilently: chat
  - expectToken: {app: chat, source: keychain-group, account: cou1}
  - expectNoLeak

"""#,
        "scenarios/entra-setup-device.yaml": #"""
# Reference 002's device rules, broken: shared device mode needs iOS 13 or later (rule
# ios-too-old; a device not enrolled in the MDM is not-mdm-enrolled). The device registers,
# but getDeviceInformation says default and a sign-in at the Authenticator posts no
# SHARED_MODE_CURRENT_ACCOUNT_CHANGED: chat, a listener running in the background, hears nothing.
name: Entra set-up — iOS too old
profile: entra-ios
sharedDeviceSetup:
  iOSVersion: 12
steps:
  - enroll: {user: stage, password: stage}
  - expect:
      logged: "registration: not in shared device mode: iOS 12 is older than iOS 13, which shared device mode needs (ios-too-old)"
      screen: ["getDeviceInformation: default", "ios-too-old"]
  - launch: chat
  - openBroker
  - signIn: {user: cou1, password: cou1}
  - expect: {logged: "MSAL apps are not told: not in shared device mode (ios-too-old"}
  - expectApp: {app: chat, notifications: [], shows: none}

"""#,
        "scenarios/entra-setup-known-issue.yaml": #"""
# The known issue (the MSAL for iOS tracker, "Microsoft Authenticator App always in Shared Mode
# on the device even after Shared Device Mode configuration removed"): the MDM removes the
# Enterprise SSO plug-in profile and the Authenticator's configuration from a device in shared
# device mode, and the device stays in shared device mode until it is reset and registered
# again (Microsoft Learn, "Set up an iOS device in shared device mode"). Sign-out stays global.
name: Entra set-up — shared mode kept after the configuration is removed
profile: entra-ios
steps:
  - enroll: {user: stage, password: stage}
  - expect: {logged: "shared device mode", screen: "getDeviceInformation: shared"}
  - removeSharedDeviceConfiguration: sso-extension
  - removeSharedDeviceConfiguration: authenticator-configuration
  - expect:
      logged: ["MDM removed the Enterprise SSO plug-in profile", "known issue (MSAL for iOS: the Authenticator stays in shared mode"]
      screen: ["getDeviceInformation: shared", "config removed, still shared"]
  - signIn: {user: cou1, password: cou1}
  - acquireTokenInteractively: {app: roster, user: cou1}
  - expectToken: {app: roster, source: broker, account: cou1}
  - signOut: {from: broker}
  - expectToken: {app: roster, account: none}
  - expect: {logged: "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED"}
  - expectNoLeak

"""#,
        "scenarios/entra-setup-sso-extension.yaml": #"""
# Reference 002's first MDM step, broken: the Enterprise SSO plug-in profile is installed but
# its extra key sharedDeviceMode is false (rule sso-extension-shared-mode-off; a missing
# profile, a wrong type, extension ID, Team ID or URL do the same). The device registers,
# but not in shared device mode: signing out at the Authenticator is no global sign-out, and
# the next worker inherits the previous worker's account and tokens.
name: Entra set-up — SSO plug-in profile without sharedDeviceMode
profile: entra-ios
sharedDeviceSetup:
  ssoExtension: {sharedDeviceMode: false}
steps:
  - enroll: {user: stage, password: stage}
  - expect:
      logged: "registration: not in shared device mode: the SSO plug-in profile's extra key sharedDeviceMode is false, not true (sso-extension-shared-mode-off)"
      screen: ["Not in shared device mode", "getDeviceInformation: default", "sso-extension-shared-mode-off"]
  - signIn: {user: cou1, password: cou1}
  - expect: {state: checkedOut(cou1), logged: "cou1 signed in to the Authenticator only"}
  # roster asks through the broker, which offers the account it holds.
  - acquireTokenInteractively: {app: roster, user: cou1}
  - expectToken: {app: roster, source: broker, account: cou1}
  - signOut: {from: broker}
  - expect: {state: checkedIn, logged: "so every app keeps cou1's account and tokens"}
  - expectToken: {app: roster, account: cou1}
  - expectExposure: {app: roster, owner: cou1}
  # The next worker: roster still holds cou1's token and shows cou1's data.
  - signIn: {user: cou2, password: cou2}
  - launch: roster
  - expectApp: {app: roster, shows: cou1}
  - acquireTokenSilently: roster
  - expectToken: {app: roster, source: keychain-group, account: cou1}
  - expectLeak: {app: roster, owner: cou1}

"""#,
        "scenarios/entra-sso-broker-setup.yaml": #"""
# Reference 003, broker-assisted sign-in: AD_CREDENTIALS_AUTO, a URL scheme, a redirect URI
# `<scheme>://<bundle id>` and msauth in LSApplicationQueriesSchemes.
# - roster has not registered its URL scheme: the SDK cannot come back, so it refuses
#   before leaving the app.
# - chat is built as com.contoso.chat2 but its redirect names com.contoso.chat: the broker
#   sees the bundle ID the OS reports and refuses, after the round trip.
# - tasks lacks msauth in its query schemes: the broker check fails and the SDK falls back
#   to its embedded flow (a prompt in the app), and says so.
name: Entra SSO broker set-up
profile: entra-ios
apps:
  - {app: chat, sso: {bundleID: com.contoso.chat2}}
  - tasks
  - {app: roster, sso: {urlSchemes: []}}
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - acquireTokenInteractively: roster
  - expect: {foreground: roster, logged: ["roster: the SDK does not leave the app: URL scheme `x-msauth-roster` is not registered by `com.contoso.roster`"]}
  - expectToken: {app: roster, fails: url-scheme-not-registered}
  - acquireTokenInteractively: chat
  - expect: {foreground: chat, logged: ["chat to the background: Authenticator in front", "Authenticator refuses the request of com.contoso.chat2", "Authenticator returns to chat"]}
  - expectToken: {app: chat, fails: redirect-names-other-bundle}
  - acquireTokenInteractively: tasks
  - expect: {foreground: tasks, logged: ["canOpenURL(msauth://) failed, the SDK falls back to the embedded flow", "tasks shows its own sign-in prompt"]}
  - expectToken: {app: tasks, status: in-flight}
  - cancelTokenRequest
  - expectToken: {app: tasks, fails: canceled}
  - acquireTokenInteractively: {app: tasks, user: cou1, password: cou1}
  - expectToken: {app: tasks, source: in-app-prompt, fellBack: msauth-not-queried, account: cou1}
  # Under shared device mode a broken set-up keeps the app out of the device-wide sign-in:
  # no silent token from the broker.
  - launch: chat
  - acquireTokenSilently: chat
  - expectToken: {app: chat, fails: redirect-names-other-bundle}

"""#,
        "scenarios/entra-sso-certificate.yaml": #"""
# Reference 003, Step 3a: certificate-based authentication needs the broker and a second
# redirect URI, msauth://code/<url-encoded redirect URI>, in the app and under its client ID.
# - roster offers certificate auth but dropped that redirect from the app: the broker
#   cannot hand the code back, so the request fails after the round trip.
# - till offers certificate auth with the embedded flow, which never reaches the broker.
# The catalogue's roster has both redirects and signs in (see entra-sso-shared-device).
name: Entra SSO certificate-based authentication
profile: entra-ios
apps:
  - {app: roster, sso: {redirectURIs: ["x-msauth-roster://com.contoso.roster"]}}
  - {app: till, sso: {certificateAuth: true}}
steps:
  - enroll: {user: stage, password: stage}
  - acquireTokenInteractively: roster
  - expect: {foreground: roster, logged: ["certificate auth needs redirect URI `msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster` in the app"]}
  - expectToken: {app: roster, fails: certificate-redirect-missing, account: none}
  - acquireTokenInteractively: till
  - expectToken: {app: till, fails: certificate-auth-needs-broker, account: none}
  - expect: {foreground: till}
  # The failed request was not a device-wide sign-in.
  - expect: {state: checkedIn}

"""#,
        "scenarios/entra-sso-registration.yaml": #"""
# Reference 003: every request names a client ID and a redirect URI, and the tenant must
# have that redirect registered under that client ID. mail tells the SDK a redirect URI the
# portal never saw; till uses a client ID with no app registration. Neither can get a
# token, silently or by a prompt; the failure names the rule broken. chat is unaffected
# (its prompt is the device-wide sign-in of shared device mode).
name: Entra SSO app registrations
profile: entra-ios
apps:
  - chat
  - {app: mail, sso: {redirectURIs: ["x-msauth-contoso://com.contoso.mail2"], bundleID: com.contoso.mail2}}
  - {app: till, sso: {clientID: 00000000-0000-0000-0000-00000000dead}}
steps:
  - enroll: {user: stage, password: stage}
  - acquireTokenInteractively: {app: chat, user: cou1, password: cou1}
  - expectToken: {app: chat, source: broker-prompt}
  - expect: {state: checkedOut(cou1)}
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, fails: redirect-not-registered, account: none}
  - acquireTokenInteractively: {app: mail, user: cou1, password: cou1}
  - expectToken: {app: mail, fails: redirect-not-registered, account: none}
  - expect: {foreground: mail, logged: ["redirect URI `x-msauth-contoso://com.contoso.mail2` is not registered under client `6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01`"]}
  - launch: till
  - acquireTokenInteractively: till
  - expectToken: {app: till, fails: unknown-client}
  - expect: {logged: ["client `00000000-0000-0000-0000-00000000dead` has no app registration in the tenant"]}
  - expectNoLeak: {exposures: true}

"""#,
        "scenarios/entra-sso-shared-device.yaml": #"""
# Reference 003 under shared device mode (000): the first sign-in through the broker makes
# the account the device's, and every app that uses the broker gets it silently. tasks
# wants the broker but lacks msauth in LSApplicationQueriesSchemes, so the SDK falls back to
# the embedded flow; till is embedded only. Neither takes part: after the global sign-out
# they are still signed in as the previous user, and the leak audit catches it.
name: Entra SSO under shared device mode
profile: entra-ios
steps:
  - enroll: {user: stage, password: stage}
  - launch: chat
  - acquireTokenSilently: chat
  - expectToken: {app: chat, fails: no-token}
  # roster's interactive request is the device-wide sign-in, through the Authenticator.
  - acquireTokenInteractively: roster
  - expect: {foreground: broker, state: checkedIn}
  - expectApp: {app: roster, lifecycle: background}
  - completeTokenRequest: {user: cou1, password: cou1}
  - expect: {state: checkedOut(cou1), foreground: roster, logged: ["global sign-in from roster through Authenticator", "posted SHARED_MODE_CURRENT_ACCOUNT_CHANGED"]}
  - expectToken: {app: roster, source: broker-prompt, account: cou1}
  - acquireTokenSilently: chat
  - expectToken: {app: chat, source: broker, account: cou1}
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, source: broker, account: cou1}
  # tasks' broker check fails, but it shares the suite's client ID and keychain group:
  # chat's token is in the group. Asked to sign in, it prompts in the app instead of the broker.
  - launch: tasks
  - acquireTokenSilently: tasks
  - expectToken: {app: tasks, source: keychain-group, group: com.contoso.frontline}
  - acquireTokenInteractively: {app: tasks, user: cou1, password: cou1}
  - expectToken: {app: tasks, source: in-app-prompt, fellBack: msauth-not-queried, account: cou1}
  - launch: till
  - acquireTokenInteractively: till
  - expect: {foreground: till}
  - expectToken: {app: till, status: in-flight}
  - completeTokenRequest: {user: cou1, password: cou1}
  - expectToken: {app: till, source: in-app-prompt, fellBack: none, account: cou1}
  - expectNoLeak: {exposures: true}
  # A remove in mail deletes cou1's tokens of the suite's keychain group: tasks, which reads
  # the group, fails at its next refresh; chat and mail still get cou1 from the broker.
  - removeAccount: mail
  - expectToken: {app: tasks, status: removed}
  - refreshInBackground: tasks
  - expectToken: {app: tasks, fails: tokens-removed, account: none}
  - refreshInBackground: chat
  - expectToken: {app: chat, source: broker, account: cou1}
  - acquireTokenSilently: mail
  - expectToken: {app: mail, source: broker, account: cou1}
  - acquireTokenInteractively: {app: tasks, user: cou1, password: cou1}
  # Global sign-out: the broker's apps lose the account; the embedded-flow apps keep theirs.
  - signOut: {from: broker}
  - expectToken: {app: chat, account: none}
  - expectToken: {app: roster, account: none}
  - expectToken: {app: till, account: cou1}
  - expectExposure: {app: till, owner: cou1}
  - expectExposure: {app: tasks, owner: cou1}
  - acquireTokenSilently: chat
  - expectToken: {app: chat, fails: signed-out}
  - signIn: {user: cou2, password: cou2}
  - acquireTokenSilently: chat
  - expectToken: {app: chat, source: broker, account: cou2}
  - launch: till
  - expectLeak: {app: till, owner: cou1}

"""#,
        "scenarios/entra-sso-sharing.yaml": #"""
# Reference 003, non-broker SSO: tokens are shared only by apps with the same client ID,
# each with its own redirect URI registered under it, and the same keychain group told to
# the SDK (defaultKeychainSharingGroup). Here every app uses the embedded flow, so none
# takes part in the device-wide sign-in of shared device mode.
# - mail keeps the suite's client ID but another keychain group: it prompts on its own.
# - tasks keeps the suite's keychain group but is registered under roster's client ID
#   (with roster's redirect): the group holds the suite's token, not its client's.
name: Entra SSO keychain group and client ID
profile: entra-ios
apps:
  - {app: chat, sso: {credentialMode: embedded}}
  - {app: mail, sso: {credentialMode: embedded, keychainGroup: com.contoso.mail}}
  - {app: tasks, sso: {credentialMode: embedded, clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02, redirectURIs: ["x-msauth-roster://com.contoso.roster"]}}
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - acquireTokenInteractively: chat
  - expect: {foreground: chat, logged: ["chat shows its own sign-in prompt (embedded flow)"]}
  - completeTokenRequest: {user: cou1, password: cou1}
  - expectToken: {app: chat, source: in-app-prompt, account: cou1}
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, fails: keychain-group-differs, account: none}
  - acquireTokenInteractively: {app: mail, user: cou1, password: cou1}
  - expectToken: {app: mail, source: in-app-prompt, account: cou1}
  - launch: tasks
  - acquireTokenSilently: tasks
  - expectToken: {app: tasks, fails: client-id-differs}
  # A remove in mail touches only its own group: chat keeps its token.
  - removeAccount: mail
  - refreshInBackground: chat
  - expectToken: {app: chat, source: keychain-group, group: com.contoso.frontline}

"""#,
        "scenarios/entra-tasks-leak.yaml": #"""
# 000: global sign-out removes the account and tokens for every app but NOT app data; each
# app must clear its own. The deliberately faulty tasks neither listens for
# SHARED_MODE_CURRENT_ACCOUNT_CHANGED nor checks getCurrentAccount at foreground, so the
# next user sees the previous user's tasks.
name: Entra tasks leaks the previous user's data
profile: entra-ios
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: tasks
  - expectApp: {app: tasks, calls: [getCurrentAccount], shows: cou1, items: 2}
  - expectNoLeak
  - signOut: {from: broker}
  - signIn: {user: cou2, password: cou2}
  - expectApp: {app: tasks, notifications: [], calls: [], shows: cou1, lifecycle: background}
  - launch: tasks
  - expectApp: {app: tasks, notifications: [], calls: [], shows: cou1, lifecycle: foreground}
  - expectLeak: {app: tasks, owner: cou1}
  - expect: {state: checkedOut, user: cou2, leakCount: 1}
  # Only a cold start makes it read the account again.
  - terminate: tasks
  - launch: tasks
  - expectApp: {app: tasks, calls: [getCurrentAccount], shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/mhs-auto-sign-out-countdown.yaml": #"""
# Configure the Microsoft Managed Home Screen app for Android Enterprise (Microsoft Learn):
# "Auto sign-out time" (inactive_time_to_signout, default 300 s) and "Count down time on auto
# sign-out dialog" (auto_signout_time_to_give_user_notice, default 60 s). After 300 s without
# a touch the dialog counts down from 60; a dismiss keeps the session and starts the 300 s
# again; at 0 the worker is signed out of MHS and, in shared device mode, of every shared-mode
# app: a global sign-out, with its GLOBAL_SIGN_OUT broadcast.
name: Managed Home Screen signs out after 300 + 60 s unless dismissed
profile: android-mhs
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - launch: chat
  - openBroker
  - advanceClock: 299
  - expect: {state: checkedOut, user: cou1, countdown: none}
  - advanceClock: 1
  - expect: {countdown: 60}
  - advanceClock: 45
  - expect: {countdown: 15, state: checkedOut, user: cou1}
  # The worker taps [Stay signed in]: the dialog closes and the 300 s start again.
  - dismissAutoSignOut
  - expect: {countdown: none, state: checkedOut, user: cou1}
  - advanceClock: 299
  - expect: {countdown: none}
  # A touch restarts the timer too.
  - userActivity
  - advanceClock: 300
  - expect: {countdown: 60}
  - advanceClock: 59
  - expect: {countdown: 1, state: checkedOut, user: cou1}
  - advanceClock: 1
  - expect: {state: checkedIn, user: none, countdown: none}
  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, onAccountChanged: "cou1 → none", shows: none}
  - expectNoLeak
  - dismissAutoSignOut:
    refused: no-auto-sign-out-countdown

"""#,
        "scenarios/mhs-session-pin-attempts.yaml": #"""
# Configure the Microsoft Managed Home Screen app for Android Enterprise (Microsoft Learn):
# the session PIN is created after sign-in, checked against "Complexity of session PIN" and
# "Minimum length for session PIN"; "Maximum number of attempts for session PIN" is how many
# times a user can enter it "before getting automatically logged out from Managed Home
# Screen". The strict tenant asks for at least 4 digits (simple: numbers only), shows the
# screensaver after 30 s, asks for the PIN to leave it, and signs out at the third wrong PIN.
name: Managed Home Screen signs out after the maximum wrong session PINs
profile: android-mhs
tenant: strict
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - setSessionPIN: "17"
    refused: session-pin-too-short
  - setSessionPIN: "17a9"
    refused: session-pin-too-simple
  - setSessionPIN: "1739"
  - expect: {sessionPIN: set}
  - launch: chat
  - advanceClock: 30
  - expect: {screensaver: true, pinAttemptsLeft: 3}
  - enterSessionPIN: "0000"
    refused: "2 attempts left"
  # The right PIN before the last attempt resumes, and the count starts over.
  - enterSessionPIN: "1739"
  - expect: {screensaver: false, state: checkedOut, user: cou1, pinAttemptsLeft: 3}
  - advanceClock: 30
  - expect: {screensaver: true}
  - enterSessionPIN: "0000"
    refused: wrong-session-pin
  - enterSessionPIN: "9999"
    refused: "1 attempt left"
  - enterSessionPIN: "4444"
    refused: session-pin-attempts-exhausted
  - expect: {state: checkedIn, user: none, screensaver: false, sessionPIN: none}
  - expectApp: {app: chat, broadcast: GLOBAL_SIGN_OUT, shows: none}
  - expectNoLeak

"""#,
        "scenarios/mhs-session-pin-cleared-at-sign-out.yaml": #"""
# Configure the Microsoft Managed Home Screen app for Android Enterprise (Microsoft Learn):
# "The Session PIN lasts for the duration of a user's sign-in, and is cleared upon sign-out."
# cou1's PIN does not open cou2's session: cou2 creates one of their own after signing in,
# and cou1's no longer leaves the screensaver.
name: Managed Home Screen clears the session PIN at sign-out
profile: android-mhs
tenant: strict
apps: [chat, forms]
steps:
  - enroll: {user: stage, password: stage}
  - signIn: {user: cou1, password: cou1}
  - setSessionPIN: "1739"
  - expect: {sessionPIN: set}
  - signOut: {from: broker}
  - expect: {state: checkedIn, sessionPIN: none}
  - signIn: {user: cou2, password: cou2}
  - expect: {sessionPIN: needed}
  - setSessionPIN: "2908"
  - expect: {sessionPIN: set}
  - advanceClock: 30
  - expect: {screensaver: true}
  - enterSessionPIN: "1739"
    refused: wrong-session-pin
  - enterSessionPIN: "2908"
  - expect: {state: checkedOut, user: cou2, screensaver: false}

"""#,
        "scenarios/ws1-app-passcode.yaml": #"""
# 004, Notes: "An application-level passcode could be required." With the strict sample
# tenant the Hub asks for a passcode of at least 4 digits at check-out; after 120 s without
# input the SDK locks the app UIs and unlock takes that passcode.
name: Workspace ONE app passcode and inactivity lock (strict tenant)
profile: workspace-one
tenant: strict
steps:
  - enroll: {group: WAREHOUSE, user: stage, password: stage}
  - checkOut: {group: WAREHOUSE, user: cou1, password: cou1}
    refused: passcode-required
  - checkOut: {group: WAREHOUSE, user: cou1, password: cou1, passcode: "12"}
    refused: passcode-too-short
  - checkOut: {group: WAREHOUSE, user: cou1, password: cou1, passcode: "2468"}
  - launch: notes
  - advanceClock: 119
  - expect: {state: checkedOut}
  - launch: scanner          # input restarts the inactivity timer
  - advanceClock: 119
  - expect: {state: checkedOut}
  - advanceClock: 1
  - expect: {state: locked, user: cou1}
  - expectApp: {app: scanner, blocked: locked}
  - unlock: {passcode: "1357"}
    refused: wrong-passcode
  - unlock: {password: cou1}   # the passcode is what unlocks, not the password
    refused: wrong-passcode
  - unlock: {passcode: "2468"}
  - expect: {state: checkedOut, user: cou1}
  - expectApp: {app: scanner, blocked: false, shows: cou1}

"""#,
        "scenarios/ws1-blocked-until-relaunch.yaml": #"""
# 004, "Check-out isn't broadcast": an app cold-started while the device is checked in gets
# controllerDidFinishInitialCheck(error: sharedDeviceNotCheckedOut) and stays blocked, even
# after a check-out, until it is terminated and relaunched.
name: Workspace ONE app blocked until relaunch
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - launch: notes
  - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: sharedDeviceNotCheckedOut)"], blocked: until-relaunch, shows: none}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - expectApp: {app: notes, callbacks: [], blocked: until-relaunch, shows: none}
  - background: notes
  - launch: notes
  - expectApp: {app: notes, callbacks: [], blocked: until-relaunch}
  - terminate: notes
  - launch: notes
  - expectApp: {app: notes, callbacks: [controllerDidDetectUserChange, controllerDidFinishInitialCheck], blocked: false, shows: cou1}
  - expectNoLeak

"""#,
        "scenarios/ws1-callback-order.yaml": #"""
# 004, Programming Interface: at an app's next opportunity the SDK calls, in this order,
# controllerDidWipeCurrentUserData (a check-in happened), controllerDidDetectUserChange (a
# check-out happened) and, on a cold start only, controllerDidFinishInitialCheck(error:).
name: Workspace ONE callback order
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  # The very first cold start has no earlier user to compare with: only the initial check.
  - launch: notes
  - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], blocked: false, shows: cou1}
  - terminate: notes
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  # Check-in and check-out are not broadcast: notes has received nothing yet.
  - expectApp: {app: notes, callbacks: [], lifecycle: terminated}
  - launch: notes
  - expectApp:
      app: notes
      callbacks:
        - controllerDidWipeCurrentUserData
        - controllerDidDetectUserChange
        - "controllerDidFinishInitialCheck(error: nil)"
      shows: cou2
      items: 4
  # Coming back to the foreground (not a cold start): no initial check.
  - openBroker
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou1}
  - expectNoLeak

"""#,
        "scenarios/ws1-checkin-while-locked.yaml": #"""
# 004, Notes: "Check-in requires unlock." After the inactivity timeout the SDK locks the app
# UIs; logging out is refused until the user authenticates.
name: Workspace ONE check-in requires unlock
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - advanceClock: 299
  - expect: {state: checkedOut}
  - advanceClock: 1          # the bundled tenant locks after 300 s without input
  - expect: {state: locked(cou1), user: cou1, clock: "08:05:00"}
  - expectApp: {app: notes, blocked: locked}
  - checkIn:
    refused: locked
  - expect: {state: locked, error: "check-in requires unlock"}
  - unlock: {password: cou1}
  - expect: {state: checkedOut, user: cou1}
  - expectApp: {app: notes, blocked: false, shows: cou1}
  - checkIn
  - expect: {state: checkedIn}
  - expectNoLeak

"""#,
        "scenarios/ws1-coalescing.yaml": #"""
# Workspace ONE Shared Device (004): several check-out/check-in cycles between two opportunities give ONE invocation
# of each callback. The app in the background notices nothing until it comes to the foreground.
name: Workspace ONE callbacks coalesce
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - background: notes
  - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - expectApp: {app: notes, callbacks: [], pending: true, lifecycle: background}
  - launch: notes
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], pending: false, shows: cou2}
  - expectNoLeak

"""#,
        "scenarios/ws1-device-transitions.yaml": #"""
# 004, "Device Transitions": enroll with the staging user, then check out, log out (check in)
# and check out again with a second user, watching the Hub's state at every step.
name: Workspace ONE device transitions (004)
profile: workspace-one
steps:
  - expect: {state: unenrolled}
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  # After enrollment the Hub prompts for credentials again: the device is checked in (staged).
  - expect: {state: checkedIn, user: none, foreground: hub}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - expect: {state: checkedOut, user: cou1}
  - checkIn
  - expect: {state: checkedIn, user: none}
  - checkOut: {group: frontline, user: cou2, password: cou2}   # Group IDs are case-insensitive
  - expect: {state: checkedOut(cou2)}
  - checkIn
  # The staging user can be an end user too, by authenticating a second time.
  - checkOut: {group: FRONTLINE, user: stage, password: stage}
  - expect: {state: checkedOut, user: stage}
  - checkIn
  # Refusals are typed results, not crashes.
  - checkIn:
    refused: not-checked-out
  - enroll: {group: FRONTLINE, user: stage, password: stage}
    refused: already-enrolled
  - checkOut: {group: NOWHERE, user: cou1, password: cou1}
    refused: unknown-group
  - expect: {state: checkedIn, error: "Group ID 'NOWHERE' is not known"}
  - expectNoLeak

"""#,
        "scenarios/ws1-enterprise-wipe.yaml": #"""
# Workspace ONE Shared Device (004): an enterprise wipe from the console reaches apps exactly as a check-in does; it
# ends even a locked session, and the console's command needs the device online.
name: Workspace ONE enterprise wipe
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
  - openBroker
  - advanceClock: 300
  - expect: {state: locked}
  - goOffline
  - enterpriseWipe:
    refused: offline
  - goOnline
  - enterpriseWipe
  - expect: {state: checkedIn, user: none}
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: notes
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, stored: 4}
  - expectNoLeak

"""#,
        "scenarios/ws1-faulty-app-leak.yaml": #"""
# The deliberately faulty handbook ignores controllerDidWipeCurrentUserData and keeps a
# plaintext copy: the next user sees the previous user's data (a visible leak, Docs/decisions.md).
# notes, written correctly, shows only the current user's data.
name: Workspace ONE faulty app leaks, correct app does not
profile: workspace-one
apps: [notes, handbook]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: handbook
  - expectApp: {app: handbook, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
  - launch: notes
  - expectNoLeak
  - openBroker
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: notes
  - expectApp: {app: notes, shows: cou2}
  - expectNoLeak
  - launch: handbook
  - expectApp: {app: handbook, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: [cou1, cou2]}
  - expectLeak: {app: handbook, owner: cou1}
  - expectExposure: {app: handbook, owner: cou1}
  # In the background nothing is shown, but the plaintext copy stays on the device.
  - background: handbook
  - expectNoLeak
  - expectExposure: {app: handbook, owner: cou1}
  - expect: {leakCount: 1}

"""#,
        "scenarios/ws1-hub-keyboard.yaml": #"""
# The interactive UI, driven by keys exactly as the terminal does and rendered off screen
# at 80x24: enrollment form, the lock screen's credential prompt with a refusal shown in
# place, an app pane, and the Hub's logout menu with its confirmation.
name: Workspace ONE Hub by keyboard
profile: workspace-one
screen: 80x24
steps:
  - expect: {screen: ["Enroll this device", "Staging user", "Password"]}
  - press: "FRONTLINE<Enter>stage<Enter>stage<Enter>"
  - expect: {state: checkedIn, screen: "Checked in (staged)"}
  # A refusal is shown in place. (A wrong Group ID rather than a wrong password: every
  # failed password costs a full scrypt derivation, and ws1-lockout.yaml shows those.)
  - press: "FRONTLINE1<Enter>cou1<Enter>hunter2<Enter>"
  - expect: {state: checkedIn, error: unknown-group, screen: ["Group ID 'FRONTLINE1' is not", "known to the console."], notOnScreen: hunter2}   # masked, never drawn
  - press: "<Esc><Esc><Esc><C-u>FRONTLINE<Enter><C-u>cou1<Enter><C-u>cou1<Enter>"
  - expect: {state: checkedOut, user: cou1, screen: "cou1"}
  # Tab moves the focus to the first app pane; Enter launches it.
  - press: "<Tab><Enter>"
  - expect: {foreground: notes}
  - expectApp: {app: notes, lifecycle: foreground, shows: cou1}
  # Back to the Hub, its menu, Log Out, and the confirmation.
  - press: "h<Esc>"
  - press: "<Enter>"
  - expect: {screen: "Log Out"}
  - press: "<Enter>"
  - expect: {state: checkedOut}
  - press: "<Enter>"
  - expect: {state: checkedIn, user: none, screen: "Checked in (staged)"}
  - expectNoLeak

"""#,
        "scenarios/ws1-lockout.yaml": #"""
# Workspace ONE Shared Device (004): wrong credentials are refused with the attempts left; past the policy's limit the
# account is locked out for a period, even for the right password. (The limit is lowered to 2
# here to keep the run fast; every failed attempt costs a full scrypt derivation.)
name: Workspace ONE failed attempts and lockout
profile: workspace-one
policy: {failedAttemptLimit: 2, lockoutSeconds: 60}
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: not-cou1}
    refused: wrong-credentials
  - expect: {state: checkedIn, error: "1 attempt left"}
  - checkOut: {group: FRONTLINE, user: cou1, password: still-not-cou1}
    refused: locked-out
  # Locked out: even the right password is refused until the period ends.
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
    refused: locked-out
  - expect: {error: "locked out until 08:01:00"}
  # Another user is not affected.
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - checkIn
  - advanceClock: 60
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - expect: {state: checkedOut, user: cou1}

"""#,
        "scenarios/ws1-offline-checkout.yaml": #"""
# 004, Notes: "Check-out requires a connection to the management console." Offline, the Hub
# refuses with a clear reason; check-in (log out) works offline and the Hub tells the
# console later.
name: Workspace ONE check-out needs the console
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - goOffline
  - expect: {online: false, state: checkedIn}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
    refused: offline
  - expect: {state: checkedIn, user: none, error: "needs a connection to the console"}
  - goOnline
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - expect: {state: checkedOut, user: cou1, online: true, error: none}
  - goOffline
  - checkIn
  - expect: {state: checkedIn, online: false}
  - expectNoLeak

"""#,
        "scenarios/ws1-offline-unlock.yaml": #"""
# 004, Notes: "Offline unlock switches to Hub": the UI first switches to the Hub; the device
# is still checked out, so it switches back to the app.
name: Workspace ONE offline unlock
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: inventory
  - advanceClock: 5m
  - expect: {state: locked, foreground: inventory}
  - goOffline
  - unlock: {password: cou1}
  - expect:
      state: checkedOut
      user: cou1
      foreground: inventory
      online: false
      logged: ["offline unlock: the UI switched to the Intelligent Hub", "switched back to inventory"]
  - expectApp: {app: inventory, blocked: false, shows: cou1, lifecycle: foreground}
  # Unlocking online does not go through the Hub either way.
  - goOnline
  - advanceClock: 5m
  - unlock: {password: cou1}
  - expect: {state: checkedOut, foreground: inventory}
  - expectNoLeak

"""#,
        "scenarios/ws1-single-user-device.yaml": #"""
# 004, Appendix: a device enrolled by a Single User Devices staging user is assigned for good
# to the first user who authenticates after enrollment: it cannot be checked in.
name: Workspace ONE Single User Device (strict tenant)
profile: workspace-one
tenant: strict
steps:
  - enroll: {group: WAREHOUSE, user: kiosk, password: kiosk}
  - checkOut: {group: WAREHOUSE, user: cou1, password: cou1, passcode: "8642"}
  - expect: {state: checkedOut, user: cou1}
  - checkIn:
    refused: single-user-device
  - expect: {state: checkedOut, user: cou1, error: "assigned to cou1 for good"}

"""#,
        "scenarios/ws1-sso-broker-setup.yaml": #"""
# Reference 003, broker-assisted sign-in: AD_CREDENTIALS_AUTO, a URL scheme, a redirect URI
# `<scheme>://<bundle id>` and msauth in LSApplicationQueriesSchemes.
# - roster has not registered its URL scheme: the SDK cannot come back, so it refuses
#   before leaving the app.
# - chat is built as com.contoso.chat2 but its redirect names com.contoso.chat: the broker
#   sees the bundle ID the OS reports and refuses, after the round trip.
# - tasks lacks msauth in its query schemes: the broker check fails and the SDK falls back
#   to its embedded flow (a prompt in the app), and says so.
name: Workspace ONE SSO broker set-up
profile: workspace-one
apps:
  - {app: chat, sso: {bundleID: com.contoso.chat2}}
  - tasks
  - {app: roster, sso: {urlSchemes: []}}
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - acquireTokenInteractively: roster
  - expect: {foreground: roster, logged: ["roster: the SDK does not leave the app: URL scheme `x-msauth-roster` is not registered by `com.contoso.roster`"]}
  - expectToken: {app: roster, fails: url-scheme-not-registered}
  - acquireTokenInteractively: chat
  - expect: {foreground: chat, logged: ["chat to the background: Authenticator in front", "Authenticator refuses the request of com.contoso.chat2", "Authenticator returns to chat"]}
  - expectToken: {app: chat, fails: redirect-names-other-bundle}
  - acquireTokenInteractively: tasks
  - expect: {foreground: tasks, logged: ["canOpenURL(msauth://) failed, the SDK falls back to the embedded flow", "tasks shows its own sign-in prompt"]}
  - expectToken: {app: tasks, status: in-flight}
  - cancelTokenRequest
  - expectToken: {app: tasks, fails: canceled}
  - acquireTokenInteractively: {app: tasks, user: cou1, password: cou1}
  - expectToken: {app: tasks, source: in-app-prompt, fellBack: msauth-not-queried, account: cou1}

"""#,
        "scenarios/ws1-sso-certificate.yaml": #"""
# Reference 003, Step 3a: certificate-based authentication needs the broker and a second
# redirect URI, msauth://code/<url-encoded redirect URI>, in the app and under its client ID.
# - roster offers certificate auth but dropped that redirect from the app: the broker
#   cannot hand the code back, so the request fails after the round trip.
# - till offers certificate auth with the embedded flow, which never reaches the broker.
# The catalogue's roster has both redirects and signs in (see ws1-sso-suite).
name: Workspace ONE SSO certificate-based authentication
profile: workspace-one
apps:
  - {app: roster, sso: {redirectURIs: ["x-msauth-roster://com.contoso.roster"]}}
  - {app: till, sso: {certificateAuth: true}}
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - acquireTokenInteractively: roster
  - expect: {foreground: roster, logged: ["certificate auth needs redirect URI `msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster` in the app"]}
  - expectToken: {app: roster, fails: certificate-redirect-missing, account: none}
  - acquireTokenInteractively: till
  - expectToken: {app: till, fails: certificate-auth-needs-broker, account: none}
  - expect: {foreground: till}

"""#,
        "scenarios/ws1-sso-registration.yaml": #"""
# Reference 003: every request names a client ID and a redirect URI, and the tenant must
# have that redirect registered under that client ID. mail tells the SDK a redirect URI the
# portal never saw; till uses a client ID with no app registration. Neither can get a
# token, silently or by a prompt; the failure names the rule broken. chat is unaffected.
name: Workspace ONE SSO app registrations
profile: workspace-one
apps:
  - chat
  - {app: mail, sso: {redirectURIs: ["x-msauth-contoso://com.contoso.mail2"], bundleID: com.contoso.mail2}}
  - {app: till, sso: {clientID: 00000000-0000-0000-0000-00000000dead}}
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - acquireTokenInteractively: {app: chat, user: cou1, password: cou1}
  - expectToken: {app: chat, source: broker-prompt}
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, fails: redirect-not-registered, account: none}
  - acquireTokenInteractively: {app: mail, user: cou1, password: cou1}
  - expectToken: {app: mail, fails: redirect-not-registered, account: none}
  - expect: {foreground: mail, logged: ["redirect URI `x-msauth-contoso://com.contoso.mail2` is not registered under client `6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01`"]}
  - launch: till
  - acquireTokenInteractively: till
  - expectToken: {app: till, fails: unknown-client}
  - expect: {logged: ["client `00000000-0000-0000-0000-00000000dead` has no app registration in the tenant"]}
  - expectNoLeak: {exposures: true}

"""#,
        "scenarios/ws1-sso-sharing.yaml": #"""
# Reference 003, non-broker SSO: tokens are shared only by apps with the same client ID,
# each with its own redirect URI registered under it, and the same keychain group told to
# the SDK (defaultKeychainSharingGroup). Here every app uses the embedded flow.
# - mail keeps the suite's client ID but another keychain group: it prompts on its own.
# - tasks keeps the suite's keychain group but is registered under roster's client ID
#   (with roster's redirect): the group holds the suite's token, not its client's.
name: Workspace ONE SSO keychain group and client ID
profile: workspace-one
apps:
  - {app: chat, sso: {credentialMode: embedded}}
  - {app: mail, sso: {credentialMode: embedded, keychainGroup: com.contoso.mail}}
  - {app: tasks, sso: {credentialMode: embedded, clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02, redirectURIs: ["x-msauth-roster://com.contoso.roster"]}}
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: chat
  - acquireTokenInteractively: chat
  - expect: {foreground: chat, logged: ["chat shows its own sign-in prompt (embedded flow)"]}
  - completeTokenRequest: {user: cou1, password: cou1}
  - expectToken: {app: chat, source: in-app-prompt, account: cou1}
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, fails: keychain-group-differs, account: none}
  - acquireTokenInteractively: {app: mail, user: cou1, password: cou1}
  - expectToken: {app: mail, source: in-app-prompt, account: cou1}
  - launch: tasks
  - acquireTokenSilently: tasks
  - expectToken: {app: tasks, fails: client-id-differs}
  # A remove in mail touches only its own group: chat keeps its token.
  - removeAccount: mail
  - refreshInBackground: chat
  - expectToken: {app: chat, source: keychain-group, group: com.contoso.frontline}

"""#,
        "scenarios/ws1-sso-suite.yaml": #"""
# Reference 003 beside the Hub: Microsoft-SDK apps on a Workspace ONE device. The Contoso
# suite (chat, mail, tasks) shares one client ID and the keychain group
# com.contoso.frontline, each with its own redirect URI registered under that client ID:
# one prompt signs in the whole suite. roster uses the broker; a remove in one suite app
# deletes the tokens of the whole group (003's warning), while roster keeps its own.
name: Workspace ONE SSO suite, broker and remove account
profile: workspace-one
apps: [notes, chat, mail, tasks, roster]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: chat
  - acquireTokenSilently: chat
  - expectToken: {app: chat, fails: no-token, account: none, status: failed}
  # The broker round trip: chat to the background, the Authenticator in front, back.
  - acquireTokenInteractively: chat
  - expect: {foreground: authenticator, logged: ["chat to the background: Authenticator in front"]}
  - expectApp: {app: chat, lifecycle: background}
  - expectToken: {app: chat, status: in-flight}
  - completeTokenRequest: {user: cou1, password: cou1}
  - expect: {foreground: chat, logged: ["Authenticator returns to chat through x-msauth-contoso://com.contoso.chat"]}
  - expectToken: {app: chat, source: broker-prompt, account: cou1, status: valid}
  - expectApp: {app: chat, shows: cou1, lifecycle: foreground}
  # Same client ID, own redirect registered, same keychain group: silent, no prompt.
  - launch: mail
  - acquireTokenSilently: mail
  - expectToken: {app: mail, source: keychain-group, group: com.contoso.frontline, account: cou1}
  - launch: tasks
  - acquireTokenSilently: tasks
  - expectToken: {app: tasks, source: keychain-group, group: com.contoso.frontline}
  # roster has its own client ID and keychain: the broker already holds cou1, so it is
  # offered without a password (the round trip still happens).
  - launch: roster
  - acquireTokenSilently: roster
  - expectToken: {app: roster, fails: interaction-required}
  - acquireTokenInteractively: {app: roster, user: cou1}
  - expectToken: {app: roster, source: broker, account: cou1}
  # A remove in mail deletes cou1's tokens of the whole group.
  - removeAccount: mail
  - expectToken: {app: mail, account: none, status: none}
  - expectToken: {app: chat, account: cou1, status: removed}
  - refreshInBackground: chat
  - expectToken: {app: chat, fails: tokens-removed, account: none}
  - acquireTokenSilently: tasks
  - expectToken: {app: tasks, fails: tokens-removed}
  - refreshInBackground: roster
  - expectToken: {app: roster, source: keychain-group, group: com.contoso.roster, account: cou1, status: valid}
  - expectNoLeak: {exposures: true}
  # Check-in is the Hub's: Microsoft-SDK apps beside it are not told, so whoever is still
  # signed in keeps the previous user's token. The leak audit says so.
  - openHub
  - checkIn
  - expectExposure: {app: roster, owner: cou1}
  - expectExposure: {app: tasks, owner: cou1}
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: roster
  - expectLeak: {app: roster, owner: cou1}
  - expectToken: {app: roster, account: cou1}
  - removeAccount: roster
  - expectNoLeak: {app: roster}

"""#,
        "scenarios/ws1-step-mode.yaml": #"""
# Step mode (Docs/trainers.md): deliveries to apps are held and released one at a time, so
# a class can watch each app react.
name: Workspace ONE step mode holds deliveries
profile: workspace-one
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - setDeliveryMode: held
  - launch: notes
  - launch: inventory
  - expect: {held: 2, foreground: inventory}
  - expectApp: {app: notes, callbacks: [], shows: none}
  - releaseDelivery
  - expect: {held: 1}
  - expectApp: {app: notes, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
  - expectApp: {app: inventory, callbacks: []}
  - setDeliveryMode: immediate      # releases the rest
  - expect: {held: 0}
  - expectApp: {app: inventory, callbacks: ["controllerDidFinishInitialCheck(error: nil)"], shows: cou1}
  - releaseDelivery:
    refused: nothing-held

"""#,
        "scenarios/ws1-wipe-support-levels.yaml": #"""
# 004, Use Cases: what each level of shared-device support keeps when the SDK calls
# controllerDidWipeCurrentUserData at the next user's first opportunity.
#   notes      none                 deletes everything
#   scanner    retain-preferences   keeps the previous user's preferences, plaintext (an exposure)
#   inventory  cache-common-data    keeps the common catalogue, deletes user data
#   reports    external-encryption  keeps the sealed data; the external key is discarded
#   timeclock  shared-device-mode   detects the shared device at start-up; deletes user data
name: Workspace ONE wipe by support level
profile: workspace-one
apps: [notes, scanner, inventory, reports, timeclock]
steps:
  - enroll: {group: FRONTLINE, user: stage, password: stage}
  - checkOut: {group: FRONTLINE, user: cou1, password: cou1}
  - launch: notes
  - launch: scanner
  - launch: inventory
  - launch: reports
  - launch: timeclock
  - expectApp: {app: notes, shows: cou1, items: 4, stored: 4}
  - expectApp: {app: scanner, shows: cou1, items: 3, stored: 3}
  - expectApp: {app: inventory, shows: cou1, items: 3, stored: 3}
  - expectApp: {app: reports, shows: cou1, items: 2, stored: 2}
  - expectApp: {app: timeclock, shows: cou1, items: 1, stored: 1}
  - openBroker
  - checkIn
  - checkOut: {group: FRONTLINE, user: cou2, password: cou2}
  - launch: notes
  - expectApp: {app: notes, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, items: 4, stored: 4}
  - launch: scanner
  - expectApp: {app: scanner, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, items: 3, stored: 5}
  - expectExposure: {app: scanner, owner: cou1}
  - launch: inventory
  - expectApp: {app: inventory, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, items: 3, stored: 3}
  - launch: reports
  # cou1's reports stay on the device, sealed with a key the device no longer has.
  - expectApp: {app: reports, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, items: 2, stored: 4}
  - launch: timeclock
  - expectApp: {app: timeclock, callbacks: [controllerDidWipeCurrentUserData, controllerDidDetectUserChange], shows: cou2, items: 1, stored: 1}
  - expectNoLeak

"""#,
        "tenant-strict.yaml": #"""
# The console side of the simulation ("tenant"): organization groups, users, policies.
# Users have security type Basic (user name + password), as in 004's Account Configuration.
# Passwords are stored only as scrypt PHC hashes. For development each password equals
# the user name, as 004 suggests. Add users with `hubsim tenant add-user FILE NAME`.
# This sample turns the app passcode on, shortens the inactivity timeout and uses a
# Single User Devices staging user ("kiosk"), next to a Multi User Devices one.
tenant: Frontline Warehouse (strict policy)
promptForGroupID: true
groups:
  - id: WAREHOUSE
    name: Warehouse floor
users:
  - name: stage
    displayName: Staging User
    role: staging
    staging: multi-user
    passwordHash: "$scrypt$ln=15,r=8,p=1$oJOr0iTnE213flRX3aX7XA$JJyHhzBKv8b4JsvnDLR0LVgLbMXMv9homg42QbxQG5A"
  - name: kiosk
    displayName: Single-user Staging
    role: staging
    staging: single-user     # the first user who authenticates keeps the device for good
    passwordHash: "$scrypt$ln=15,r=8,p=1$ecP58OZU5EgwbTRHB5N4gA$m4js0hxwN3KFvP4R0W6NI8EDt7tdATinHalHWctmNGI"
  - name: cou1
    displayName: CheckOut 1
    passwordHash: "$scrypt$ln=15,r=8,p=1$7+1HckjwWkqVELid1DpYUg$rlzWbBd3GXRTjd2XvSSJCIXTcbWAPQzqlB5MMusq7YU"
  - name: cou2
    displayName: CheckOut 2
    passwordHash: "$scrypt$ln=15,r=8,p=1$MkXYCgmTNeuPwkEshb34kA$vTeC6jBr1/v17zKKPFsBGfHcywNe5+TCUCnQyIpAFlo"
policy:
  appPasscode:
    required: true
    minLength: 4
  inactivityTimeout: 120
  failedAttemptLimit: 5
  lockoutSeconds: 60
appRegistrations:            # reference 003: each client ID and the redirect URIs registered under it
  - clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
    name: Contoso Frontline suite
    redirectURIs:
      - x-msauth-contoso://com.contoso.chat
      - x-msauth-contoso://com.contoso.mail
      - x-msauth-contoso://com.contoso.tasks
      - msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D    # Android (package name, signature hash)
      - msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D
      - msauth://com.contoso.tasks/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D
  - clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02
    name: Contoso Roster
    redirectURIs:
      - x-msauth-roster://com.contoso.roster
      - msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster
      - msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D
  - clientID: b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703
    name: Contoso Till
    redirectURIs:
      - x-msauth-till://com.contoso.till
      - msauth://com.contoso.till/CJHCsylGdqFyLYrArcbaCK2MP0w%3D
sharedDeviceSetup:           # reference 002: the MDM set-up of Entra shared device mode (entra-ios)
  iOSVersion: 17             # shared device mode needs iOS 13 or later
  mdmEnrolled: true
  ssoExtension:              # the Microsoft Enterprise SSO plug-in profile (none: not installed)
    type: Redirect
    extensionID: com.microsoft.azureauthenticator.ssoextension
    teamID: SGGM6D27TK
    urls:
      - https://login.microsoftonline.com
    sharedDeviceMode: true   # extra data key, Boolean
  authenticator:             # the Microsoft Authenticator pushed by the MDM (none: not pushed)
    sharedDeviceMode: true   # its app configuration key, Boolean
managedHomeScreen:           # Intune's Managed Home Screen app configuration (android-mhs); keys as Intune spells them
  enable_mhs_signin: true
  enable_session_PIN: true   # a session PIN after sign-in, cleared at sign-out
  session_PIN_complexity: simple                 # digits only (complex-numeric-only: no run such as 444, 123 or 246)
  minimum_length_for_session_PIN: 4
  max_number_of_attempts_for_session_PIN: 3      # the third wrong PIN signs the worker out
  show_screen_saver: true
  inactive_time_to_show_screen_saver: 30         # seconds
  enable_PIN_to_resume: true                     # the session PIN to leave the screensaver
  enable_auto_signout: true
  inactive_time_to_signout: 120                  # seconds without input before the countdown dialog
  auto_signout_time_to_give_user_notice: 30      # the countdown dialog's seconds

"""#,
        "tenant.yaml": #"""
# The console side of the simulation ("tenant"): organization groups, users, policies.
# Users have security type Basic (user name + password), as in 004's Account Configuration.
# Passwords are stored only as scrypt PHC hashes. For development each password equals
# the user name, as 004 suggests. Add users with `hubsim tenant add-user FILE NAME`.
tenant: Frontline Retail
promptForGroupID: true
groups:
  - id: FRONTLINE
    name: Frontline stores
users:
  - name: stage
    displayName: Staging User
    role: staging
    staging: multi-user      # Multi User Devices: enrolled devices become shared
    passwordHash: "$scrypt$ln=15,r=8,p=1$O5jCehVlP7YLGpF8/ylNYA$bKqL2biLLesgYVFsuBlq+j3gA1RAuIpliytHURbqPyA"
  - name: cou1
    displayName: CheckOut 1
    passwordHash: "$scrypt$ln=15,r=8,p=1$MsxuSMiQhSay+UnrbNwH0w$qMYPVT3feSPALwKabA/hlIK9pc71YEDN4e+GIAkGmPE"
  - name: cou2
    displayName: CheckOut 2
    passwordHash: "$scrypt$ln=15,r=8,p=1$qKp5TfCWbL87aRTPTShChQ$L9MdD/Zm1OOEV/quqUWMnw4AK0O8tA+I06r6IV9Uom4"
policy:
  appPasscode:
    required: false
  inactivityTimeout: 300     # seconds without input before the SDK locks app UIs
  failedAttemptLimit: 5      # then the account is locked out
  lockoutSeconds: 60
appRegistrations:            # reference 003: each client ID and the redirect URIs registered under it
  - clientID: 6f1d2a4e-7c1b-4d8e-9b2a-3e5f6a7b8c01
    name: Contoso Frontline suite
    redirectURIs:
      - x-msauth-contoso://com.contoso.chat
      - x-msauth-contoso://com.contoso.mail
      - x-msauth-contoso://com.contoso.tasks
      - msauth://com.contoso.chat/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D    # Android (package name, signature hash)
      - msauth://com.contoso.mail/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D
      - msauth://com.contoso.tasks/qY7zrGhSyDi2LMaIdvzLJPm4k2c%3D
  - clientID: 9c2e7b1a-4f3d-4a6b-8e1c-2d3f4a5b6c02
    name: Contoso Roster
    redirectURIs:
      - x-msauth-roster://com.contoso.roster
      - msauth://code/x-msauth-roster%3A%2F%2Fcom.contoso.roster
      - msauth://com.contoso.roster/ne%2FSZgTSxCPBWUtLNusMHI23y4M%3D
  - clientID: b7d4e2c1-8a9f-4c3e-a1b2-c3d4e5f6a703
    name: Contoso Till
    redirectURIs:
      - x-msauth-till://com.contoso.till
      - msauth://com.contoso.till/CJHCsylGdqFyLYrArcbaCK2MP0w%3D
sharedDeviceSetup:           # reference 002: the MDM set-up of Entra shared device mode (entra-ios)
  iOSVersion: 17             # shared device mode needs iOS 13 or later
  mdmEnrolled: true
  ssoExtension:              # the Microsoft Enterprise SSO plug-in profile (none: not installed)
    type: Redirect
    extensionID: com.microsoft.azureauthenticator.ssoextension
    teamID: SGGM6D27TK
    urls:
      - https://login.microsoftonline.com
    sharedDeviceMode: true   # extra data key, Boolean
  authenticator:             # the Microsoft Authenticator pushed by the MDM (none: not pushed)
    sharedDeviceMode: true   # its app configuration key, Boolean
managedHomeScreen:           # Intune's Managed Home Screen app configuration (android-mhs); keys as Intune spells them
  enable_mhs_signin: true    # workers sign in on MHS; in shared device mode every shared-mode app is signed in too
  domain_name: ""            # domains appended to a bare user name, separated by ';' (not set: type the whole name)
  login_hint_text: ""        # not set: "Enter email or phone number"
  enable_session_PIN: false  # a session PIN after sign-in, cleared at sign-out
  session_PIN_complexity: not-configured   # or simple, complex, complex-numeric-only, alphanumeric-complex
  minimum_length_for_session_PIN: 1
  max_number_of_attempts_for_session_PIN: 0    # wrong PINs before an automatic sign-out; 0: infinite tries
  show_screen_saver: false
  inactive_time_to_show_screen_saver: 30       # seconds
  enable_PIN_to_resume: false                  # the session PIN to leave the screensaver
  minimum_inactive_time_before_session_pin_required: 0   # seconds; 0: always after the screensaver
  enable_auto_signout: true
  inactive_time_to_signout: 300                # seconds without input before the countdown dialog
  auto_signout_time_to_give_user_notice: 60    # the countdown dialog's seconds

"""#,
    ]
}
