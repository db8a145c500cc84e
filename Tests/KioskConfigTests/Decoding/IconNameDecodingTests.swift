import KioskConfig
import Testing

/// Icon names are checked where they are written: built-in symbols and `mdi:` names pass, other
/// names fail with the nearest one, and a text field's icon may be a PNG path instead.
@Suite struct IconNameDecodingTests {
    static func messages(_ widget: String) -> [String] {
        ConfigLoader().load(text: """
            panels:
              home:
                root: \(widget)
            """, file: "icons.yaml").errors.map(\.description)
    }

    @Test(arguments: ["car", "clock", "creditcard", "info.circle", "pencil", "gear", "mdi:parking", "mdi:thermometer"])
    func knownNamesPassEverywhere(_ name: String) {
        #expect(Self.messages("{type: image, symbol: \"\(name)\"}") == [])
        #expect(Self.messages("{type: avatar, symbol: \"\(name)\"}") == [])
        #expect(Self.messages("{type: text_field, icon: \"\(name)\"}") == [])
    }

    @Test(arguments: ["icons/search.png", "/usr/share/kiosk/key.PNG", "badge.png"])
    func aTextFieldIconMayBeAPath(_ path: String) {
        #expect(Self.messages("{type: text_field, icon: \"\(path)\"}") == [])
    }

    @Test func anImageSymbolIsNotAPath() {
        let messages = Self.messages("{type: image, symbol: icons/search.png}")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("invalid value for 'symbol'") == true)
    }

    @Test func aBoundNameIsCheckedWhereItIsDrawn() {
        #expect(Self.messages("{type: image, symbol: \"= 1 > 0 ? 'car' : 'clock'\"}") == [])
    }

    @Test func anUnknownNameSuggestsTheNearest() {
        #expect(Self.messages("{type: image, symbol: pencl}").first?.contains("did you mean 'pencil'?") == true)
        #expect(Self.messages("{type: image, symbol: \"mdi:parkin\"}").first?.contains("did you mean 'mdi:parking'?") == true)
        #expect(Self.messages("{type: image, symbol: \"mdi:car\"}") == [])
    }
}
