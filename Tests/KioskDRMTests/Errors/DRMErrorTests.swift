import Testing
import KioskDRM

struct DRMErrorTests {
    @Test func permissionErrorSaysHowToGetAccess() {
        let text = DRMError.permissionDenied(device: "/dev/dri/card1").description
        #expect(text.contains("/dev/dri/card1"))
        #expect(text.contains("`video` group"))
        #expect(text.contains("seatd") && text.contains("logind"))
    }

    @Test func busyErrorNamesTheCauseAndTheWayOut() {
        let text = DRMError.deviceBusy(device: "/dev/dri/card0").description
        #expect(text.contains("/dev/dri/card0 is busy"))
        #expect(text.contains("DRM master"))
        #expect(text.contains("virtual terminal"))
    }

    @Test func noConnectedConnectorListsWhatExists() {
        let text = DRMError.noConnectedConnector(device: "/dev/dri/card0",
                                                 connectors: ["HDMI-A-1 (disconnected)", "DSI-1 (disconnected)"]).description
        #expect(text.contains("HDMI-A-1 (disconnected), DSI-1 (disconnected)"))
        #expect(text.contains("plug in a display"))
    }

    @Test func unknownModeListsTheModesOnOffer() {
        let text = DRMError.unknownMode(device: "/dev/dri/card0", connector: "Virtual-1", requested: "1234x567",
                                        available: ["1280x800@75", "1024x768@60"]).description
        #expect(text == "mode 1234x567 is not offered by Virtual-1 on /dev/dri/card0; available modes: 1280x800@75, 1024x768@60")
    }

    @Test func malformedRequestShowsTheExpectedForm() {
        let text = DRMError.malformedModeRequest("1280by800").description
        #expect(text.contains("\"1280by800\""))
        #expect(text.contains("1280x800") && text.contains("@60"))
    }

    @Test func failedCallsNameCallDeviceAndReason() {
        let text = DRMError.callFailed(device: "/dev/dri/card0", call: "drmModeAtomicCommit", errno: 22).description
        #expect(text == "drmModeAtomicCommit failed on /dev/dri/card0: Invalid argument (errno 22)")
    }

    @Test func refusedModesetNamesModeConnectorCallAndErrno() {
        let text = DRMError.modesetRefused(device: "/dev/dri/card0", connector: "Virtual-1", mode: "1280x800@75",
                                           call: "drmModeAtomicCommit(TEST_ONLY)", errno: 22).description
        #expect(text.hasPrefix("the driver refused mode 1280x800@75 on Virtual-1 (/dev/dri/card0): "
                                 + "drmModeAtomicCommit(TEST_ONLY) failed: Invalid argument (errno 22)"))
        #expect(text.contains("--mode"))
    }

    @Test func noCardSaysWhereItLooked() {
        #expect(DRMError.noCardFound(searched: []).description.contains("no /dev/dri/card* devices"))
        #expect(DRMError.noCardFound(searched: ["/dev/dri/card0"]).description.contains("looked at: /dev/dri/card0"))
    }
}
