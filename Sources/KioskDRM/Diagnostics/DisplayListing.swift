import CDRM
import KioskPlatform

/// A human-readable inventory of the DRM cards: connectors, their state and modes, and what each
/// CRTC shows. Opens cards without becoming master, so it works while a kiosk is running.
public enum DisplayListing {
    public static func describeCards(opener: DeviceOpener = DirectDeviceOpener()) throws -> String {
        let cards = try CardDiscovery.cards()
        guard !cards.isEmpty else { return "no DRM cards (/dev/dri/card*) found\n" }
        var text = ""
        for card in cards {
            text += "\(card.path)\n"
            do {
                let device = try DRMDevice(path: card.path, opener: opener, asMaster: false)
                text += describe(device)
            } catch {
                // Without access, sysfs still tells which connectors have a display.
                for connector in card.connectors {
                    text += "  connector \(connector.name): \(connector.isConnected ? "connected" : "disconnected")\n"
                }
                text += "  (cannot open: \(error))\n"
            }
        }
        return text
    }

    private static func describe(_ device: DRMDevice) -> String {
        var text = ""
        do {
            for connector in try device.connectors() {
                text += "  connector \(connector.name) (id \(connector.id)): "
                    + (connector.isConnected ? "connected" : "disconnected") + "\n"
                if !connector.modes.isEmpty {
                    let modes = connector.modes.map { $0.mode.description + ($0.mode.isPreferred ? "*" : "") }.uniqued()
                    text += "    modes: " + modes.joined(separator: " ") + "\n"
                }
            }
            for crtc in try device.crtcIDs() {
                let saved = try device.savedCRTC(id: crtc)
                let mode = saved.mode.map { KernelMode($0).mode.description } ?? "off"
                text += "  crtc \(crtc): \(mode), framebuffer \(saved.framebuffer)\n"
            }
        } catch {
            text += "  (cannot read the rest: \(error))\n"
        }
        return text
    }
}
