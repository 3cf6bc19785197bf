import TendCLI

await TendCommand.main()
