import HubsimCommands

// The whole command line lives in HubsimCommands, where its tests can reach it; start-up
// is described in HubsimCommands/Launch/StartupPath.swift.
Hubsim.main()
