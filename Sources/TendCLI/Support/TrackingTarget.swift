import ArgumentParser
import TendCore
import TendStore

/// What every tracking command shares: the habit, the day, the write and its report.
struct TrackingTarget: ParsableArguments {
    @OptionGroup var reference: HabitArgument
    @OptionGroup var date: DateOption
}
