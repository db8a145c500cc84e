import KioskGraphics
import KioskUI
import Testing

/// The layer host holds the panel's content with modal layers above it. Installing it is a step of
/// its own; asking whether there is one changes nothing.
@MainActor
struct LayerHostViewTests {
    @Test func askingForTheLayerHostLeavesTheTreeAsItIs() {
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let screen = Screen(size: Size(width: 400, height: 300), rootView: content)
        #expect(screen.layerHost == nil)
        #expect(screen.layerHost == nil)
        #expect(screen.rootView === content)
        #expect(content.superview == nil)

        let host = LayerHostView(content: View())
        screen.rootView = host
        #expect(screen.layerHost === host)
        #expect(screen.layerHost === host)
        #expect(screen.rootView === host && host.subviews.count == 1)
    }

    @Test func installingWrapsTheRootOnce() {
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let screen = Screen(size: Size(width: 400, height: 300), rootView: content)
        let host = screen.installLayerHost()
        #expect(screen.rootView === host)
        #expect(host.content === content && content.superview === host)
        #expect(content.screen === screen)
        #expect(screen.installLayerHost() === host, "a second install finds the host it made")
        #expect(host.content === content && host.subviews.count == 1)
    }

    @Test func aKeyboardShownOnAPlainScreenInstallsTheHostAndSitsAboveTheContent() {
        let field = TextField()
        field.frame = Rect(x: 20, y: 20, width: 200, height: 40)
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        content.addSubview(field)
        let screen = Screen(size: Size(width: 400, height: 300), rootView: content)
        let keyboard = OnScreenKeyboard()
        keyboard.attach(to: screen)
        #expect(screen.layerHost == nil, "attaching shows nothing yet")
        #expect(field.becomeFirstResponder())
        let host = screen.layerHost
        #expect(host?.content === content)
        #expect(keyboard.superview === host && host?.subviews.last === keyboard)
    }
}
