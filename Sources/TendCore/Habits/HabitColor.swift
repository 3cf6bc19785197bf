import Foundation

/// Geko's fixed color palette; each color has a light and a dark variant for the web.
public enum HabitColor: String, Codable, CaseIterable, Hashable, Sendable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray

    /// `#RRGGBB` for light backgrounds.
    public var lightHex: String {
        switch self {
        case .red: "#D93025"
        case .orange: "#E8710A"
        case .yellow: "#B08800"
        case .green: "#1E8E3E"
        case .mint: "#00897B"
        case .teal: "#00796B"
        case .cyan: "#0277BD"
        case .blue: "#1A73E8"
        case .indigo: "#3949AB"
        case .purple: "#8E24AA"
        case .pink: "#D81B60"
        case .brown: "#795548"
        case .gray: "#5F6368"
        }
    }

    /// `#RRGGBB` for dark backgrounds.
    public var darkHex: String {
        switch self {
        case .red: "#F28B82"
        case .orange: "#FCAD70"
        case .yellow: "#FDD663"
        case .green: "#81C995"
        case .mint: "#6FDBC8"
        case .teal: "#4DB6AC"
        case .cyan: "#78D9EC"
        case .blue: "#8AB4F8"
        case .indigo: "#9FA8DA"
        case .purple: "#D7AEFB"
        case .pink: "#FF8BCB"
        case .brown: "#BCAAA4"
        case .gray: "#BDC1C6"
        }
    }
}
