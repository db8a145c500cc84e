import KioskGraphics
import KioskUI

/// The properties every view accepts (`size`, `padding`, `background`, `border`, `shadow`, …),
/// applied by the reconciler before the component's own adapter runs. A property no longer written
/// returns to the view's default.
public enum CommonViewProperties {
    public static func apply(_ changes: PropertyChanges, to view: View) {
        changes.ifChanged("size") { assignIfDifferent(view, \.fixedSize, constraint($0)) }
        changes.ifChanged("min_size") { assignIfDifferent(view, \.minSize, constraint($0)) }
        changes.ifChanged("max_size") { assignIfDifferent(view, \.maxSize, constraint($0)) }
        changes.ifChanged("padding") { assignIfDifferent(view, \.padding, $0?.insets ?? .zero) }
        changes.ifChanged("background") { assignIfDifferent(view, \.backgroundColor, $0?.color) }
        changes.ifChanged("corner_radius") { assignIfDifferent(view, \.cornerRadius, $0?.number ?? 0) }
        changes.ifChanged("border") { assignIfDifferent(view, \.border, border($0)) }
        changes.ifChanged("shadow") { assignIfDifferent(view, \.shadow, shadow($0)) }
        changes.ifChanged("alpha") { assignIfDifferent(view, \.alpha, $0?.number ?? 1) }
        changes.ifChanged("hidden") { assignIfDifferent(view, \.isHidden, $0?.bool ?? false) }
        changes.ifChanged("clips") { assignIfDifferent(view, \.clipsToBounds, $0?.bool ?? false) }
        changes.ifChanged("opaque") { assignIfDifferent(view, \.isOpaque, $0?.bool ?? false) }
        changes.ifChanged("rasterize") { assignIfDifferent(view, \.rasterize, $0?.bool ?? false) }
        changes.ifChanged("accessibility") { applyAccessibility($0?.record ?? [:], to: view) }
    }

    /// `accessibility: {label, hint, value, traits}`: what a screen reader or a test finds. Fields
    /// not written keep the component's own defaults (a button is named by its title).
    static func applyAccessibility(_ fields: [String: PropertyValue], to view: View) {
        if let label = fields["label"]?.string { assignIfDifferent(view, \.accessibilityLabel, label) }
        if let hint = fields["hint"]?.string { assignIfDifferent(view, \.accessibilityHint, hint) }
        if let value = fields["value"]?.string { assignIfDifferent(view, \.accessibilityValue, value) }
        if let names = fields["traits"]?.list {
            var traits: AccessibilityTraits = []
            for name in names.compactMap(\.string) {
                switch name {
                case "button": traits.insert(.button)
                case "adjustable": traits.insert(.adjustable)
                case "image": traits.insert(.image)
                case "header": traits.insert(.header)
                case "selected": traits.insert(.selected)
                case "not_enabled": traits.insert(.notEnabled)
                default: break
                }
            }
            assignIfDifferent(view, \.accessibilityTraits, traits)
        }
    }

    /// The live value of a common property, when the view has one.
    public static func value(of property: String, in view: View) -> PropertyValue? {
        switch property {
        case "alpha": .number(view.alpha)
        case "hidden": .bool(view.isHidden)
        case "background": view.backgroundColor.map(PropertyValue.color)
        case "corner_radius": .number(view.cornerRadius)
        default: nil
        }
    }

    static func constraint(_ value: PropertyValue?) -> SizeConstraint {
        guard let size = value?.size else { return .none }
        return SizeConstraint(width: size.width, height: size.height)
    }

    static func border(_ value: PropertyValue?) -> Border? {
        guard let fields = value?.record else { return nil }
        return Border(width: fields["width"]?.number ?? 1, color: fields["color"]?.color ?? Color(.systemGray4))
    }

    static func shadow(_ value: PropertyValue?) -> ViewShadow? {
        guard let fields = value?.record else { return nil }
        let offset = fields["offset"]?.point ?? Point(x: 0, y: 4)
        return ViewShadow(color: fields["color"]?.color ?? .black, opacity: fields["opacity"]?.number ?? 0.2,
                          offset: Size(width: offset.x, height: offset.y), radius: fields["radius"]?.number ?? 8)
    }
}
