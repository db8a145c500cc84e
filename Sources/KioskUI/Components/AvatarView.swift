import KioskGraphics

/// Told when a user's avatar is tapped.
public protocol AvatarViewDelegate: AnyObject {
    func avatarView(_ avatar: AvatarView, didSelectUser userID: String)
}

/// A user's picture clipped to a circle with the username (caption1 unless set) 4 points below — the
/// seed's UserAvatarView. A tap tells the delegate (held weakly) and `onTap` the user id.
open class AvatarView: View {
    public let imageView = ImageView(symbol: .personCircleFill, tint: AvatarView.placeholderTint)
    /// The colour of the symbol shown without a picture. A photo is shown as it is, never tinted.
    static let placeholderTint = Color(.systemGray)
    public let usernameLabel = Label("", style: .caption1, color: .label)

    public var userID: String
    public weak var delegate: AvatarViewDelegate?
    public var onTap: ((String) -> Void)?

    public var username: String {
        get { usernameLabel.text }
        set { usernameLabel.text = newValue }
    }

    /// The username's style or font. The avatar is as wide as a long name and as tall as its
    /// line, so a new font sizes it again.
    public var usernameFont: FontValue = .style(.caption1) {
        didSet {
            guard usernameFont != oldValue else { return }
            usernameLabel.setFont(usernameFont)
            invalidateSize()
        }
    }

    public var image: Surface? {
        get { imageView.image }
        set { imageContent = newValue.map(ImageContent.bitmap) }
    }

    /// The user's picture (PNG, JPEG or SVG); without one the symbol is shown.
    public var imageContent: ImageContent? {
        get { imageView.content }
        set {
            imageView.content = newValue
            imageView.tint = newValue == nil ? Self.placeholderTint : nil
        }
    }

    static let spacing = 4.0
    static let defaultImageSide = 64.0

    public init(userID: String = "", username: String = "", image: Surface? = nil) {
        self.userID = userID
        super.init()
        imageView.isCircular = true
        imageView.contentMode = .fill
        self.image = image
        usernameLabel.textAlignment = .center
        usernameLabel.numberOfLines = 1
        addSubview(imageView)
        addSubview(usernameLabel)
        self.username = username
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.tapped() })
    }

    private func tapped() {
        delegate?.avatarView(self, didSelectUser: userID)
        onTap?(userID)
    }

    /// A 64-point picture with its name below, whatever space is offered: a stack's free space is
    /// not a reason to grow. A pinned width (or height) sizes the picture instead.
    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let label = usernameLabel.measure(ProposedSize(width: nil, height: nil))
        let side: Double
        if let width = fixedSize.width {
            side = max(0, width - padding.horizontal)
        } else if let height = fixedSize.height {
            side = max(0, height - padding.vertical - Self.spacing - label.height)
        } else {
            side = Self.defaultImageSide
        }
        return Size(width: max(side, label.width), height: side + Self.spacing + label.height)
    }

    open override func layout() {
        let label = usernameLabel.measure(ProposedSize(width: bounds.width, height: nil))
        let side = max(0, min(bounds.width, bounds.height - Self.spacing - label.height))
        imageView.frame = Rect(x: ((bounds.width - side) / 2).rounded(), y: 0, width: side, height: side)
        usernameLabel.frame = Rect(x: 0, y: side + Self.spacing, width: bounds.width, height: label.height)
    }

    open override var defaultIsAccessibilityElement: Bool { true }
    open override var defaultAccessibilityLabel: String? { username.isEmpty ? nil : username }
    open override var defaultAccessibilityTraits: AccessibilityTraits { [.button, .image] }
    open override func accessibilityActivate() -> Bool {
        tapped()
        return true
    }
}
