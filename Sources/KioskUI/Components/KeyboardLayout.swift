/// One key of the on-screen keyboard.
public enum KeyboardKeyKind: Hashable, Sendable {
    case character(String)
    case shift, backspace, returnKey, space
    /// Switches between the letters and the numbers-and-symbols pages.
    case switchPage
}

/// Rows of keys for the letters page of one language; the numbers-and-symbols page is shared.
public struct KeyboardLayout: Hashable, Sendable {
    public var name: String
    public var letterRows: [[String]]

    public init(name: String, letterRows: [[String]]) {
        self.name = name
        self.letterRows = letterRows
    }

    public static let english = KeyboardLayout(name: "en", letterRows: [
        ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
        ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
        ["z", "x", "c", "v", "b", "n", "m"],
    ])

    public static let spanish = KeyboardLayout(name: "es", letterRows: [
        ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
        ["a", "s", "d", "f", "g", "h", "j", "k", "l", "ñ"],
        ["z", "x", "c", "v", "b", "n", "m"],
    ])

    public static let german = KeyboardLayout(name: "de", letterRows: [
        ["q", "w", "e", "r", "t", "z", "u", "i", "o", "p", "ü"],
        ["a", "s", "d", "f", "g", "h", "j", "k", "l", "ö", "ä"],
        ["y", "x", "c", "v", "b", "n", "m"],
    ])

    public static let symbolRows: [[String]] = [
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
        ["-", "/", ":", ";", "(", ")", "€", "&", "@", "\""],
        [".", ",", "?", "!", "'", "#", "%"],
    ]

    /// The layout for a locale such as "es" or "es_ES"; English when there is none.
    public static func forLocale(_ locale: String) -> KeyboardLayout {
        switch locale.prefix(2).lowercased() {
        case "es": .spanish
        case "de": .german
        default: .english
        }
    }

    /// The rows of a page: three rows of characters (the third between shift and backspace), then
    /// page switch, space and return.
    func rows(symbols: Bool, shifted: Bool) -> [[KeyboardKeyKind]] {
        let characters = symbols ? Self.symbolRows : letterRows
        var rows = characters.map { row in row.map { KeyboardKeyKind.character(shifted && !symbols ? $0.uppercased() : $0) } }
        rows[2] = [.shift] + rows[2] + [.backspace]
        rows.append([.switchPage, .space, .returnKey])
        return rows
    }
}
