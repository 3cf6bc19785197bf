import ArgumentParser

/// Options of the grid views.
struct GridOptions: ParsableArguments {
    @Flag(help: "Plain ASCII grids, even on a terminal.") var ascii = false
}
