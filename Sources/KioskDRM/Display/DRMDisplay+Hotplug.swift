/// What re-probing the connector found.
public enum DisplayChange: Equatable, Sendable {
    /// Still connected, same mode.
    case unchanged
    /// A display came (back): the mode is set again at the next present. When its size differs, the
    /// buffers were replaced: re-read `buffers` and repaint everything.
    case connected(DisplayMode, buffersReplaced: Bool)
    /// Unplugged: presenting stops (`nextFreeBuffer()` is nil) until it returns.
    case disconnected
}

extension DRMDisplay {
    /// Re-reads the connector after a hotplug event (`DisplayHotplugMonitor`); the kernel probes it
    /// again. Connected → the mode is set again at the next present; gone → presenting stops.
    public func reprobe() throws -> DisplayChange {
        let crtcs = try device.crtcIDs()
        guard let connector = try device.connector(id: pipeline.connector.id, crtcs: crtcs),
              connector.isConnected, !connector.modes.isEmpty else {
            guard isConnected else { return .unchanged }
            deactivate()
            return .disconnected
        }
        let newMode = try Self.chooseMode(requestedMode, on: connector, device: devicePath)
        if isConnected && newMode.mode == mode { return .unchanged }
        let oldSize = (mode.width, mode.height)
        try adopt(newMode)
        return .connected(mode, buffersReplaced: oldSize != (mode.width, mode.height))
    }
}
