import Foundation
import TendCore
import TendStore
import TendWords

/// How output looks: Unicode blocks and ANSI colors on a terminal, plain ASCII otherwise.
struct Style {
    /// Unicode glyphs (blocks, rings, check marks).
    var unicode: Bool
    /// ANSI colors.
    var color: Bool

    init(unicode: Bool, color: Bool) {
        self.unicode = unicode
        self.color = color
    }

    /// Colors only on a terminal without `--no-color` or `NO_COLOR`; Unicode only on a terminal
    /// and without `--ascii`.
    init(context: CLIContext, options: GlobalOptions, ascii: Bool = false) {
        let noColorEnv = !(context.environment["NO_COLOR"] ?? "").isEmpty
        unicode = context.stdoutIsTerminal && !ascii
        color = context.stdoutIsTerminal && !options.noColor && !noColorEnv
    }

    func paint(_ text: String, _ habitColor: HabitColor) -> String {
        guard color else { return text }
        return "\u{1B}[38;5;\(habitColor.ansi256)m\(text)\u{1B}[0m"
    }

    func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    /// Red: a day that failed (missed, over a limit).
    func failure(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    /// The mark for a habit's status on a day.
    func mark(_ status: DayStatus, progress: Double) -> String {
        switch status {
        case .met: return unicode ? "✓" : "x"
        case .skipped: return unicode ? "⤼" : "-"
        case .paused: return unicode ? "⏸" : "="
        case .satisfied: return unicode ? "✓" : "x"
        case .missed: return failure(unicode ? "✗" : "!")
        case .pending, .notDue:
            if progress >= 1 { return unicode ? "✓" : "x" }
            return progress > 0 ? ring(progress) : (unicode ? "○" : " ")
        }
    }

    /// A progress ring: ○ ◔ ◑ ◕ ● (ASCII: 0 1 2 3 4 quarters as ` . o O @`).
    func ring(_ progress: Double) -> String {
        let quarter = progress <= 0 ? 0 : progress >= 1 ? 4 : max(1, min(3, Int(progress * 4)))
        return (unicode ? ["○", "◔", "◑", "◕", "●"] : [" ", ".", "o", "O", "@"])[quarter]
    }

    /// A progress bar of `width` cells.
    func bar(_ progress: Double, width: Int = 10) -> String {
        let filled = Int((min(max(progress, 0), 1) * Double(width)).rounded())
        let (full, empty) = unicode ? ("█", "░") : ("#", "-")
        return String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
    }

    /// The bar of a day over its limit: every cell crossed out, in red, where a full bar of
    /// blocks would read as a goal reached.
    func failedBar(width: Int = 10) -> String {
        failure(String(repeating: unicode ? "✗" : "!", count: width))
    }

    /// What the glyphs of ``cell(_:color:)`` mean, for a grid's legend.
    var cellLegend: String {
        unicode
            ? t(
                "done {done}  partly {partly}  not done {notDone}  skipped {skipped}  paused {paused}  not due {notDue}",
                ["done": "█", "partly": "▒", "notDone": "░", "skipped": "─", "paused": "═", "notDue": "·"])
            : t(
                "done {done}  partly {partly}  not done {notDone}  skipped {skipped}  paused {paused}  not due: blank",
                ["done": "#", "partly": "+", "notDone": ".", "skipped": "-", "paused": "="])
    }

    /// What the glyphs of ``tile(_:)`` mean (day scores).
    var tileLegend: String {
        let glyphs = [nil, 0, 0.3, 0.7, 1].map { tile($0) }
        return t(
            "nothing due {none}  0% {zero}  <50% {low}  <100% {high}  100% {full}",
            ["none": glyphs[0], "zero": glyphs[1], "low": glyphs[2], "high": glyphs[3], "full": glyphs[4]])
    }

    /// One grid cell for a habit's day.
    func cell(_ cell: DayCell, color habitColor: HabitColor) -> String {
        if cell.isFuture || !cell.isInMonth { return " " }
        let glyph: String
        switch cell.status {
        case .met, .satisfied: glyph = unicode ? "█" : "#"
        case .skipped: glyph = unicode ? "─" : "-"
        case .paused: glyph = unicode ? "═" : "="
        case .missed, .pending: glyph = cell.progress > 0 ? (unicode ? "▒" : "+") : (unicode ? "░" : ".")
        case .notDue: glyph = cell.value > 0 ? (unicode ? "▒" : "+") : (unicode ? "·" : " ")
        }
        return cell.status == .met || cell.status == .satisfied ? paint(glyph, habitColor) : glyph
    }

    /// One heatmap tile for a day score (`nil`: nothing due, or in the future).
    func tile(_ score: Double?) -> String {
        guard let score else { return unicode ? "·" : " " }
        let glyphs = unicode ? ["░", "▒", "▓", "█"] : [".", ":", "+", "#"]
        let level = score <= 0 ? 0 : score < 0.5 ? 1 : score < 1 ? 2 : 3
        let glyph = glyphs[level]
        guard color else { return glyph }
        let codes = [238, 22, 28, 40]
        return "\u{1B}[38;5;\(codes[level])m\(glyph)\u{1B}[0m"
    }
}

extension HabitColor {
    /// The nearest color of the 256-color ANSI palette.
    var ansi256: Int {
        switch self {
        case .red: 196
        case .orange: 208
        case .yellow: 220
        case .green: 34
        case .mint: 43
        case .teal: 30
        case .cyan: 39
        case .blue: 33
        case .indigo: 62
        case .purple: 129
        case .pink: 205
        case .brown: 130
        case .gray: 245
        }
    }
}
