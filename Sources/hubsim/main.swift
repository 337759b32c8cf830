import HubsimCommands

// The whole command line lives in HubsimCommands, where its tests can reach it; start-up
// is described in HubsimCommands/Launch/StartupPath.swift. Nothing a developer's program starts
// outlives this process (`ProgramGuard`).
ProgramGuard.start()
await Hubsim.runCommandLine()
