import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// Shows a validated config's panels on a screen and keeps them alive: navigation, texts in the
/// current locale, appearance, the actions widgets trigger, and reloads that keep what people did.
/// Any backend uses it: it needs only the `Screen`, and `step(at:)` from the frame loop.
public final class PanelHost {
    public let screen: Screen
    public internal(set) var config: KioskConfigSpec
    public let reconciler: Reconciler
    /// The panel shown (the one arriving, during a transition).
    public internal(set) var currentPanelID: String
    /// Panels `back` returns to, the most recent last.
    public internal(set) var backStack: [String] = []
    public internal(set) var locale: String
    public var appearance: Appearance { screen.environment.appearance }
    /// What formulas read besides widgets: state, sources, the panel, locale, appearance, `now`.
    public let live: LiveValues
    /// The bound properties of the built panels, evaluated at each frame that needs it.
    public private(set) lazy var bindings = LiveBindings(host: self)

    /// Every `emit`, in order (scripts check them).
    public internal(set) var emittedEvents: [EmittedEvent] = []
    /// Called for each `emit` (the control socket forwards them; headless prints them).
    public var onEmit: ((EmittedEvent) -> Void)?
    /// Every event a widget reports (`tap`, `change`, `submit`, …) with its value, before its actions
    /// run: the control socket's subscribers hear them.
    public var onWidgetEvent: ((_ event: String, _ widgetID: String?, _ value: PropertyValue?) -> Void)?
    /// The panel shown changed (from, to).
    public var onPanelChange: ((_ from: String?, _ to: String) -> Void)?
    /// Hears that bindings gave widgets new values (once per evaluation, before the frame is laid
    /// out): what publishes bound properties (`mqtt.publish`) as they change.
    public var onBoundValuesChange: (() -> Void)?
    /// Alerts asked for and not yet answered, the newest last.
    public internal(set) var pendingAlerts: [AlertRequest] = []
    /// Presents alerts (KioskUI's `Alert` unless replaced; nil records them only).
    public var presentAlert: ((AlertRequest) -> Void)?
    /// Called as each step of a reload ends (the live runtime pings the watchdog).
    public var reloadPhaseDidEnd: ((ReloadPhase) -> Void)?
    /// What the `wake` and `sleep` actions act on (the kiosk's idle behaviour).
    public weak var screenControl: (any ScreenControl)?
    /// Messages for the log: reload results, actions that could not run.
    public var log: (String) -> Void = { _ in }
    /// `widget.property` targets whose event values were clamped and logged: logged once each.
    var clampedTargets: Set<String> = []

    public var transitionDuration = 0.3
    /// The clock panel timers and the timers of `after`/`every` actions run on.
    public let scheduler: any Scheduler
    let timers: PanelTimers

    let container = PanelContainerView()
    /// The container, the overlay above it and the page dots.
    lazy var stage = PanelStageView(container: container)
    /// The `overlay:` widgets, built with the host.
    var overlayNode: WidgetNode?
    /// Recognizes swipes between panels on the container (PanelHost+Swipe.swift).
    let swipeRecognizer = PanGestureRecognizer()
    var swipe: PanelSwipe?
    /// Panels built so far, kept so a panel returned to keeps its state.
    var panels: [String: (node: WidgetNode, view: PanelView)] = [:]
    var transition: PanelTransition?
    /// Actions still to run; `runActions` drains it in a loop, so navigation never recurses.
    var pendingActions = ActionQueue()
    var isRunningActions = false
    /// The depth of the action running now (what a navigation started from inside it inherits).
    var currentNavigationDepth = 0
    /// The last panels shown, for the message when navigation loops.
    var recentlyShown: [String] = []

    /// Without a `scheduler` the host's timers run on a `VirtualLoop` of their own, whose clock
    /// moves only when told to.
    public init(screen: Screen, config: KioskConfigSpec, adapters: AdapterTable = .standard, baseDirectory: String = ".",
                scheduler: (any Scheduler)? = nil) {
        self.screen = screen
        self.scheduler = scheduler ?? VirtualLoop()
        timers = PanelTimers(scheduler: self.scheduler)
        self.config = config
        self.locale = config.theme.locale
        self.currentPanelID = config.start
        live = LiveValues(state: config.state, panel: config.start, locale: config.theme.locale,
                          appearance: config.theme.appearance, clock: .system)
        reconciler = Reconciler(adapters: adapters, resolver: TextResolver(strings: config.strings, locale: config.theme.locale),
                                baseDirectory: baseDirectory)
        reconciler.onEvent = { [weak self] node, event, value in
            self?.handle(event: event, from: node, value: value)
        }
        reconciler.onProblem = { [weak self] problem in self?.log(problem) }
        reconciler.formulaScope = { [unowned self] in LiveScope(host: self, eventValue: nil) }
        reconciler.scheduler = self.scheduler
        screen.environment = environment(appearance: config.theme.appearance)
        // Panels are the content of the screen's layer host; alerts and the keyboard go above them.
        screen.installLayerHost().setContent(stage)
        reconcileOverlay()
        installSwipeRecognizer()
        presentAlert = { [weak self] request in self?.presentWithAlertComponent(request) }
        live.onChange = { [unowned self] name in bindings.inputChanged(name) }
        attachTimers()
    }

    /// The default presenter: KioskUI's `Alert` above the panel; each button answers through
    /// `respondToAlert(buttonIndex:)`.
    private func presentWithAlertComponent(_ request: AlertRequest) {
        let actions = request.buttons.enumerated().map { index, button in
            Alert.Action(title: button.title) { [weak self] in self?.respondToAlert(buttonIndex: index) }
        }
        let alert = Alert(title: request.title, message: request.message ?? "", actions: actions)
        if let font = request.titleFont { alert.titleFont = font }
        if let font = request.messageFont { alert.messageFont = font }
        alert.buttonFont = request.buttonFont
        alert.present(on: screen)
    }

    /// Shows the start panel and runs its `on_show`.
    public func start() {
        runActions { show(config.start, transition: .none, forward: true, navigationDepth: 1) }
    }

    // MARK: Navigation

    /// Shows `panelID` and remembers the current panel for `back`.
    public func goto(_ panelID: String, transition: Transition = .slide) {
        runActions { navigate(to: panelID, transition: transition, navigationDepth: currentNavigationDepth) }
    }

    /// Returns to the previous panel; does nothing on the first one.
    public func back(transition: Transition = .slide) {
        runActions { navigateBack(transition: transition, navigationDepth: currentNavigationDepth) }
    }

    func navigate(to panelID: String, transition: Transition, navigationDepth: Int) {
        guard config.panel(id: panelID) != nil else {
            log("goto: no panel '\(panelID)'")
            return
        }
        if panelID == currentPanelID { return }
        guard allowsNavigation(at: navigationDepth) else { return }
        backStack.append(currentPanelID)
        if backStack.count > NavigationLimits.backStackCapacity {
            backStack.removeFirst(backStack.count - NavigationLimits.backStackCapacity)
        }
        show(panelID, transition: transition, forward: true, navigationDepth: navigationDepth + 1)
    }

    func navigateBack(transition: Transition, navigationDepth: Int) {
        guard !backStack.isEmpty, allowsNavigation(at: navigationDepth) else { return }
        let previous = backStack.removeLast()
        show(previous, transition: transition, forward: false, navigationDepth: navigationDepth + 1)
    }

    /// Navigation set off by `on_show` stops at a depth no real config reaches: past it the config
    /// loops (the check finds the loops it can see), and the kiosk logs it once and drops what is
    /// still waiting, keeping the panel it reached.
    private func allowsNavigation(at navigationDepth: Int) -> Bool {
        guard navigationDepth > NavigationLimits.maximumNestedNavigations else { return true }
        let trail = recentlyShown.joined(separator: " → ")
        log("navigation stopped on '\(currentPanelID)': on_show actions changed the panel "
            + "\(NavigationLimits.maximumNestedNavigations) times in a row (\(trail)); check the panels' on_show")
        pendingActions.removeAll()
        return false
    }

    /// Shows a panel and queues its `on_show`; `navigationDepth` counts the panel changes that led here.
    func show(_ panelID: String, transition kind: Transition, forward: Bool, navigationDepth: Int) {
        finishTransition()
        endSwipe()
        guard let entering = panelView(panelID) else { return }
        let leaving = container.subviews.last
        let previous = leaving == nil ? nil : currentPanelID
        currentPanelID = panelID
        live.panel = panelID
        recentlyShown.append(panelID)
        if recentlyShown.count > NavigationLimits.maximumNestedNavigations + 1 { recentlyShown.removeFirst() }
        onPanelChange?(previous, panelID)
        if let leaving, leaving !== entering, kind != .none {
            container.setSubviews([leaving, entering])
            // Both panels are painted once into layers, and each frame of the transition composes them.
            leaving.composesAsLayer = true
            entering.composesAsLayer = true
            transition = PanelTransition(kind: kind, incoming: entering, outgoing: leaving, forward: forward,
                                         duration: transitionDuration)
        } else {
            container.setSubviews([entering])
        }
        swipeTargetsDidChange()
        if let panel = config.panel(id: panelID) {
            timers.show(panel)
            pendingActions.push(panel.onShow, navigationDepth: navigationDepth, onShowOf: panelID)
        }
    }

    /// The view of a panel, built the first time it is needed.
    func panelView(_ panelID: String) -> PanelView? {
        if let built = panels[panelID] { return built.view }
        guard let panel = config.panel(id: panelID) else { return nil }
        let node = reconciler.make(panel.root)
        let view = PanelView(panelID: panelID, content: node.view)
        panels[panelID] = (node, view)
        bindings.rebuild(recheck: false)
        return view
    }

    // MARK: Frames

    /// Advances what moves (panel transitions) to the presentation time of the frame being made;
    /// add it as a frame observer of the compositor.
    public func step(at time: Double) {
        // Before layout: what the bindings change is laid out and painted in this frame.
        bindings.evaluateDirty()
        if stepSwipe(at: time) { screen.requestFrame() }
        guard let transition else { return }
        if transition.step(at: time) {
            finishTransition()
        } else {
            // The first step of a transition may move nothing yet; the next frame must still come.
            screen.requestFrame()
        }
    }

    /// Whether a transition is still running (a frame is needed for it).
    public var isAnimating: Bool { transition != nil || swipe?.isSettling == true }

    /// Ends a running transition at once.
    public func finishTransition() {
        guard let transition else { return }
        transition.finish()
        self.transition = nil
        transition.incoming.alpha = 1
        transition.incoming.composesAsLayer = false
        transition.outgoing.composesAsLayer = false
        if let current = panels[currentPanelID]?.view { container.setSubviews([current]) }
    }

    // MARK: Finding widgets

    /// The live node of a widget, building its panel when needed (a `set` may target a panel not shown yet).
    public func node(forWidget id: String) -> WidgetNode? {
        if let node = overlayNode?.node(withID: id) { return node }
        for (_, built) in panels {
            if let node = built.node.node(withID: id) { return node }
        }
        guard let panel = config.panels.first(where: { $0.root.first(where: { $0.id == id }) != nil }) else { return nil }
        _ = panelView(panel.id)
        return panels[panel.id]?.node.node(withID: id)
    }

    /// The widget nodes of the panel shown.
    public var currentNodes: [WidgetNode] {
        panels[currentPanelID]?.node.subtree ?? []
    }

    /// A widget property's live value; a bound one as the next frame will show it.
    public func value(of property: String, widget id: String) -> PropertyValue? {
        guard node(forWidget: id) != nil else { return nil }
        bindings.evaluateDirty()
        return liveValue(of: property, widget: id)
    }

    // MARK: Environment

    func environment(appearance: Appearance) -> Environment {
        Environment(appearance: appearance, textScale: config.theme.textScale,
                    layoutDirection: Self.rightToLeftLanguages.contains(String(locale.prefix(2))) ? .rightToLeft : .leftToRight,
                    locale: locale, accent: config.theme.accent)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur"]

    /// Switches the string table and re-renders the texts it changes.
    public func setLocale(_ newLocale: String) {
        guard newLocale != locale else { return }
        locale = newLocale
        live.locale = newLocale
        reconciler.resolver = TextResolver(strings: config.strings, locale: newLocale)
        screen.environment = environment(appearance: appearance)
        reconcileBuiltPanels()
    }

    public func setAppearance(_ change: AppearanceChange) {
        let next: Appearance = switch change {
        case .light: .light
        case .dark: .dark
        case .toggle: appearance == .dark ? .light : .dark
        }
        screen.environment = environment(appearance: next)
        live.appearance = next
    }

    func reconcileBuiltPanels() {
        for (panelID, built) in panels {
            guard let panel = config.panel(id: panelID) else { continue }
            let node = reconciler.reconcile(built.node, with: panel.root)
            built.view.setContent(node.view)
            panels[panelID] = (node, built.view)
        }
        reconcileOverlay()
    }

    /// Builds, updates or removes the `overlay:` widgets to match the config.
    func reconcileOverlay() {
        guard let spec = config.overlay else {
            if let gone = overlayNode { reconciler.dismantle(gone) }
            overlayNode = nil
            stage.setOverlay(nil)
            return
        }
        let node = overlayNode.map { reconciler.reconcile($0, with: spec) } ?? reconciler.make(spec)
        overlayNode = node
        stage.setOverlay(node.view)
        stage.overlay?.refreshTouchTransparency()
    }
}
