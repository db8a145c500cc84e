import CDeferredLibraries
import CQREncode
import FoundationEssentials
import Glibc

/// A QR code symbol encoded by libqrencode: a square of dark and light modules.
///
/// The text is encoded as UTF-8; libqrencode picks the smallest version (21…177 modules a side)
/// that holds it at the error-correction level asked for, and packs runs of digits and capitals
/// in their denser modes.
public final class QRCode {
    /// How much of the symbol may be damaged (dirt, a glare, a logo) and still be read; a higher
    /// level holds less text.
    public enum ErrorCorrection: String, CaseIterable, Sendable {
        case low = "L"
        case medium = "M"
        case quartile = "Q"
        case high = "H"

        /// Bytes of arbitrary text the largest symbol (version 40) holds at this level (ISO/IEC 18004,
        /// byte mode). Digits and capitals pack denser, so some longer texts still fit.
        public var byteCapacity: Int {
            switch self {
            case .low: 2953
            case .medium: 2331
            case .quartile: 1663
            case .high: 1273
            }
        }

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    public enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// The text needs more than the largest symbol holds at `level`.
        case tooLong(bytes: Int, level: ErrorCorrection)
        /// libqrencode refused the text for another reason (its errno).
        case failed(errno: Int32)
        /// libqrencode cannot be opened (the loader's reason).
        case unavailable(reason: String)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let level):
                var message = "the text (\(bytes) bytes of UTF-8) does not fit in a QR code at error correction \(level.rawValue),"
                    + " which holds at most \(level.byteCapacity) bytes of text"
                if level != .low { message += "; use a shorter text or a lower level (L holds \(ErrorCorrection.low.byteCapacity))" }
                else { message += "; use a shorter text" }
                return message
            case .failed(let code):
                return "libqrencode could not encode the text: \(String(cString: strerror(code)))"
            case .unavailable(let reason):
                return "libqrencode cannot be opened: \(reason)"
            }
        }
    }

    /// The light margin readers need around a code, in modules (ISO/IEC 18004).
    public static let standardQuietZone = 4

    private let symbol: UnsafeMutablePointer<CQREncode.QRcode>

    /// Modules along one side, without the quiet zone.
    public let size: Int
    /// 1…40: the symbol's version, which sets its size (17 + 4 × version modules).
    public let version: Int
    public let errorCorrection: ErrorCorrection

    /// Encodes `text` (which must not be empty) at `errorCorrection`.
    public init(text: String, errorCorrection: ErrorCorrection = .medium) throws(EncodingError) {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_QRENCODE) { throw .unavailable(reason: String(cString: failure)) }
        let bytes = Array(text.utf8)
        errno = 0
        let encoded: UnsafeMutablePointer<CQREncode.QRcode>?
        if bytes.contains(0) {
            // A C string would end at the NUL: encode the bytes as they are, all in byte mode.
            encoded = bytes.withUnsafeBufferPointer {
                QRcode_encodeData(Int32(bytes.count), $0.baseAddress, 0, errorCorrection.level)
            }
        } else {
            encoded = QRcode_encodeString(text, 0, errorCorrection.level, QR_MODE_8, 1)
        }
        guard let encoded else {
            throw errno == ERANGE ? .tooLong(bytes: bytes.count, level: errorCorrection) : .failed(errno: errno)
        }
        symbol = encoded
        size = Int(encoded.pointee.width)
        version = Int(encoded.pointee.version)
        self.errorCorrection = errorCorrection
    }

    deinit {
        QRcode_free(symbol)
    }

    /// Whether the module in column `x`, row `y` (0 ..< size, from the top left) is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        precondition((0..<size).contains(x) && (0..<size).contains(y), "module (\(x), \(y)) outside a \(size)-module code")
        return symbol.pointee.data[y * size + x] & 1 != 0
    }

    /// The dark modules of row `y` as runs of adjacent columns: what a painter fills as one rectangle each.
    public func darkRuns(inRow y: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for x in 0..<size {
            if isDark(x: x, y: y) {
                if start == nil { start = x }
            } else if let first = start {
                runs.append(first..<x)
                start = nil
            }
        }
        if let first = start { runs.append(first..<size) }
        return runs
    }
}
