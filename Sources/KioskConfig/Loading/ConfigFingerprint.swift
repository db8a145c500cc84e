/// A short, stable fingerprint of a config file's bytes (64-bit FNV-1a, hex): enough for a fleet
/// operator to see which kiosks run the same config, not a security measure.
nonisolated public enum ConfigFingerprint {
    public static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
