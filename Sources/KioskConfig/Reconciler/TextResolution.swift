/// Texts in properties are kept as `@key` in the spec; views get them resolved for the locale. Comparing
/// resolved properties is what makes a locale switch update exactly the texts it changes.
public struct TextResolver {
    public var strings: StringTables
    public var locale: String

    public init(strings: StringTables, locale: String) {
        self.strings = strings
        self.locale = locale
    }

    public func resolve(_ text: TextValue) -> String {
        strings.resolve(text, locale: locale)
    }

    public func resolve(_ properties: [String: PropertyValue]) -> [String: PropertyValue] {
        properties.mapValues(resolve)
    }

    public func resolve(_ value: PropertyValue) -> PropertyValue {
        switch value {
        case .text(.localized(let key)): .text(.literal(strings.resolve(.localized(key: key), locale: locale)))
        case .record(let fields): .record(fields.mapValues(resolve))
        case .list(let items): .list(items.map(resolve))
        default: value
        }
    }
}
