import KioskPlatform

/// Text with a caret, edited by keys: what text fields and text views share.
struct TextEditingBuffer {
    var text = ""
    /// Character offset of the caret, 0…text.count.
    var caret = 0

    /// Applies an editing key; returns true when the text changed.
    mutating func apply(_ key: Key, multiline: Bool) -> Bool {
        caret = min(max(caret, 0), text.count)
        switch key {
        case .text(let inserted):
            insert(inserted)
            return true
        case .returnKey where multiline:
            insert("\n")
            return true
        case .backspace:
            guard caret > 0 else { return false }
            let index = text.index(text.startIndex, offsetBy: caret - 1)
            text.remove(at: index)
            caret -= 1
            return true
        case .delete:
            guard caret < text.count else { return false }
            text.remove(at: text.index(text.startIndex, offsetBy: caret))
            return true
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret = 0
        case .end: caret = text.count
        default: break
        }
        return false
    }

    mutating func insert(_ inserted: String) {
        let index = text.index(text.startIndex, offsetBy: caret)
        text.insert(contentsOf: inserted, at: index)
        caret += inserted.count
    }
}
