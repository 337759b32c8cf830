// `import AWSDK` as an iOS app writes it: HubsimAppKit's Workspace ONE stand-ins (and the rest of
// the kit) and Foundation, which the SDK's own module brings along; `AWSDK.EnrollmentStatus` and
// the like resolve through this module. It re-exports the `MSAL` module rather than HubsimAppKit
// directly, so that a package whose files import AWSDK in some places and MSAL in others sees one
// `MSALPublicClientApplication`, MSAL's (a file importing HubsimAppKit itself beside them would
// see two: name it `MSAL.MSALPublicClientApplication` there). Docs/app-developers.md lists every
// SDK member offered, modelled or ignored.
@_exported import MSAL
