import FoundationEssentials
import Glibc
import KioskConfig
import KioskPlatform

/// The steps of a reload, each reported as it ends: a long reload can tell the service manager,
/// between them, that the kiosk still runs (the watchdog).
public enum ReloadPhase: Sendable {
    /// The file was read, parsed and validated (whether or not it is valid).
    case validated
    /// The built panels match the new config.
    case reconciled
    /// Layout ran for the new config.
    case laidOut
}

extension PanelHost {
    /// Brings the live panels to a new validated config. Widgets keep their identity (id, else type
    /// and position) and every property the new config did not change keeps its live value. The
    /// current panel stays when it still exists; otherwise the new start panel is shown. The shown
    /// panel's timers written the same way keep running; action timers run on with the actions
    /// they were started with.
    public func reload(_ newConfig: KioskConfigSpec) {
        finishTransition()
        endSwipe()
        let oldConfig = config
        config = newConfig
        if newConfig.theme != oldConfig.theme {
            if newConfig.theme.locale != oldConfig.theme.locale { locale = newConfig.theme.locale }
            let appearance = newConfig.theme.appearance != oldConfig.theme.appearance ? newConfig.theme.appearance : self.appearance
            screen.environment = environment(appearance: appearance)
            live.locale = locale
            live.appearance = appearance
        }
        live.reloadState(newConfig.state)
        reconciler.resolver = TextResolver(strings: newConfig.strings, locale: locale)
        for panelID in Array(panels.keys) where newConfig.panel(id: panelID) == nil {
            if let gone = panels.removeValue(forKey: panelID) { reconciler.dismantle(gone.node) }
        }
        reconcileBuiltPanels()
        bindings.rebuild(recheck: true)
        reloadPhaseDidEnd?(.reconciled)
        backStack.removeAll { newConfig.panel(id: $0) == nil }
        if newConfig.panel(id: currentPanelID) == nil {
            backStack.removeAll()
            runActions { show(newConfig.start, transition: .none, forward: true, navigationDepth: 1) }
        } else if let current = panels[currentPanelID]?.view, container.subviews.last !== current {
            container.setSubviews([current])
        }
        swipeTargetsDidChange()
        if let shown = newConfig.panel(id: currentPanelID) { timers.reload(shown) }
        // Bound values first, so that the layout has them. Laid out now rather than in the next
        // frame, so that the long part of a large reload is done (and reported) before the frame.
        bindings.evaluateDirty()
        screen.layoutIfNeeded()
        reloadPhaseDidEnd?(.laidOut)
    }

    /// Loads, validates and applies the config at `path`. A config with errors changes nothing:
    /// the errors are returned (and logged) and the running panels stay as they are.
    @discardableResult
    public func reload(path: String) -> ConfigErrors? {
        let loaded = ConfigLoader(registry: reconciler.adapters.registry).load(path: path)
        reloadPhaseDidEnd?(.validated)
        switch loaded {
        case .success(let spec):
            reload(spec)
            log("reloaded \(path)")
            return nil
        case .failure(let errors):
            log("\(path): reload refused, the running config stays:\n"
                + errors.errors.map(\.description).joined(separator: "\n"))
            return errors
        }
    }

    /// Reloads `path` on SIGHUP and whenever the file changes (editors that save by renaming included).
    public func watch(path: String, loop: EventLoop) throws(LoopError) {
        try loop.addSignals([.hangup]) { [weak self] _ in self?.reload(path: path) }
        try loop.addFileWatch(path: path) { [weak self] change in
            if change == .changed { self?.reload(path: path) }
        }
    }
}
