import Glibc
import KioskPlatform

/// Everything that can go wrong on the DRM/KMS path, worded for the person at the device:
/// what failed, on which device, and what to do about it.
nonisolated public enum DRMError: Error, Equatable, CustomStringConvertible {
    /// No /dev/dri/card* exists, or none has a connected connector.
    case noCardFound(searched: [String])
    /// The device node exists but this user may not open it.
    case permissionDenied(device: String)
    /// Another process (a display server, another kiosk) is DRM master of the card.
    case deviceBusy(device: String)
    /// The card has no connector with a display attached.
    case noConnectedConnector(device: String, connectors: [String])
    /// A named connector (e.g. "HDMI-A-1") does not exist on the card.
    case unknownConnector(device: String, requested: String, available: [String])
    /// The requested mode is not offered by the connector.
    case unknownMode(device: String, connector: String, requested: String, available: [String])
    /// No CRTC or primary plane can drive the chosen connector.
    case noUsablePipeline(device: String, connector: String)
    /// A `WxH` or `WxH@Hz` string that does not parse.
    case malformedModeRequest(String)
    /// The display was unplugged; nothing can be shown until it returns.
    case displayDisconnected(device: String, connector: String)
    /// A buffer index outside the swapchain, or a present while a flip is still in flight.
    case invalidPresent(reason: String)
    /// A KMS object lacks a property that atomic commits set (found when the display is opened).
    case missingProperty(device: String, object: String, property: String)
    /// The driver refused the first modeset in a test commit, before anything was shown.
    case modesetRefused(device: String, connector: String, mode: String, call: String, errno: Int32)
    /// Any other failing call, with the errno it returned.
    case callFailed(device: String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .noCardFound(let searched):
            let list = searched.isEmpty ? "no /dev/dri/card* devices" : searched.joined(separator: ", ")
            return "no DRM card with a connected display was found (looked at: \(list)); "
                + "check that the GPU driver is loaded and a display is plugged in, or pass the device path explicitly"
        case .permissionDenied(let device):
            return "permission denied opening \(device): add the user to the `video` group "
                + "(usermod -aG video USER, then log in again) or run under a seat manager (seatd or systemd-logind)"
        case .deviceBusy(let device):
            return "\(device) is busy: another program is DRM master of this card (a display server, "
                + "a desktop session or another kiosk); stop it or switch to a free virtual terminal"
        case .noConnectedConnector(let device, let connectors):
            let list = connectors.isEmpty ? "none" : connectors.joined(separator: ", ")
            return "\(device) has no connected display (connectors: \(list)); plug in a display or check the cable"
        case .unknownConnector(let device, let requested, let available):
            return "\(device) has no connector named \(requested); available: \(available.joined(separator: ", "))"
        case .unknownMode(let device, let connector, let requested, let available):
            return "mode \(requested) is not offered by \(connector) on \(device); available modes: "
                + available.joined(separator: ", ")
        case .noUsablePipeline(let device, let connector):
            return "no free CRTC with a primary plane can drive \(connector) on \(device)"
        case .malformedModeRequest(let text):
            return "cannot read mode \"\(text)\": expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, for example 1280x800 or 1920x1080@60"
        case .displayDisconnected(let device, let connector):
            return "the display on \(connector) (\(device)) is disconnected; waiting for it to return"
        case .invalidPresent(let reason):
            return "cannot present: \(reason)"
        case .missingProperty(let device, let object, let property):
            return "\(object) on \(device) has no \(property) property, which atomic mode setting needs: the driver's "
                + "atomic support is incomplete; a newer kernel may fix it (kiosk-display-check --legacy tries the legacy path)"
        case .modesetRefused(let device, let connector, let mode, let call, let code):
            return "the driver refused mode \(mode) on \(connector) (\(device)): \(call) failed: "
                + "\(String(cString: strerror(code))) (errno \(code)); choose another mode "
                + "(--mode, or display.mode in the config; kiosk-display-check lists the modes on offer)"
        case .callFailed(let device, let call, let code):
            return "\(call) failed on \(device): \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}

extension DRMError {
    /// Why a card could not be opened, in the terms every opener reports: no permission, busy, or
    /// the call that failed (the failure's `call` says which mechanism, e.g. the seat's).
    init(opening failure: DeviceOpenError) {
        self = switch failure.code {
        case EACCES, EPERM: .permissionDenied(device: failure.path)
        case EBUSY: .deviceBusy(device: failure.path)
        default: .callFailed(device: failure.path, call: failure.call, errno: failure.code)
        }
    }
}
