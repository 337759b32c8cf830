// `import MSAL` as an iOS app writes it: HubsimAppKit's MSAL stand-ins (and the rest of the kit:
// `HubsimApplication`, `HubsimBridge`) and Foundation, which MSAL's own module brings along.
// One class differs from HubsimAppKit's: `MSALPublicClientApplication` here has MSAL's threading
// (its own file). Docs/app-developers.md lists every MSAL member offered, modelled or ignored.
@_exported import Foundation
@_exported import HubsimAppKit
