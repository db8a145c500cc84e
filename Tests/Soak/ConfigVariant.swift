import Foundation

/// The second config the soak reloads into, alternating with the original: the showcase with a
/// changed string, a changed colour and range, a widget removed and one added, the edits an
/// integrator makes to a running kiosk. Each edit must find its text, so a changed showcase fails
/// loudly here instead of silently reloading the same file.
enum ConfigVariant {
    struct Edit {
        let find: String
        let replace: String
    }

    static let edits = [
        Edit(find: "greeting: Good morning", replace: "greeting: Good evening"),
        Edit(find: "subtitle: 21 °C, background: system_orange", replace: "subtitle: 23 °C, background: system_pink"),
        Edit(find: "value: 3, min: 0, max: 5, step: 1", replace: "value: 3, min: 0, max: 8, step: 1"),
        Edit(find: "            - {type: card, id: card_static, title: Outside, subtitle: 9 °C, background: system_indigo}\n",
             replace: ""),
        Edit(find: "        - {type: spacer}\n        - {type: button, id: details_back",
             replace: "        - {type: label, id: detail_note, text: Reloaded, font: caption1}\n"
                 + "        - {type: spacer}\n        - {type: button, id: details_back"),
    ]

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static func apply(to yaml: String) throws -> String {
        var text = yaml
        for edit in edits {
            guard let range = text.range(of: edit.find) else {
                throw Missing(description: "the soak's config variant no longer applies: '\(edit.find)' is not in the config")
            }
            text.replaceSubrange(range, with: edit.replace)
        }
        return text
    }
}
