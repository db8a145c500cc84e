import CLinux

public enum StandardOutput {
    /// Line-buffered even into a pipe: `emit` lines and "control socket …" reach whoever reads them
    /// as they happen, not when a block fills (or never, if the kiosk dies).
    public static func makeLineBuffered() { kiosk_line_buffer_stdout() }
}
