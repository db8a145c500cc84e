import CDRM
import Glibc
import KioskPlatform

/// An open DRM card: owns the descriptor (given back through its opener on deinit), holds DRM
/// master, and has the client capabilities the display needs (universal planes, atomic if offered).
nonisolated final class DRMDevice {
    let path: String
    let descriptor: Int32
    /// True when the driver accepted the atomic client capability.
    let supportsAtomic: Bool
    private let opener: DeviceOpener
    private var isMaster: Bool

    /// Opens the card. `asMaster: false` is for reading what the card offers (listing), which any
    /// user with access may do while another program drives it.
    init(path: String, opener: DeviceOpener, asMaster: Bool = true, allowAtomic: Bool = true) throws {
        let descriptor: Int32
        do {
            descriptor = try opener.openDevice(atPath: path, flags: O_RDWR | O_NONBLOCK)
        } catch {
            throw DRMError(opening: error)
        }
        self.path = path
        self.descriptor = descriptor
        self.opener = opener
        self.isMaster = asMaster
        // The first opener of a card with no master becomes master implicitly; anyone else must ask,
        // and is refused while another master is active.
        if asMaster && drmIsMaster(descriptor) == 0 && drmSetMaster(descriptor) != 0 {
            let code = errno
            opener.closeDevice(descriptor)
            if code == EACCES || code == EPERM || code == EBUSY || code == EINVAL {
                throw DRMError.deviceBusy(device: path)
            }
            throw DRMError.callFailed(device: path, call: "drmSetMaster", errno: code)
        }
        guard drmSetClientCap(descriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0 else {
            let code = errno
            opener.closeDevice(descriptor)
            throw DRMError.callFailed(device: path, call: "drmSetClientCap(UNIVERSAL_PLANES)", errno: code)
        }
        supportsAtomic = allowAtomic && drmSetClientCap(descriptor, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    deinit {
        // Closing the descriptor drops master as well, so a refusal here changes nothing.
        if isMaster { _ = drmDropMaster(descriptor) }
        opener.closeDevice(descriptor)
    }

    /// Takes master back (VT switch back) when the seat did not hand it back already.
    func acquireMaster() throws {
        guard drmSetMaster(descriptor) == 0 else { throw DRMError.deviceBusy(device: path) }
        isMaster = true
    }

    /// The error for a call that just failed, with its errno.
    func failure(_ call: String, errno code: Int32 = errno) -> DRMError {
        switch code {
        case EACCES, EPERM: DRMError.deviceBusy(device: path)
        default: DRMError.callFailed(device: path, call: call, errno: code)
        }
    }
}
