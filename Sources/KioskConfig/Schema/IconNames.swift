import KioskExpression
import KioskGraphics
import KioskUI

/// How the config tells icon names from image paths, and which name a mistyped one meant.
nonisolated enum IconNames {
    /// A value naming a file rather than an icon: it has a directory part or a picture's extension
    /// (.png, .jpg, .svg…; icon names have neither).
    static func isPath(_ value: String) -> Bool {
        value.contains("/") || ImageFormat.isImagePath(value)
    }

    /// The nearest known name: among Material Design names for an `mdi:` name, else among every
    /// name. A built-in-looking name that is a Material Design name suggests that (`parking` →
    /// `mdi:parking`).
    static func suggestion(for name: String, materialDesign catalogue: MaterialDesignIcons = .installed) -> String? {
        let prefix = MaterialDesignIcons.prefix
        if name.hasPrefix(prefix) {
            return NameSuggestion.closest(to: String(name.dropFirst(prefix.count)), among: catalogue.names).map { prefix + $0 }
        }
        if catalogue.codepoint(of: name) != nil { return prefix + name }
        return NameSuggestion.closest(to: name, among: Icon.allNames(materialDesign: catalogue))
    }
}
